-- PATCH one Group's members: add the member, then remove it, request after request (each
-- touches one row). Arguments: the member's id, the SCIM token.
local member = nil
local token = nil
local count = 0

function init(args)
  member = args[1]
  token = args[2]
end

function request()
  count = count + 1
  local op
  if count % 2 == 1 then
    op = '{"op":"add","path":"members","value":[{"value":"' .. member .. '"}]}'
  else
    op = '{"op":"remove","path":"members[value eq \\"' .. member .. '\\"]"}'
  end
  local body = '{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[' .. op .. ']}'
  return wrk.format("PATCH", nil, {["Content-Type"] = "application/scim+json",
                                     ["Authorization"] = "Bearer " .. token}, body)
end

local reported = false
function response(status, headers, body)
  if status ~= 200 and not reported then
    reported = true
    print("unexpected answer " .. status .. ": " .. body)
  end
end

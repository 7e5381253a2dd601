-- The mixed workload of bench/production.py ("processes"), one request chosen per call, in
-- these proportions (out of 100):
--   30 public lists        GET  /api/articles?status=PUBLISHED   (anonymous)
--   25 item reads          GET  /api/projects/<id>               (bearer)
--   24 authenticated lists GET  /api/projects                    (bearer)
--   20 writes              POST /api/projects                    (bearer, a new project each)
--    1 sign-ins            POST /api/auth/sign-in                (argon2id at the service's cost)
-- Arguments: bearer token, password, e-mail, project id.
local token, password, email, project
local counter = 0

function init(args)
  token, password, email, project = args[1], args[2], args[3], args[4]
end

function request()
  counter = counter + 1
  local pick = counter % 100
  local bearer = { ["Authorization"] = "Bearer " .. token }
  if pick < 30 then
    return wrk.format("GET", "/api/articles?status=PUBLISHED", {})
  elseif pick < 55 then
    return wrk.format("GET", "/api/projects/" .. project, bearer)
  elseif pick < 79 then
    return wrk.format("GET", "/api/projects", bearer)
  elseif pick < 99 then
    bearer["Content-Type"] = "application/json"
    return wrk.format("POST", "/api/projects", bearer,
                      '{"name":"bench ' .. counter .. '"}')
  else
    return wrk.format("POST", "/api/auth/sign-in", { ["Content-Type"] = "application/json" },
                      '{"email":"' .. email .. '","password":"' .. password .. '"}')
  end
end

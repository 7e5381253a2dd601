-- The identity provider's flows for wrk (bench/oauth.py). Script arguments:
--   flow CLIENT_BASIC CLIENT_ID REDIRECT_URI CHALLENGE VERIFIER SESSIONS_FILE
--     the code flow end to end, three requests a flow: the authorization request (302 to the
--     consent page), the consent's decision by a signed-in user (the sessions of the file in
--     turn), the code's exchange at the token endpoint (client_secret_basic, PKCE);
--   refresh CLIENT_BASIC TOKENS_FILE
--     refresh grants, each with the refresh token the previous answer gave (rotation); the file
--     holds more live refresh tokens than there are connections (wrk asks for one request
--     before it connects, and that request is never sent).
-- wrk runs a connection's response() before it asks request() for that connection's next
-- request, so one queue of next steps serves every connection: an answer queues the step it
-- leads to, a request takes the oldest step (or, for the flow, starts a new one).
local mode, basic, client_id, redirect_uri, challenge, verifier
local sessions, steps, turn = {}, {}, 0

local function lines(path)
  local found = {}
  for line in io.lines(path) do
    if line ~= "" then found[#found + 1] = line end
  end
  return found
end

local function escape(value)
  return (value:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", c:byte()) end))
end

function init(args)
  mode, basic = args[1], args[2]
  if mode == "flow" then
    client_id, redirect_uri, challenge, verifier = args[3], args[4], args[5], args[6]
    sessions = lines(args[7])
  else
    steps = lines(args[3])
  end
end

local function token_request(body)
  return wrk.format("POST", "/api/oauth2/token", {
    ["Content-Type"] = "application/x-www-form-urlencoded", ["Authorization"] = basic}, body)
end

function request()
  local step = table.remove(steps, 1)
  if mode == "refresh" then  -- no token left (an answer without one): a refused request
    return token_request("grant_type=refresh_token&refresh_token=" .. escape(step or "none"))
  end
  if step == nil then
    return wrk.format("GET", "/api/oauth2/authorize?response_type=code&client_id="
      .. escape(client_id) .. "&redirect_uri=" .. escape(redirect_uri)
      .. "&scope=read&state=bench&code_challenge=" .. challenge .. "&code_challenge_method=S256")
  end
  if step.request then
    turn = turn % #sessions + 1
    return wrk.format("POST", "/api/auth/authorizations/" .. step.request, {
      ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. sessions[turn]},
      '{"decision": "allow"}')
  end
  return token_request("grant_type=authorization_code&code=" .. step.code .. "&redirect_uri="
    .. escape(redirect_uri) .. "&code_verifier=" .. verifier)
end

function response(status, headers, body)
  if mode == "refresh" then
    local token = body:match('"refresh_token"%s*:%s*"([^"]+)"')
    if token then steps[#steps + 1] = token end
    return
  end
  local location = headers["Location"] or headers["location"]
  if status == 302 and location then
    steps[#steps + 1] = {request = location:match("[?&]request=([%w_-]+)")}
  elseif body:find('"redirectTo"', 1, true) then
    steps[#steps + 1] = {code = body:match("[?&]code=([%w_-]+)")}
  end
  -- a token answer ends the flow: the connection's next request starts a new one
end

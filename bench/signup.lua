-- POSTs a sign-up with a new address each time: args[1] a prefix unique to the run,
-- args[2] the password.
local counter = 0
local prefix, password

function init(args)
  prefix, password = args[1], args[2]
end

function request()
  counter = counter + 1
  local body = string.format('{"email":"%s-%d@example.com","password":"%s"}',
                             prefix, counter, password)
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, body)
end

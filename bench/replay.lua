-- Replays pre-signed requests from a file, one per line: "<Payment-Signature>\t<body>".
-- Each wrk thread takes every n-th line so no two requests carry the same event.
local requests = {}
local counter = 0

function setup(thread)
  thread:set("offset", counter)
  counter = counter + 1
end

function init(args)
  local path, threads = args[1], tonumber(args[2])
  local n = 0
  for line in io.lines(path) do
    if n % threads == offset then
      local signature, body = line:match("^([^\t]+)\t(.*)$")
      requests[#requests + 1] = wrk.format("POST", "/api/webhooks/payment",
        {["Content-Type"] = "application/json", ["Payment-Signature"] = signature}, body)
    end
    n = n + 1
  end
  index = 0
end

function request()
  index = index + 1
  return requests[(index - 1) % #requests + 1]
end

-- PATCHes a project's name, a new name each request (so that every request changes a value
-- and is audited): script arguments the name's prefix (one per wrk process).
local counter = 0
local prefix = "n"
function init(args)
  prefix = args[1] or prefix
  wrk.headers["Content-Type"] = "application/json"  -- beside wrk's -H headers (the bearer)
end
function request()
  counter = counter + 1
  return wrk.format("PATCH", nil, nil, '{"name": "' .. prefix .. counter .. '"}')
end

-- PATCHes a name (a project's, or a user's by an admin), a new name each request (so that every
-- request changes a value and is audited). Script arguments: the name's prefix (one per wrk
-- process), then the paths to rename in turn (none: the URL's own).
local counter = 0
local prefix = "n"
local paths = {}
function init(args)
  prefix = args[1] or prefix
  for i = 2, #args do
    paths[#paths + 1] = args[i]
  end
  wrk.headers["Content-Type"] = "application/json"  -- beside wrk's -H headers (the bearer)
end
function request()
  counter = counter + 1
  local path = nil
  if #paths > 0 then
    path = paths[(counter % #paths) + 1]
  end
  return wrk.format("PATCH", path, nil, '{"name": "' .. prefix .. counter .. '"}')
end

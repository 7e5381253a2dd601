-- POSTs one JSON body (the first script argument) to the URL given to wrk.
function init(args)
  wrk.method = "POST"
  wrk.body = args[1]
  wrk.headers["Content-Type"] = "application/json"
end

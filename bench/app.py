"""The service as it is served (wsgi.py) plus one constant-JSON endpoint, the in-app baseline of
the benchmarks: the same process settings, the same middleware (rate limiter on, CORS, request
ids), and no work of its own."""
from wsgi import app


@app.get("/api/bench/bare")
def bare():
    return {"status": "ok", "service": "baseline"}

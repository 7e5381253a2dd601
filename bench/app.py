"""The service plus one constant-JSON endpoint, the in-app baseline of the benchmarks: the same
server, the same middleware (rate limiter on, CORS, request ids), and no work of its own."""
from app import create_app

app = create_app()


@app.get("/api/bench/bare")
def bare():
    return {"status": "ok", "service": "baseline"}

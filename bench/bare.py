"""The baseline: a bare Flask endpoint returning a constant JSON object."""
from flask import Flask

app = Flask(__name__)


@app.get("/bare")
def bare():
    return {"status": "ok", "service": "baseline"}

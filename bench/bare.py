"""The baseline: a standalone minimal Flask app, no extension, one constant-JSON view."""
from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/bare")
def bare():
    return jsonify(status="ok", value=1)

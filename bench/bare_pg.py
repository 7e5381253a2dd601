"""The production baseline: a standalone minimal Flask app doing the unavoidable work of a
session lookup, one primary-key SELECT per request on a per-thread psycopg connection
(autocommit, no pool), with DATABASE_URL's database. BARE_PG_ID names the row (a session id)."""
import os
import threading

import psycopg
from flask import Flask, jsonify

app = Flask(__name__)
_local = threading.local()
DSN = os.environ.get("DATABASE_URL", "").replace("postgresql+psycopg://", "postgresql://")
ROW_ID = os.environ.get("BARE_PG_ID", "")


def connection():
    found = getattr(_local, "connection", None)
    if found is None:
        found = _local.connection = psycopg.connect(DSN, autocommit=True)
    return found


@app.get("/bare")
def bare():
    row = connection().execute("SELECT id, user_id, expires_at FROM sessions WHERE id = %s",
                               (ROW_ID,)).fetchone()
    return jsonify(id=row[0], userId=row[1], expiresAt=row[2].isoformat())

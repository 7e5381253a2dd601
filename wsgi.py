"""The serving process's entry point: `python serve.py` or `waitress-serve wsgi:app`."""
import sys

from app import create_app
from core import outbox, serving

app = create_app()
serving.start(app)  # the startup warnings, once (core/serving.py)
# Server threads give up the GIL around every database call. With CPython's default 5 ms switch
# interval, a thread that released it for a short SQLite read can wait that long to get it back
# while the others run Python (the convoy effect); 1 ms serves GET /api/auth/session faster
# under load and leaves other endpoints unchanged (bench/README.md, the figures).
sys.setswitchinterval(app.config["THREAD_SWITCH_INTERVAL"])
# The outbox's sender thread, started with the serving process so that mail queued before a
# restart goes out without waiting for a request (docs/how-to/email.md).
outbox.sender_of(app)

"""The production server: `python serve.py [module:app]` (default wsgi:app), waitress with safe
limits (docs/how-to/deploy.md, "Production under waitress"). Settings (environment): LISTEN
(default 127.0.0.1:8000), THREADS (8), TRUSTED_PROXY_COUNT."""
import importlib
import logging
import os
import sys

import waitress

import config

# A little over the application's own 1 MiB (MAX_CONTENT_LENGTH), so a body just over it still
# gets the JSON 413 from Flask; anything larger is refused by waitress from its Content-Length,
# before a byte of it is read.
MAX_BODY = config.FRAMEWORK["MAX_CONTENT_LENGTH"] + 64 * 1024


# waitress's defaults suit a server behind a buffering proxy, not one facing clients: 100
# connections in all (a hundred slow clients stop every answer), any body up to 1 GiB read in
# full before the application can refuse it, and X-Forwarded-* stripped, which
# TRUSTED_PROXY_COUNT needs.
def options(environ=os.environ) -> dict:
    """waitress's settings for this service (also what tests/core/test_serving.py starts)."""
    trusted = int(environ.get("TRUSTED_PROXY_COUNT", "0") or 0)
    return {
        "listen": environ.get("LISTEN", "127.0.0.1:8000"),
        "threads": int(environ.get("THREADS", "8")),
        # Connections are cheap for waitress's event loop until they carry a whole request;
        # poll() has no 1,024-descriptor limit as select() has.
        "connection_limit": 1000,
        "asyncore_use_poll": True,
        "backlog": 2048,
        "channel_timeout": 30,  # seconds a connection may stay idle (or trickle) before closing
        "cleanup_interval": 10,
        "max_request_header_size": 64 * 1024,
        "max_request_body_size": MAX_BODY,
        # With TRUSTED_PROXY_COUNT the application's ProxyFix reads X-Forwarded-* (app.py):
        # waitress must pass them on. Without it they are stripped, as waitress does by default.
        "clear_untrusted_proxy_headers": trusted == 0,
        "ident": None,  # no "Server: waitress" header
    }


def quiet_queue_warnings():
    """waitress logs "Task queue depth is N" at WARNING for every request that waits for a
    thread: under any load above THREADS concurrent requests, a line per request (7,367 lines
    in a 12-second benchmark), each formatted and written inside the request's path. A queue
    is normal under load; errors from the queue are still logged."""
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)


def main(argv=sys.argv[1:]):
    quiet_queue_warnings()
    module, _, name = (argv[0] if argv else "wsgi:app").partition(":")
    # Imported here: `options` is readable without building the app.
    app = getattr(importlib.import_module(module), name or "app")
    waitress.serve(app, **options())


if __name__ == "__main__":
    sys.exit(main())

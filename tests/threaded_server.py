"""A WSGI app served by waitress on a loopback port in a thread, stopped from its own loop.

Closing waitress's sockets from another thread races its select() loop (EBADF in the server
thread); here the loop thread closes them itself, through waitress's trigger.
"""
import contextlib
import threading

from waitress import wasyncore
from waitress.server import create_server


@contextlib.contextmanager
def serve(app, host="127.0.0.1", port=0):
    """Yield the bound port while `app` answers on it."""
    server = create_server(app, host=host, port=port, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield server.effective_port
    finally:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=10)
        server.task_dispatcher.shutdown()

"""A WSGI app served by waitress on a loopback port in a thread, for tests."""
# The thread runs waitress's event loop one poll at a time and, when asked to stop, closes the
# sockets itself after its last poll: closing them from another thread races the loop (EBADF).
# Before that it stops the worker threads: a worker finishing a request wakes the loop through
# its trigger pipe, which must still be open then.
import contextlib
import threading

from waitress import wasyncore
from waitress.server import create_server


@contextlib.contextmanager
def serve(app, host="127.0.0.1", port=0):
    """Yield the bound port while `app` answers on it."""
    server = create_server(app, host=host, port=port, threads=8)
    stop = threading.Event()

    def run():
        while not stop.is_set():
            wasyncore.loop(timeout=0.05, map=server._map, count=1)
        server.task_dispatcher.shutdown()
        wasyncore.close_all(server._map)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield server.effective_port
    finally:
        stop.set()
        thread.join(timeout=10)

"""A TCP forwarder on loopback that a test stops and starts again, to cut the service off from
its database or Redis for a while and then give it back, on the same port."""
import socket
import threading

from tests.conftest import free_port


class Forwarder:
    """Forward 127.0.0.1:<port> to `target`; `stop()` refuses new connections and cuts the
    open ones, `start()` listens again on the same port."""

    def __init__(self, target_host: str, target_port: int):
        self.target = (target_host, target_port)
        self.port = free_port()
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._stopping = threading.Event()
        self._acceptor = None

    def start(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        listener.settimeout(0.1)  # the acceptor notices stop() within this time
        self._stopping.clear()
        self._acceptor = threading.Thread(target=self._accept, args=(listener,), daemon=True)
        self._acceptor.start()

    def stop(self):
        self._stopping.set()
        self._acceptor.join(timeout=5)  # it closes the listener itself: new connections refused
        with self._lock:
            cut, self._open = self._open, set()
        for sock in cut:
            close(sock)

    def _accept(self, listener):
        with listener:
            while not self._stopping.is_set():
                try:
                    client, _ = listener.accept()
                except TimeoutError:
                    continue
                try:
                    upstream = socket.create_connection(self.target, timeout=5)
                except OSError:
                    close(client)
                    continue
                client.settimeout(None)
                upstream.settimeout(None)
                with self._lock:
                    self._open.update((client, upstream))
                for source, sink in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            with self._lock:
                self._open.difference_update((source, sink))
            close(source)
            close(sink)


def close(sock):
    try:
        sock.shutdown(socket.SHUT_RDWR)  # wakes a thread blocked in recv() on it
    except OSError:
        pass
    sock.close()

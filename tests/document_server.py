"""An https server on loopback for a client's metadata document (extensions.md E5.2): a
throwaway CA made with `cryptography`, a server certificate it signs for 127.0.0.1 and
localhost, and a server whose answers a test sets per path and which records every request it
gets. The service trusts the CA through REQUESTS_CA_BUNDLE, set by the test alone."""
import contextlib
import datetime
import ipaddress
import json
import ssl
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


class Authority:
    """A CA and a server certificate of its for 127.0.0.1 and localhost, as PEM files."""

    def __init__(self, folder: Path, label: str = "Test CA"):
        now = datetime.datetime.now(datetime.UTC)
        ca_key = ec.generate_private_key(ec.SECP256R1())
        ca = (x509.CertificateBuilder().subject_name(_name(label)).issuer_name(_name(label))
              .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(days=1))
              .not_valid_after(now + datetime.timedelta(days=2))
              .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
              .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False,
                                           False), critical=True)
              .sign(ca_key, hashes.SHA256()))
        key = ec.generate_private_key(ec.SECP256R1())
        names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
        server = (x509.CertificateBuilder().subject_name(_name("localhost")).issuer_name(
                  ca.subject).public_key(key.public_key())
                  .serial_number(x509.random_serial_number())
                  .not_valid_before(now - datetime.timedelta(days=1))
                  .not_valid_after(now + datetime.timedelta(days=2))
                  .add_extension(x509.SubjectAlternativeName(names), critical=False)
                  .add_extension(x509.BasicConstraints(ca=False, path_length=None),
                                 critical=True)
                  .add_extension(x509.ExtendedKeyUsage([x509.OID_SERVER_AUTH]), critical=False)
                  .sign(ca_key, hashes.SHA256()))
        folder.mkdir(parents=True, exist_ok=True)
        self.ca_file = folder / "ca.pem"
        self.ca_file.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
        self.cert_file = folder / "server.pem"
        self.cert_file.write_bytes(server.public_bytes(serialization.Encoding.PEM))
        self.key_file = folder / "server-key.pem"
        self.key_file.write_bytes(key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption()))


class Answer:
    """What the server answers at a path: a status, headers, a body (a dict is sent as JSON),
    and seconds to wait before anything is sent."""

    def __init__(self, body=b"", status=200, headers=None, stall=0.0):
        self.body = json.dumps(body).encode() if isinstance(body, dict | list) else body
        self.status, self.headers, self.stall = status, dict(headers or {}), stall


class DocumentServer:
    """`answers` (path -> Answer) and `seen` (the paths asked, in order) of a server on
    https://127.0.0.1:{port}."""

    def __init__(self, port: int):
        self.port, self.answers, self.seen = port, {}, []

    def url(self, path: str) -> str:
        return f"https://127.0.0.1:{self.port}{path}"

    def document(self, path: str, name="Agent", redirect_uris=("http://127.0.0.1:8765/cb",),
                 headers=None, **members) -> str:
        """Serve a valid document at `path` (with `members` added or, as None, removed);
        its URL."""
        url = self.url(path)
        body = {"client_id": url, "client_name": name, "redirect_uris": list(redirect_uris),
                "token_endpoint_auth_method": "none", **members}
        self.answers[path] = Answer({k: v for k, v in body.items() if v is not None},
                                    headers={"Content-Type": "application/json",
                                             **(headers or {})})
        return url


def _handler(server: DocumentServer):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802  (http.server's name)
            server.seen.append(self.path)
            answer = server.answers.get(self.path, Answer(b"not found", 404))
            if answer.stall:
                time.sleep(answer.stall)
            try:
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer.body)))
                self.end_headers()
                self.wfile.write(answer.body)
            except OSError:
                pass  # the service hung up first (a cut answer)

        def log_message(self, *args):
            pass

    return Handler


@contextlib.contextmanager
def serving(authority: Authority):
    """A DocumentServer with `authority`'s certificate, on a loopback port."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(authority.cert_file, authority.key_file)
    holder = DocumentServer(0)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(holder))
    httpd.daemon_threads = True
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True,
                                       do_handshake_on_connect=False)
    holder.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield holder
    finally:
        httpd.shutdown()
        httpd.server_close()


def authority(label: str = "Test CA") -> Authority:
    """A new CA in a temporary folder (kept until the process ends)."""
    return Authority(Path(tempfile.mkdtemp(prefix="document-ca-")), label)

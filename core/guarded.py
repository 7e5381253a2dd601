"""Guarded requests to URLs that outsiders name (extensions.md E4.2: a project owner's identity
provider; E5.2: a client's metadata document): the service must not become a way into the
operator's network. Only https, only hosts whose every address is public, connected to the
address that was checked (no second lookup to rebind), no redirects followed, a 3-second budget
and a cap on the body (the caller's); `private_ok` (the development switch) lifts the first two.
TLS is verified against requests' CA bundle, or the file REQUESTS_CA_BUNDLE names (read at each
request); proxies are never taken from the environment."""
import io
import ipaddress
import os
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from core.watchdog import WATCHDOG, Deadline

BUDGET = 3.0  # seconds for a whole request, body included
MAX_BODY = 1024 * 1024  # bytes, unless the caller says less
CHUNK = 64 * 1024
DEFAULT_PORTS = {"http": 80, "https": 443}
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # the well-known prefix, IPv4 in the last 32 bits
LOCAL_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")  # RFC 8215: an operator's own translators
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")
_LOOKUPS = ThreadPoolExecutor(4, thread_name_prefix="guarded-dns")  # host name lookups


class FetchRefused(Exception):
    """The request was refused or failed; the message says why (no secret in it)."""


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in LOCAL_NAT64:
            return False
        carried = _carried_ipv4(ip)
        if carried is not None and not _global(carried):
            return False
        if ip.ipv4_mapped is not None:
            return True  # ::ffff:0:0/96 itself counts as special: the IPv4 address decides
    return _global(ip)


def _global(ip) -> bool:
    # is_global is false for loopback, 10/8, 172.16/12, 192.168/16, 169.254/16 (the cloud
    # metadata address), 100.64/10, ::1, fc00::/7, fe80::/10 and the other special ranges.
    return ip.is_global and not ip.is_multicast


def _carried_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one leads to through a translator or tunnel: IPv4-mapped,
    6to4, Teredo's client, NAT64 (RFC 6052) and IPv4-compatible (RFC 4291) addresses."""
    if ip.teredo:
        return ip.teredo[1]
    if ip in NAT64 or ip in IPV4_COMPATIBLE:
        return ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)
    return ip.ipv4_mapped or ip.sixtofour


def check_scheme(scheme: str, private_ok: bool) -> None:
    if scheme != "https" and not (private_ok and scheme == "http"):
        raise FetchRefused("only https:// URLs are allowed")


def resolve(url: str, private_ok: bool, within: float = BUDGET) -> tuple[str, str, int]:
    """(host, checked address, port) of `url`, looked up within `within` seconds (the system's
    resolver has no timeout of its own: the lookup runs on a thread that is not waited for
    longer), or FetchRefused."""
    parts = urlsplit(url)
    try:
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        raise FetchRefused("the URL's port is not valid") from None
    check_scheme(parts.scheme, private_ok)
    host = parts.hostname
    if not host or parts.username is not None or port is None:
        raise FetchRefused("the URL names no usable host")
    lookup = _LOOKUPS.submit(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
    try:
        found = lookup.result(timeout=within)
    except TimeoutError:
        raise FetchRefused(f"the host {host} was not resolved within {BUDGET:g} seconds") from None
    except (OSError, UnicodeError):
        raise FetchRefused(f"the host {host} cannot be resolved") from None
    addresses = [info[4][0] for info in found]
    if not private_ok:
        refused = next((a for a in addresses if not _public(a)), None)
        if refused is not None:
            raise FetchRefused(f"the host {host} resolves to {refused}, which is not a public "
                               "address")
    return host, addresses[0], port


_deadline: ContextVar[Deadline] = ContextVar("guarded_fetch_deadline")  # of the request under way


class _Watched:
    """A connection whose socket is shut down at the request's deadline."""

    def _new_conn(self):
        sock = super()._new_conn()
        _deadline.get().watch(sock)
        return sock


class _WatchedHTTPConnection(_Watched, HTTPConnection):
    pass


class _WatchedHTTPSConnection(_Watched, HTTPSConnection):
    pass


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


class GuardedAdapter(HTTPAdapter):
    """Checks every request's host before it goes, connects to the checked address (TLS still
    verified against the host name), refuses redirects and cuts the body at `max_body`; the
    process's watchdog ends whatever is under way at the deadline."""

    def __init__(self, private_ok: bool, deadline: Deadline, max_body: int = MAX_BODY):
        super().__init__(max_retries=0)
        self.private_ok, self.deadline, self.max_body = private_ok, deadline, max_body
        self.pinned = {}

    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _WatchedHTTPPool,
                                                   "https": _WatchedHTTPSPool}

    def close(self):
        super().close()
        self.deadline.close()

    def remaining(self) -> float:
        left = self.deadline.at - time.monotonic()
        if left <= 0 or self.deadline.passed:
            raise FetchRefused(f"no answer within {BUDGET:g} seconds")
        return left

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert)
        host = host_params["host"]
        address = self.pinned[(host, host_params["port"] or DEFAULT_PORTS[host_params["scheme"]])]
        host_params["host"] = address
        if host_params["scheme"] == "https":
            pool_kwargs["server_hostname"] = host
            pool_kwargs["assert_hostname"] = host
        return host_params, pool_kwargs

    def send(self, request, stream=False, timeout=None, **kwargs):
        host, address, port = resolve(request.url, self.private_ok, self.remaining())
        self.pinned[(host, port)] = address
        netloc = urlsplit(request.url).netloc.rsplit("@", 1)[-1]
        request.headers["Host"] = netloc
        left = self.remaining()
        watching = _deadline.set(self.deadline)  # for the connection this request may open
        try:
            response = super().send(request, stream=True, timeout=(left, left), **kwargs)
        except requests.RequestException as exc:
            self.remaining()  # the watchdog cut it
            raise FetchRefused(f"{host} cannot be reached ({type(exc).__name__})") from None
        finally:
            _deadline.reset(watching)
        if response.is_redirect or 300 <= response.status_code < 400:
            response.close()
            raise FetchRefused(f"{host} answered a redirect, which is not followed")
        body = self.read_body(response, host)  # read now, within the limits
        response.raw = io.BytesIO(body)  # what `content` and `json()` read
        return response

    def read_body(self, response, host) -> bytes:
        body = bytearray()
        try:
            for chunk in response.raw.stream(CHUNK, decode_content=True):
                body += chunk
                if len(body) > self.max_body:
                    raise FetchRefused(f"{host} answered more than {self.max_body} bytes")
        except FetchRefused:
            raise
        except Exception as exc:  # urllib3's read errors (a timeout, a reset connection)
            self.remaining()  # the watchdog cut it
            raise FetchRefused(f"{host} stopped answering ({type(exc).__name__})") from None
        finally:
            response.close()
        self.remaining()  # a body without a length, cut by the watchdog, ends as if whole
        return bytes(body)


def guarded(session: requests.Session, private_ok: bool,
            max_body: int = MAX_BODY) -> requests.Session:
    """`session` (a requests.Session, or Authlib's OAuth2Session) with every request guarded,
    the whole of its use within one BUDGET from now."""
    adapter = GuardedAdapter(private_ok, WATCHDOG.deadline(BUDGET), max_body)
    session.trust_env = False  # no proxy from the environment: the address checked is the peer
    session.verify = os.environ.get("REQUESTS_CA_BUNDLE") or True  # a company's own CA
    session.max_redirects = 0
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


def get(url: str, private_ok: bool, max_body: int = MAX_BODY,
        accept: str = "application/json") -> requests.Response:
    """GET `url` within the limits: its 200 answer (the body read), or FetchRefused."""
    check_scheme(urlsplit(url).scheme, private_ok)
    with guarded(requests.Session(), private_ok, max_body) as session:
        try:
            response = session.get(url, headers={"Accept": accept}, allow_redirects=False)
        except requests.RequestException as exc:
            raise FetchRefused(f"the request failed ({type(exc).__name__})") from None
    if response.status_code != 200:
        raise FetchRefused(f"{url} answered {response.status_code}")
    return response

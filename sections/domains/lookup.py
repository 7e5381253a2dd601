"""The DNS side of verification (extensions.md E4.1): the TXT records at a name, asked of
DNS_RESOLVER (`host:port`; unset: the system's resolver) within DNS_TIMEOUT seconds (3); a name
under a top-level domain that no public DNS answers, of DNS_DEVELOPMENT_RESOLVER when it is set
(with --debug it is, by default: docs/explanation/decisions.md)."""
import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

import dns.exception
import dns.resolver
from flask import current_app

DEFAULT_PORT = 53
# Top-level domains reserved for testing and examples (RFC 2606, RFC 6761): no public DNS
# answers for them, so asking a development resolver instead takes nothing from anyone.
RESERVED_TLDS = frozenset({"example", "test", "invalid", "localhost"})
DEVELOPMENT_RESOLVER = "127.0.0.1:8053"  # DNS_DEVELOPMENT_RESOLVER with --debug, when unset


@dataclass(frozen=True)
class Answer:
    """What the resolver said: the TXT values found (each record's character-strings joined),
    or why there are none (`problem`, for the refusal's message)."""

    values: tuple = ()
    problem: str | None = None


def resolver_address(setting: str | None,
                     name: str = "DNS_RESOLVER") -> tuple[str, int] | None:
    """DNS_RESOLVER as (IP address, port): `127.0.0.1:5353`, `192.0.2.53` or `::1` (port 53),
    `[::1]:5353`; None when unset. ValueError for anything else (checked at start-up): a host
    name above all, which would need a resolver to be found."""
    if not setting:
        return None
    text = setting.strip()
    if _is_ip(text):
        return str(ipaddress.ip_address(text)), DEFAULT_PORT
    refused = ValueError(f"{name} must be an IP address with an optional port "
                         f"(127.0.0.1:53, [::1]:53), not {setting!r}")
    try:
        parts = urlsplit("//" + text)  # the authority of a URL: host, [IPv6] and port
    except ValueError:  # brackets around no IPv6 address
        raise refused from None
    no_port = ValueError(f"{name} has no valid port: {setting!r}")
    try:
        port = parts.port
    except ValueError:  # not digits, or past 65535
        raise no_port from None
    if port == 0:
        raise no_port
    host = parts.hostname or ""
    # urlsplit reads past what an authority cannot hold (a user, a path, "]x", an empty port,
    # tabs): the setting must be exactly the address and port it found.
    written = (f"[{host}]" if ":" in host else host) + ("" if port is None else f":{port}")
    if text.lower() != written or not _is_ip(host):
        raise refused
    return host, port or DEFAULT_PORT


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _resolver(name: str) -> dns.resolver.Resolver:
    config = current_app.config
    setting = config["DNS_RESOLVER"]
    reserved = name.rstrip(".").rsplit(".", 1)[-1].lower() in RESERVED_TLDS
    if reserved and config["DNS_DEVELOPMENT_RESOLVER"]:
        setting = config["DNS_DEVELOPMENT_RESOLVER"]
    address = resolver_address(setting)
    resolver = dns.resolver.Resolver(configure=address is None)  # the system's: resolv.conf
    if address is not None:
        resolver.nameservers = [address[0]]
        resolver.port = address[1]
    resolver.cache = None  # a record just published is looked up, not remembered
    resolver.lifetime = resolver.timeout = config["DNS_TIMEOUT"]
    return resolver


def txt_values(name: str) -> Answer:
    """The TXT records at `name` (ASCII); never raises for what DNS answers or fails to."""
    try:
        answer = _resolver(name).resolve(name, "TXT", raise_on_no_answer=False)
    except dns.resolver.NXDOMAIN:
        return Answer(problem="the name does not exist (NXDOMAIN)")
    except dns.exception.Timeout:
        seconds = current_app.config["DNS_TIMEOUT"]
        return Answer(problem=f"the resolver did not answer within {seconds:g} seconds")
    except (dns.exception.DNSException, OSError) as exc:
        current_app.logger.warning("DNS lookup of %s failed: %s", name, exc)
        return Answer(problem="the lookup failed")
    values = tuple(b"".join(record.strings).decode("utf-8", "replace")
                   for record in answer.rrset or ())
    return Answer(values=values, problem=None if values else "it has no TXT record")

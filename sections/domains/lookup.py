"""The DNS side of verification (extensions.md E4.1): the TXT records at a name, asked of
DNS_RESOLVER (`host:port`; unset: the system's resolver) within DNS_TIMEOUT seconds (3)."""
import ipaddress
from dataclasses import dataclass

import dns.exception
import dns.resolver
from flask import current_app

DEFAULT_PORT = 53


@dataclass(frozen=True)
class Answer:
    """What the resolver said: the TXT values found (each record's character-strings joined),
    or why there are none (`problem`, for the refusal's message)."""

    values: tuple = ()
    problem: str | None = None


def resolver_address(setting: str | None) -> tuple[str, int] | None:
    """DNS_RESOLVER as (IP address, port): `127.0.0.1:5353`, `192.0.2.53` (port 53),
    `[::1]:5353`; None when unset. ValueError for anything else (checked at start-up)."""
    if not setting:
        return None
    text = setting.strip()
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            port = _port(rest.removeprefix(":"), setting)
    elif text.count(":") == 1:
        host, raw_port = text.split(":")
        port = _port(raw_port, setting)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise ValueError(f"DNS_RESOLVER must be an IP address with an optional port "
                         f"(127.0.0.1:53, [::1]:53), not {setting!r}") from None
    return host, port


def _port(raw: str, setting: str) -> int:
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise ValueError(f"DNS_RESOLVER has no valid port: {setting!r}")
    return int(raw)


def _resolver() -> dns.resolver.Resolver:
    config = current_app.config
    address = resolver_address(config["DNS_RESOLVER"])
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
        answer = _resolver().resolve(name, "TXT", raise_on_no_answer=False)
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

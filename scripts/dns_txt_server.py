#!/usr/bin/env python3
"""A DNS server on this machine that publishes one TXT record, for trying domain verification
(docs/how-to/single-sign-on.md) with a domain that has no DNS host of its own.

    .venv/bin/python scripts/dns_txt_server.py NAME VALUE [--address HOST:PORT] [--background LOG]

It answers a TXT question for NAME (any case) with VALUE, says the name exists with no record
of another type, and NXDOMAIN for every other name; UDP and TCP. It listens at `--address`,
by default where a server started with `--debug` asks about names under `.example`, `.test`,
`.invalid` and `.localhost`: DNS_DEVELOPMENT_RESOLVER when that is set in the environment, else
127.0.0.1:8053. It needs `dnslib` (`.venv/bin/pip install dnslib==0.9.26`).

With `--background LOG` it goes on in the background once it listens, writing each question
and its answer to LOG, and prints its process id (stop it with `kill`); a port it cannot take
is an error before that, with exit status 1.
"""
import argparse
import ipaddress
import os
import re
import sys

from dnslib import QTYPE, RCODE, RR, TXT
from dnslib.server import BaseResolver, DNSLogger, DNSServer

DEFAULT_ADDRESS = "127.0.0.1:8053"
CHUNK = 255  # a TXT character-string holds at most 255 bytes (RFC 1035 section 3.3)


class OneRecord(BaseResolver):
    def __init__(self, name: str, value: str, log):
        self.name = name.rstrip(".").lower()
        data = value.encode()
        self.strings = [data[i:i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""]
        self.log = log

    def resolve(self, request, handler):
        name = str(request.q.qname).rstrip(".").lower()
        qtype = QTYPE.get(request.q.qtype, str(request.q.qtype))
        reply = request.reply()
        if name != self.name:
            reply.header.rcode = RCODE.NXDOMAIN
            said = "NXDOMAIN"
        elif request.q.qtype in (QTYPE.TXT, QTYPE.ANY):
            reply.add_answer(RR(self.name, QTYPE.TXT, rdata=TXT(self.strings), ttl=60))
            said = "the TXT record"
        else:
            said = "no record of that type"
        print(f"{qtype} {name}: {said}", file=self.log, flush=True)
        return reply


def address(text: str) -> tuple[str, int]:
    """`127.0.0.1:8053`, `[::1]:8053`, `192.0.2.53` or `::1` (port 53) as (host, port)."""
    refused = argparse.ArgumentTypeError(f"not an IP address with a port: {text!r}")
    found = re.fullmatch(r"\[([^\]]+)\](?::(\d+))?|([^:\[\]]+)(?::(\d+))?|([0-9a-fA-F:.]+)", text)
    if not found:
        raise refused
    host = found.group(1) or found.group(3) or found.group(5)
    port = int(found.group(2) or found.group(4) or 53)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise refused from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"no valid port: {text!r}")
    return host, port


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="the record's name, e.g. _saas-verification.corp.example")
    parser.add_argument("value", help="the record's value, e.g. saas-verification=...")
    parser.add_argument("--address", type=address, default=None,
                        help=f"where to listen (default: DNS_DEVELOPMENT_RESOLVER, else "
                             f"{DEFAULT_ADDRESS})")
    parser.add_argument("--background", metavar="LOG",
                        help="once listening, go on in the background, logging to LOG; "
                             "print the process id")
    args = parser.parse_args(argv)
    if args.address is None:
        try:
            args.address = address(os.environ.get("DNS_DEVELOPMENT_RESOLVER") or DEFAULT_ADDRESS)
        except argparse.ArgumentTypeError as exc:
            parser.error(f"DNS_DEVELOPMENT_RESOLVER: {exc}")
    host, port = args.address
    log = open(args.background, "a") if args.background else sys.stderr  # noqa: SIM115
    zone = OneRecord(args.name, args.value, log)
    quiet = DNSLogger(log="-request,-reply,-truncated,-error,-data", logf=lambda *_: None)
    try:
        servers = [DNSServer(zone, address=host, port=port, logger=quiet),
                   DNSServer(zone, address=host, port=port, tcp=True, logger=quiet)]
    except OSError as exc:
        print(f"dns_txt_server: cannot listen at {host}:{port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    print(f"listening at {host}:{port}: TXT {zone.name} = {args.value}", file=log, flush=True)
    if args.background:
        child = os.fork()
        if child:
            print(child, flush=True)
            os._exit(0)
        # It stays in the caller's session and process group: it ends with them.
        devnull = os.open(os.devnull, os.O_RDWR)
        for stream in (0, 1, 2):
            os.dup2(devnull if stream == 0 else log.fileno(), stream)
    for server in servers[1:]:
        server.start_thread()
    try:
        servers[0].start()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

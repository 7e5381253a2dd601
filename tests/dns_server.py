"""A DNS server on loopback for domain verification (dnslib's DNSServer, UDP): it answers the
TXT records published on it, says NXDOMAIN for any other name, and never answers a name made
silent. Services reach it through DNS_RESOLVER (`dns.address`)."""
import threading

from dnslib import QTYPE, RCODE, RR, TXT, DNSRecord
from dnslib.server import BaseResolver, DNSError, DNSLogger, DNSServer

SILENT = object()
CHUNK = 255  # a TXT character-string holds at most 255 bytes (RFC 1035 section 3.3)


class _Zone(BaseResolver):
    def __init__(self):
        self.names = {}
        self.lock = threading.Lock()
        self.asked = []

    def resolve(self, request: DNSRecord, handler):
        name = str(request.q.qname).rstrip(".").lower()
        with self.lock:
            self.asked.append(name)
            entry = self.names.get(name)
        if entry is SILENT:
            raise DNSError("made silent: no answer")  # the server logs it and sends nothing
        reply = request.reply()
        if entry is None:
            reply.header.rcode = RCODE.NXDOMAIN
            return reply
        if request.q.qtype in (QTYPE.TXT, QTYPE.ANY):
            for strings in entry:
                reply.add_answer(RR(name, QTYPE.TXT, rdata=TXT(strings), ttl=60))
        return reply  # the name exists; no TXT asked, or none published: an empty answer


class DnsStandIn:
    def __init__(self):
        self.zone = _Zone()
        quiet = DNSLogger(log="-request,-reply,-truncated,-error", logf=lambda *_: None)
        self.server = DNSServer(self.zone, address="127.0.0.1", port=0, logger=quiet)
        self.port = self.server.server.server_address[1]
        self.address = f"127.0.0.1:{self.port}"

    def publish(self, name: str, *values, split: bool = False) -> None:
        """TXT records at `name`, one per value (each in 255-byte character-strings, or with
        `split` cut in two strings anywhere, which a reader must join)."""
        records = []
        for value in values:
            data = value.encode()
            if split:
                cut = len(data) // 2
                records.append([data[:cut], data[cut:]])
            else:
                records.append([data[i:i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""])
        with self.zone.lock:
            self.zone.names[name.lower()] = records

    def exists_without_txt(self, name: str) -> None:
        with self.zone.lock:
            self.zone.names[name.lower()] = []

    def silence(self, name: str) -> None:
        with self.zone.lock:
            self.zone.names[name.lower()] = SILENT

    def forget(self, name: str) -> None:
        """NXDOMAIN for `name` from now on."""
        with self.zone.lock:
            self.zone.names.pop(name.lower(), None)

    def start(self):
        self.server.start_thread()
        return self

    def stop(self):
        self.server.stop()
        self.server.server.server_close()

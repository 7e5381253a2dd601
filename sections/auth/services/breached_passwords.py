"""Breached passwords (extensions E1.1): a new password found in a breach corpus is refused,
checked against the shipped list and, when PWNED_PASSWORDS_URL is set, against the
k-anonymity range API (pwned_range.py), which fails open."""
import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from core.outcomes import Invalid
from sections.auth.services import pwned_range

# The shipped list, built by scripts/build_breached_passwords.py: the first 5 bytes of the
# SHA-1 of every entry of at least 8 characters of SecLists' top 1,000,000, sorted; read once
# per process on first use.
PATH = Path(__file__).resolve().parent.parent / "data" / "breached-passwords.bin"
MESSAGE = ("This password appeared in a data breach, so attackers try it first: "
           "choose another one")
_lock = threading.Lock()
_loaded: list = []  # the list, once read (one per process)


@dataclass(frozen=True)
class BreachList:
    """Sorted fixed-width SHA-1 prefixes in one bytes object: the file's size in memory, a
    binary search of about 19 probes per check."""

    prefixes: bytes
    width: int
    count: int
    header: str

    def __contains__(self, sha1: bytes) -> bool:
        key, width, data = sha1[:self.width], self.width, self.prefixes
        low, high = 0, self.count
        while low < high:
            middle = (low + high) // 2
            if data[middle * width:(middle + 1) * width] < key:
                low = middle + 1
            else:
                high = middle
        return low < self.count and data[low * width:(low + 1) * width] == key


def read(path: Path = PATH) -> BreachList:
    """Parse the file; a damaged one stops the process rather than silently check nothing."""
    raw = path.read_bytes()
    header, _, prefixes = raw.partition(b"\n")
    fields = dict(part.split("=", 1) for part in header.decode("ascii").split(" ")[1:]
                  if "=" in part)
    width, count = int(fields["sha1-prefix-bytes"]), int(fields["count"])
    if not header.startswith(b"breached-passwords/1 ") or len(prefixes) != width * count:
        raise RuntimeError(f"{path} is damaged: rebuild it with "
                           "scripts/build_breached_passwords.py")
    return BreachList(prefixes, width, count, header.decode("ascii"))


def breach_list() -> BreachList:
    """The shipped list, read on first use and kept for the life of the process."""
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(read())
    return _loaded[0]


def is_breached(password: str) -> bool:
    """Whether `password` is in the shipped list or (when configured) the range API's corpus.
    The range API's failures count as "not found" (fail open, logged there)."""
    config = current_app.config
    sha1 = hashlib.sha1(password.encode("utf-8", "surrogatepass")).digest()
    if config["BREACHED_PASSWORDS_OFFLINE"] and sha1 in breach_list():
        return True
    if config["PWNED_PASSWORDS_URL"]:
        return pwned_range.listed(sha1.hex().upper(), config)
    return False


def refuse_breached(password: str, field: str) -> None:
    """400 VALIDATION_ERROR naming `field` when the new password appeared in a breach."""
    if is_breached(password):
        raise Invalid(MESSAGE, field=field)

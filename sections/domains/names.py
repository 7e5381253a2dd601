"""What a claimable domain is (extensions.md E4.1): a host name of two labels or more, in its
ASCII (punycode) form, lower-case, at most 234 characters, not an IP address, not a public
suffix. Pure functions (no database, no network): the schema validates with them."""
import ipaddress
import re

import idna
from publicsuffixlist import PublicSuffixList

from sections.domains.models import MAX_LENGTH

LABEL = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")
# The Public Suffix List shipped inside the package (ICANN and private sections: `co.uk` and
# `github.io` alike); updated by upgrading the package, never downloaded at run time.
_SUFFIXES = PublicSuffixList()
HOST_NAME = ("Must be a host name: labels of 1 to 63 characters of a-z, 0-9 and '-' (not first "
             "or last) joined by dots, or an internationalised name.")
# Longer input is refused before any IDNA work (a 1 MiB body of one name costs nothing).
_RAW_LIMIT = 4 * MAX_LENGTH


class NotADomain(ValueError):
    """The text is not a domain that a project may claim; the message says why."""


def normalize(raw: str) -> str:
    """The domain as stored: IDNA 2008 with UTS 46 mapping (upper case folded, `Bücher.example`
    -> `xn--bcher-kva.example`), one trailing dot (the DNS root) dropped; NotADomain otherwise."""
    text = raw.strip()
    if len(text) > _RAW_LIMIT:
        raise NotADomain(f"Must be a domain name of at most {MAX_LENGTH} characters.")
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1]
    _refuse_address(text.strip("[]"))
    try:
        ascii_name = idna.encode(text, uts46=True).decode("ascii").lower()
    except (idna.IDNAError, UnicodeError, ValueError):
        # idna's messages quote the input; the answer says the rule instead.
        raise NotADomain(HOST_NAME) from None
    return check(ascii_name)


def check(name: str) -> str:
    """`name` (lower-case ASCII) when a project may claim it, else NotADomain."""
    labels = name.split(".")
    if len(labels) < 2:
        raise NotADomain("Must be a host name of at least two labels (example.com).")
    if len(name) > MAX_LENGTH:
        raise NotADomain(f"Must be at most {MAX_LENGTH} characters (in its ASCII form).")
    for label in labels:
        if not LABEL.fullmatch(label):
            raise NotADomain(HOST_NAME)
    _refuse_address(name)
    if labels[-1].isdigit():
        raise NotADomain("Must be a host name, not a numeric address.")
    if _SUFFIXES.is_public(name):
        raise NotADomain(f"'{name}' is a public suffix: claim a domain registered under it.")
    return name


def _refuse_address(text: str) -> None:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return
    raise NotADomain("Must be a host name, not an IP address.")


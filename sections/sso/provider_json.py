"""The JSON an identity provider answers (discovery, JWKS, token, userinfo, the ID token's
claims), parsed only once it nests MAX_DEPTH levels at most: Python's parser recurses once a
level, so a deep document within the 1 MiB cap would end in a RecursionError, a 500, where
extensions.md E4.6 asks for a refusal of the answer."""
import json
import re

# Levels of arrays and objects. OpenID documents nest 2 to 5 (a JWKS: 3, Keycloak's
# resource_access claim: 4); Python's limit of 1,000 frames is far off whatever the stack.
MAX_DEPTH = 32
# What the parser meets: a string (whose brackets are text, escapes included) or a bracket.
TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class Refused(ValueError):
    """Not JSON the service reads; the message says why (of the answer, as its subject)."""


def check_depth(text: str) -> None:
    """Refused when `text` nests arrays and objects deeper than MAX_DEPTH, counted as the
    parser meets them; it stops counting there, however long the rest."""
    level = 0
    for token in TOKENS.finditer(text):
        char = text[token.start()]
        if char in "[{":
            level += 1
            if level > MAX_DEPTH:
                raise Refused(f"nests deeper than {MAX_DEPTH} levels")
        elif char in "]}":
            # Never below 0: a stray closer ends the parser's work where it stands, and the
            # count must never fall short of the depth it would reach.
            level = max(level - 1, 0)


class Decoder(json.JSONDecoder):
    """json's decoder, refusing a text that nests too deep before it recurses into it (the
    `cls` of json.loads, joserfc's `decoder_cls`)."""

    def decode(self, s, *args, **kwargs):
        check_depth(s)
        return super().decode(s, *args, **kwargs)


def loads(body: bytes):
    """`body` as JSON: UTF-8 (RFC 8259 section 8.1, JSON between systems), MAX_DEPTH levels at
    most; Refused otherwise."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("is not UTF-8 text") from None
    try:
        return json.loads(text, cls=Decoder)
    except Refused:
        raise
    except ValueError:
        raise Refused("is not JSON") from None

"""The bearer lookup the auth section registers (core/bearer.py `use_lookup`): a token of an
API key's form is looked up as a key, any other as a session. One lookup per request."""
from sections.auth.services import api_keys, sessions


def lookup(token: str):
    """The live credential of a bearer token (sessions.LiveSession), or None."""
    if api_keys.is_key(token):
        return api_keys.lookup(token)
    return sessions.lookup(token)

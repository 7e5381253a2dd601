"""The bearer lookup the auth section registers (core/bearer.py `use_lookup`): a token of an
API key's form is looked up as a key, any other as a session. One lookup per request."""
from sections.auth.services import accounts, api_keys, sessions


def lookup(token: str):
    """The live credential of a bearer token (sessions.LiveSession), or None."""
    if api_keys.is_key(token):
        return api_keys.lookup(token)
    return sessions.lookup(token)


def answer(credential: sessions.LiveSession, token: str) -> dict:
    """GET /api/auth/session's keys (CurrentSessionSchema): the user, and the session of a
    session token (with `token`, its current expiry and its impersonating admin) or the key."""
    session = key = None
    if credential.api_key is not None:
        key = api_keys.answer(credential.api_key)
    else:
        session = {"id": credential.id, "token": token, "expiresAt": credential.expires_at,
                   "impersonatedBy": credential.impersonator, "sso": credential.sso}
    return {"user": accounts.answer(credential.user), "session": session, "apiKey": key}

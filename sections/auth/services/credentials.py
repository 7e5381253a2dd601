"""The bearer lookup the auth section registers (core/bearer.py `use_lookup`): a token of an
API key's form is looked up as a key, one that a section above claims (hooks.BEARER_TOKEN: the
identity provider's access tokens) by that section, any other as a session. One lookup per
request."""
from core import hooks
from sections.auth.services import accounts, api_keys, sessions


def lookup(token: str):
    """The live credential of a bearer token (sessions.LiveSession), or None."""
    if api_keys.is_key(token):
        return api_keys.lookup(token)
    for found in hooks.BEARER_TOKEN(token):
        if found is not None:  # claimed: the credential, or False for a dead one
            return found or None
    return sessions.lookup(token)


def answer(credential: sessions.LiveSession, token: str) -> dict:
    """GET /api/auth/session's keys (CurrentSessionSchema): the user, and the session of a
    session token (with `token`, its current expiry and its impersonating admin) or the key."""
    session = key = oauth = None
    if credential.api_key is not None:
        key = api_keys.answer(credential.api_key)
    elif credential.token is not None:
        oauth = credential.token.answer()
    else:
        session = {"id": credential.id, "token": token, "expiresAt": credential.expires_at,
                   "impersonatedBy": credential.impersonator, "sso": credential.sso}
    found = {"user": accounts.answer(credential.user), "session": session, "apiKey": key}
    if oauth is not None:
        found["oauth"] = oauth  # extensions.md E5.7: only for an app's access token
    return found

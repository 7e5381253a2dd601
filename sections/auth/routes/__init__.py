"""Authentication endpoints under /api/auth; one module per flow."""
from flask import request

from core.bearer import current_session
from core.blueprint import ApiBlueprint
from core.db import db, lock_row
from core.errors import AUTH
from core.outcomes import Unauthenticated
from sections.auth.models import User
from sections.auth.services import accounts, bans, notices, security_log, sessions

blp = ApiBlueprint("auth", __name__, url_prefix="/api/auth",
                   description="Accounts, sessions and sign-in flows",
                   envelope=AUTH)  # contract section 1


def current_user() -> User:
    """The caller's account as an ORM object, for views that change it or add to it, its row
    locked until the commit (core.db.lock_row). Every change of an account, and its deletion,
    takes this lock before anything else: they run one after the other instead of
    deadlocking over what each touches next (its tokens, its keys), and a change that waited
    for the account's deletion finds no account and answers 401, as a dead session does,
    rather than a 409 from the foreign key of what it would have added."""
    user_id = current_session().user_id
    lock_row(User, user_id, User.name)
    user = db.session.get(User, user_id)
    if user is None:
        raise Unauthenticated("Invalid or expired bearer token")
    return user


def client() -> sessions.Client:
    """The user agent and address a new session is made from (contract section 9)."""
    return sessions.Client((request.user_agent.string or "")[:300] or None, request.remote_addr)


def signed_in(user: User, method: str, *, sso: tuple[str, str] | None = None) -> dict:
    """The end of every sign-in flow: a new session for `user`, committed, answered as
    `{user, session}` (AuthResultSchema),
    with its `sign_in` event (E1.6) and, from an address new to the account, a notice (E1.4).
    `method`: password, magic_link, oauth_github, oauth_google, passkey or sso (with `sso`
    the session's (connection id, project id), extensions.md E4.2)."""
    # R2: every flow (password, magic link, OAuth callback and code exchange, passkey) ends
    # here once its credential checked out, so a banned user gets 403 USER_BANNED only then.
    bans.check_not_banned(user)
    details = None if sso is None else {"connectionId": sso[0]}
    if security_log.record_sign_in(user, method, details):
        notices.notify(user, "sign_in_new_address")
    session = sessions.create(user, client(), sso=sso)
    db.session.commit()
    return {"user": accounts.answer(user), "session": sessions.answer(session)}

# Importing the modules registers their views on `blp`.
from sections.auth.routes import (  # noqa: E402,F401
    account,
    api_keys,
    email_change,
    magic_link,
    oauth,
    passkeys,
    password,
    two_factor,
)

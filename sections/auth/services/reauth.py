"""Proving it is still the account's holder before a sensitive change (contract section 9,
extensions E1.3): the current password, the second factor, or a fresh session, each counted
toward the account's failure cap before it runs (throttle.attempt) and given back when it passes."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import select

from core import clock
from core.db import db
from sections.auth.models import Session, User
from sections.auth.outcomes import InvalidTotp, ReauthenticationRequired, WrongPassword
from sections.auth.services import accounts, throttle, two_factor


def require_password(user: User, password: str) -> None:
    """400 INVALID_CREDENTIALS unless `password` is the account's (change-password). The
    caller's session stays valid: a 401 would tell the client it ended."""
    throttle.attempt(user.email)
    _check_password(user, password)
    throttle.forgive(user.email)


def require_proof(user: User, session, password: str | None, code: str | None,
                  action: str = "This change") -> None:
    """The one proof every sensitive change asks for (extensions E1.3: changing the e-mail,
    deleting a passkey, disabling two-factor, creating an API key, deleting the account): the
    password when the account has one, and a TOTP or recovery code when two-factor is on; an
    account with neither needs `session` (the caller's, anything with an `id`) to be younger
    than REAUTHENTICATION_WINDOW. Checked in E1.3's order: a wrong password 400
    INVALID_CREDENTIALS, a missing proof 403 REAUTHENTICATION_REQUIRED, a wrong code 400
    INVALID_TOTP. Wrong answers count toward the account's failure cap; the session stays.
    `action` begins the 403's message ("Deleting the account")."""
    has_password, has_code = user.password_hash is not None, user.two_factor_enabled
    if not (has_password or has_code):
        # Nothing to ask (magic link, OAuth or passkey account): the session itself must be
        # fresh, so a session stolen long after sign-in cannot make the change.
        if not _recent(session):
            raise ReauthenticationRequired(f"{action} needs a recent sign-in: sign in again, "
                                           "then retry")
        return
    throttle.attempt(user.email)
    if has_password and password is not None:
        _check_password(user, password)
    if (has_password and password is None) or (has_code and code is None):
        throttle.forgive(user.email)  # nothing wrong was answered
        needed = [word for word, wanted in (("password", has_password), ("totpCode", has_code))
                  if wanted]
        raise ReauthenticationRequired(f"{action} needs " + " and ".join(needed))
    if has_code and not two_factor.accept_code(user, code):
        raise InvalidTotp
    throttle.forgive(user.email)


def require_for_a_way_in(user: User, session, password: str | None, code: str | None,
                         action: str) -> None:
    """Adding a way in (extensions E1.3: turning two-factor on, registering a passkey): a
    session made within REAUTHENTICATION_WINDOW needs nothing more (its sign-in was the proof);
    an older one gives `require_proof`'s proof, so a stolen session cannot bind the thief's
    authenticator. Whatever proof a fresh session sends is not read."""
    if not _recent(session):
        require_proof(user, session, password, code, action)


def _recent(session) -> bool:
    """Whether `session` (anything with an `id`) was made within REAUTHENTICATION_WINDOW."""
    window = timedelta(seconds=current_app.config["REAUTHENTICATION_WINDOW"])
    made = db.session.execute(select(Session.created_at)
                              .where(Session.id == session.id)).scalar_one()
    return clock.utcnow() - made <= window


def _check_password(user: User, password: str) -> None:
    ok, _ = accounts.hasher().verify(password, user.password_hash)
    if not ok:  # counted by the caller's throttle.attempt
        raise WrongPassword

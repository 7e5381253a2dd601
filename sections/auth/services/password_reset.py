"""Setting a new password (contract section 9): with the current one (change-password), or with
a one-hour, single-use token sent by e-mail (forgot-password, then reset-password)."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import bindparam, delete, select

from core import mail
from core.db import db
from core.outcomes import Invalid, InvalidToken
from sections.auth.models import OneTimeToken, User
from sections.auth.password_policy import strength_problem
from sections.auth.services import (
    accounts,
    breached_passwords,
    notices,
    one_time,
    reauth,
    security_log,
    sessions,
)

PASSWORD_RESET = "password_reset"
LIFETIME = timedelta(hours=1)
ID_BY_EMAIL = select(User.id).where(User.email == bindparam("email"))


def change(user: User, current: str, new: str, keep_session: str | None) -> None:
    """Replace the password after checking the current one. `keep_session` is the caller's
    session when the others end (revokeOtherSessions), None when every session stays."""
    if user.password_hash is None:
        # Made by magic link, OAuth or passkey: there is nothing to check the caller against;
        # the reset flow (which proves the address) sets a first password.
        raise Invalid("This account has no password: set one with forgot-password",
                      field="currentPassword")
    reauth.require_password(user, current)
    user.password_hash = new_hash(user, new)
    if keep_session is not None:
        sessions.revoke_all(user.id, keep=keep_session)
    spend_all(user)
    security_log.record(user.id, "password_change")
    notices.notify(user, "password_change")


def new_hash(user: User, password: str) -> str:
    """The argon2id hash of an acceptable new password, with the current parameters; 400
    VALIDATION_ERROR naming `newPassword` when it is too easy to guess (contract section 3) or
    appeared in a breach (extensions E1.1)."""
    problem = strength_problem(password, user.email)
    if problem:
        raise Invalid(problem, field="newPassword")
    breached_passwords.refuse_breached(password, "newPassword")
    return accounts.hasher().hash(password)


def spend_all(user: User) -> None:
    """Every outstanding reset token of the account becomes unusable (section 9)."""
    db.session.execute(delete(OneTimeToken).where(OneTimeToken.user_id == user.id,
                                                  OneTimeToken.purpose == PASSWORD_RESET)
                       .execution_options(synchronize_session=False))


def request_reset(email: str, redirect_url: str) -> None:
    """Store a token and queue its e-mail, doing the same work for every address (known,
    unverified or unknown) so that neither the answer nor its time tells which it is.

    An unknown address gets a token row too, tied to no account and never sent (a decoy that
    makes the writes equal), and a message saying there is no account. Mail goes out through
    `mail.send` before the caller commits: with the transactional outbox the message is a row
    of this transaction, so the request's only per-address work is writing rows.
    """
    # The account's id alone, not an ORM object: the known address must not cost more work.
    user_id = db.session.execute(ID_BY_EMAIL, {"email": email}).scalar_one_or_none()
    token = one_time.issue(PASSWORD_RESET, LIFETIME, user_id=user_id, email=email)
    if user_id is None:
        mail.send(email, "Password reset requested",
                  "Someone asked to reset the password of the account for this address at "
                  f"{current_app.config['APP_BASE_URL']}, but there is no such account.\n\n"
                  "If it was you, sign up with this address instead. "
                  "If not, ignore this message.\n")
        return
    link = mail.with_query(redirect_url, token=token)
    mail.send(email, "Reset your password",
              f"Open this link to choose a new password:\n\n{link}\n\n"
              "The link is valid for 1 hour and works once. It ends every session of the "
              "account. If you did not ask for it, ignore this message: your password stays "
              "as it is.\n")


def reset(token: str, password: str) -> None:
    """Set the password of the token's account and end all its sessions; claim the account
    when its address was not verified. Nobody is signed in. A refused password (too weak)
    leaves the token usable."""
    row = one_time.find(PASSWORD_RESET, token)
    if row is None or row.user is None:  # unknown, spent, expired, or an unknown address's
        raise invalid_token()
    user = row.user
    password_hash = new_hash(user, password)  # before spending: a refusal keeps the token
    if not one_time.spend(row):  # a concurrent reset with the same token won
        raise invalid_token()
    # The token proves the address (contract section 3): an unverified account loses what
    # its creator set up (password, sessions, passkeys, two-factor) and becomes verified.
    accounts.claim_address(user)
    user.password_hash = password_hash
    sessions.revoke_all(user.id)
    spend_all(user)
    security_log.record(user.id, "password_reset")
    notices.notify(user, "password_reset")


def invalid_token() -> InvalidToken:
    return InvalidToken("Invalid or expired token")

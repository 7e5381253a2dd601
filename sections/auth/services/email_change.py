"""Changing the account's e-mail address (extensions E1.2): a request proven as E1.3 asks, a
24-hour single-use link mailed to the new address, and its confirmation, the unique index
deciding a race with a sign-up; the request is the same whoever has the new address."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from core import hooks, mail
from core.db import db, lock_row
from core.outcomes import Invalid, InvalidToken
from sections.auth.models import OneTimeToken, User
from sections.auth.outcomes import UserExists
from sections.auth.services import (
    accounts,
    magic_link,
    notices,
    one_time,
    password_reset,
    reauth,
    security_log,
)

EMAIL_CHANGE = "email_change"
LIFETIME = timedelta(hours=24)
# Mailed to the old address: spent once the address changes (E1.2).
SPENT_ON_CHANGE = (magic_link.MAGIC_LINK, password_reset.PASSWORD_RESET,
                   accounts.EMAIL_VERIFICATION, EMAIL_CHANGE)


def request(user: User, session, new_email: str, password: str | None,
            code: str | None) -> None:
    """Mail a confirmation link to `new_email` (replacing any pending one) and a notice to the
    current address; the caller commits. 400 naming `newEmail` for the current address, then
    the proof of E1.3. `user` comes with its row locked (the routes' `current_user`): requests
    at once replace one another in turn, leaving one live link (E1.2)."""
    if new_email == user.email:
        raise Invalid("This is already the account's e-mail address", field="newEmail")
    reauth.require_proof(user, session, password, code, "Changing the e-mail address")
    hooks.ADDRESS_CHANGING(user, new_email)  # 409: a project that binds the account keeps it
    _spend(user, (EMAIL_CHANGE,))  # a new request replaces the pending one
    token = one_time.issue(EMAIL_CHANGE, LIFETIME, user=user, email=new_email)
    link = mail.with_query(current_app.config["EMAIL_CHANGE_URL"], token=token)
    mail.send(new_email, "Confirm your new e-mail address",
              f"Open this link to make this the e-mail address of your account:\n\n{link}\n\n"
              "The link is valid for 24 hours and works once. If you did not ask for it, "
              "ignore this message: nothing changes.\n")
    security_log.record(user.id, "email_change_request", {"to": new_email})
    notices.notify(user, "email_change_request", details={"to": new_email})


def confirm(token: str) -> User:
    """Give the token's account its new address (verified). 400 INVALID_TOKEN for an unknown,
    used, replaced or expired token; 409 USER_ALREADY_EXISTS, the token unspent, when another
    account has the address by now. Sessions stay; the old address's links stop working."""
    row = one_time.find(EMAIL_CHANGE, token)
    if row is None or row.user_id is None:
        raise InvalidToken("Invalid or expired token")
    # The account's row before its token, in the order its requests and deletion lock them.
    lock_row(User, row.user_id, User.name)
    if row.user is None:  # deleted meanwhile, its token with it
        raise InvalidToken("Invalid or expired token")
    user, old, new = row.user, row.user.email, row.email
    holder = accounts.by_email(new)
    if holder is not None and holder.id != user.id:
        raise UserExists
    hooks.ADDRESS_CHANGING(user, new)  # the token unspent, as for a taken address
    if not one_time.spend(row):  # a concurrent confirmation with the same token won
        raise InvalidToken("Invalid or expired token")
    user.email, user.email_verified = new, True
    try:
        db.session.flush()
    except IntegrityError:  # a sign-up (or another change) took the address meanwhile
        db.session.rollback()  # the token's spending too: it stays usable
        raise UserExists from None
    _spend(user, SPENT_ON_CHANGE)
    security_log.record(user.id, "email_change", {"from": old, "to": new})
    notices.notify(user, "email_change", to=old, details={"from": old, "to": new})
    return user


def _spend(user: User, purposes: tuple[str, ...]) -> None:
    db.session.execute(delete(OneTimeToken).where(OneTimeToken.user_id == user.id,
                                                  OneTimeToken.purpose.in_(purposes))
                       .execution_options(synchronize_session=False))

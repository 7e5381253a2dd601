"""Password accounts: sign-up, credential checks and e-mail verification (contract section 3)."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import bindparam, delete, select
from sqlalchemy.exc import IntegrityError

from core import mail, outbox
from core.db import db
from core.outcomes import EmailNotVerified, InvalidToken
from sections.auth.models import PasskeyCredential, Session, User
from sections.auth.outcomes import InvalidCredentials, UserExists
from sections.auth.services import (
    breached_passwords,
    one_time,
    security_log,
    throttle,
    two_factor,
)

EMAIL_VERIFICATION = "email_verification"
VERIFICATION_LIFETIME = timedelta(hours=24)


def hasher():
    return current_app.extensions["password_hasher"]


BY_EMAIL = select(User).where(User.email == bindparam("email"))  # built once, run per sign-in


def by_email(email: str) -> User | None:
    return db.session.execute(BY_EMAIL, {"email": email}).scalar_one_or_none()


def sign_up(email: str, password: str) -> User:
    """Create an unverified account. The unique index settles concurrent sign-ups. A password
    found in a breach is refused (400 naming `password`, extensions E1.1) before the address
    is looked at."""
    breached_passwords.refuse_breached(password, "password")
    if by_email(email) is not None:
        raise UserExists
    user = User(email=email, password_hash=hasher().hash(password), email_verified=False)
    db.session.add(user)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise UserExists from None
    return user


def check_password(email: str, password: str) -> User:
    """The account whose password this is; one answer, one cost for every failure."""
    throttle.attempt(email)  # counted before the check: concurrent guesses cannot pass the cap
    user = by_email(email)
    ok, new_hash = hasher().verify(password, user.password_hash if user else None)
    if not ok:
        if user is not None:  # in the account's security log; an unknown address in none
            security_log.record_failure(user.id, "password")
        raise InvalidCredentials
    throttle.forgive(email)
    if new_hash:  # stored with older argon2 parameters: upgrade it now (contract section 3)
        user.password_hash = new_hash
    return user


def verification_required(user: User) -> bool:
    return current_app.config["REQUIRE_EMAIL_VERIFICATION"] and not user.email_verified


def require_verified(user: User) -> None:
    """403 EMAIL_NOT_VERIFIED, with a fresh verification e-mail, while the account must verify
    its address before signing in (REQUIRE_EMAIL_VERIFICATION, contract section 3)."""
    if not verification_required(user):
        return
    send_verification(user, issue_verification(user))
    db.session.commit()  # the token, its message (and any re-hash) are kept: the request fails
    raise EmailNotVerified("Verify your e-mail address first; "
                           "a new verification e-mail has been sent")


def issue_verification(user: User) -> str:
    """Store a verification token for `user`; the caller queues send_verification, then commits."""
    return one_time.issue(EMAIL_VERIFICATION, VERIFICATION_LIFETIME, user=user)


def send_verification(user: User, token: str) -> None:
    mail.send(user.email, *verification_message(token))


def verification_message(token: str) -> tuple[str, str]:
    link = mail.with_query(current_app.config["EMAIL_VERIFICATION_URL"], token=token)
    return ("Verify your e-mail address",
            f"Confirm your e-mail address by opening this link:\n\n{link}\n\n"
            "The link is valid for 24 hours. If you did not sign up, ignore this message.\n")


@outbox.composer(EMAIL_VERIFICATION)
def compose_verification(email: str) -> tuple[str, str] | None:
    """send-verification-email's message, decided by the mail sender: a fresh link for an
    unverified account, nothing for a verified or unknown address."""
    user = by_email(email)
    if user is None or user.email_verified:
        return None
    return verification_message(issue_verification(user))


def verify_email(token: str) -> User:
    row = one_time.find(EMAIL_VERIFICATION, token)
    if row is None or not one_time.spend(row):
        raise InvalidToken("Invalid or expired token")
    row.user.email_verified = True
    return row.user


def claim_address(user: User) -> None:
    """The caller proved they own the address of an account nobody had verified (magic link,
    provider-verified e-mail). Whoever created the account did not prove it, so what they set
    up goes: password, sessions, passkeys, two-factor (account pre-hijacking). Then the
    address counts as verified."""
    if user.email_verified:
        return
    user.password_hash = None
    two_factor.reset(user)
    db.session.execute(delete(Session).where(Session.user_id == user.id))
    db.session.execute(delete(PasskeyCredential).where(PasskeyCredential.user_id == user.id))
    user.email_verified = True


def answer(user) -> dict:
    """The user as the API shows it to itself (UserSchema): an account or a credential's
    lookup row (services/sessions.py), the answer's keys with raw values."""
    return {"id": user.id, "email": user.email, "name": user.name, "image": user.image,
            "emailVerified": user.email_verified, "createdAt": user.created_at,
            "twoFactorEnabled": user.two_factor_enabled, "role": user.role}

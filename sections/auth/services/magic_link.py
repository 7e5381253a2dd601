"""Magic-link sign-in (contract sections 4 and 5): a 10-minute single-use token sent by e-mail."""
from datetime import timedelta

from sqlalchemy.exc import IntegrityError

from core import mail
from core.db import db
from core.outcomes import InvalidToken
from sections.auth.models import User
from sections.auth.services import accounts, one_time, two_factor

MAGIC_LINK = "magic_link"
LIFETIME = timedelta(minutes=10)


def issue(email: str) -> tuple[str, bool]:
    """Store a token for `email`, whether or not an account exists; the caller commits.
    (token, whether the account exists)."""
    user = accounts.by_email(email)
    return one_time.issue(MAGIC_LINK, LIFETIME, user=user, email=email), user is not None


def send(email: str, redirect_url: str, token: str, known: bool) -> None:
    # Both an existing and a new address get a message (a sign-up link for the new one), so
    # the answer, and the work behind it, does not tell whether the account exists.
    link = mail.with_query(redirect_url, token=token)
    if known:
        subject, action = "Your sign-in link", "sign in"
    else:
        subject, action = "Finish creating your account", "create your account and sign in"
    mail.send(email, subject,
              f"Open this link to {action}:\n\n{link}\n\n"
              "The link is valid for 10 minutes and works once. "
              "If you did not ask for it, ignore this message.\n")


def verify(token: str, totp_code: str | None) -> User:
    """The account a magic-link token signs in to (created for a new address). The token is
    spent only on success; the caller starts the session."""
    try:
        return _verify(token, totp_code)
    except IntegrityError:
        # Two links for one new address verified at once: the other request created the
        # account (and our token is unspent after the rollback), so sign in to that account.
        db.session.rollback()
        return _verify(token, totp_code)


def _verify(token: str, totp_code: str | None) -> User:
    row = one_time.find(MAGIC_LINK, token)
    if row is None:
        raise invalid_token()
    user = row.user or accounts.by_email(row.email)
    if user is not None and user.email_verified:
        # TOTP_REQUIRED / INVALID_TOTP leave the token unspent, so the page can ask for the code.
        # (An unverified account's second factor was set up by whoever made the account, not
        # necessarily the address's owner; claim_address below removes it.)
        two_factor.check_sign_in(user, totp_code)
    if not one_time.spend(row):
        raise invalid_token()
    if user is None:
        user = User(email=row.email, email_verified=True)
        db.session.add(user)
        db.session.flush()
    # Opening the link proved the address belongs to the caller (contract section 5).
    accounts.claim_address(user)
    return user


def invalid_token() -> InvalidToken:
    return InvalidToken("Invalid or expired token")

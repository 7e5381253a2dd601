"""The security log of every account (extensions E1.6): one function every flow calls to write
an event, the account's list, and the purge. The client address and user agent are the
request's (the address as core/ratelimit.py sees it, behind TRUSTED_PROXY_COUNT proxies)."""
from datetime import timedelta

from flask import current_app, has_request_context, request
from sqlalchemy import delete, exists, select

from core import clock, listing
from core.db import db
from sections.auth.models import SECURITY_EVENT_TYPES, SecurityEvent

TYPES = SECURITY_EVENT_TYPES  # E1.6's vocabulary, with what `details` holds per type
SIGN_IN_METHODS = ("password", "magic_link", "oauth_github", "oauth_google", "passkey",
                   "sso")  # sso: extensions.md E4.2, with details.connectionId
# E1.4: a sign-in from an address none of the account's sign-ins of this period came from.
NEW_ADDRESS_PERIOD = timedelta(days=30)
USER_AGENT_LENGTH = 300


def enabled() -> bool:
    return current_app.config["SECURITY_LOG"]


def client() -> tuple[str | None, str | None]:
    """(address, user agent) of the current request; (None, None) outside one (a CLI command)."""
    if not has_request_context():
        return None, None
    return request.remote_addr, (request.user_agent.string or "")[:USER_AGENT_LENGTH] or None


def record(user_id: str, type: str, details: dict | None = None) -> SecurityEvent | None:
    """Add an event of `type` for the account to the request's transaction (the caller
    commits, so a refused or failed change writes none). None while SECURITY_LOG is off."""
    if type not in TYPES:
        raise ValueError(f"unknown security event type {type!r}")
    if not enabled():
        return None
    address, agent = client()
    event = SecurityEvent(user_id=user_id, type=type, created_at=clock.utcnow(),
                          ip_address=address, user_agent=agent, details=details or {})
    db.session.add(event)
    return event


def record_failure(user_id: str, reason: str) -> None:
    """A wrong password or code for this account in a sign-in flow (`reason`: password or
    totp), committed at once: the request that found it fails, and its rollback must not
    take the event with it. Only what the request had already written commits with it (a
    re-hashed password: harmless, as in accounts.require_verified)."""
    if record(user_id, "sign_in_failed", {"reason": reason}) is not None:
        db.session.commit()


def record_sign_in(user, method: str, details: dict | None = None) -> bool:
    """Write the `sign_in` event of a flow that succeeded; True when E1.4's new-address notice
    is due: none of the account's sign-ins of the last 30 days came from this address, and
    this is not its first sign-in (sign-up included). An account with no sign-in in its log
    signs in for the first time when it is younger than the log's retention; an older one's
    sign-ins were purged (or predate the log), so its next sign-in is from a new address."""
    if method not in SIGN_IN_METHODS:
        raise ValueError(f"unknown sign-in method {method!r}")
    if not enabled():
        return False
    address, _ = client()
    now = clock.utcnow()
    sign_ins = (SecurityEvent.user_id == user.id, SecurityEvent.type == "sign_in")
    logged, known = db.session.execute(select(
        exists().where(*sign_ins),
        exists().where(*sign_ins, SecurityEvent.created_at > now - NEW_ADDRESS_PERIOD,
                       SecurityEvent.ip_address == address))).one()
    record(user.id, "sign_in", {"method": method, **(details or {})})
    first = not logged and now - user.created_at < retention()
    return not first and not known


def retention() -> timedelta:
    return timedelta(days=current_app.config["SECURITY_LOG_DAYS"])


# --- reading ---

def page(user_id: str, args: dict) -> listing.Page:
    """The account's events, newest first (sort createdAt only), optionally of one `type`
    (given as shown: `sign_in`). One page query and one count, each read from an index."""
    statement = select(SecurityEvent).where(SecurityEvent.user_id == user_id)
    if "type" in args:
        statement = statement.where(SecurityEvent.type == args["type"])
    return listing.page(statement, args, {"createdAt": SecurityEvent.created_at},
                        SecurityEvent.id)


def answer(event: SecurityEvent) -> dict:
    return {"id": event.id, "type": event.type, "createdAt": event.created_at,
            "ipAddress": event.ip_address, "userAgent": event.user_agent,
            "details": event.details or {}}


# --- retention ---

def purge(now) -> int:
    """Delete the events older than SECURITY_LOG_DAYS (purge-expired); the number removed."""
    return db.session.execute(delete(SecurityEvent)
                              .where(SecurityEvent.created_at <= now - retention())
                              .execution_options(synchronize_session=False)).rowcount

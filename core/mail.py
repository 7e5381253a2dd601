"""Outgoing e-mail (contract section 4), through the outbox: `send` queues a message in the
current transaction; core/outbox.py delivers it over SMTP, or to the log without MAIL_SERVER."""
from datetime import timedelta
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import current_app

from core import clock, outbox
from core.db import db
from core.models import OutboxMessage


def with_query(url: str, **params) -> str:
    """`url` with `params` added to its query string, keeping the query it already has."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True) + list(params.items())
    return urlunsplit(parts._replace(query=urlencode(query)))


# Call `send` BEFORE the request's `db.session.commit()`. The message is a row of the same
# transaction as what it refers to (the account, the token), so both are kept or neither is, and
# the request never waits for SMTP (the answer takes the same time whether a message was queued or
# not: no account enumeration by timing). A failed delivery is retried with backoff until the
# message expires (MAIL_MAX_AGE), and logged; never raised to the caller.
def send(to: str, subject: str, body: str) -> None:
    """Queue a plain-text message in the current transaction; the caller's commit sends it."""
    app = current_app._get_current_object()
    now = clock.utcnow()
    db.session.add(OutboxMessage(
        recipient=to, subject=subject, body=outbox.seal(body), created_at=now,
        next_attempt_at=now, expires_at=now + timedelta(seconds=app.config["MAIL_MAX_AGE"])))
    outbox.wake_after_commit(db.session, app)


def send_composed(kind: str, to: str) -> None:
    """Queue a message that the sender composes at delivery with the composer registered as
    `kind` (core/outbox.py), which may decide to send nothing. For endpoints that must do
    the same work for every address (contract section 9: forgot-password; send-verification-
    email): the request only writes this row. Same rule: before the commit."""
    app = current_app._get_current_object()
    now = clock.utcnow()
    db.session.add(OutboxMessage(
        kind=kind, recipient=to, created_at=now, next_attempt_at=now,
        expires_at=now + timedelta(seconds=app.config["MAIL_MAX_AGE"])))
    outbox.wake_after_commit(db.session, app)

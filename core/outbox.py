"""Delivery of the mail outbox (core/models.py): claim due messages, send them, retry with
backoff, drop expired ones; by a thread of the serving process (`Sender`) or by `flask --app
app send-mail [--watch]`, any number at once."""
import base64
import logging
import smtplib
import ssl
import threading
from datetime import timedelta
from email.message import EmailMessage
from functools import partial

from cryptography.fernet import Fernet, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app
from sqlalchemy import delete, event, select, update

from core import clock
from core.db import db
from core.fields import utc_iso
from core.models import OutboxMessage

log = logging.getLogger(__name__)
BATCH = 20
DELIVERY_ERRORS = (OSError, smtplib.SMTPException)
_start_lock = threading.Lock()
_running = []  # every sender started in this process (stop_all: tests)
# kind -> function(recipient) -> (subject, body) or None (nothing to send), run by the sender
# in the app context; what it adds to the session is committed only once the mail went out.
COMPOSERS = {}


def composer(kind: str):
    """Register a composer for `mail.send_composed(kind, to)` (e.g. forgot-password's)."""

    def register(function):
        COMPOSERS[kind] = function
        return function

    return register


# --- the body at rest: it holds one-time tokens (contract section 2: never stored in clear) ---

def _box() -> MultiFernet:
    config = current_app.config
    keys = [config["SECRET_KEY"], *(config.get("SECRET_KEY_FALLBACKS") or [])]
    return MultiFernet([Fernet(base64.urlsafe_b64encode(HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=b"mail-outbox").derive(
        key.encode("utf-8")))) for key in keys])


def seal(body: str) -> str:
    return _box().encrypt(body.encode("utf-8")).decode("ascii")


def unseal(stored: str) -> str:
    return _box().decrypt(stored.encode("ascii")).decode("utf-8")


# --- one delivery ---

def transmit(config, to: str, subject: str, body: str) -> None:
    """Hand one message to the SMTP server (or to the log without MAIL_SERVER); raises when
    the server refuses or is down."""
    message = EmailMessage()
    message["From"] = config["MAIL_DEFAULT_SENDER"]
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    if not config["MAIL_SERVER"]:
        # Development: no server configured, so the developer reads the link from the log.
        log.info("e-mail (no MAIL_SERVER set) to %s: %s\n%s", to, subject, body)
        return
    # The server's certificate and host name are checked against the system's CAs (or the
    # bundle SSL_CERT_FILE names); smtplib checks neither unless given a context.
    tls = ssl.create_default_context()
    connect = partial(smtplib.SMTP_SSL, context=tls) if config["MAIL_USE_SSL"] else smtplib.SMTP
    with connect(config["MAIL_SERVER"], config["MAIL_PORT"],
                 timeout=config["MAIL_TIMEOUT"]) as smtp:
        if config["MAIL_USE_TLS"]:
            smtp.starttls(context=tls)
        if config["MAIL_USERNAME"]:
            smtp.login(config["MAIL_USERNAME"], config["MAIL_PASSWORD"])
        smtp.send_message(message)


def backoff(config, attempts: int) -> timedelta:
    """Exponential: MAIL_RETRY_BASE after the first failure, doubling up to MAIL_RETRY_MAX."""
    seconds = config["MAIL_RETRY_BASE"] * 2 ** min(attempts - 1, 30)
    return timedelta(seconds=min(seconds, config["MAIL_RETRY_MAX"]))


# --- the outbox ---

# A message is claimed once: on PostgreSQL the due rows are read `FOR UPDATE SKIP LOCKED`
# (two senders never wait on, nor take, the same row), and on every backend the claim is a
# conditional UPDATE (`attempts` unchanged) that moves `next_attempt_at` one lease ahead and is
# committed before SMTP is talked to. Delivered rows are deleted. A sender that dies between the
# SMTP handover and the DELETE leaves the message to be sent again after the lease: at least once.
def _claim(now) -> list[OutboxMessage]:
    config = current_app.config
    due = (select(OutboxMessage.id, OutboxMessage.attempts)
           .where(OutboxMessage.next_attempt_at <= now)
           .order_by(OutboxMessage.next_attempt_at).limit(BATCH))
    if db.engine.dialect.name == "postgresql":
        due = due.with_for_update(skip_locked=True)
    lease = now + timedelta(seconds=config["MAIL_TIMEOUT"] * 3 + 30)
    claimed = []
    for row_id, attempts in db.session.execute(due).all():
        won = db.session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == row_id, OutboxMessage.attempts == attempts,
                   OutboxMessage.next_attempt_at <= now)
            .values(attempts=attempts + 1, next_attempt_at=lease)
            .execution_options(synchronize_session=False))
        if won.rowcount == 1:
            claimed.append(row_id)
    db.session.commit()
    return [db.session.get(OutboxMessage, row_id) for row_id in claimed]


def deliver_due() -> int:
    """Deliver every message due now (in the app context); the number delivered."""
    config = current_app.config
    now = clock.utcnow()
    expired = db.session.execute(delete(OutboxMessage).where(OutboxMessage.expires_at <= now))
    if expired.rowcount:
        log.error("dropped %d undeliverable e-mail(s): expired (MAIL_MAX_AGE)", expired.rowcount)
    db.session.commit()
    delivered = 0
    while messages := _claim(now):
        for message in messages:
            delivered += _deliver(config, message)
        now = clock.utcnow()
    return delivered


def _deliver(config, message: OutboxMessage) -> int:
    if message.kind == "message":
        subject, body = message.subject, unseal(message.body)
    else:
        composed = COMPOSERS[message.kind](message.recipient)
        if composed is None:  # nothing to send to this address: the same as delivered
            db.session.execute(delete(OutboxMessage).where(OutboxMessage.id == message.id))
            db.session.commit()
            return 0
        subject, body = composed
    try:
        transmit(config, message.recipient, subject, body)
    except DELIVERY_ERRORS as exc:
        db.session.rollback()  # a composer's token was not sent: it is not kept either
        retry_at = clock.utcnow() + backoff(config, message.attempts)
        log.error("could not send e-mail %r to %s (attempt %d, next at %s): %s",
                  subject, message.recipient, message.attempts, utc_iso(retry_at),
                  exc)
        db.session.execute(update(OutboxMessage).where(OutboxMessage.id == message.id).values(
            next_attempt_at=retry_at, last_error=str(exc)[:500]))
        db.session.commit()
        return 0
    db.session.execute(delete(OutboxMessage).where(OutboxMessage.id == message.id))
    db.session.commit()
    return 1


# --- the sender thread of a serving process ---

class Sender:
    """A daemon thread delivering `app`'s outbox: woken after a commit that queued mail, and
    every MAIL_POLL_INTERVAL seconds for retries and for mail queued by other processes."""

    def __init__(self, app):
        self.app = app
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._idle = threading.Condition()
        self._busy = False
        self._thread = threading.Thread(target=self._run, name="mail-sender", daemon=True)

    def start(self):
        self._thread.start()
        return self

    def wake(self):
        self._wake.set()

    def stop(self, timeout=10):
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)

    def wait_idle(self, timeout=10):
        """Wait until no delivery round is running or asked for (tests: what was queued and
        committed has been handed to SMTP, or failed)."""
        with self._idle:
            self._idle.wait_for(lambda: not self._busy and not self._wake.is_set(), timeout)

    def _run(self):
        interval = self.app.config["MAIL_POLL_INTERVAL"]
        while not self._stop.is_set():
            with self._idle:
                self._wake.clear()
                self._busy = True
            try:
                with self.app.app_context():
                    deliver_due()
            except Exception:  # the database is away, say: try again at the next round
                log.exception("mail sender round failed")
            finally:
                with self._idle:
                    self._busy = False
                    self._idle.notify_all()
            self._wake.wait(interval)


def sender_of(app, start=True) -> Sender | None:
    """The app's sender thread in this process, started on first use (serving processes only:
    wsgi.py at start-up, else the first message queued; CLI commands never start one)."""
    sender = app.extensions.get("mail_sender")
    if sender is None and start and app.config["MAIL_SENDER_THREAD"]:
        with _start_lock:
            sender = app.extensions.get("mail_sender")
            if sender is None:
                sender = app.extensions["mail_sender"] = Sender(app).start()
                _running.append(sender)
    return sender


def stop_sender(app) -> None:
    sender = app.extensions.pop("mail_sender", None)
    if sender is not None:
        sender.stop()
        if sender in _running:
            _running.remove(sender)


def stop_all() -> None:
    """Stop every sender of this process (a test's apps, however they were made)."""
    with _start_lock:
        senders = list(_running)
    for sender in senders:
        stop_sender(sender.app)


def wake_after_commit(session, app) -> None:
    """Wake `app`'s sender once `session` commits (the message is not visible before)."""
    session.info["mail_sender"] = sender_of(app)


@event.listens_for(db.session, "after_commit")  # the app's sessions alone, not every one
def _wake_sender(session):
    sender = session.info.pop("mail_sender", None)
    if sender is not None:
        sender.wake()


@event.listens_for(db.session, "after_soft_rollback")
def _forget_sender(session, _previous_transaction):
    session.info.pop("mail_sender", None)

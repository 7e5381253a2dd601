"""The mail outbox (issue 11 item 3): mail leaves the request path, survives SMTP being down,
goes out once whatever the number of senders, and holds no token in clear."""
import tempfile
import threading
import time
import uuid

import pytest
import requests
from aiosmtpd.controller import Controller
from sqlalchemy import func, select, text

from bench import cluster
from core import outbox
from core.db import db
from core.models import OutboxMessage
from tests.conftest import AuthActions, MailSink, free_port, migrated_sqlite_copy

ORIGIN = "https://spa.test"


def queued(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(OutboxMessage))


def test_smtp_down_then_back_delivers_without_a_new_request(tmp_path, migrated_sqlite):
    """A real waitress process; the real SMTP sink is stopped, then started again on its port.
    The message queued while it was down goes out by the sender thread's retry alone."""
    sink, port = MailSink(), free_port()
    smtp = Controller(sink, hostname="127.0.0.1", port=port)
    smtp.start()
    smtp.stop()  # down: nothing listens on `port`
    env = cluster.service_env(
        migrated_sqlite_copy(migrated_sqlite, tmp_path, "outbox"), MAIL_SERVER="127.0.0.1",
        MAIL_PORT=port,
        MAIL_RETRY_BASE=0.2, MAIL_RETRY_MAX=0.5, MAIL_POLL_INTERVAL=0.1,
        ALLOWED_REDIRECT_ORIGINS=ORIGIN)
    email = f"{uuid.uuid4().hex[:10]}@example.com"
    with cluster.servers(1, env, tempfile.mkdtemp(dir=tmp_path)) as [server]:
        sent = requests.post(f"{server.url}/api/auth/send-magic-link",
                             json={"email": email, "redirectUrl": f"{ORIGIN}/done"}, timeout=30)
        assert sent.status_code == 200
        deadline = time.monotonic() + 20
        while "could not send e-mail" not in cluster.log_of(server):
            assert time.monotonic() < deadline, cluster.log_of(server)
            time.sleep(0.1)
        assert sink.messages == []

        smtp = Controller(sink, hostname="127.0.0.1", port=port)
        smtp.start()  # back, and no request is made from here on
        try:
            [message] = sink.wait_for(email)
            assert message["Subject"] == "Finish creating your account"
            assert "token=" in sink.last_link(email)
        finally:
            smtp.stop()
    log = cluster.log_of(server)
    assert "Traceback" not in log
    assert sink.last_token(email) not in log  # the failure is logged without the message


def test_a_message_is_delivered_once_by_concurrent_senders(make_app, mail):
    """Four senders drain one outbox at once (conditional claim on SQLite, FOR UPDATE SKIP
    LOCKED on PostgreSQL): every message arrives exactly once."""
    app = make_app(MAIL_SENDER_THREAD=False, ALLOWED_REDIRECT_ORIGINS=[ORIGIN])
    client = app.test_client()
    addresses = [f"user{i}@example.com" for i in range(24)]
    for email in addresses:
        body = {"email": email, "redirectUrl": f"{ORIGIN}/done"}
        assert client.post("/api/auth/send-magic-link", json=body).status_code == 200
    assert queued(app) == 24
    barrier = threading.Barrier(4)

    def sender():
        barrier.wait(timeout=10)
        with app.app_context():
            outbox.deliver_due()

    threads = [threading.Thread(target=sender) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(m["To"] for m in mail.messages) == sorted(addresses)
    assert queued(app) == 0  # delivered rows are deleted


def test_send_mail_command_drains_the_outbox(make_app, mail):
    """`flask --app app send-mail`: the worker's way, with no sender thread in the app."""
    app = make_app(MAIL_SENDER_THREAD=False)
    AuthActions(app.test_client()).sign_up("alice@example.com")
    assert queued(app) == 1 and mail.messages == []
    result = app.test_cli_runner().invoke(args=["send-mail"])
    assert result.exit_code == 0 and "1 e-mail(s) delivered" in result.output
    assert len(mail.to("alice@example.com")) == 1
    assert queued(app) == 0


def test_cli_commands_start_no_sender_thread(make_app):
    app = make_app()
    assert app.test_cli_runner().invoke(args=["purge-expired"]).exit_code == 0
    assert outbox.sender_of(app, start=False) is None


def test_a_queued_body_holds_no_token_in_clear(make_app, mail):
    app = make_app(MAIL_SENDER_THREAD=False)
    AuthActions(app.test_client()).sign_up("alice@example.com")
    with app.app_context():
        [stored] = db.session.execute(text("SELECT subject, body FROM mail_outbox")).all()
    assert stored.subject == "Verify your e-mail address"
    assert "token=" not in stored.body and "verify-email" not in stored.body
    assert "token=" in mail.last_body("alice@example.com")  # delivered in clear, over SMTP


def test_failures_back_off_exponentially_and_expired_mail_is_dropped(make_app, mail, clock,
                                                                    caplog):
    app = make_app(MAIL_SENDER_THREAD=False, MAIL_PORT=1, MAIL_RETRY_BASE=30,
                   MAIL_RETRY_MAX=100)
    AuthActions(app.test_client()).sign_up("alice@example.com")

    def state():
        with app.app_context():
            row = db.session.execute(select(OutboxMessage)).scalar_one()
            return row.attempts, (row.next_attempt_at - clock.now).total_seconds(), row.last_error

    waits = []
    for _ in range(4):
        with app.app_context():
            assert outbox.deliver_due() == 0
        attempts, wait, error = state()
        waits.append(wait)
        assert error  # why it failed, for an operator
        clock.advance(seconds=wait)
    assert waits == [30, 60, 100, 100]
    assert attempts == 4
    clock.advance(hours=24)
    with app.app_context():
        outbox.deliver_due()
    assert queued(app) == 0
    assert "dropped 1 undeliverable e-mail(s)" in caplog.text


@pytest.mark.parametrize("known", [True, False], ids=["unverified", "unknown"])
def test_send_verification_email_queues_the_same_row_for_any_address(make_app, mail, known):
    """The request writes one row whatever the address; the sender decides (no enumeration
    by timing: bench/enumeration.py measures it)."""
    app = make_app(MAIL_SENDER_THREAD=False)
    client = app.test_client()
    if known:
        AuthActions(client).sign_up("alice@example.com")
        with app.app_context():
            outbox.deliver_due()
        mail.messages.clear()
    before = queued(app)
    answer = client.post("/api/auth/send-verification-email",
                         json={"email": "alice@example.com"})
    assert answer.status_code == 200
    assert queued(app) == before + 1
    with app.app_context():
        outbox.deliver_due()
    assert len(mail.to("alice@example.com")) == (1 if known else 0)
    assert queued(app) == 0


def test_mail_send_is_kept_only_with_its_transaction(app, mail):
    """mail.send queues in the caller's transaction: a rollback sends nothing."""
    from core import mail as mailer
    with app.test_request_context():
        mailer.send("bob@example.com", "Hello", "body")
        db.session.rollback()
        mailer.send("carol@example.com", "Hello", "body")
        db.session.commit()
    assert mail.to("bob@example.com") == []
    assert len(mail.to("carol@example.com")) == 1

"""SMTP settings (contract section 4) against real aiosmtpd servers on loopback: the sender,
the login, implicit TLS (MAIL_USE_SSL) and STARTTLS (MAIL_USE_TLS)."""
import ipaddress
import logging
import ssl
from datetime import UTC, datetime, timedelta
from email.utils import parseaddr

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

import config
from app import create_app
from tests.conftest import (
    ISSUED_SECRETS,
    PASSWORD,
    AuthActions,
    MailSink,
    deliver_outbox,
    free_port,
    settings_for,
)

SMTP_USER = "mailer@app.test"
SMTP_PASSWORD = "smtp-pa55word-not-for-logs"
ISSUED_SECRETS.add(SMTP_PASSWORD)  # the run's log is searched for it (conftest)
# Loopback only: aiosmtpd warns that AUTH without TLS would expose the password on a network.
PLAIN_AUTH = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


class RecordingServer(MailSink):
    """MailSink that also notes the envelope sender, the TLS version of each delivery and the
    credentials of each AUTH attempt."""

    def __init__(self):
        super().__init__()
        self.envelope_senders = []
        self.tls_versions = []  # None for a delivery in clear text
        self.logins = []

    async def handle_DATA(self, server, session, envelope):
        self.envelope_senders.append(envelope.mail_from)
        ssl_object = server.transport.get_extra_info("ssl_object")
        self.tls_versions.append(ssl_object.version() if ssl_object else None)
        return await super().handle_DATA(server, session, envelope)

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        login, password = auth_data.login.decode(), auth_data.password.decode()
        self.logins.append((login, password))
        ok = (login, password) == (SMTP_USER, SMTP_PASSWORD)
        return AuthResult(success=ok, handled=False)  # a refusal answers 535


@pytest.fixture
def smtp_server(smtp_sink, make_app):
    """Start a recording aiosmtpd server on loopback with the given SMTP parameters."""
    controllers = []

    def start(**smtp_parameters):
        server = RecordingServer()
        server.apps = smtp_sink[0].apps  # reading it delivers the test's outboxes first
        if "authenticator" in smtp_parameters:
            smtp_parameters["authenticator"] = server.authenticate
        controller = Controller(server, hostname="127.0.0.1", port=free_port(),
                                **smtp_parameters)
        controller.start()
        controllers.append(controller)
        return server, controller.port

    yield start
    for controller in controllers:
        controller.stop()


@pytest.fixture(scope="session")
def server_tls_context(tmp_path_factory):
    """A server context with a self-signed certificate for 127.0.0.1, made for this run."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(UTC)
    cert = (x509.CertificateBuilder()
            .subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(minutes=5))
            .not_valid_after(now + timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([
                x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                x509.DNSName("localhost")]), critical=False)
            .sign(key, hashes.SHA256()))
    folder = tmp_path_factory.mktemp("smtp-tls")
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_path, key_path)
    context.certificate_path = cert_path
    return context


@pytest.fixture
def trusted(server_tls_context, monkeypatch):
    """The service trusts the test certificate as operators trust a private CA."""
    monkeypatch.setenv("SSL_CERT_FILE", str(server_tls_context.certificate_path))


def sign_up(app, email="alice@example.com"):
    """Sign up, then deliver the verification e-mail it queued (the outbox)."""
    answer = AuthActions(app.test_client()).sign_up(email)
    deliver_outbox(app)
    return answer


def sign_in_status(app, email="alice@example.com"):
    body = {"email": email, "password": PASSWORD}
    return app.test_client().post("/api/auth/sign-in", json=body).status_code


def assert_not_sent_and_logged(caplog, server):
    assert server.messages == []
    assert any(r.levelno == logging.ERROR and "could not send e-mail" in r.getMessage()
               for r in caplog.records)


def test_the_verification_email_comes_from_mail_default_sender(make_app, smtp_server):
    server, port = smtp_server()
    app = make_app(MAIL_PORT=port, MAIL_DEFAULT_SENDER="Accounts <accounts@app.test>")
    sign_up(app)
    [message] = server.to("alice@example.com")
    assert parseaddr(message["From"]) == ("Accounts", "accounts@app.test")
    assert server.envelope_senders == ["accounts@app.test"]
    assert message["Subject"] == "Verify your e-mail address"
    assert server.last_link("alice@example.com").startswith("http://app.test/verify-email?token=")


def test_the_default_sender_is_no_reply_at_localhost(make_app, smtp_server, monkeypatch):
    monkeypatch.delenv("MAIL_DEFAULT_SENDER", raising=False)
    server, port = smtp_server()
    sign_up(make_app(MAIL_PORT=port))
    assert server.to("alice@example.com")[0]["From"] == "no-reply@localhost"
    assert server.envelope_senders == ["no-reply@localhost"]


def test_the_default_mail_port_is_25(tmp_path, monkeypatch):
    # Not a delivery: a server on port 25 needs root and collides with a local MTA.
    monkeypatch.delenv("MAIL_PORT", raising=False)
    settings = settings_for(tmp_path, 0)
    del settings["MAIL_PORT"]
    assert config.defaults()["MAIL_PORT"] == 25
    assert create_app(settings).config["MAIL_PORT"] == 25


@PLAIN_AUTH
def test_mail_username_and_password_log_in(make_app, smtp_server):
    server, port = smtp_server(authenticator=True, auth_required=True, auth_require_tls=False)
    app = make_app(MAIL_PORT=port, MAIL_USERNAME=SMTP_USER, MAIL_PASSWORD=SMTP_PASSWORD)
    sign_up(app)
    assert server.logins == [(SMTP_USER, SMTP_PASSWORD)]
    assert len(server.to("alice@example.com")) == 1
    assert server.tls_versions == [None]


def test_without_mail_username_no_login_is_attempted(make_app, smtp_server):
    server, port = smtp_server(authenticator=True, auth_require_tls=False)
    sign_up(make_app(MAIL_PORT=port))
    assert server.logins == []
    assert len(server.to("alice@example.com")) == 1


@PLAIN_AUTH
def test_a_refused_login_keeps_the_account_and_is_logged(make_app, smtp_server, caplog):
    server, port = smtp_server(authenticator=True, auth_required=True, auth_require_tls=False)
    app = make_app(MAIL_PORT=port, MAIL_USERNAME=SMTP_USER, MAIL_PASSWORD="wrong-password")
    sign_up(app)
    # smtplib tries each mechanism the server offers (PLAIN, then LOGIN) before giving up.
    assert set(server.logins) == {(SMTP_USER, "wrong-password")}
    assert_not_sent_and_logged(caplog, server)
    assert sign_in_status(app) == 200


def test_mail_use_ssl_sends_over_implicit_tls(make_app, smtp_server, server_tls_context,
                                              trusted):
    server, port = smtp_server(ssl_context=server_tls_context)
    sign_up(make_app(MAIL_PORT=port, MAIL_USE_SSL=True))
    assert len(server.to("alice@example.com")) == 1
    assert server.tls_versions[0] in ("TLSv1.2", "TLSv1.3")


def test_mail_use_tls_upgrades_with_starttls_before_logging_in(make_app, smtp_server,
                                                               server_tls_context, trusted):
    # aiosmtpd refuses AUTH and MAIL before STARTTLS here (auth_require_tls defaults to True).
    server, port = smtp_server(tls_context=server_tls_context, require_starttls=True,
                               authenticator=True, auth_required=True)
    app = make_app(MAIL_PORT=port, MAIL_USE_TLS=True, MAIL_USERNAME=SMTP_USER,
                   MAIL_PASSWORD=SMTP_PASSWORD)
    sign_up(app)
    assert server.logins == [(SMTP_USER, SMTP_PASSWORD)]
    assert len(server.to("alice@example.com")) == 1
    assert server.tls_versions[0] in ("TLSv1.2", "TLSv1.3")


def test_without_mail_use_tls_a_server_requiring_starttls_refuses(make_app, smtp_server,
                                                                  server_tls_context, caplog):
    server, port = smtp_server(tls_context=server_tls_context, require_starttls=True)
    app = make_app(MAIL_PORT=port)
    sign_up(app)
    assert_not_sent_and_logged(caplog, server)
    assert sign_in_status(app) == 200


def test_an_untrusted_certificate_over_implicit_tls_gets_no_mail(
        make_app, smtp_server, server_tls_context, caplog, monkeypatch):
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    server, port = smtp_server(ssl_context=server_tls_context)
    app = make_app(MAIL_PORT=port, MAIL_USE_SSL=True)
    sign_up(app)
    assert_not_sent_and_logged(caplog, server)
    assert sign_in_status(app) == 200


def test_an_untrusted_certificate_after_starttls_gets_no_password(
        make_app, smtp_server, server_tls_context, caplog, monkeypatch):
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    server, port = smtp_server(tls_context=server_tls_context, require_starttls=True,
                               authenticator=True, auth_required=True)
    app = make_app(MAIL_PORT=port, MAIL_USE_TLS=True, MAIL_USERNAME=SMTP_USER,
                   MAIL_PASSWORD=SMTP_PASSWORD)
    sign_up(app)
    assert server.logins == []
    assert_not_sent_and_logged(caplog, server)
    assert sign_in_status(app) == 200

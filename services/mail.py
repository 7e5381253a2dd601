"""Outgoing e-mail over SMTP (contract section 4); written to the log when no server is set."""
import logging
import smtplib
import ssl
from email.message import EmailMessage
from functools import partial
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import current_app

log = logging.getLogger(__name__)


def with_query(url: str, **params) -> str:
    """`url` with `params` added to its query string, keeping the query it already has."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True) + list(params.items())
    return urlunsplit(parts._replace(query=urlencode(query)))


def send(to: str, subject: str, body: str) -> bool:
    """Send a plain-text message; False (and a logged error) when the server refuses or is down.

    A failure never raises: the caller has already committed what the message refers to,
    and the user can ask for a new message later.
    """
    config = current_app.config
    message = EmailMessage()
    message["From"] = config["MAIL_DEFAULT_SENDER"]
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    if not config["MAIL_SERVER"]:
        # Development: no server configured, so the developer reads the link from the log.
        log.info("e-mail (no MAIL_SERVER set) to %s: %s\n%s", to, subject, body)
        return True
    # The server's certificate and host name are checked against the system's CAs (or the
    # bundle SSL_CERT_FILE names); smtplib checks neither unless given a context.
    tls = ssl.create_default_context()
    connect = partial(smtplib.SMTP_SSL, context=tls) if config["MAIL_USE_SSL"] else smtplib.SMTP
    try:
        with connect(config["MAIL_SERVER"], config["MAIL_PORT"],
                     timeout=config["MAIL_TIMEOUT"]) as smtp:
            if config["MAIL_USE_TLS"]:
                smtp.starttls(context=tls)
            if config["MAIL_USERNAME"]:
                smtp.login(config["MAIL_USERNAME"], config["MAIL_PASSWORD"])
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("could not send e-mail %r to %s: %s", subject, to, exc)
        return False
    return True

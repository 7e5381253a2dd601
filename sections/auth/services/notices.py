"""Security notices (extensions E1.4): one e-mail per security change of an account, queued
through the mail outbox, never holding a token or secret; each names the event, its time (UTC),
the client address and user agent. SECURITY_NOTICES=false turns them all off."""
from flask import current_app

from core import clock, mail
from core.fields import utc_iso
from sections.auth.services import security_log

# event: (subject, the sentence that names it). `api_key_create` is written by API keys.
EVENTS = {
    "password_change": ("Your password was changed", "The password of your account was changed."),
    "password_reset": ("Your password was reset",
                       "The password of your account was reset with a link sent by e-mail."),
    "email_change_request": ("A change of your e-mail address was requested",
                             "Someone signed in to your account asked to change its e-mail "
                             "address to {to}. It changes only once the link sent to that "
                             "address is opened."),
    "email_change": ("Your e-mail address was changed",
                     "The e-mail address of your account was changed from {from} to {to}. "
                     "This address no longer signs in."),
    "two_factor_enable": ("Two-factor authentication was turned on",
                          "Two-factor authentication was turned on for your account."),
    "two_factor_disable": ("Two-factor authentication was turned off",
                           "Two-factor authentication was turned off for your account."),
    "passkey_add": ("A passkey was added", "A passkey was added to your account."),
    "passkey_remove": ("A passkey was removed", "A passkey was removed from your account."),
    "api_key_create": ("An API key was created", "An API key was created for your account."),
    "sign_in_new_address": ("New sign-in to your account",
                            "Your account was signed in to from an address it has not been "
                            "signed in from in the last 30 days."),
}


def enabled() -> bool:
    return current_app.config["SECURITY_NOTICES"]


def notify(user, event: str, *, to: str | None = None, details: dict | None = None) -> None:
    """Queue the notice of `event` to the account's address (or `to`: the old address of an
    e-mail change) in the current transaction; the caller's commit sends it. `details` fills
    the sentence's placeholders (`to`, `from` of an e-mail change): addresses, never secrets."""
    if event not in EVENTS:
        raise ValueError(f"unknown security notice {event!r}")
    if not enabled():
        return
    subject, sentence = EVENTS[event]
    mail.send(to or user.email, subject, body(sentence.format_map(details or {})))


def body(sentence: str) -> str:
    address, agent = security_log.client()
    return (f"{sentence}\n\n"
            f"When: {utc_iso(clock.utcnow())} (UTC)\n"
            f"Client address: {address or 'unknown'}\n"
            f"User agent: {agent or 'unknown'}\n\n"
            "If this was you, there is nothing to do. If it was not, change your password "
            "now and review your account's sessions and security events.\n")

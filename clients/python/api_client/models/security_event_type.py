from typing import Literal

SecurityEventType = Literal[
    "api_key_create",
    "api_key_revoke",
    "email_change",
    "email_change_request",
    "impersonation_start",
    "oauth_grant",
    "oauth_refresh_reuse",
    "oauth_revoke",
    "passkey_add",
    "passkey_remove",
    "password_change",
    "password_reset",
    "session_revoke",
    "sign_in",
    "sign_in_failed",
    "sign_out",
    "two_factor_disable",
    "two_factor_enable",
]

SECURITY_EVENT_TYPE_VALUES: set[SecurityEventType] = {
    "api_key_create",
    "api_key_revoke",
    "email_change",
    "email_change_request",
    "impersonation_start",
    "oauth_grant",
    "oauth_refresh_reuse",
    "oauth_revoke",
    "passkey_add",
    "passkey_remove",
    "password_change",
    "password_reset",
    "session_revoke",
    "sign_in",
    "sign_in_failed",
    "sign_out",
    "two_factor_disable",
    "two_factor_enable",
}


def check_security_event_type(value: str) -> SecurityEventType:
    if value in SECURITY_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SECURITY_EVENT_TYPE_VALUES!r}")

from typing import Literal

ListUserSecurityEventsType = Literal[
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

LIST_USER_SECURITY_EVENTS_TYPE_VALUES: set[ListUserSecurityEventsType] = {
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


def check_list_user_security_events_type(value: str) -> ListUserSecurityEventsType:
    if value in LIST_USER_SECURITY_EVENTS_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USER_SECURITY_EVENTS_TYPE_VALUES!r}"
    )

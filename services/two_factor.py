"""Second factor at sign-in (contract section 5, two-factor). Placeholder until TOTP lands."""


def check_sign_in(user, code: str | None) -> None:
    """Raise APIError 401 TOTP_REQUIRED / INVALID_TOTP when `user` has two-factor on and `code`
    is missing or not accepted; accept a recovery code once in place of a TOTP code."""
    return None

"""The auth section's refusals, named with the contract's codes (contract sections 3-6, 9).
Each takes its status from the core outcome it extends (core/errors.py OUTCOMES)."""
from core.outcomes import (
    BadGateway,
    Conflict,
    Forbidden,
    Invalid,
    InvalidToken,
    NotFound,
    TooManyRequests,
    Unauthenticated,
)

WRONG_TOTP = "Invalid, expired or already used two-factor code"
WRONG_PASSKEY = "The passkey response could not be verified"


# --- accounts and sign-in ---

class UserExists(Conflict):
    code = "USER_ALREADY_EXISTS"
    message = "A user with this email already exists"


class InvalidCredentials(Unauthenticated):
    """Sign-in: one answer for an unknown e-mail and a wrong password."""

    code = "INVALID_CREDENTIALS"
    message = "Invalid email or password"


class WrongPassword(Invalid):
    """The current password of a signed-in account (400: the session stays valid)."""

    code = "INVALID_CREDENTIALS"
    message = "The current password is wrong"


class ReauthenticationRequired(Forbidden):
    """Deleting the account needs its password, a two-factor code, or a session made within
    REAUTHENTICATION_WINDOW."""

    code = "REAUTHENTICATION_REQUIRED"


class UserBanned(Forbidden):
    """The credential checks out but the account is banned; the message gives the reason."""

    code = "USER_BANNED"


class TooManyFailures(TooManyRequests):
    """The account's cap on failed credential checks is reached (contract section 6)."""

    message = "Too many failed attempts for this account, retry later"

    def __init__(self, retry_after: int):
        super().__init__(headers={"Retry-After": str(retry_after)})


# --- two-factor ---

class TotpRequired(Unauthenticated):
    code = "TOTP_REQUIRED"
    message = "A two-factor code (totpCode) is required"


class TotpRefused(Unauthenticated):
    """A wrong second factor at sign-in (401: no session starts)."""

    code = "INVALID_TOTP"
    message = WRONG_TOTP


class InvalidTotp(Invalid):
    """A wrong code where the caller is signed in: enrolment, disabling, deletion (400)."""

    code = "INVALID_TOTP"
    message = WRONG_TOTP


class TwoFactorAlreadyEnabled(Conflict):
    code = "TWO_FACTOR_ALREADY_ENABLED"
    message = "Two-factor authentication is already on"


class TwoFactorNotEnabled(Invalid):
    code = "TWO_FACTOR_NOT_ENABLED"
    message = "Two-factor authentication is not on"


# --- passkeys ---

class InvalidChallenge(InvalidToken):
    code = "INVALID_CHALLENGE"
    message = "Unknown, used or expired challengeId"


class InvalidPasskey(Invalid):
    """A registration response that does not verify (400)."""

    code = "INVALID_PASSKEY"
    message = WRONG_PASSKEY


class PasskeyRefused(Unauthenticated):
    """A sign-in assertion that does not verify (401)."""

    code = "INVALID_PASSKEY"
    message = WRONG_PASSKEY


# --- OAuth ---

class ProviderNotConfigured(NotFound):
    """This server has no client id and secret for the OAuth provider."""

    code = "OAUTH_PROVIDER_NOT_CONFIGURED"


class OAuthError(Invalid):
    """A bad state, a provider's refusal or no verified e-mail, without a redirectUrl."""

    code = "OAUTH_ERROR"


class ProviderUnavailable(BadGateway):
    """The OAuth provider failed or could not be reached."""

    code = "OAUTH_PROVIDER_UNAVAILABLE"


# --- API keys and impersonation (extensions.md E2.2, E2.3) ---

class InsufficientScope(Forbidden):
    """An API key used where its scopes do not reach (in the envelope of the path)."""

    code = "INSUFFICIENT_SCOPE"
    message = "This API key does not reach this endpoint"


class ImpersonationForbidden(Forbidden):
    """A security change asked for through an impersonation session."""

    code = "IMPERSONATION_FORBIDDEN"
    message = "An impersonation session cannot make security changes to the account"

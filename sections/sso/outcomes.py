"""Single sign-on's own refusals (extensions.md E4's table), with their contract codes."""
from core.outcomes import BadGateway, Forbidden, Invalid, NotFound


class SsoNotConfigured(NotFound):
    """GET /api/auth/sso for an address or connection with no active single sign-on."""

    code = "SSO_NOT_CONFIGURED"


class SsoError(Invalid):
    """An SSO callback or assertion that fails: bad or used state, the provider's error, a
    token or assertion that does not validate, an address outside the verified domains."""

    code = "SSO_ERROR"


class SsoRequired(Forbidden):
    """A member bound by the project's `ssoRequired` without a session from one of its ACTIVE
    connections (an API key never is one): sign in through `GET /api/auth/sso` first."""

    code = "SSO_REQUIRED"
    message = ("This project requires single sign-on: sign in through the project's identity "
               "provider (GET /api/auth/sso) to reach it")


class SsoProviderUnavailable(BadGateway):
    """The identity provider cannot be reached (sign-in start or callback)."""

    code = "SSO_PROVIDER_UNAVAILABLE"

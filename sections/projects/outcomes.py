"""The projects section's own refusals (extensions.md E4.2), with their contract codes."""
from core.outcomes import Forbidden


class SsoRequired(Forbidden):
    """A member bound by the project's `ssoRequired` without a session from one of its ACTIVE
    connections (an API key never is one): sign in through `GET /api/auth/sso` first."""

    code = "SSO_REQUIRED"
    message = ("This project requires single sign-on: sign in through the project's identity "
               "provider (GET /api/auth/sso) to reach it")

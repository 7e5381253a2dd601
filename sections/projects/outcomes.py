"""The projects section's own refusals."""
from core.outcomes import Forbidden


class OauthClientNotAllowed(Forbidden):
    """An OAuth token of a client that the project's `oauthClients` does not name (extensions.md
    E5.8): to it the project is one its user is not a member of, and its own paths say why."""

    code = "OAUTH_CLIENT_NOT_ALLOWED"
    message = ("This project does not allow this app: its owner lists the OAuth clients that "
               "may reach it (oauthClients)")

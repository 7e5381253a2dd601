"""A project's allowed clients (extensions.md E5.8, `oauthClients`): the gate that holds a
member out of the project on a request made with an OAuth access token of a client the list
does not name. A session or an API key is no client's: the gate never holds it out.

The token's client is read from the credential the bearer step resolved (its `token`, with
`client_id`); the list is the project's own column (models.ClientIds: each id between spaces),
so one statement finds every such project of the caller, from its memberships."""
from sqlalchemy import String, Text, and_, bindparam, func, literal, select, type_coerce

from core.policy import Gate
from sections.projects.models import Membership, Project
from sections.projects.outcomes import OauthClientNotAllowed

CLIENTS_MAX = 50  # ids a project names at most
CLIENT_ID_MAX = 2000  # a client id's length at most (a metadata document's URL)
DOCUMENTED = (403, "OAUTH_CLIENT_NOT_ALLOWED: the caller came with an OAuth token of a client "
                   "the project's oauthClients does not name (extensions.md E5.8)")


def gate() -> Gate:
    """hooks.PROJECT_GATES: the caller's projects whose list does not name the token's client
    (a null client, no token, matches none)."""
    client = bindparam("client_id", type_=String)
    listed = type_coerce(Project.oauth_clients, Text)
    needle = literal(" ", String) + client + literal(" ", String)
    statement = (select(Project.id)
                 .join(Membership, and_(Membership.project_id == Project.id,
                                        Membership.user_id == bindparam("user_id",
                                                                        type_=String)))
                 .where(listed.is_not(None), client.is_not(None),
                        func.replace(listed, needle, literal("", String)) == listed))
    return Gate("oauth_clients", statement, params, OauthClientNotAllowed, DOCUMENTED)


def params(who) -> dict:
    token = getattr(who.credential, "token", None)
    return {"user_id": who.id, "client_id": getattr(token, "client_id", None)}

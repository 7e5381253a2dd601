"""Every OAuth client for admins (extensions.md E5.2): list them with their grant counts, and
disable one (its tokens stop at once) or let a resource server introspect every token."""
from core.access import guard, roles_required
from core.bearer import current_session
from core.db import db
from core.fields import data_schema
from sections.admin.routes import blp
from sections.oauth import operators
from sections.oauth.schemas import (
    AdminClientChangeSchema,
    AdminClientListArgs,
    AdminClientPageSchema,
    AdminClientSchema,
)


@blp.get("/oauth-clients")
@blp.doc(operationId="listAdminOAuthClients")
@blp.response(200, AdminClientPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@roles_required("admin")
@blp.arguments(AdminClientListArgs, location="query")
def list_oauth_clients(args):
    """List every OAuth client, of every kind, with its number of live grants."""
    page = operators.page(args)
    return page.answer([operators.answer(client, grants) for client, grants in page.items])


@blp.patch("/oauth-clients/<client_id>")
@blp.doc(operationId="updateAdminOAuthClient")
@blp.response(200, data_schema(AdminClientSchema))
@blp.errors((400, "VALIDATION_ERROR (mayIntrospect for a public client included)"))
@roles_required("admin")
@guard("oauth_client", "change", arg="client_id", lock=True)
@blp.arguments(AdminClientChangeSchema)
def update_oauth_client(data, oauth_client):
    """Disable or enable a client (its tokens stop at once), or let it introspect every token."""
    operators.update(oauth_client, current_session().user_id, data)
    answer = operators.answer(oauth_client, operators.grants_of(oauth_client))
    db.session.commit()
    return {"data": answer}

"""A project's SSO connections under /api/projects/{id}/sso-connections (extensions.md E4.2):
its owner (or a platform admin) manages them, a project admin reads them."""
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from sections.sso import connections
from sections.sso.schemas import (
    ConnectionCreateSchema,
    ConnectionDataSchema,
    ConnectionListArgs,
    ConnectionPageSchema,
    ConnectionUpdateSchema,
)

blp = ApiBlueprint("sso_connections", __name__, url_prefix="/api/projects",
                   description="A project's single sign-on connections (extensions.md E4.2)")

PATH = "/<project_id>/sso-connections"
NO_CONNECTION = (404, "NOT_FOUND: no such SSO connection in the project")
LAST_ACTIVE = (409, "CONFLICT: the project requires SSO and this is its last ACTIVE connection")


@blp.get(PATH)
@blp.doc(operationId="listSsoConnections")
@blp.response(200, ConnectionPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@guard("project", "read_sso")
@blp.arguments(ConnectionListArgs, location="query")
def list_connections(args, project):
    """List the project's SSO connections (owner and admins)."""
    page = connections.page(project.id, args)
    return page.answer([connections.answer(row) for row in page.items])


@blp.post(PATH)
@blp.doc(operationId="createSsoConnection")
@blp.response(201, ConnectionDataSchema)
@blp.errors((400, "VALIDATION_ERROR: a missing or bad field; issuer when the provider's "
                  "discovery document cannot be read or does not match; idpMetadataXml"),
            (409, "CONFLICT: the project has 5 connections"))
@login_required
@guard("project", "manage_sso", lock=True)
@blp.arguments(ConnectionCreateSchema)
def create_connection(data, project):
    """Connect an OIDC or SAML identity provider to the project (its owner)."""
    connection = connections.create(project, policies.caller(), data)
    answer = connections.answer(connection)
    db.session.commit()
    return {"data": answer}


@blp.get(f"{PATH}/<connection_id>")
@blp.doc(operationId="getSsoConnection")
@blp.response(200, ConnectionDataSchema)
@blp.errors(NO_CONNECTION)
@login_required
@guard("project", "read_sso")
def get_connection(project, connection_id):
    """Return one of the project's SSO connections."""
    return {"data": connections.answer(connections.find(project.id, connection_id))}


@blp.patch(f"{PATH}/<connection_id>")
@blp.doc(operationId="updateSsoConnection")
@blp.response(200, ConnectionDataSchema)
@blp.errors(NO_CONNECTION, (400, "VALIDATION_ERROR: a bad field, or one of the other type"),
            LAST_ACTIVE)
@login_required
@guard("project", "manage_sso", lock=True)
@blp.arguments(ConnectionUpdateSchema)
def update_connection(data, project, connection_id):
    """Rename, deactivate or reactivate a connection, or replace its secret or metadata."""
    connection = connections.update(project, policies.caller(), connection_id, data)
    answer = connections.answer(connection)
    db.session.commit()
    return {"data": answer}


@blp.delete(f"{PATH}/<connection_id>")
@blp.doc(operationId="deleteSsoConnection")
@blp.response(204)
@blp.errors(NO_CONNECTION, LAST_ACTIVE)
@login_required
@guard("project", "manage_sso", lock=True)
def delete_connection(project, connection_id):
    """Delete a connection; the sessions it made end."""
    connections.remove(project, policies.caller(), connection_id)
    db.session.commit()
    return None

"""SCIM tokens under /api/projects/{id}/scim-tokens (extensions.md E4.3), in the general
envelope: the owner creates and revokes, admins read."""
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from sections.scim import tokens
from sections.scim.schemas import (
    ScimTokenCreatedSchema,
    ScimTokenCreateSchema,
    ScimTokenListArgs,
    ScimTokenPageSchema,
)

blp = ApiBlueprint("scim_tokens", __name__, url_prefix="/api/projects",
                   description="A project's SCIM tokens (extensions.md E4.3)")


@blp.post("/<project_id>/scim-tokens")
@blp.doc(operationId="createScimToken")
@blp.response(201, ScimTokenCreatedSchema)
@blp.errors((400, "VALIDATION_ERROR"),
            (409, "CONFLICT: the project already holds 5 SCIM tokens"))
@login_required
@guard("project", "manage_tokens", lock=True)
@blp.arguments(ScimTokenCreateSchema)
def create_scim_token(data, project):
    """Create a SCIM token for the project; the token itself is shown only in this answer."""
    row, token = tokens.create(project, policies.caller().id, data["name"])
    db.session.commit()
    return {"data": tokens.answer(row), "token": token}


@blp.get("/<project_id>/scim-tokens")
@blp.doc(operationId="listScimTokens")
@blp.response(200, ScimTokenPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@guard("project", "read_tokens")
@blp.arguments(ScimTokenListArgs, location="query")
def list_scim_tokens(args, project):
    """List the project's SCIM tokens (never a token itself)."""
    page = tokens.page(project.id, args)
    return page.answer([tokens.answer(row) for row in page.items])


@blp.delete("/<project_id>/scim-tokens/<token_id>")
@blp.doc(operationId="revokeScimToken")
@blp.response(204)
@login_required
@guard("project", "manage_tokens")
def revoke_scim_token(project, token_id):
    """Revoke a SCIM token: the SCIM service answers it 401 from then on."""
    tokens.revoke(project, policies.caller().id, token_id)
    db.session.commit()
    return None

"""Invitations (resources.md R3): the owner's under /api/projects/{id}/invitations, the
addressee's under /api/invitations. Checks in R1's order, as in blueprints/projects.py."""
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import BEARER, ApiBlueprint
from core.db import db
from core.fields import TokenSchema
from sections.projects import invitations
from sections.projects import service as projects
from sections.projects.routes import BAD_INPUT, NO_BEARER, NOT_OWNER, NOT_VISIBLE
from sections.projects.schemas import (
    InvitationCreateSchema,
    InvitationDataSchema,
    InvitationListArgs,
    InvitationPageSchema,
    MyInvitationListArgs,
    MyInvitationPageSchema,
    ProjectDataSchema,
)

blp = ApiBlueprint("invitations", __name__, url_prefix="/api",
                   description="Invitations to projects (resources.md R3)")

BAD_TOKEN = (400, "INVALID_TOKEN: unknown, used, revoked or expired; or VALIDATION_ERROR")
NOT_ADDRESSEE = (403, "FORBIDDEN: addressed to another e-mail; EMAIL_NOT_VERIFIED")


@blp.post("/projects/<project_id>/invitations")
@blp.doc(operationId="createInvitation", **BEARER)
@blp.response(201, InvitationDataSchema)
@blp.errors(NO_BEARER, NOT_VISIBLE, NOT_OWNER, (400, "VALIDATION_ERROR naming email"),
            (409, "CONFLICT: the address belongs to a member"))
@login_required
@guard("project", "change")
@blp.arguments(InvitationCreateSchema)
def create_invitation(data, project):
    """Invite an e-mail address to the project (replacing its pending invitation)."""
    answer = invitations.invite(project, policies.caller(), data["email"])
    db.session.commit()
    return {"data": answer}


@blp.get("/projects/<project_id>/invitations")
@blp.doc(operationId="listProjectInvitations", **BEARER)
@blp.response(200, InvitationPageSchema)
@blp.errors(NO_BEARER, NOT_VISIBLE, NOT_OWNER, BAD_INPUT)
@login_required
@guard("project", "change")
@blp.arguments(InvitationListArgs, location="query", as_kwargs=True)
def list_project_invitations(project, **args):
    """List the project's invitations (its owner)."""
    return invitations.list_for_project(project.id, policies.caller(), args)


@blp.delete("/projects/<project_id>/invitations/<invitation_id>")
@blp.doc(operationId="revokeInvitation", **BEARER)
@blp.response(204)
@blp.errors(NO_BEARER, (404, "NOT_FOUND: no such project or invitation"), NOT_OWNER,
            (409, "CONFLICT: the invitation is no longer pending"))
@login_required
@guard("project", "change")
def revoke_invitation(project, invitation_id):
    """Revoke a pending invitation: its link stops working."""
    invitations.revoke(project.id, invitation_id)
    db.session.commit()


@blp.get("/invitations")
@blp.doc(operationId="listMyInvitations", **BEARER)
@blp.response(200, MyInvitationPageSchema)
@blp.errors(NO_BEARER, BAD_INPUT)
@login_required
@blp.arguments(MyInvitationListArgs, location="query", as_kwargs=True)
def list_my_invitations(**args):
    """List the pending invitations addressed to the caller's verified e-mail."""
    return invitations.list_mine(policies.caller(), args)


@blp.post("/invitations/accept")
@blp.doc(operationId="acceptInvitation", **BEARER)
@blp.response(200, ProjectDataSchema)
@blp.errors(NO_BEARER, BAD_TOKEN, NOT_ADDRESSEE, (409, "CONFLICT: already a member"))
@login_required
@blp.arguments(TokenSchema)
def accept_invitation(data):
    """Join the project of an invitation with its e-mailed token."""
    who = policies.caller()
    project_id = invitations.accept(data["token"], who)
    answer = {"data": projects.answer(projects.find(project_id, who), who)}
    db.session.commit()
    return answer


@blp.post("/invitations/decline")
@blp.doc(operationId="declineInvitation", **BEARER)
@blp.response(200, InvitationDataSchema)
@blp.errors(NO_BEARER, BAD_TOKEN, NOT_ADDRESSEE)
@login_required
@blp.arguments(TokenSchema)
def decline_invitation(data):
    """Decline an invitation with its e-mailed token."""
    answer = invitations.decline(data["token"], policies.caller())
    db.session.commit()
    return {"data": answer}

"""Invitations (resources.md R3): the owner's under /api/projects/{id}/invitations, the
addressee's under /api/invitations. Checks in R1's order, as in routes.py."""
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import TokenSchema
from sections.projects import invitations
from sections.projects.routes import BAD_INPUT, project_answer
from sections.projects.rules import relations_of_role
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
@blp.doc(operationId="createInvitation")
@blp.response(201, InvitationDataSchema)
@blp.errors((403, "FORBIDDEN: an admin inviting an admin"),
            (400, "VALIDATION_ERROR naming email or role"),
            (409, "CONFLICT: the address belongs to a member"))
@login_required
@guard("project", "invite", then=invitations.check_role)
@blp.arguments(InvitationCreateSchema)
def create_invitation(data, project):
    """Invite an e-mail address to the project as a member or admin (replacing its pending
    invitation)."""
    who = policies.caller()
    invitation = invitations.invite(project, who, data["email"], data["role"])
    db.session.commit()
    return {"data": invitations.answer(invitation, who, relations_of_role(project.role, who))}


@blp.get("/projects/<project_id>/invitations")
@blp.doc(operationId="listProjectInvitations")
@blp.response(200, InvitationPageSchema)
@blp.errors(BAD_INPUT)
@login_required
@guard("project", "invite")
@blp.arguments(InvitationListArgs, location="query")
def list_project_invitations(args, project):
    """List the project's invitations (its owner or an admin)."""
    who = policies.caller()
    relations = relations_of_role(project.role, who)
    page = invitations.project_invitations_page(project.id, args)
    return page.answer([invitations.answer(row, who, relations) for row in page.items])


@blp.delete("/projects/<project_id>/invitations/<invitation_id>")
@blp.doc(operationId="revokeInvitation")
@blp.response(204)
@blp.errors((404, "NOT_FOUND: no such invitation"),
            (409, "CONFLICT: the invitation is no longer pending"))
@login_required
@guard("project", "invite")
def revoke_invitation(project, invitation_id):
    """Revoke a pending invitation: its link stops working."""
    invitations.revoke(project.id, invitation_id)
    db.session.commit()
    return None


@blp.get("/invitations")
@blp.doc(operationId="listMyInvitations")
@blp.response(200, MyInvitationPageSchema)
@blp.errors(BAD_INPUT)
@login_required
@blp.arguments(MyInvitationListArgs, location="query")
def list_my_invitations(args):
    """List the pending invitations addressed to the caller's verified e-mail."""
    who = policies.caller()
    page = invitations.my_invitations_page(who, args)
    return page.answer([invitations.my_answer(row, who) for row in page.items])


@blp.post("/invitations/accept")
@blp.doc(operationId="acceptInvitation")
@blp.response(200, ProjectDataSchema)
@blp.errors(BAD_TOKEN, NOT_ADDRESSEE, (409, "CONFLICT: already a member"))
@login_required
@blp.arguments(TokenSchema)
def accept_invitation(data):
    """Join the project of an invitation with its e-mailed token."""
    project_id = invitations.accept(data["token"], policies.caller())
    answer = project_answer(project_id)
    db.session.commit()
    return {"data": answer}


@blp.post("/invitations/decline")
@blp.doc(operationId="declineInvitation")
@blp.response(200, InvitationDataSchema)
@blp.errors(BAD_TOKEN, NOT_ADDRESSEE)
@login_required
@blp.arguments(TokenSchema)
def decline_invitation(data):
    """Decline an invitation with its e-mailed token."""
    who = policies.caller()
    invitation = invitations.decline(data["token"], who)
    db.session.commit()
    return {"data": invitations.answer(invitation, who, set())}

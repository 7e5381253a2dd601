"""Projects and their members under /api/projects (resources.md R3); invitations live in
invitation_routes.py. Views check in R1's order: the bearer, the project's visibility and the
caller's right (`guard`, 404 then 403), the body or query (400), then the state (409)."""
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from sections.projects import members, settings
from sections.projects import service as projects
from sections.projects.schemas import (
    MemberDataSchema,
    MemberListArgs,
    MemberPageSchema,
    MemberRoleSchema,
    ProjectCreateSchema,
    ProjectDataSchema,
    ProjectListArgs,
    ProjectPageSchema,
    ProjectUpdateSchema,
    TransferSchema,
)

blp = ApiBlueprint("projects", __name__, url_prefix="/api/projects",
                   description="Projects and their members (resources.md R3)")

BAD_INPUT = (400, "VALIDATION_ERROR")


def project_answer(project_id: str) -> dict:
    """The project's answer as the caller sees it after a change (one query, in the request's
    transaction)."""
    who = policies.caller()
    return projects.answer(projects.find(project_id, who), who)


@blp.get("")
@blp.doc(operationId="listProjects")
@blp.response(200, ProjectPageSchema)
@blp.errors(BAD_INPUT)
@login_required
@blp.arguments(ProjectListArgs, location="query")
def list_projects(args):
    """List the projects the caller is a member of."""
    who = policies.caller()
    page = projects.projects_page(who, args)
    return page.answer([projects.answer(row, who) for row in page.items])


@blp.post("")
@blp.doc(operationId="createProject")
@blp.response(201, ProjectDataSchema)
@blp.errors(BAD_INPUT)
@login_required
@blp.arguments(ProjectCreateSchema)
def create_project(data):
    """Create a project owned by the caller."""
    project_id = projects.create(policies.caller(), data["name"], data.get("description"))
    answer = project_answer(project_id)
    db.session.commit()
    return {"data": answer}


@blp.get("/<project_id>")
@blp.doc(operationId="getProject")
@blp.response(200, ProjectDataSchema)
@login_required
@guard("project")
def get_project(project):
    """Return a project the caller is a member of."""
    return {"data": projects.answer(project, policies.caller())}


@blp.patch("/<project_id>")
@blp.doc(operationId="updateProject")
@blp.response(200, ProjectDataSchema)
@blp.errors(BAD_INPUT, (403, "FORBIDDEN: an admin sending ssoRequired, scimAdminGroups or "
                             "oauthClients"),
            (409, "CONFLICT: ssoRequired true without an ACTIVE connection and a VERIFIED "
                  "domain"))
@login_required
@guard("project", "change", lock=True, then=projects.owner_fields)
@blp.arguments(ProjectUpdateSchema)
def update_project(data, project):
    """Change a project's name or description (its owner or an admin), or its single
    sign-on settings and allowed OAuth clients (its owner)."""
    who = policies.caller()
    projects.update_project(project, who, data)
    # A name or description changes nothing the project's read adds to it (its owner, the
    # caller's role, its members): the project the guard locked answers. A setting's change
    # is heard by other sections (scimAdminGroups moves roles at once, E4.3): read again.
    answer = (project_answer(project.id) if set(data) & set(settings.COLUMNS)
              else projects.answer(project, who))
    db.session.commit()
    return {"data": answer}


@blp.delete("/<project_id>")
@blp.doc(operationId="deleteProject")
@blp.response(204)
@login_required
@guard("project", "delete")
def delete_project(project):
    """Delete a project with its members and invitations (its owner)."""
    projects.delete_project(project, policies.caller())
    db.session.commit()
    return None


@blp.get("/<project_id>/members")
@blp.doc(operationId="listProjectMembers")
@blp.response(200, MemberPageSchema)
@blp.errors(BAD_INPUT)
@login_required
@guard("project")
@blp.arguments(MemberListArgs, location="query")
def list_members(args, project):
    """List a project's members."""
    page = members.members_page(project.id, args)
    return page.answer([members.member_answer(row) for row in page.items])


@blp.delete("/<project_id>/members/<user_id>")
@blp.doc(operationId="removeProjectMember")
@blp.response(204)
@blp.errors((404, "NOT_FOUND: no such member"),
            (403, "FORBIDDEN: a member removing anyone but itself; an admin removing the owner "
                  "or another admin"),
            (409, "CONFLICT: the owner cannot leave (transfer first); the member's role "
                  "changed meanwhile"))
@login_required
@guard("project")
def remove_member(project, user_id):
    """Remove a member (the owner; an admin removes members), or leave the project."""
    members.remove_member(project, policies.caller(), user_id)
    db.session.commit()
    return None


@blp.patch("/<project_id>/members/<user_id>")
@blp.doc(operationId="changeProjectMemberRole")
@blp.response(200, MemberDataSchema)
@blp.errors((404, "NOT_FOUND: the user is not a member"),
            (400, "VALIDATION_ERROR naming role: not \"admin\" or \"member\", or the owner's "
                  "own entry"))
@login_required
@guard("project", "change_roles", then=members.member_first)
@blp.arguments(MemberRoleSchema)
def change_member_role(data, project, user_id):
    """Make a member an admin or an admin a member (the owner)."""
    answer = members.change_role(project, policies.caller(), user_id, data["role"])
    db.session.commit()
    return {"data": answer}


@blp.post("/<project_id>/transfer")
@blp.doc(operationId="transferProject")
@blp.response(200, ProjectDataSchema)
@blp.errors((400, "VALIDATION_ERROR naming userId: not a member, unknown, or the owner"),
            (409, "CONFLICT: the ownership changed meanwhile"))
@login_required
@guard("project", "transfer")
@blp.arguments(TransferSchema)
def transfer_project(data, project):
    """Make another member the owner; the owner becomes an admin."""
    members.transfer(project, policies.caller(), data["userId"])
    answer = project_answer(project.id)
    db.session.commit()
    return {"data": answer}

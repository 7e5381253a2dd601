"""Every project, for admins (resources.md R8): the R3 object, `role` the admin's own or null."""
from core import policy as policies
from core.access import roles_required
from sections.admin.routes import blp
from sections.projects import service as projects
from sections.projects.schemas import AdminProjectListArgs, ProjectPageSchema


@blp.get("/projects")
@blp.doc(operationId="listAdminProjects")
@blp.response(200, ProjectPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@roles_required("admin")
@blp.arguments(AdminProjectListArgs, location="query")
def list_all_projects(args):
    """List every project (platform admins)."""
    who = policies.caller()
    page = projects.all_projects_page(who, args)
    return page.answer([projects.answer(row, who) for row in page.items])

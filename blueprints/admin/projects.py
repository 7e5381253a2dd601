"""Every project, for admins (resources.md R8): the R3 object, `role` the admin's own or null."""
import policies
from bearer import roles_required
from blueprints import BEARER
from blueprints.admin import NOT_ADMIN, UNAUTHENTICATED, blp
from schemas.projects import AdminProjectListArgs, ProjectPageSchema
from services import projects


@blp.get("/projects")
@blp.doc(operationId="listAdminProjects", **BEARER)
@blp.response(200, ProjectPageSchema)
@blp.errors(UNAUTHENTICATED, NOT_ADMIN, (400, "VALIDATION_ERROR"))
@roles_required("admin")
@blp.arguments(AdminProjectListArgs, location="query", as_kwargs=True)
def list_all_projects(**args):
    """List every project (platform admins)."""
    return projects.list_projects(policies.caller(), args, every=True)

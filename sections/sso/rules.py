"""Who manages a project's single sign-on (extensions.md E4): its owner (and a platform admin,
R1) changes it, a project admin reads it, a member is refused (403), anyone else sees no
project (404). The project's relations are the projects section's."""
from core import policy as policies
from core.policy import MEMBER, OWNER, PROJECT_ADMIN, define
from sections.projects import service as projects
from sections.projects.models import Project
from sections.projects.rules import relations_in_project, relations_of_role

RULES = {
    "see": {MEMBER},
    "read_sso": {OWNER, PROJECT_ADMIN},
    "manage_sso": {OWNER},
}
VERBS = {"read_sso": "read the single sign-on settings of",
         "manage_sso": "change the single sign-on settings of"}


def find(project_id: str, who, action: str, lock: bool):
    """The project as the caller sees it (one query; its row locked for a change), once the
    caller may do `action` on its single sign-on."""
    project = projects.find(project_id, who, "see", lock=lock)
    policies.check("sso_project", relations_of_role(project.role, who), action)
    return project


define("sso_project", Project, RULES,
       lambda project, who: relations_in_project(project.id, who), find=find, noun="project",
       verbs=VERBS)

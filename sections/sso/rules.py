"""Who manages a project's single sign-on (extensions.md E4): its owner (and a platform admin,
R1) changes it, a project admin reads it, a member is refused (403), anyone else sees no
project (404). The project's relations are the projects section's."""
from core.policy import MEMBER, OWNER, PROJECT_ADMIN, define
from sections.projects.models import Project
from sections.projects.rules import SSO_REQUIRED, relations_in_project, through_project

RULES = {
    "see": {MEMBER},
    "read_sso": {OWNER, PROJECT_ADMIN},
    "manage_sso": {OWNER},
}
VERBS = {"read_sso": "read the single sign-on settings of",
         "manage_sso": "change the single sign-on settings of"}


define("sso_project", Project, RULES,
       lambda project, who: relations_in_project(project.id, who),
       find=through_project("sso_project"), noun="project", verbs=VERBS,
       refusals=(SSO_REQUIRED,))

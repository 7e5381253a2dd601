"""Who manages a project's SCIM tokens (extensions.md E4): the owner (and a platform admin)
creates and revokes them, a project admin reads the list, a member gets 403, others 404 (and
a member bound by the project's ssoRequired 403 SSO_REQUIRED, as on every path of the project)."""
from core.policy import MEMBER, OWNER, PROJECT_ADMIN, define
from sections.projects.models import Project
from sections.projects.rules import SSO_REQUIRED, relations_in_project, through_project

RULES = {
    "see": {MEMBER},
    "read_tokens": {OWNER, PROJECT_ADMIN},
    "manage_tokens": {OWNER},
}
VERBS = {"read_tokens": "read the SCIM tokens of", "manage_tokens": "manage the SCIM tokens of"}

define("scim_project", Project, RULES, lambda project, who: relations_in_project(project.id, who),
       find=through_project("scim_project"), noun="project", verbs=VERBS,
       refusals=(SSO_REQUIRED,))

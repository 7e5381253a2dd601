"""Who manages a project's single sign-on (extensions.md E4): its owner (and a platform admin,
R1) changes it, a project admin reads it, a member is refused (403), anyone else sees no
project (404). Actions of the project kind."""
from core.policy import OWNER, PROJECT_ADMIN, extend
from sections.projects import rules as project_rules  # noqa: F401  (the project kind first)

extend("project", {"read_sso": {OWNER, PROJECT_ADMIN}, "manage_sso": {OWNER}},
       verbs={"read_sso": "read the single sign-on settings of",
              "manage_sso": "change the single sign-on settings of"})

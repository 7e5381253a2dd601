"""Who manages a project's SCIM tokens (extensions.md E4): the owner (and a platform admin)
creates and revokes them, a project admin reads the list, a member gets 403, others 404.
Actions of the project kind."""
from core.policy import OWNER, PROJECT_ADMIN, extend
from sections.projects import rules as project_rules  # noqa: F401  (the project kind first)

extend("project", {"read_tokens": {OWNER, PROJECT_ADMIN}, "manage_tokens": {OWNER}},
       verbs={"read_tokens": "read the SCIM tokens of",
              "manage_tokens": "manage the SCIM tokens of"})

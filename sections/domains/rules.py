"""Who manages a project's domains (extensions.md E4): its owner (and a platform admin, who acts
as owner, R1) adds, verifies and removes them; a project admin may read the list; a member is
refused (403) and anyone else sees no project (404). Actions of the project kind."""
from core.policy import OWNER, PROJECT_ADMIN, extend
from sections.projects import rules as project_rules  # noqa: F401  (the project kind first)

extend("project", {"manage_domains": {OWNER}, "list_domains": {OWNER, PROJECT_ADMIN}},
       verbs={"manage_domains": "manage the domains of", "list_domains": "list the domains of"})

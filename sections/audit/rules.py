"""Who reads a project's audit trail (extensions.md E4.5): its owner and admins (and a platform
admin, who acts as owner, R1); a member gets 403, anyone else 404. An action of the project
kind, which the projects section defines before this is imported (its `register` runs first):
the audit log sits below the sections that write to it, projects among them."""
from core.policy import OWNER, PROJECT_ADMIN, extend

extend("project", {"read_audit": {OWNER, PROJECT_ADMIN}},
       verbs={"read_audit": "read the audit trail of"})

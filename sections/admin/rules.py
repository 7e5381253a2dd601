"""The platform's users as resources of the administration (resources.md R8): only admins see
them, after `roles_required("admin")` has answered everyone else 403."""
from core.policy import ADMIN, base_relations, define
from sections.auth.models import User

define("user", User, {"see": {ADMIN}}, lambda user, who: base_relations(who), noun="user")

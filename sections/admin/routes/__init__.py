"""Administration under /api/admin (resources.md R8): platform admins only. One module per
part: users (bans, sessions, deletion), ledger (payments, stats, audit log)."""
from functools import wraps

from core.blueprint import ApiBlueprint
from sections.admin import service as admin

blp = ApiBlueprint("admin", __name__, url_prefix="/api/admin",
                   description="Administration: users, bans, sessions, the payment ledger, "
                               "statistics and the audit log (platform admins only)")

UNAUTHENTICATED = (401, "AUTH_ERROR")
NOT_ADMIN = (403, "FORBIDDEN: the caller is not a platform admin")
NO_USER = (404, "NOT_FOUND: no such user")


def with_user(view):
    """Load the path's user BEFORE the body is parsed (R1's order: 404 before 400)."""

    @wraps(view)
    def wrapper(*args, user_id, **kwargs):
        return view(*args, user=admin.find_user(user_id), **kwargs)

    return wrapper


# Importing the modules registers their views on `blp`.
from sections.admin.routes import ledger, projects, users  # noqa: E402,F401

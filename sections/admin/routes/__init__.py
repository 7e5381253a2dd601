"""Administration under /api/admin (resources.md R8): platform admins only. One module per
part: users (bans, sessions, deletion), ledger (payments, stats, audit log)."""
from core.blueprint import ApiBlueprint

blp = ApiBlueprint("admin", __name__, url_prefix="/api/admin",
                   description="Administration: users, bans, sessions, the payment ledger, "
                               "statistics and the audit log (platform admins only)")

# Importing the modules registers their views on `blp`.
from sections.admin.routes import ledger, oauth_clients, projects, users  # noqa: E402,F401

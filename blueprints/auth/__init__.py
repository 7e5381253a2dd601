"""Authentication endpoints under /api/auth; one module per flow."""
from blueprints import ApiBlueprint

blp = ApiBlueprint("auth", __name__, url_prefix="/api/auth",
                   description="Accounts, sessions and sign-in flows")

from blueprints.auth import password  # noqa: E402,F401  (registers the views on `blp`)

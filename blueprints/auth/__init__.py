"""Authentication endpoints under /api/auth; one module per flow."""
from blueprints import ApiBlueprint
from schemas import AuthErrorSchema

blp = ApiBlueprint("auth", __name__, url_prefix="/api/auth",
                   description="Accounts, sessions and sign-in flows",
                   error_schema=AuthErrorSchema)  # contract section 1

# Importing the modules registers their views on `blp`.
from blueprints.auth import (  # noqa: E402,F401
    magic_link,
    oauth,
    passkeys,
    password,
    two_factor,
)

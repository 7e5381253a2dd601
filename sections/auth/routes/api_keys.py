"""API keys under /api/auth/api-keys (extensions.md E2.2), in the auth envelope. Keys are the
account's credentials like its sessions and passkeys, so they live with them: the same section
resolves both kinds of bearer (services/credentials.py)."""
from core.access import guard, login_required, not_impersonated
from core.bearer import current_session
from core.db import db
from sections.auth.routes import blp, current_user
from sections.auth.routes.account import RATE_LIMITED
from sections.auth.schemas.credentials import (
    ApiKeyCreatedSchema,
    ApiKeyCreateSchema,
    ApiKeyListArgs,
    ApiKeyPageSchema,
)
from sections.auth.services import api_keys


@blp.post("/api-keys")
@blp.doc(operationId="createApiKey")
@blp.response(201, ApiKeyCreatedSchema)
@blp.errors((400, "VALIDATION_ERROR, INVALID_CREDENTIALS (wrong password) or INVALID_TOTP"),
            (403, "REAUTHENTICATION_REQUIRED (the proof of extensions.md E1.3), "
                  "or INSUFFICIENT_SCOPE (an API key)"),
            (409, "CONFLICT: the account already holds 50 live keys"), RATE_LIMITED)
@not_impersonated
@blp.arguments(ApiKeyCreateSchema)
def create_api_key(data):
    """Create an API key; the key itself is shown only in this answer."""
    row, key = api_keys.create(current_user(), current_session(), data)
    db.session.commit()
    return {"apiKey": api_keys.answer(row), "key": key}


@blp.get("/api-keys")
@blp.doc(operationId="listApiKeys")
@blp.response(200, ApiKeyPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@blp.arguments(ApiKeyListArgs, location="query")
def list_api_keys(args):
    """List the caller's API keys that are not revoked (never a key itself)."""
    page = api_keys.page(current_session().user_id, args)
    return page.answer([api_keys.answer(row) for row in page.items])


@blp.delete("/api-keys/<key_id>")
@blp.doc(operationId="revokeApiKey")
@blp.response(204)
@not_impersonated
@guard("api_key", "revoke", arg="key_id")
def revoke_api_key(api_key):
    """Revoke one of the caller's API keys: it answers 401 from then on."""
    api_keys.revoke(api_key)
    db.session.commit()
    return None

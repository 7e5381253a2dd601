"""API keys under /api/auth/api-keys (extensions.md E2.2), in the auth envelope. Keys are the
account's credentials like its sessions and passkeys, so they live with them: the same section
resolves both kinds of bearer (services/credentials.py)."""
from core.access import login_required
from core.bearer import current_session
from core.blueprint import BEARER
from core.db import db
from sections.auth.routes import IMPERSONATING, blp, current_user, not_impersonated
from sections.auth.routes.account import RATE_LIMITED
from sections.auth.routes.password import INVALID_BEARER
from sections.auth.schemas.credentials import (
    ApiKeyCreatedSchema,
    ApiKeyCreateSchema,
    ApiKeyListArgs,
    ApiKeyPageSchema,
)
from sections.auth.services import api_keys


@blp.post("/api-keys")
@blp.doc(operationId="createApiKey", **BEARER)
@blp.response(201, ApiKeyCreatedSchema)
@blp.errors((400, "VALIDATION_ERROR, INVALID_CREDENTIALS (wrong password) or INVALID_TOTP"),
            INVALID_BEARER,
            (403, "REAUTHENTICATION_REQUIRED (the proof of extensions.md E1.3), "
                  "IMPERSONATION_FORBIDDEN, or INSUFFICIENT_SCOPE (an API key)"),
            (409, "CONFLICT: the account already holds 50 live keys"), RATE_LIMITED)
@login_required
@not_impersonated
@blp.arguments(ApiKeyCreateSchema)
def create_api_key(data):
    """Create an API key; the key itself is shown only in this answer."""
    row, key = api_keys.create(current_user(), current_session(), data)
    db.session.commit()
    return {"apiKey": api_keys.answer(row), "key": key}


@blp.get("/api-keys")
@blp.doc(operationId="listApiKeys", **BEARER)
@blp.response(200, ApiKeyPageSchema)
@blp.errors(INVALID_BEARER, (400, "VALIDATION_ERROR"))
@login_required
@blp.arguments(ApiKeyListArgs, location="query")
def list_api_keys(args):
    """List the caller's API keys that are not revoked (never a key itself)."""
    page = api_keys.page(current_session().user_id, args)
    return page.answer([api_keys.answer(row) for row in page.items])


@blp.delete("/api-keys/<key_id>")
@blp.doc(operationId="revokeApiKey", **BEARER)
@blp.response(204)
@blp.errors(INVALID_BEARER, IMPERSONATING,
            (404, "NOT_FOUND: no key of the caller has this id"))
@login_required
@not_impersonated
def revoke_api_key(key_id):
    """Revoke one of the caller's API keys: it answers 401 from then on."""
    api_keys.revoke(current_session().user_id, key_id)
    db.session.commit()
    return None

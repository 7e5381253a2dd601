"""Passkeys: the two-step registration and sign-in ceremonies, listing and removal."""
from core.access import guard, login_required, not_impersonated
from core.bearer import current_session
from core.db import db
from sections.auth.routes import blp, current_user, signed_in
from sections.auth.schemas.auth import (
    PasskeyCreatedSchema,
    PasskeyListSchema,
    PasskeyRegisterStepSchema,
    PasskeySignInSchema,
    PasskeySignInStepSchema,
)
from sections.auth.schemas.security import PasskeyRegisterSchema, ProofSchema
from sections.auth.services import accounts, passkeys, reauth
from sections.auth.sign_in_metrics import counted


@blp.post("/passkey/register")
@blp.doc(operationId="registerPasskey")
@not_impersonated
@blp.arguments(PasskeyRegisterSchema, required=False)  # step 1 may send no body at all
@blp.response(200, PasskeyRegisterStepSchema,
              description="Step 1 (body {} or the proof {password?, totpCode?}): {options, "
                          "challengeId}")
@blp.alt_response(201, schema=PasskeyCreatedSchema,
                  description="Step 2 (body {challengeId, credential, name?}): the new passkey")
@blp.errors((400, "INVALID_CHALLENGE, INVALID_PASSKEY, INVALID_CREDENTIALS (wrong password), "
                  "INVALID_TOTP (wrong code) or VALIDATION_ERROR"),
            (403, "REAUTHENTICATION_REQUIRED: step 1 from a session older than "
                  "REAUTHENTICATION_WINDOW sends the password and, with two-factor on, the "
                  "code (an account with neither signs in again)"),
            (429, "RATE_LIMITED"))
def register(data):
    """Start (with {}) or finish (with challengeId and credential) adding a passkey."""
    user = current_user()
    if "challengeId" not in data:
        # Extensions E1.3: the proof opens the ceremony; its challenge then binds step 2.
        reauth.require_for_a_way_in(user, current_session(), data.get("password"),
                                    data.get("totpCode"), "Adding a passkey")
        options, challenge_id = passkeys.registration_options(user)
        db.session.commit()
        return {"options": options, "challengeId": challenge_id}
    passkey = passkeys.register(user, data["challengeId"], data["credential"], data.get("name"))
    db.session.commit()
    return {"passkey": passkeys.answer(passkey)}, 201


@blp.post("/passkey/sign-in")
@blp.doc(operationId="signInWithPasskey")
@blp.arguments(PasskeySignInSchema, required=False)
@blp.response(200, PasskeySignInStepSchema,
              description="Step 1 (body {} or {email}): {options, challengeId}; "
                          "step 2 (body {challengeId, credential}): {user, session}")
@blp.errors((400, "INVALID_CHALLENGE or VALIDATION_ERROR"), (401, "INVALID_PASSKEY"),
            (403, "EMAIL_NOT_VERIFIED or USER_BANNED"))
@counted("passkey")
def sign_in(data):
    """Start (with {} or {email}) or finish (with challengeId and credential) a passkey sign-in."""
    if "challengeId" not in data:
        options, challenge_id = passkeys.sign_in_options(data.get("email"))
        db.session.commit()
        return {"options": options, "challengeId": challenge_id}
    user = passkeys.sign_in(data["challengeId"], data["credential"])
    accounts.require_verified(user)  # the same rule as password sign-in
    return signed_in(user, "passkey")


@blp.get("/passkeys")
@blp.doc(operationId="listPasskeys")
@login_required
@blp.response(200, PasskeyListSchema)
def list_passkeys():
    """List the caller's passkeys."""
    return {"passkeys": [passkeys.answer(row)
                         for row in passkeys.passkeys_of(current_session().user_id)]}


@blp.delete("/passkeys/<passkey_id>")
@blp.doc(operationId="deletePasskey")
@not_impersonated
@guard("passkey", "remove")
@blp.response(204)
@blp.errors((400, "INVALID_CREDENTIALS (wrong password), INVALID_TOTP (wrong code) or "
                  "VALIDATION_ERROR"),
            (403, "REAUTHENTICATION_REQUIRED: the password, the code, or (for an account with "
                  "neither) a session younger than REAUTHENTICATION_WINDOW is needed"),
            (429, "RATE_LIMITED"))
@blp.arguments(ProofSchema)
def delete_passkey(data, passkey):
    """Remove one of the caller's passkeys, with the proof of a sensitive change."""
    reauth.require_proof(current_user(), current_session(), data.get("password"),
                         data.get("totpCode"), "Removing a passkey")
    passkeys.remove(passkey)
    db.session.commit()
    return None

"""Two-factor enrolment: enable (pending secret and QR code), verify (activate), disable."""
from core.access import not_impersonated
from core.bearer import current_session
from core.db import db
from sections.auth.routes import blp, current_user
from sections.auth.schemas.auth import (
    CodeSchema,
    TwoFactorEnabledSchema,
    TwoFactorSetupSchema,
    VerifiedUserSchema,
)
from sections.auth.schemas.security import DisableTwoFactorSchema, ProofSchema
from sections.auth.services import accounts, reauth, two_factor


@blp.post("/two-factor/enable")
@blp.doc(operationId="enableTwoFactor")
@not_impersonated
@blp.arguments(ProofSchema, required=False)  # a session younger than the window sends none
@blp.response(200, TwoFactorSetupSchema)
@blp.errors((400, "INVALID_CREDENTIALS (wrong password) or VALIDATION_ERROR"),
            (403, "EMAIL_NOT_VERIFIED: verify the address first; REAUTHENTICATION_REQUIRED: "
                  "a session older than REAUTHENTICATION_WINDOW sends the password (an account "
                  "without one signs in again)"),
            (409, "TWO_FACTOR_ALREADY_ENABLED"), (429, "RATE_LIMITED"))
def enable_two_factor(data):
    """Start two-factor enrolment: a new pending TOTP secret and its QR code."""
    user = current_user()
    two_factor.require_can_enable(user)
    reauth.require_for_a_way_in(user, current_session(), data.get("password"),
                                data.get("totpCode"), "Turning two-factor on")
    setup = two_factor.enable(user)
    db.session.commit()
    return setup


@blp.post("/two-factor/verify")
@blp.doc(operationId="verifyTwoFactor")
@not_impersonated
@blp.arguments(CodeSchema)
@blp.response(200, TwoFactorEnabledSchema)
@blp.errors((400, "INVALID_TOTP or VALIDATION_ERROR"),
            (409, "TWO_FACTOR_ALREADY_ENABLED"), (429, "RATE_LIMITED"))
def verify_two_factor(data):
    """Turn two-factor on with a code from the authenticator app; get recovery codes."""
    user = current_user()
    codes = two_factor.activate(user, data["code"])
    db.session.commit()
    return {"success": True, "user": accounts.answer(user), "recoveryCodes": codes}


@blp.post("/two-factor/disable")
@blp.doc(operationId="disableTwoFactor")
@not_impersonated
@blp.arguments(DisableTwoFactorSchema)
@blp.response(200, VerifiedUserSchema)
@blp.errors((400, "INVALID_CREDENTIALS (wrong password), INVALID_TOTP, TWO_FACTOR_NOT_ENABLED "
                  "or VALIDATION_ERROR"),
            (403, "REAUTHENTICATION_REQUIRED: the account's password is needed"),
            (429, "RATE_LIMITED"))
def disable_two_factor(data):
    """Turn two-factor off with a current code or a recovery code (and the password)."""
    user = current_user()
    two_factor.require_enabled(user)
    reauth.require_proof(user, current_session(), data.get("password"), data["code"],
                         "Turning two-factor off")
    two_factor.turn_off(user)
    db.session.commit()
    return {"success": True, "user": accounts.answer(user)}

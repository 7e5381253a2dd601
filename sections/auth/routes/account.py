"""Account self-service (contract section 9): profile, change and reset password, the session
list, account deletion. Views with a bearer run login_required before parsing the body, so a
bad body without a token is 401, not 400."""
from core.access import guard, login_required, not_impersonated
from core.bearer import current_session
from core.db import db
from core.fields import MessageSchema, SuccessSchema
from sections.auth.routes import blp, current_user
from sections.auth.schemas.account import (
    ChangePasswordSchema,
    DeleteAccountSchema,
    ForgotPasswordSchema,
    ProfileSchema,
    ResetPasswordSchema,
    SessionListSchema,
    UserResultSchema,
)
from sections.auth.schemas.security import SecurityEventListArgs, SecurityEventPageSchema
from sections.auth.services import (
    accounts,
    password_reset,
    profile,
    reauth,
    redirects,
    security_log,
    sessions,
)
from sections.auth.services.deletion import delete_account

RATE_LIMITED = (429, "RATE_LIMITED: too many failed attempts for this account (Retry-After)")
REAUTHENTICATION = (403, "REAUTHENTICATION_REQUIRED: the password, the code, or (for an account "
                         "with neither) a session younger than REAUTHENTICATION_WINDOW is needed")


@blp.patch("/user")
@blp.doc(operationId="updateUser")
@blp.response(200, UserResultSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@blp.arguments(ProfileSchema)
def update_user(data):
    """Change the caller's name or picture (null clears; read-only fields are ignored)."""
    user = current_user()
    profile.update(user, data)
    db.session.commit()
    return {"user": accounts.answer(user)}


@blp.post("/change-password")
@blp.doc(operationId="changePassword")
@blp.response(200, SuccessSchema)
@blp.errors((400, "INVALID_CREDENTIALS (current password wrong) or VALIDATION_ERROR (weak new "
                  "password; currentPassword on an account without a password)"), RATE_LIMITED)
@not_impersonated
@blp.arguments(ChangePasswordSchema)
def change_password(data):
    """Change the password; other sessions end unless revokeOtherSessions is false."""
    keep = current_session().id if data["revokeOtherSessions"] else None
    password_reset.change(current_user(), data["currentPassword"], data["newPassword"], keep)
    db.session.commit()
    return {"success": True}


@blp.post("/forgot-password")
@blp.doc(operationId="forgotPassword")
@blp.response(200, MessageSchema)
@blp.errors((400, "VALIDATION_ERROR (e.g. redirectUrl not on an allowed origin)"))
@blp.arguments(ForgotPasswordSchema)
def forgot_password(data):
    """E-mail a password-reset link; the answer is the same whatever the address."""
    redirects.require_allowed(data["redirectUrl"])
    password_reset.request_reset(data["email"], data["redirectUrl"])
    db.session.commit()  # after mail.send: with the outbox, the message commits with the token
    return {"success": True, "message": "If an account exists for this address, a link to "
                                        "reset its password has been sent."}


@blp.post("/reset-password")
@blp.doc(operationId="resetPassword")
@blp.response(200, SuccessSchema)
@blp.errors((400, "INVALID_TOKEN (unknown, used or expired) or VALIDATION_ERROR"))
@blp.arguments(ResetPasswordSchema)
def reset_password(data):
    """Set a new password with the token of a reset e-mail; every session ends."""
    password_reset.reset(data["token"], data["newPassword"])
    db.session.commit()
    return {"success": True}


@blp.get("/sessions")
@blp.doc(operationId="listSessions")
@blp.response(200, SessionListSchema)
@login_required
def list_sessions():
    """List the caller's live sessions, newest first (never their tokens)."""
    session = current_session()
    return {"sessions": sessions.live_of(session.user_id, session.id)}


@blp.delete("/sessions/<session_id>")
@blp.doc(operationId="revokeSession")
@blp.response(204)
@not_impersonated
@guard("session", "revoke")
def revoke_session(session):
    """End one of the caller's sessions (the current one too, like sign-out)."""
    sessions.revoke_one(current_session(), session)
    db.session.commit()
    return None


@blp.post("/revoke-other-sessions")
@blp.doc(operationId="revokeOtherSessions")
@blp.response(200, SuccessSchema)
@not_impersonated
def revoke_other_sessions():
    """End every session of the caller's account except this one."""
    sessions.revoke_others(current_session())
    db.session.commit()
    return {"success": True}


@blp.delete("/user")
@blp.doc(operationId="deleteUser")
@blp.response(204)
@blp.errors((400, "INVALID_CREDENTIALS (wrong password), INVALID_TOTP (wrong code) or "
                  "VALIDATION_ERROR"), REAUTHENTICATION,
            (409, "CONFLICT: owner of a project with other members, or the last admin"),
            RATE_LIMITED)
@not_impersonated
@blp.arguments(DeleteAccountSchema)
def delete_user(data):
    """Delete the caller's account, its sessions, credentials and solo projects."""
    user = current_user()
    reauth.require_proof(user, current_session(), data.get("password"), data.get("totpCode"),
                         "Deleting the account")
    delete_account(user, actor_id=user.id)
    db.session.commit()
    return None


@blp.get("/security-events")
@blp.doc(operationId="listSecurityEvents")
@blp.response(200, SecurityEventPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@blp.arguments(SecurityEventListArgs, location="query")
def list_security_events(args):
    """List the security events of the caller's account, newest first."""
    page = security_log.page(current_session().user_id, args)
    return page.answer([security_log.answer(event) for event in page.items])

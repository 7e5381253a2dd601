"""Password accounts: sign-up, sign-in, sign-out, the session, e-mail verification."""

from core import mail
from core.access import login_required
from core.bearer import bearer_token, current_session
from core.db import db
from core.fields import MessageSchema, SuccessSchema, TokenSchema
from sections.auth.routes import blp, client, signed_in
from sections.auth.schemas.auth import (
    AuthResultSchema,
    EmailSchema,
    SignInSchema,
    SignUpSchema,
    VerifiedUserSchema,
)
from sections.auth.schemas.credentials import CurrentSessionSchema
from sections.auth.services import accounts, credentials, security_log, sessions, two_factor
from sections.auth.sign_in_metrics import counted


@blp.post("/sign-up")
@blp.doc(operationId="signUp")
@blp.arguments(SignUpSchema)
@blp.response(201, AuthResultSchema)
@blp.errors((409, "USER_ALREADY_EXISTS"))
def sign_up(data):
    """Create an account with e-mail and password."""
    user = accounts.sign_up(data["email"], data["password"])
    security_log.record_sign_in(user, "password")  # a sign-up is the first sign-in (E1.6)
    token = accounts.issue_verification(user)
    session = None if accounts.verification_required(user) else sessions.create(user, client())
    accounts.send_verification(user, token)
    db.session.commit()
    return {"user": accounts.answer(user), "session": sessions.answer(session)}


@blp.post("/sign-in")
@blp.doc(operationId="signIn")
@blp.arguments(SignInSchema)
@blp.response(200, AuthResultSchema)
@blp.errors((401, "INVALID_CREDENTIALS, TOTP_REQUIRED or INVALID_TOTP"),
            (403, "EMAIL_NOT_VERIFIED or USER_BANNED"), (429, "RATE_LIMITED"))
@counted("password")
def sign_in(data):
    """Sign in with e-mail and password (and the second factor when it is active)."""
    user = accounts.check_password(data["email"], data["password"])
    accounts.require_verified(user)
    two_factor.check_sign_in(user, data.get("totpCode"))
    return signed_in(user, "password")


@blp.post("/sign-out")
@blp.doc(operationId="signOut")
@login_required
@blp.response(200, SuccessSchema)
def sign_out():
    """End the caller's session; its token answers 401 from then on."""
    sessions.revoke(current_session())
    db.session.commit()
    return {"success": True}


@blp.get("/session")
@blp.doc(operationId="getSession")
@login_required
@blp.response(200, CurrentSessionSchema)
def get_session():
    """Return the caller's user and session (with its current expiry), or its API key."""
    return credentials.answer(current_session(), bearer_token())


@blp.post("/verify-email")
@blp.doc(operationId="verifyEmail")
@blp.arguments(TokenSchema)
@blp.response(200, VerifiedUserSchema)
@blp.errors((400, "INVALID_TOKEN or VALIDATION_ERROR"))
def verify_email(data):
    """Mark the e-mail address verified with the token received by e-mail."""
    user = accounts.verify_email(data["token"])
    db.session.commit()
    return {"success": True, "user": accounts.answer(user)}


@blp.post("/send-verification-email")
@blp.doc(operationId="sendVerificationEmail")
@blp.arguments(EmailSchema)
@blp.response(200, MessageSchema)
def send_verification_email(data):
    """Send a new verification e-mail; the answer is the same whether the account exists."""
    # The same work for every address (no enumeration by timing): one queued row, composed
    # by the mail sender, which sends nothing to an unknown or verified address.
    mail.send_composed(accounts.EMAIL_VERIFICATION, data["email"])
    db.session.commit()
    return {"success": True, "message": "If an unverified account exists for this address, "
                                        "a verification e-mail has been sent."}

"""Magic-link sign-in: send the link by e-mail, then exchange its token for a session."""
from core.db import db
from core.fields import MessageSchema
from sections.auth.routes import blp, signed_in
from sections.auth.schemas.auth import AuthResultSchema, MagicLinkSchema, MagicLinkVerifySchema
from sections.auth.services import magic_link, redirects
from sections.auth.sign_in_metrics import counted


@blp.post("/send-magic-link")
@blp.doc(operationId="sendMagicLink")
@blp.arguments(MagicLinkSchema)
@blp.response(200, MessageSchema)
@blp.errors((400, "VALIDATION_ERROR (e.g. redirectUrl not on an allowed origin)"))
def send_magic_link(data):
    """E-mail a sign-in link; the answer is the same whether the account exists."""
    redirects.require_allowed(data["redirectUrl"])
    token, known = magic_link.issue(data["email"])
    magic_link.send(data["email"], data["redirectUrl"], token, known)
    db.session.commit()
    return {"success": True, "message": "A sign-in link has been sent to this address."}


@blp.post("/magic-link/verify")
@blp.doc(operationId="verifyMagicLink")
@blp.arguments(MagicLinkVerifySchema)
@blp.response(200, AuthResultSchema)
@blp.errors((400, "INVALID_TOKEN or VALIDATION_ERROR"), (401, "TOTP_REQUIRED or INVALID_TOTP"),
            (403, "USER_BANNED"), (429, "RATE_LIMITED"))
@counted("magic_link")
def verify_magic_link(data):
    """Sign in with the token of a magic link (and the second factor when it is active)."""
    return signed_in(magic_link.verify(data["token"], data.get("totpCode")), "magic_link")

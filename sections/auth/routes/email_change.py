"""Changing the e-mail address (extensions E1.2): the request, proven, and its confirmation."""
from core.access import not_impersonated
from core.bearer import current_session
from core.db import db
from core.fields import MessageSchema, TokenSchema
from sections.auth.routes import blp, current_user
from sections.auth.routes.account import RATE_LIMITED, REAUTHENTICATION
from sections.auth.schemas.auth import VerifiedUserSchema
from sections.auth.schemas.security import ChangeEmailSchema
from sections.auth.services import accounts, email_change


@blp.post("/change-email")
@blp.doc(operationId="changeEmail")
@blp.response(200, MessageSchema)
@blp.errors((400, "VALIDATION_ERROR (newEmail invalid or the current address), "
                  "INVALID_CREDENTIALS (wrong password) or INVALID_TOTP (wrong code)"),
            REAUTHENTICATION, RATE_LIMITED)
@not_impersonated
@blp.arguments(ChangeEmailSchema)
def change_email(data):
    """Mail a confirmation link to a new address; the answer is the same whoever has it."""
    email_change.request(current_user(), current_session(), data["newEmail"],
                         data.get("password"), data.get("totpCode"))
    db.session.commit()
    return {"success": True, "message": "A confirmation link has been sent to the new address; "
                                        "the address changes once it is opened."}


@blp.post("/change-email/confirm")
@blp.doc(operationId="confirmEmailChange")
@blp.arguments(TokenSchema)
@blp.response(200, VerifiedUserSchema)
@blp.errors((400, "INVALID_TOKEN (unknown, used, replaced or expired) or VALIDATION_ERROR"),
            (409, "USER_ALREADY_EXISTS: another account has the new address by now"))
def confirm_email_change(data):
    """Make the new address the account's, with the token of the confirmation e-mail."""
    user = email_change.confirm(data["token"])
    db.session.commit()
    return {"success": True, "user": accounts.answer(user)}

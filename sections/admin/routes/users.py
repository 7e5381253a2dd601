"""Users for admins: list, detail, changes, bans, sessions and deletion (resources.md R8)."""
from flask import request

from core import listing
from core.access import guard, roles_required
from core.bearer import current_session
from core.db import db
from core.fields import data_schema
from sections.admin import service as admin
from sections.admin.routes import blp
from sections.admin.schemas import (
    AdminSessionSchema,
    AdminUserDetailSchema,
    AdminUserSchema,
    AdminUserUpdateSchema,
    BanSchema,
    ImpersonationSchema,
)
from sections.auth.schemas.security import SecurityEventListArgs, SecurityEventPageSchema
from sections.auth.services import impersonation, security_log

UserListArgs = listing.arguments(
    "AdminUserListArgs", sorts=["createdAt", "email"],
    filters={"role": listing.enum("USER", "ADMIN"), "banned": listing.boolean(),
             "emailVerified": listing.boolean(), "q": listing.text()})
USER_DATA = data_schema(AdminUserSchema)
SessionListArgs = listing.arguments("AdminSessionListArgs", sorts=["createdAt"])


def actor_id() -> str:
    return current_session().user_id


@blp.get("/users")
@blp.doc(operationId="listAdminUsers")
@blp.response(200, listing.page_schema(AdminUserSchema))
@blp.errors((400, "VALIDATION_ERROR"))
@roles_required("admin")
@blp.arguments(UserListArgs, location="query")
def list_users(args):
    """List users."""
    page = admin.users_page(args)
    return page.answer([admin.user_answer(u) for u in page.items])


@blp.get("/users/<user_id>")
@blp.doc(operationId="getAdminUser")
@blp.response(200, data_schema(AdminUserDetailSchema))
@roles_required("admin")
@guard("user")
def get_user(user):
    """Return a user with the counts of what its account holds."""
    return {"data": admin.user_detail_answer(user)}


@blp.patch("/users/<user_id>")
@blp.doc(operationId="updateAdminUser")
@blp.response(200, USER_DATA)
@blp.errors((400, "VALIDATION_ERROR"),
            (409, "CONFLICT: the last admin cannot lose the role"))
@roles_required("admin")
@guard("user")
@blp.arguments(AdminUserUpdateSchema)
def update_user(data, user):
    """Change a user's role, name or e-mail verification."""
    admin.update_user(user, actor_id(), data)
    answer = admin.user_answer(user)  # before the commit, which would expire it: no re-read
    db.session.commit()
    return {"data": answer}


@blp.post("/users/<user_id>/ban")
@blp.doc(operationId="banUser")
@blp.response(200, USER_DATA)
@blp.errors((400, "VALIDATION_ERROR (expiresAt not in the future included)"),
            (409, "CONFLICT: banning oneself"))
@roles_required("admin")
@guard("user")
@blp.arguments(BanSchema)
def ban_user(data, user):
    """Ban a user (replacing any earlier ban); every session of the user ends at once."""
    admin.ban(user, actor_id(), data["reason"], data["expiresAt"])
    answer = admin.user_answer(user)
    db.session.commit()
    return {"data": answer}


@blp.post("/users/<user_id>/unban")
@blp.doc(operationId="unbanUser")
@blp.response(200, USER_DATA)
@roles_required("admin")
@guard("user")
def unban_user(user):
    """End a user's ban."""
    admin.unban(user, actor_id())
    answer = admin.user_answer(user)
    db.session.commit()
    return {"data": answer}


@blp.get("/users/<user_id>/sessions")
@blp.doc(operationId="listUserSessions")
@blp.response(200, listing.page_schema(AdminSessionSchema))
@blp.errors((400, "VALIDATION_ERROR"))
@roles_required("admin")
@guard("user")
@blp.arguments(SessionListArgs, location="query")
def list_user_sessions(args, user):
    """List a user's live sessions (never a token)."""
    page = admin.sessions_page(user, args)
    return page.answer([admin.session_answer(s) for s in page.items])


@blp.get("/users/<user_id>/security-events")
@blp.doc(operationId="listUserSecurityEvents")
@blp.response(200, SecurityEventPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@roles_required("admin")
@guard("user")
@blp.arguments(SecurityEventListArgs, location="query")
def list_user_security_events(args, user):
    """List a user's security events, newest first."""
    page = security_log.page(user.id, args)
    return page.answer([security_log.answer(event) for event in page.items])


@blp.delete("/users/<user_id>/sessions")
@blp.doc(operationId="revokeUserSessions")
@blp.response(204)
@roles_required("admin")
@guard("user")
def revoke_user_sessions(user):
    """End every session of a user."""
    admin.revoke_sessions(user, actor_id())
    db.session.commit()
    return None


@blp.delete("/users/<user_id>")
@blp.doc(operationId="deleteAdminUser")
@blp.response(204)
@blp.errors((409, "CONFLICT: oneself, the last admin, or the owner of a shared project"))
@roles_required("admin")
@guard("user")
def delete_user(user):
    """Delete a user's account (contract section 9's cascade)."""
    admin.delete_user(user, actor_id())
    db.session.commit()
    return None


@blp.post("/users/<user_id>/impersonate")
@blp.doc(operationId="impersonateUser")
@blp.response(201, data_schema(ImpersonationSchema))
@blp.errors((403, "FORBIDDEN: the user is another admin"),
            (409, "CONFLICT: oneself, or a banned user"))
@roles_required("admin")
@guard("user")
def impersonate_user(user):
    """Open a session of a user that lasts IMPERSONATION_LIFETIME, on the record."""
    session = admin.impersonate(user, actor_id(), request.user_agent.string,
                                request.remote_addr)
    db.session.commit()
    return {"data": impersonation.answer(session, user)}

"""Administration of users (resources.md R8): the list and detail, role/name/verification
changes, bans, sessions and deletion. Every change adds its audit entry to the request's
transaction (services.audit), so a refused change writes none."""
from datetime import UTC

from sqlalchemy import delete, func, not_, select, update

import listing
import policies
from models import (
    Membership,
    OAuthIdentity,
    PasskeyCredential,
    Session,
    User,
    db,
)
from schemas.common import utc_iso
from services import audit, clock
from services.auth import bans
from services.auth.deletion import delete_account
from services.outcomes import Conflict, Invalid, NotFound

USER_SORTS = {"createdAt": User.created_at, "email": User.email}
SESSION_SORTS = {"createdAt": Session.created_at}


def find_user(user_id: str) -> User:
    """The user of a path's id; NotFound for an unknown one or one no table could hold."""
    user = db.session.get(User, user_id) if policies.is_id(user_id) else None
    if user is None:
        raise NotFound("No such user")
    return user


def user_answer(user) -> dict:
    return {"id": user.id, "email": user.email, "name": user.name, "image": user.image,
            "emailVerified": user.email_verified, "createdAt": user.created_at,
            "twoFactorEnabled": user.two_factor_enabled, "role": user.role,
            **bans.ban_state(user)}


def users_page(args: dict) -> listing.Page:
    statement = select(User)
    if "role" in args:
        statement = statement.where(User.role == args["role"].lower())  # R1: ADMIN -> "admin"
    if "banned" in args:
        banned = bans.banned_clause(clock.utcnow())
        statement = statement.where(banned if args["banned"] else not_(banned))
    if "emailVerified" in args:
        statement = statement.where(User.email_verified.is_(args["emailVerified"]))
    if "q" in args:
        statement = statement.where(listing.contains(User.email, args["q"])
                                    | listing.contains(User.name, args["q"]))
    return listing.page(statement, args, USER_SORTS, User.id)


def counts(user: User) -> dict:
    """What the account holds (R8 detail), in one query."""
    def count(model, *where):
        return select(func.count()).select_from(model).where(*where).scalar_subquery()

    row = db.session.execute(select(
        count(Session, Session.user_id == user.id, Session.expires_at > clock.utcnow()),
        count(PasskeyCredential, PasskeyCredential.user_id == user.id),
        count(OAuthIdentity, OAuthIdentity.user_id == user.id),
        count(Membership, Membership.user_id == user.id))).one()
    return dict(zip(("sessions", "passkeys", "providers", "projects"), row, strict=True))


def update_user(user: User, actor_id: str, data: dict) -> User:
    """PATCH: one `user.update` entry naming the fields changed, none when nothing changed."""
    fields = {"role": "role", "name": "name", "emailVerified": "email_verified"}
    changed = {key: {"from": getattr(user, attr), "to": data[key]}
               for key, attr in fields.items()
               if key in data and getattr(user, attr) != data[key]}
    if changed.get("role", {}).get("to") == "user":
        _demote(user)
    for key, change in changed.items():
        setattr(user, fields[key], change["to"])
    if changed:
        audit.record(actor_id, "user.update", user.id, changed)
    db.session.flush()
    return user


def _demote(user: User) -> None:
    """Take the admin role, unless `user` is the last admin (409). The admins' rows are locked
    first (PostgreSQL), so two admins demoting each other at once cannot both succeed; SQLite
    runs one writer at a time and the UPDATE re-checks under its lock."""
    admins = db.session.execute(
        select(User.id).where(User.role == "admin").with_for_update()).scalars().all()
    others = select(func.count()).select_from(User).where(User.role == "admin",
                                                         User.id != user.id).scalar_subquery()
    if set(admins) - {user.id}:
        done = db.session.execute(update(User).where(User.id == user.id, others > 0)
                                  .values(role="user")
                                  .execution_options(synchronize_session=False))
        if done.rowcount == 1:
            return
    raise Conflict("The last admin cannot lose the admin role")


def ban(user: User, actor_id: str, reason: str | None, expires_at) -> User:
    """Ban (or re-ban, replacing the earlier ban) and end every session in this transaction."""
    if expires_at is not None and expires_at <= clock.utcnow():
        raise Invalid("Must be in the future", field="expiresAt")
    if user.id == actor_id:
        raise Conflict("You cannot ban yourself")
    if expires_at is not None:
        expires_at = expires_at.astimezone(UTC)  # any offset in, UTC out (R1)
    user.banned, user.ban_reason, user.ban_expires_at = True, reason, expires_at
    db.session.execute(delete(Session).where(Session.user_id == user.id)
                       .execution_options(synchronize_session=False))
    audit.record(actor_id, "user.ban", user.id, {
        "reason": reason, "expiresAt": None if expires_at is None else utc_iso(expires_at)})
    db.session.flush()
    return user


def unban(user: User, actor_id: str) -> User:
    """End the ban; an entry only when the user was banned (an ended ban changes nothing)."""
    was_banned = bans.is_banned(user)
    user.banned, user.ban_reason, user.ban_expires_at = False, None, None
    if was_banned:
        audit.record(actor_id, "user.unban", user.id, {})
    db.session.flush()
    return user


def sessions_page(user: User, args: dict) -> listing.Page:
    statement = select(Session).where(Session.user_id == user.id,
                                      Session.expires_at > clock.utcnow())
    return listing.page(statement, args, SESSION_SORTS, Session.id)


def revoke_sessions(user: User, actor_id: str) -> None:
    ended = db.session.execute(delete(Session).where(Session.user_id == user.id)
                               .execution_options(synchronize_session=False)).rowcount
    if ended:
        audit.record(actor_id, "user.sessions_revoke", user.id, {"sessions": ended})


def delete_user(user: User, actor_id: str) -> None:
    """Contract section 9's cascade (its 409s: owner of a shared project, last admin)."""
    if user.id == actor_id:
        raise Conflict("You cannot delete yourself here; use DELETE /api/auth/user")
    delete_account(user, actor_id)

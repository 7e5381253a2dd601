"""Administration of users (resources.md R8): the list and detail, role/name/verification
changes, bans, sessions and deletion; and the answers of the payment ledger. Every change adds
its audit entry to the request's transaction (sections/audit), so a refused change writes none."""
from datetime import UTC

from sqlalchemy import delete, func, not_, select, update

from core import clock, hooks, listing
from core.db import db
from core.fields import utc_iso
from core.outcomes import Conflict, Invalid
from sections.audit import service as audit
from sections.auth.models import LinkedIdentity, PasskeyCredential, Session, User
from sections.auth.services import api_keys, bans, impersonation, security_log
from sections.auth.services.deletion import delete_account
from sections.projects.models import Membership

USER_SORTS = {"createdAt": User.created_at, "email": User.email}
SESSION_SORTS = {"createdAt": Session.created_at}


def user_answer(user: User) -> dict:
    """The user object as admins see it (AdminUserSchema): the ban as it stands now."""
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


def user_detail_answer(user: User) -> dict:
    """The user object with the counts of what its account holds (AdminUserDetailSchema)."""
    return {**user_answer(user), "counts": counts(user)}


def counts(user: User) -> dict:
    """What the account holds (R8 detail), in one query."""
    def count(model, *where):
        return select(func.count()).select_from(model).where(*where).scalar_subquery()

    row = db.session.execute(select(
        count(Session, Session.user_id == user.id, Session.expires_at > clock.utcnow()),
        count(PasskeyCredential, PasskeyCredential.user_id == user.id),
        count(LinkedIdentity, LinkedIdentity.user_id == user.id,
              LinkedIdentity.connection_id.is_(None)),  # GitHub, Google: not SSO's links
        count(Membership, Membership.user_id == user.id),
        api_keys.live_count(user.id))).one()
    return dict(zip(("sessions", "passkeys", "providers", "projects", "apiKeys"), row,
                    strict=True))


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
    if "role" in changed:
        impersonation.end_on_role_change(user.id, changed["role"]["to"])
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
    """Ban (or re-ban, replacing the earlier ban) and end every session in this transaction:
    the user's own, and those it opened as an admin (extensions.md E2.3)."""
    if expires_at is not None and expires_at <= clock.utcnow():
        raise Invalid("Must be in the future", field="expiresAt")
    if user.id == actor_id:
        raise Conflict("You cannot ban yourself")
    if expires_at is not None:
        expires_at = expires_at.astimezone(UTC)  # any offset in, UTC out (R1)
    user.banned, user.ban_reason, user.ban_expires_at = True, reason, expires_at
    db.session.execute(delete(Session).where(Session.user_id == user.id)
                       .execution_options(synchronize_session=False))
    impersonation.end_opened_by(user.id)
    hooks.ACCOUNT_BANNED(user, actor_id)  # what other sections end with it (their grants)
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


def session_answer(session: Session) -> dict:
    """A session as admins see it (AdminSessionSchema): never its token."""
    return {"id": session.id, "createdAt": session.created_at, "expiresAt": session.expires_at,
            "lastUsedAt": session.last_used_at, "userAgent": session.user_agent,
            "ipAddress": session.ip_address}


def revoke_sessions(user: User, actor_id: str) -> None:
    ended = db.session.execute(delete(Session).where(Session.user_id == user.id)
                               .execution_options(synchronize_session=False)).rowcount
    if ended:
        audit.record(actor_id, "user.sessions_revoke", user.id, {"sessions": ended})
        # In the user's own log too (E1.6); the address is the admin's request's.
        security_log.record(user.id, "session_revoke", {"count": ended})


def impersonate(user: User, admin_id: str, user_agent: str | None,
                ip_address: str | None):
    """E2.3: a session of `user` for the admin, with its `user.impersonate` audit entry."""
    issued = impersonation.start(user, admin_id, user_agent, ip_address)
    audit.record(admin_id, "user.impersonate", user.id,
                 {"sessionId": issued.id, "expiresAt": utc_iso(issued.expires_at)})
    return issued


def delete_user(user: User, actor_id: str) -> None:
    """Contract section 9's cascade (its 409s: owner of a shared project, last admin)."""
    if user.id == actor_id:
        raise Conflict("You cannot delete yourself here; use DELETE /api/auth/user")
    delete_account(user, actor_id)


# --- the payment ledger (contract section 7): the provider's values as the webhook recorded
# them; `createdAt` is the provider time of the event that recorded a row.

def payment_answer(payment) -> dict:
    return {"id": payment.id, "amount": payment.amount, "currency": payment.currency,
            "status": payment.status, "createdAt": payment.last_event_created}


def refund_answer(refund) -> dict:
    return {"id": refund.id, "paymentId": refund.payment_intent, "amount": refund.amount,
            "amountRefunded": refund.amount_refunded, "currency": refund.currency,
            "createdAt": refund.last_event_created}


def subscription_answer(subscription) -> dict:
    return {"id": subscription.id, "customer": subscription.customer,
            "status": subscription.status, "currentPeriodEnd": subscription.current_period_end,
            "createdAt": subscription.last_event_created}


def webhook_event_answer(event) -> dict:
    return {"id": event.id, "type": event.type, "created": event.created,
            "receivedAt": event.received_at}

"""Invitations to projects (resources.md R3): sent by the owner, e-mailed with a one-time token
(random, stored as SHA-256, single use, valid 7 days), accepted or declined by the addressee."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import and_, false, select, update
from sqlalchemy.orm import aliased

from core import clock, listing, mail, tokens
from core import policy as policies
from core.db import db
from core.mail import with_query
from core.outcomes import Conflict, EmailNotVerified, Forbidden, InvalidToken, NotFound
from core.policy import Caller
from sections.audit import service as audit
from sections.auth.models import User
from sections.projects.models import ADMIN, MEMBER, Invitation, Membership, Project
from sections.projects.rules import project_role, relations_of_role

# Stored statuses are PENDING, ACCEPTED, DECLINED and REVOKED; a PENDING invitation past
# `expires_at` is answered EXPIRED (derived from the clock, never written). Every change of
# status is a conditional UPDATE `WHERE status = 'PENDING' AND expires_at > now`, so of two
# concurrent accepts (or an accept and a revoke) exactly one wins.
LIFETIME = timedelta(days=7)
PENDING, ACCEPTED, DECLINED, REVOKED, EXPIRED = (
    "PENDING", "ACCEPTED", "DECLINED", "REVOKED", "EXPIRED")

_inviter = aliased(User, name="inviter")
SORTS = {"createdAt": Invitation.created_at, "expiresAt": Invitation.expires_at}


def _rows():
    return (select(Invitation.id, Invitation.project_id, Invitation.email, Invitation.status,
                   Invitation.role,
                   Invitation.expires_at, Invitation.created_at, Invitation.invited_by_id,
                   _inviter.name.label("inviter_name"), _inviter.image.label("inviter_image"),
                   _inviter.email.label("inviter_email"))
            .outerjoin(_inviter, _inviter.id == Invitation.invited_by_id))


def answer(row, who: Caller, relations: set[str]) -> dict:
    """R3's Invitation object of a row of `_rows()`: the API's keys with raw values, for
    InvitationSchema to dump. `relations` are the caller's to the project (the inviter's e-mail
    is shown to members and admins, not to the invitee)."""
    status = row.status
    if status == PENDING and row.expires_at <= clock.utcnow():
        status = EXPIRED
    inviter = None
    if row.invited_by_id is not None:
        inviter = {"id": row.invited_by_id, "name": row.inviter_name,
                   "image": row.inviter_image}
        if policies.may_know_email(who, row.invited_by_id, relations):
            inviter["email"] = row.inviter_email
    return {"id": row.id, "projectId": row.project_id, "email": row.email, "status": status,
            "invitedBy": inviter, "role": row.role, "expiresAt": row.expires_at,
            "createdAt": row.created_at}


def my_answer(row, who: Caller) -> dict:
    """An invitation addressed to the caller (a row of `my_invitations_page`), with its
    `project: {id, name}` (MyInvitationSchema)."""
    return {**answer(row, who, set()),
            "project": {"id": row.project_id, "name": row.project_name}}


def check_role(project, who: Caller, body) -> None:
    """The guard's check of the raw body (403 before the body's 400, R1): only a caller who may
    `invite_admin` (the owner, a platform admin) sends `role: "admin"`."""
    if isinstance(body, dict) and body.get("role") == ADMIN:
        policies.check("project", relations_of_role(project.role, who), "invite_admin")


def invite(project, who: Caller, email: str, role: str = MEMBER):
    """Invite `email` to `project` (as `@guard` loaded it) as `role` (`check_role` has allowed
    it): the address's pending invitation, if
    any, is revoked and replaced; the e-mail goes out before the caller commits (mail moves to
    an outbox in the same transaction). An address already a member: 409. Returns the new
    invitation's row, for `answer`."""
    member = db.session.execute(
        select(Membership.user_id).join(User, User.id == Membership.user_id)
        .where(Membership.project_id == project.id, User.email == email)).first()
    if member is not None:
        raise Conflict("This address belongs to a member of the project")
    now = clock.utcnow()
    # Every stored PENDING one goes, expired ones included, so that the partial unique index
    # (one PENDING invitation per project and address) settles two concurrent invitations.
    db.session.execute(
        update(Invitation).where(Invitation.project_id == project.id, Invitation.email == email,
                                 Invitation.status == PENDING)
        .values(status=REVOKED).execution_options(synchronize_session=False))
    token = tokens.new_token()
    invitation = Invitation(project_id=project.id, email=email, token_hash=tokens.digest(token),
                            status=PENDING, invited_by_id=who.id, role=role, created_at=now,
                            expires_at=now + LIFETIME)
    db.session.add(invitation)
    db.session.flush()  # a concurrent duplicate fails here (409), before any e-mail goes out
    link = with_query(current_app.config["INVITATION_URL"], token=token)
    mail.send(email, "You are invited to a project",
              f"{who.email} invited you to join the project \"{project.name}\""
              f"{' as an admin' if role == ADMIN else ''}.\n\n"
              f"Open this link to accept or decline (valid for 7 days):\n{link}\n\n"
              "If you do not know this project, ignore this message.\n")
    return _row(invitation.id)


def _status_filter(status: str, now):
    if status == EXPIRED:
        return and_(Invitation.status == PENDING, Invitation.expires_at <= now)
    if status == PENDING:
        return and_(Invitation.status == PENDING, Invitation.expires_at > now)
    return Invitation.status == status


def _row(invitation_id: str):
    return db.session.execute(_rows().where(Invitation.id == invitation_id)).one()


def project_invitations_page(project_id: str, args: dict) -> listing.Page:
    """One page of the project's invitations (the owner's view), filter `status`."""
    statement = _rows().where(Invitation.project_id == project_id)
    if args.get("status"):
        statement = statement.where(_status_filter(args["status"], clock.utcnow()))
    return listing.page(statement, args, SORTS, Invitation.id, scalars=False)


def my_invitations_page(who: Caller, args: dict) -> listing.Page:
    """One page of the live invitations addressed to the caller's verified e-mail, with their
    projects' names (none while the address is unverified: it is not proven the caller's)."""
    mine = (and_(Invitation.email == who.email, _status_filter(PENDING, clock.utcnow()))
            if who.email_verified else false())
    statement = (_rows().add_columns(Project.name.label("project_name"))
                 .join(Project, Project.id == Invitation.project_id).where(mine))
    return listing.page(statement, args, SORTS, Invitation.id, scalars=False)


def revoke(project_id: str, invitation_id: str) -> None:
    """Revoke a live invitation of the project: its link stops working. One that is no longer
    pending (accepted, declined, revoked, expired) is in a final state: 409."""
    if not policies.is_id(invitation_id):
        raise NotFound("No such invitation")
    done = _settle(REVOKED, Invitation.id == invitation_id, Invitation.project_id == project_id)
    if not done:
        found = db.session.execute(select(Invitation.id).where(
            Invitation.id == invitation_id, Invitation.project_id == project_id)).first()
        if found is None:
            raise NotFound("No such invitation")
        raise Conflict("The invitation is no longer pending")


def _settle(status: str, *where) -> bool:
    """Move a live PENDING invitation to `status`; False when it is not (or no longer) one."""
    return db.session.execute(
        update(Invitation).where(*where, Invitation.status == PENDING,
                                 Invitation.expires_at > clock.utcnow())
        .values(status=status).execution_options(synchronize_session=False)).rowcount == 1


def _addressed(token: str, who: Caller):
    """The live invitation of `token`, once the caller is its addressee with a verified
    address: INVALID_TOKEN, then FORBIDDEN (another address), then EMAIL_NOT_VERIFIED."""
    row = db.session.execute(
        select(Invitation).where(Invitation.token_hash == tokens.digest(token))).scalar()
    if (row is None or not tokens.matches(token, row.token_hash) or row.status != PENDING
            or row.expires_at <= clock.utcnow()):
        raise InvalidToken("The invitation is unknown, used, revoked or expired")
    if row.email.lower() != (who.email or "").lower():
        raise Forbidden("This invitation is addressed to another e-mail address")
    if not who.email_verified:
        raise EmailNotVerified("Verify your e-mail address to answer an invitation")
    return row


def accept(token: str, who: Caller) -> str:
    """Join the invitation's project in its role; returns the project's id. The status moves
    first, conditionally: of concurrent accepts only one gets the row, the others INVALID_TOKEN."""
    invitation = _addressed(token, who)
    if not _settle(ACCEPTED, Invitation.id == invitation.id):
        raise InvalidToken("The invitation is unknown, used, revoked or expired")
    if project_role(invitation.project_id, who.id) is not None:
        raise Conflict("You are already a member of this project")
    db.session.add(Membership(project_id=invitation.project_id, user_id=who.id,
                              role=invitation.role, joined_at=clock.utcnow()))
    audit.record(who.id, "project.member_add", invitation.project_id,
                 {"userId": who.id, "role": invitation.role, "via": "invitation"})
    db.session.flush()
    return invitation.project_id


def decline(token: str, who: Caller):
    """Decline the invitation; returns its row (status DECLINED), for `answer`."""
    invitation = _addressed(token, who)
    if not _settle(DECLINED, Invitation.id == invitation.id):
        raise InvalidToken("The invitation is unknown, used, revoked or expired")
    return _row(invitation.id)

"""A project's members (resources.md R3, extensions.md E2.1): the list, removal, role changes
and the ownership's transfer; who may do what is the policy's (rules.py RULES, REMOVAL)."""
from flask import request
from sqlalchemy import delete, select, update

from core import clock, listing
from core import policy as policies
from core.db import db
from core.outcomes import Conflict, Invalid, NotFound
from core.policy import Caller
from sections.audit import service as audit
from sections.auth.models import User
from sections.projects.models import ADMIN, MEMBER, OWNER, Membership, Project
from sections.projects.rules import REMOVAL, project_role, relations_of_role

# The state is settled by conditional statements, so that racing changes leave a state one of
# them would have left: a removal deletes the row only in a role the caller may remove, a role
# change locks the row it reads, a transfer demotes the owner only while it is one and promotes
# the new owner only while it is still an admin or member (the partial unique index
# `uq_memberships_one_owner` refuses a second owner).
MEMBER_SORTS = {"joinedAt": Membership.joined_at, "email": User.email}
# The roles a role change may set, and that removal or transfer may find a non-owner in.
GRANTED = (ADMIN, MEMBER)


def members_page(project_id: str, args: dict) -> listing.Page:
    """One page of the project's members (filter role)."""
    statement = (select(Membership.user_id, Membership.role, Membership.joined_at, User.email,
                        User.name, User.image)
                 .join(User, User.id == Membership.user_id)
                 .where(Membership.project_id == project_id))
    if args.get("role"):
        statement = statement.where(Membership.role == args["role"].lower())
    return listing.page(statement, args, MEMBER_SORTS, Membership.user_id, scalars=False)


def member_answer(row) -> dict:
    """A member `{user, role, joinedAt}` of a `members_page` row; the caller is a member or an
    admin, so the e-mail is shown (R1 "embedded users")."""
    return {"user": {"id": row.user_id, "email": row.email, "name": row.name,
                     "image": row.image},
            "role": row.role, "joinedAt": row.joined_at}


def _member_row(project_id: str, user_id: str, *, lock: bool = False):
    statement = (select(Membership.user_id, Membership.role, Membership.joined_at, User.email,
                        User.name, User.image)
                 .join(User, User.id == Membership.user_id)
                 .where(Membership.project_id == project_id, Membership.user_id == user_id))
    if lock:
        statement = statement.with_for_update(of=Membership)
    return db.session.execute(statement).one_or_none()


def remove_member(row, who: Caller, user_id: str) -> None:
    """Remove `user_id` from the project (as `@guard` loaded it): the member itself leaving, or
    someone the caller's relations may remove (REMOVAL: an admin removes members only; the
    owner and platform admins members and admins). The owner never leaves (409: transfer)."""
    relations = relations_of_role(row.role, who)
    leaving = user_id == who.id
    if not leaving:
        policies.check("project", relations, "remove_member")
    if not policies.is_id(user_id):
        raise NotFound("No such member")
    target = _member_row(row.id, user_id)
    if target is None:
        raise NotFound("No such member")
    if not leaving:
        policies.check("project", relations, REMOVAL[target.role])
    if target.role == OWNER:
        raise Conflict("The owner cannot leave the project: transfer it to another member first")
    # Deleted only in the role it was read in: a concurrent transfer (that made it the owner)
    # or role change (that made it an admin) wins, and this one is answered as it would be now.
    removed = db.session.execute(
        delete(Membership).where(Membership.project_id == row.id, Membership.user_id == user_id,
                                 Membership.role == target.role)
        .execution_options(synchronize_session=False)).rowcount
    if not removed:
        raise Conflict("The member's role changed meanwhile; reload the project")
    audit.record(who.id, "project.member_remove", row.id,
                 {"userId": user_id, "email": target.email, "left": leaving})


def member_first(row, _who: Caller, _body) -> None:
    """R1's order for a role change: a user who is not a member is 404 before the body's 400
    (the access step calls this before the body is validated)."""
    if _member_row(row.id, request.view_args["user_id"]) is None:
        raise NotFound("No such member")


def change_role(row, who: Caller, user_id: str, role: str) -> dict:
    """Give the member `user_id` the role `role` ("admin" or "member"; ownership moves by
    transfer only), with one `project.member_role` entry when it changes. The row is read
    locked, so two changes at once are applied one after the other, each entry naming the
    role it really replaced. Returns the member's answer."""
    if role not in GRANTED:
        raise Invalid("Must be \"admin\" or \"member\" (ownership moves by transfer)",
                      field="role")
    if not policies.is_id(user_id):
        raise NotFound("No such member")
    target = _member_row(row.id, user_id, lock=True)
    if target is None:
        raise NotFound("No such member")
    if target.role == OWNER:
        raise Invalid("The owner's role changes only by a transfer", field="role")
    if target.role != role:
        db.session.execute(
            update(Membership).where(Membership.project_id == row.id,
                                     Membership.user_id == user_id, Membership.role.in_(GRANTED))
            .values(role=role).execution_options(synchronize_session=False))
        audit.record(who.id, "project.member_role", row.id,
                     {"userId": user_id, "from": target.role, "to": role})
    return {**member_answer(target), "role": role}


def transfer(row, who: Caller, user_id: str) -> None:
    """Make the member `user_id` the owner and the owner an admin (extensions.md E2.1). Two
    conditional UPDATEs: the owner's row is demoted only while it is still the owner, then the
    new owner's promoted only while it is still an admin or member, so racing transfers,
    removals and departures leave exactly one owner (the partial unique index refuses a second
    one if anything slipped through); a failure rolls the request back whole."""
    if user_id == row.owner_id:
        raise Invalid("The user already owns the project", field="userId")
    if project_role(row.id, user_id) is None:  # unknown users too: no account leaks
        raise Invalid("Not a member of the project", field="userId")
    demoted = db.session.execute(
        update(Membership).where(Membership.project_id == row.id,
                                 Membership.user_id == row.owner_id, Membership.role == OWNER)
        .values(role=ADMIN).execution_options(synchronize_session=False)).rowcount
    if not demoted:
        raise Conflict("The project's ownership changed meanwhile; reload it")
    promoted = db.session.execute(
        update(Membership).where(Membership.project_id == row.id,
                                 Membership.user_id == user_id, Membership.role.in_(GRANTED))
        .values(role=OWNER).execution_options(synchronize_session=False)).rowcount
    if not promoted:
        raise Invalid("Not a member of the project", field="userId")
    db.session.execute(update(Project).where(Project.id == row.id)
                       .values(updated_at=clock.utcnow())
                       .execution_options(synchronize_session=False))
    audit.record(who.id, "project.transfer", row.id,
                 {"fromUserId": row.owner_id, "toUserId": user_id})

"""Projects and their members (resources.md R3): lists, reads, changes, transfer, removal;
who may do what is rules.py's, the one-owner invariant is kept by conditional UPDATEs (and,
last, by the partial unique index `uq_memberships_one_owner`)."""
from sqlalchemy import String, and_, bindparam, delete, func, literal_column, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, with_expression

from core import clock, hooks, listing
from core import policy as policies
from core.db import db
from core.outcomes import Conflict, Unauthenticated
from core.policy import Caller
from perf.prepared import PreparedRead
from sections.audit import service as audit
from sections.auth.models import User
from sections.projects import settings
from sections.projects.models import OWNER, Membership, Project
from sections.projects.rules import (
    project_role,
    refuse_held_out,
    relations_of_role,
    visible_projects,
)

_owner = aliased(Membership, name="owner_membership")
_owner_user = aliased(User, name="owner_user")
_mine = aliased(Membership, name="my_membership")
# Written into the SQL, not bound: SQLite uses the partial index `uq_memberships_one_owner`
# (WHERE role = 'owner') only for a literal, and a bound value cost a scan (bench/README.md).
OWNER_ROLE = literal_column(f"'{OWNER}'")

SORTS = {"createdAt": Project.created_at, "updatedAt": Project.updated_at,
         "name": func.lower(Project.name)}


# Every read of a project is one statement that also computes its owner, the caller's role
# and the member count (joins and a correlated count on indexed columns): a read is one query, a
# list one page query and one count, the page cut before the per-project work is done, and a
# user's list driven from its memberships so that its cost never grows with the table
# (bench/README.md, "Projects").
def _decorated(keys):
    """The Project objects' columns for the projects of `keys` (a select or subquery with an
    `id` column): the owner by the partial unique index of owners, the caller's role by the
    (user_id, project_id) index, the member count by the primary key's (project_id, ...)."""
    member_count = (select(func.count()).where(Membership.project_id == keys.c.id)
                    .correlate(keys).scalar_subquery())
    return (
        select(Project.id, Project.name, Project.description, Project.created_at,
               Project.updated_at, Project.sso_required, Project.scim_admin_groups,
               Project.oauth_clients,
               _owner.user_id.label("owner_id"),
               _owner_user.name.label("owner_name"), _owner_user.image.label("owner_image"),
               _owner_user.email.label("owner_email"), _mine.role.label("role"),
               member_count.label("member_count"))
        .select_from(keys)
        .join(Project, Project.id == keys.c.id)
        .outerjoin(_owner, and_(_owner.project_id == Project.id, _owner.role == OWNER_ROLE))
        .outerjoin(_owner_user, _owner_user.id == _owner.user_id)
        .outerjoin(_mine, and_(_mine.project_id == Project.id,
                               _mine.user_id == bindparam("caller_id"))))


# One project as the caller sees it, a Project with its owner, the caller's role and the member
# count (the model's query expressions): one indexed statement, built once (bench/README.md).
SEEN = (
    select(Project)
    .outerjoin(_owner, and_(_owner.project_id == Project.id, _owner.role == OWNER_ROLE))
    .outerjoin(_owner_user, _owner_user.id == _owner.user_id)
    .outerjoin(_mine, and_(_mine.project_id == Project.id,
                           _mine.user_id == bindparam("caller_id")))
    .where(Project.id == bindparam("project_id"))
    .options(with_expression(Project.owner_id, _owner.user_id),
             with_expression(Project.owner_name, _owner_user.name),
             with_expression(Project.owner_image, _owner_user.image),
             with_expression(Project.owner_email, _owner_user.email),
             with_expression(Project.role, _mine.role),
             with_expression(Project.member_count,
                             select(func.count()).where(Membership.project_id == Project.id)
                             .scalar_subquery()))
    .execution_options(populate_existing=True))  # a Project the session holds is read anew
SEEN_LOCKED = SEEN.with_for_update(of=Project)
# The same read for a read-only request, from committed data outside the request's
# transaction (perf/prepared.py): the same Project, not attached to the session.
READ = _decorated(select(bindparam("project_id", type_=String).label("id")).subquery("one"))
FAST_READ = PreparedRead(READ, into=Project)


def answer(row, who: Caller) -> dict:
    """R3's Project object as the caller sees it (a Project of `find` or a row of a page):
    the API's keys with raw values, for ProjectSchema to dump."""
    relations = relations_of_role(row.role, who)
    owner = None
    if row.owner_id is not None:
        owner = {"id": row.owner_id, "name": row.owner_name, "image": row.owner_image}
        if policies.may_know_email(who, row.owner_id, relations):
            owner["email"] = row.owner_email
    found = {"id": row.id, "name": row.name, "description": row.description,
             "ownerId": row.owner_id, "owner": owner, "role": row.role,
             "memberCount": row.member_count, "ssoRequired": bool(row.sso_required),
             "createdAt": row.created_at, "updatedAt": row.updated_at}
    if relations & {policies.OWNER, policies.PROJECT_ADMIN}:  # E4.4: owner and admins only
        found["scimAdminGroups"] = list(row.scim_admin_groups or [])
        found["oauthClients"] = None if row.oauth_clients is None else list(row.oauth_clients)
    return found


def projects_page(who: Caller, args: dict) -> listing.Page:
    """One page of the caller's own projects (R3 `GET /api/projects`, filters role and q)."""
    member = aliased(Membership, name="keyed")
    statement = select(member.project_id).where(visible_projects(who, member))
    if args.get("role"):
        statement = statement.where(member.role == args["role"].lower())
    return _memberships_page(statement, member, who, args)


def all_projects_page(who: Caller, args: dict) -> listing.Page:
    """One page of every project, for an admin (R8 `GET /api/admin/projects`, filters q and
    ownerId; `role` is the admin's own or null)."""
    if args.get("ownerId"):
        member = aliased(Membership, name="keyed")
        statement = select(member.project_id).where(member.user_id == args["ownerId"],
                                                    member.role == OWNER)
        return _memberships_page(statement, member, who, args)
    statement = select(Project.id)
    if args.get("q"):
        statement = statement.where(listing.contains(Project.name, args["q"]))
    return _page(statement, SORTS, Project.id, who, args)


def _memberships_page(statement, member, who: Caller, args: dict) -> listing.Page:
    """A page driven from `statement`, a select of `member`'s project ids (filter q added)."""
    if args.get("q"):
        statement = statement.where(listing.contains(_of_project(member, Project.name),
                                                     args["q"]))
    return _page(statement, _sorts_of(member), member.project_id, who, args)


def _page(statement, sorts: dict, key, who: Caller, args: dict) -> listing.Page:
    """One page query and one count; the page is cut before the per-project work is done."""
    return listing.page(statement, args, sorts, key, scalars=False,
                        decorate=lambda keys: _decorated(keys).params(caller_id=who.id))


def _of_project(member, column):
    """`column` of the membership's project, read by primary key for each membership."""
    return (select(column).where(Project.id == member.project_id).correlate(member)
            .scalar_subquery())


def _sorts_of(member) -> dict:
    """Sort values of one user's projects, driven from its memberships (the (user_id, ...)
    index): the cost follows that user's projects, never the table. Joined to projects
    instead, a planner may walk the projects' createdAt index hoping to meet the user's rows
    soon, and cross the whole table for a user whose projects are old (bench/README.md)."""
    return {"createdAt": _of_project(member, Project.created_at),
            "updatedAt": _of_project(member, Project.updated_at),
            "name": _of_project(member, func.lower(Project.name))}


def find(project_id, who: Caller, action: str = "see", *, lock: bool = False,
         committed: bool = False) -> Project:
    """The project as the caller sees it once it may do `action`: NotFound when it may not see
    it, Forbidden when it may see but not do `action` (R1's order). One query in the request's
    transaction, and with `lock` its row read again `FOR UPDATE`; with `committed` (a request
    that writes nothing) the prepared read of committed data instead."""
    if committed and lock:
        raise ValueError("a locked read is the request's own, never a committed one")
    project = None
    if policies.is_id(project_id):
        refuse_held_out(project_id, who)
        params = {"project_id": project_id, "caller_id": who.id}
        if committed:
            project = FAST_READ.one(db.engine, **params)
        else:
            project = db.session.execute(SEEN, params).scalar_one_or_none()
    _allowed(project, who, action)
    if lock:
        # Read again, locked (only its own row), and checked again: a change decided on its
        # state is never applied to a state moved meanwhile. Deleted meanwhile: 404.
        project = db.session.execute(SEEN_LOCKED, params).scalar_one_or_none()
        _allowed(project, who, action)
    return project


def _allowed(project, who: Caller, action: str) -> None:
    if project is None:
        raise policies.KINDS["project"].not_found()
    policies.check("project", relations_of_role(project.role, who), action)


def create(who: Caller, name: str, description: str | None) -> str:
    """A new project whose only member, its owner, is the caller; returns its id.

    The caller's account is held first (FOR KEY SHARE, the lock the membership's foreign key
    takes anyway): the project's insert moves the projects counter (core/stats.py), and an
    account's deletion holds the account, then moves that counter as its projects go. Taken
    in the other order, a creation racing its owner's deletion on a backend of the same
    counter slot deadlocked. An account deleted meanwhile answers 401, as a dead session."""
    held = select(User.id).where(User.id == who.id).with_for_update(read=True, key_share=True)
    if db.session.execute(held).first() is None:
        raise Unauthenticated("Invalid or expired bearer token")
    now = clock.utcnow()
    project = Project(name=name, description=description, created_at=now, updated_at=now)
    db.session.add(project)
    db.session.flush()
    db.session.add(Membership(project_id=project.id, user_id=who.id, role=OWNER, joined_at=now))
    db.session.flush()
    return project.id


def owner_fields(project: Project, who: Caller, body) -> None:
    """The guard's check of the raw body (403 before the body's 400, R1): only who may
    `configure` the project (the owner, a platform admin) sends its owner-only settings."""
    if isinstance(body, dict) and set(body) & set(settings.COLUMNS):
        policies.check("project", relations_of_role(project.role, who), "configure")


def update_project(project: Project, who: Caller, changes: dict) -> None:
    """Apply the PATCH's fields; `updatedAt` moves, and the change is audited with each field's
    `{from, to}` under its name in the API (extensions.md E4.5), only when a value changes.
    The sections owning a setting check its change first (hooks.PROJECT_CHANGING: 409 for
    `ssoRequired` true without single sign-on ready; the guard locked the row), and hear of
    it after (hooks.PROJECT_CHANGED), in the same transaction."""
    names = {settings.COLUMNS.get(name, name): name for name in changes}  # column: API name
    changed = {column: changes[name] for column, name in names.items()
               if getattr(project, column) != changes[name]}
    if not changed:
        return
    hooks.PROJECT_CHANGING(project, {names[column]: value for column, value in changed.items()})
    audit.record(who.id, "project.update", project.id,
                 {names[key]: {"from": getattr(project, key), "to": value}
                  for key, value in changed.items()})
    for key, value in changed.items():
        setattr(project, key, value)
    project.updated_at = clock.utcnow()
    db.session.flush()
    hooks.PROJECT_CHANGED(project.id, {names[column] for column in changed})


def delete_project(row, who: Caller) -> None:
    """Delete the project; members and invitations (and the later sections' rows) go with it
    by their foreign keys (ON DELETE CASCADE). Audited (R8)."""
    audit.record(who.id, "project.delete", row.id,
                 {"name": row.name, "ownerId": row.owner_id})
    db.session.execute(delete(Project).where(Project.id == row.id)
                       .execution_options(synchronize_session=False))


def _owned(user):
    return select(Membership.project_id).where(Membership.user_id == user.id,
                                               Membership.role == OWNER)


def refuse_owner_deletion(user) -> None:
    """An account's deletion (hooks.ACCOUNT_DELETION_REFUSED): refused while it owns a project
    with other members (R3)."""
    others = (select(Membership.project_id).where(Membership.project_id.in_(_owned(user)),
                                                  Membership.user_id != user.id).limit(1))
    if db.session.execute(others).first() is not None:
        raise Conflict("Transfer the projects you own to another member first")


def delete_owned_projects(user, _actor_id=None) -> None:
    """An account's deletion (hooks.ACCOUNT_GOING): what it owns has no other member now, so
    those projects go with it (with their articles, festivals and reviews, by their foreign
    keys)."""
    db.session.execute(delete(Project).where(Project.id.in_(_owned(user)))
                       .execution_options(synchronize_session=False))


def add_member(project_id: str, user_id: str, role: str, *, via: str,
               actor_id: str | None, unless_held_out: bool = False) -> bool:
    """Make the user a member in `role` unless it already is one (extensions.md E4.5
    `project.member_add`, `via` "sso"); False when it was one, or, with `unless_held_out`, when
    a section holds the account out (hooks.MEMBERSHIP_HELD_OUT: the directory suspended it).
    Of two additions at once the primary key keeps one: the second finds the row in its
    savepoint and adds none."""
    if project_role(project_id, user_id) is not None:
        return False
    if unless_held_out and any(hooks.MEMBERSHIP_HELD_OUT(project_id, user_id)):
        return False
    try:
        with db.session.begin_nested():
            db.session.add(Membership(project_id=project_id, user_id=user_id, role=role,
                                      joined_at=clock.utcnow()))
    except IntegrityError:
        return False
    audit.record(actor_id, "project.member_add", project_id,
                 {"userId": user_id, "role": role, "via": via})
    return True

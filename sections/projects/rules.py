"""Who sees and changes a project (resources.md R3), and what belonging to a project gives on
the resources inside it: the rules the content sections build theirs on."""
from flask import g, has_request_context, request
from sqlalchemy import String, func, literal, literal_column, select, union_all

from core import hooks
from core.db import db
from core.policy import (
    ADMIN,
    KINDS,
    MEMBER,
    OWNER,
    PROJECT_ADMIN,
    Caller,
    HeldOut,
    base_relations,
    define,
)
from perf.prepared import PreparedRead
from sections.projects.models import ADMIN as ADMIN_ROLE
from sections.projects.models import MEMBER as MEMBER_ROLE
from sections.projects.models import OWNER as OWNER_ROLE
from sections.projects.models import Membership, Project

# The project roles of extensions.md E2.1 as rows: the owner holds OWNER, an admin
# PROJECT_ADMIN, both MEMBER; a platform admin holds all three (R1). No view tests a role.
RULES = {
    "see": {MEMBER},
    "change": {OWNER, PROJECT_ADMIN},  # PATCH
    "invite": {OWNER, PROJECT_ADMIN},  # invite a member; list and revoke invitations
    "invite_admin": {OWNER},  # an invitation with role "admin"
    "delete": {OWNER},  # DELETE the project
    "transfer": {OWNER},
    "change_roles": {OWNER},  # PATCH /members/{userId}
    "remove_member": {OWNER, PROJECT_ADMIN},  # remove someone whose role is "member"
    "remove_admin": {OWNER},  # remove an admin (the owner itself: 409, transfer first)
    "leave": {MEMBER},  # removing oneself (the owner gets 409: transfer first)
    "configure": {OWNER},  # PATCH the owner-only settings (settings.py: ssoRequired, ...)
}
# Other sections add their actions on a project from their own rules.py (`extend("project",
# ...)`): audit's read_audit, domains', sso's, scim's.
READ_ONLY = frozenset({"GET", "HEAD"})
# How a refusal says an action ("You may not invite members to this project").
VERBS = {"invite": "invite members to", "invite_admin": "invite an admin to",
         "change_roles": "change the roles in", "remove_member": "remove a member from",
         "remove_admin": "remove an admin from",
         "configure": "change the owner-only settings of"}
# The action that removing a member of each role takes (a member removing itself: "leave").
REMOVAL = {MEMBER_ROLE: "remove_member", ADMIN_ROLE: "remove_admin", OWNER_ROLE: "remove_admin"}


def project_role(project_id: str, user_id: str | None) -> str | None:
    """The user's role in the project ("owner", "admin" or "member"), None when not one."""
    if user_id is None:
        return None
    return db.session.execute(
        select(Membership.role).where(Membership.project_id == project_id,
                                      Membership.user_id == user_id)).scalar_one_or_none()


# A project's gates (core/policy.py `Gate`, filled into hooks.PROJECT_GATES by the sections that
# define them: sso's ssoRequired, extensions.md E4.2) hold some of its members out: to them the
# membership does not count (lists, counts, search, content), and the project's own paths
# answer the gate's refusal. One query per request and caller finds every project that holds
# the caller out, whatever the number of its projects: each gate's statement starts from the
# caller's own rows (its address's domain, its links), and the lists leave those projects out
# in SQL.
_HELD = {}  # the gates' union, built at its first use, once every section has filled its gate


def _gates():
    if "read" not in _HELD:
        gates = [gate for gate in hooks.PROJECT_GATES() if gate is not None]
        statement = None
        if gates:
            # One row whatever the number of projects, "<project id>:<gate> ..." (or null), so
            # that the read of a request that writes nothing is the prepared one-row read.
            held = union_all(*(select((gate.statement.subquery().c[0] + literal(f":{index}",
                                                                                String))
                                      .label("held")) for index, gate in enumerate(gates)))
            held = held.subquery("held")
            statement = select(func.aggregate_strings(held.c.held, literal_column("' '"))
                               .label("held"))
        _HELD.update(gates=gates, statement=statement,
                     read=None if statement is None else PreparedRead(statement))
    return _HELD


def held_out(who: Caller) -> dict:
    """project id -> the Gate holding the caller out of it on this request; asked of the
    database once per request and caller. Platform admins are never held out."""
    if who.id is None or who.is_admin or not has_request_context():
        return {}
    held = _gates()
    if held["statement"] is None:
        return {}
    params = {}
    for gate in held["gates"]:
        params.update(gate.params(who))
    known = g.setdefault("held_out", {})
    key = (who.id, *sorted(params.items()))
    if key not in known:
        if request.method in READ_ONLY:
            # A request that writes nothing reads it from committed data, as the project read
            # does (perf/prepared.py): no transaction of its own for a GET that needs none.
            found = held["read"].one(db.engine, **params)[0]
        else:  # the request's transaction, through Core: the statement loads no objects
            found = db.session.connection().execute(held["statement"], params).scalar()
        known[key] = {project_id: held["gates"][int(gate)] for project_id, gate in
                      (item.rsplit(":", 1) for item in (found or "").split())}
    return known[key]


def refuse_held_out(project_id: str, who: Caller) -> None:
    """Every read of a project for a caller (service.find) asks this first: a project that
    holds the caller out is, to it, one it is not a member of (404), except on the project's
    own paths, where the access step answers the gate's refusal (policy.HeldOut)."""
    gate = held_out(who).get(project_id)
    if gate is not None:
        raise HeldOut(gate.refusal, KINDS["project"].not_found().message)


def _not_held(clause, project_id_column, who: Caller):
    held = held_out(who)
    return clause if not held else clause & project_id_column.not_in(list(held))


def relations_in_project(project_id: str | None, who: Caller) -> set[str]:
    """What belonging to the project gives the caller (members keep rights only while members,
    and a bound member only with the project's single sign-on)."""
    role = None
    if (project_id is not None and who.id is not None and not who.is_admin
            and project_id not in held_out(who)):
        role = project_role(project_id, who.id)
    return relations_of_role(role, who)


def relations_of_role(role: str | None, who: Caller) -> set[str]:
    """The relations a caller with `role` in a project ("owner", "admin", "member" or None) has;
    for a caller whose role was read with the resource itself (one query, no second lookup)."""
    found = base_relations(who)
    if ADMIN in found:
        found |= {MEMBER, OWNER}  # R2: an admin acts as owner everywhere
    if role is not None:
        found.add(MEMBER)
    if role == OWNER_ROLE:
        found.add(OWNER)
    elif role == ADMIN_ROLE:
        found.add(PROJECT_ADMIN)
    return found


def visible_projects(who: Caller, membership):
    """The SQL clause of the projects a caller's own list shows (R3: the ones it is a member
    of, admins included; admins list every project at /api/admin/projects). `membership` is
    the Membership entity joined to the projects."""
    return _not_held(membership.user_id == who.id, membership.project_id, who)


def member_projects(who: Caller):
    """A subquery of the ids of the caller's projects (a project it is bound in left out)."""
    return select(Membership.project_id).where(
        _not_held(Membership.user_id == who.id, Membership.project_id, who))


def projects_of(who: Caller) -> set[str] | None:
    """The ids of the caller's projects (one query), for answering a page of a list: None
    stands for "all" (an admin), an empty set for an anonymous caller."""
    if who.is_admin:
        return None
    if who.id is None:
        return set()
    return set(db.session.execute(member_projects(who)).scalars())


def member_of(projects: set[str] | None, project_id: str) -> bool:
    return projects is None or project_id in projects


def find(project_id: str, who: Caller, action: str, lock: bool):
    """The project with its owner, member count and the caller's role, in one query
    (service.find); for a request that writes nothing (GET, HEAD), from committed data by the
    prepared read (perf/prepared.py, the hot `GET /api/projects/{id}`)."""
    from sections.projects.service import find as find_project
    committed = request.method in READ_ONLY and not lock
    return find_project(project_id, who, action, lock=lock, committed=committed)


def gate_refusals() -> tuple:
    """What the project's paths may answer because of its gates (their documentation)."""
    return tuple(gate.documented for gate in _gates()["gates"])


define("project", Project, RULES, lambda project, who: relations_in_project(project.id, who),
       find=find, noun="project", verbs=VERBS, refusals=gate_refusals)

"""Who sees and changes a project (resources.md R3), and what belonging to a project gives on
the resources inside it: the rules the content sections build theirs on."""
from flask import g, has_request_context, request
from sqlalchemy import String, and_, bindparam, literal_column, select, true

from core.db import db
from core.policy import (
    ADMIN,
    KINDS,
    MEMBER,
    OWNER,
    PROJECT_ADMIN,
    Caller,
    base_relations,
    check,
    define,
)
from perf.prepared import PreparedRead
from sections.domains.models import VERIFIED, Domain
from sections.projects.models import ADMIN as ADMIN_ROLE
from sections.projects.models import MEMBER as MEMBER_ROLE
from sections.projects.models import OWNER as OWNER_ROLE
from sections.projects.models import Membership, Project
from sections.projects.outcomes import SsoRequired
from sections.sso.models import ACTIVE, SsoConnection

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
    "read_audit": {OWNER, PROJECT_ADMIN},  # the project's audit trail (extensions.md E4.5)
    "configure_sso": {OWNER},  # PATCH ssoRequired, scimAdminGroups (extensions.md E4.2, E4.3)
}
READ_ONLY = frozenset({"GET", "HEAD"})
# How a refusal says an action ("You may not invite members to this project").
VERBS = {"invite": "invite members to", "invite_admin": "invite an admin to",
         "change_roles": "change the roles in", "remove_member": "remove a member from",
         "remove_admin": "remove an admin from",
         "read_audit": "read the audit trail of",
         "configure_sso": "change the single sign-on settings of"}
# The action that removing a member of each role takes (a member removing itself: "leave").
REMOVAL = {MEMBER_ROLE: "remove_member", ADMIN_ROLE: "remove_admin", OWNER_ROLE: "remove_admin"}


def project_role(project_id: str, user_id: str | None) -> str | None:
    """The user's role in the project ("owner", "admin" or "member"), None when not one."""
    if user_id is None:
        return None
    return db.session.execute(
        select(Membership.role).where(Membership.project_id == project_id,
                                      Membership.user_id == user_id)).scalar_one_or_none()


# extensions.md E4.2, "Requiring SSO": while a project's `sso_required` is true, a member other
# than its owner whose address is at one of its VERIFIED domains is *bound*: the membership
# counts only on requests made with a session from one of the project's ACTIVE connections
# (never an API key). Otherwise the caller is a non-member everywhere (lists, counts, search,
# content), and the project's own paths answer 403 SSO_REQUIRED. Platform admins are never
# bound. A domain is VERIFIED by one project at a time and an address has one domain, so a
# caller is bound in one project at most: one indexed query per request finds it, whatever
# the number of the caller's projects, and the lists below leave it out in SQL.
_VERIFIED = literal_column(f"'{VERIFIED}'")  # a literal: SQLite's partial index needs it
_ACTIVE = literal_column(f"'{ACTIVE}'")
_OWNER = literal_column(f"'{OWNER_ROLE}'")


# One statement, built once: the caller's domain, id and session's connection are bound
# values (a null connection matches no row, so the NOT EXISTS holds: no SSO session).
BOUND = (
    select(Domain.project_id)
    .join(Project, and_(Project.id == Domain.project_id, Project.sso_required == true()))
    .join(Membership, and_(Membership.project_id == Domain.project_id,
                           Membership.user_id == bindparam("user_id", type_=String),
                           Membership.role != _OWNER))
    .where(Domain.domain == bindparam("domain", type_=String), Domain.status == _VERIFIED,
           ~select(SsoConnection.id).where(
               SsoConnection.id == bindparam("connection_id", type_=String),
               SsoConnection.project_id == Domain.project_id,
               SsoConnection.status == _ACTIVE).exists())
    .limit(1))
# A request that writes nothing reads it from committed data, as the project read does
# (perf/prepared.py): no transaction of its own for a GET that needs none.
FAST_BOUND = PreparedRead(BOUND)


def bound_project(who: Caller) -> str | None:
    """The id of the project in which the caller is bound on this request, or None; asked of
    the database once per request and caller."""
    if who.id is None or who.is_admin or not who.email or not has_request_context():
        return None
    known = g.setdefault("bound_projects", {})
    key = (who.id, who.email, who.sso_connection_id)
    if key not in known:
        params = {"user_id": who.id, "domain": who.email.rpartition("@")[2].lower(),
                  "connection_id": who.sso_connection_id}
        if request.method in READ_ONLY:
            row = FAST_BOUND.one(db.engine, **params)
            known[key] = None if row is None else row[0]
        else:
            known[key] = db.session.execute(BOUND, params).scalar()
    return known[key]


def refuse_bound(project_id: str, who: Caller) -> None:
    """Every read of a project for a caller (service.find) asks this first: in a project it is
    bound in, the project's own paths answer 403 SSO_REQUIRED (a client then sends the user to
    GET /api/auth/sso), and the project named anywhere else (a body's projectId) is one the
    caller is not a member of (404)."""
    if project_id != bound_project(who):
        return
    if has_request_context() and (request.path.rstrip("/") == f"/api/projects/{project_id}"
                                  or request.path.startswith(f"/api/projects/{project_id}/")):
        raise SsoRequired
    raise KINDS["project"].not_found()


def _unbound(clause, project_id_column, who: Caller):
    bound = bound_project(who)
    return clause if bound is None else and_(clause, project_id_column != bound)


def relations_in_project(project_id: str | None, who: Caller) -> set[str]:
    """What belonging to the project gives the caller (members keep rights only while members,
    and a bound member only with the project's single sign-on)."""
    role = None
    if (project_id is not None and who.id is not None and not who.is_admin
            and project_id != bound_project(who)):
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
    return _unbound(membership.user_id == who.id, membership.project_id, who)


def member_projects(who: Caller):
    """A subquery of the ids of the caller's projects (a project it is bound in left out)."""
    return select(Membership.project_id).where(
        _unbound(Membership.user_id == who.id, Membership.project_id, who))


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


def through_project(kind: str):
    """The `find` of a kind over a project's own settings (a section's: its single sign-on,
    its SCIM tokens): the project as the caller sees it (404; 403 SSO_REQUIRED to a bound
    member, declare SSO_REQUIRED among the kind's refusals), then `kind`'s rule for the
    action (403)."""
    def find_through(project_id: str, who: Caller, action: str, lock: bool):
        from sections.projects.service import find as find_project
        project = find_project(project_id, who, "see", lock=lock)
        check(kind, relations_of_role(project.role, who), action)
        return project
    return find_through


def find(project_id: str, who: Caller, action: str, lock: bool):
    """The project with its owner, member count and the caller's role, in one query
    (service.find); for a request that writes nothing (GET, HEAD), from committed data by the
    prepared read (perf/prepared.py, the hot `GET /api/projects/{id}`)."""
    from sections.projects.service import find as find_project
    committed = request.method in READ_ONLY and not lock
    return find_project(project_id, who, action, lock=lock, committed=committed)


SSO_REQUIRED = (403, "SSO_REQUIRED: the caller is bound by the project's ssoRequired and came "
              "without a session from one of its ACTIVE connections (extensions.md E4.2)")
define("project", Project, RULES, lambda project, who: relations_in_project(project.id, who),
       find=find, noun="project", verbs=VERBS, refusals=(SSO_REQUIRED,))

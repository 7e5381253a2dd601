"""Requiring single sign-on (extensions.md E4.2 "Requiring SSO"): which members a project binds,
the gate that holds them out of it without a session of its own connections, what turning it
on needs, and the address a bound account may not leave. The projects section knows none of
this: it asks its gates (hooks.PROJECT_GATES) and its settings' checks (hooks.PROJECT_CHANGING).

While a project's `sso_required` is true, a member other than its owner is *bound* when its
account's address is at one of the project's VERIFIED domains, or the account is linked to an
identity of one of the project's connections, or to one of its directory's Users (the SCIM
section adds that part: hooks.SSO_BINDING). A bound member's membership counts only on requests
made with a session from one of the project's ACTIVE connections (never an API key); to any
other credential the project is one it is not a member of, and its own paths answer 403
SSO_REQUIRED. Platform admins are never bound (the gate is not asked for them)."""
from sqlalchemy import String, and_, bindparam, literal_column, select, true, union

from core import hooks
from core.db import db
from core.outcomes import Conflict
from core.policy import Gate
from sections.auth.models import LinkedIdentity
from sections.domains import service as domains
from sections.domains.models import VERIFIED, Domain
from sections.projects.models import OWNER, Membership, Project
from sections.sso.models import ACTIVE, SsoConnection
from sections.sso.outcomes import SsoRequired

# Literals, not bound values: SQLite's partial indexes (one VERIFIED holder) need them.
_VERIFIED = literal_column(f"'{VERIFIED}'")
_ACTIVE = literal_column(f"'{ACTIVE}'")
_OWNER = literal_column(f"'{OWNER}'")
USER = bindparam("user_id", type_=String)
DOCUMENTED = (403, "SSO_REQUIRED: the caller is bound by the project's ssoRequired and came "
                   "without a session from one of its ACTIVE connections (extensions.md E4.2)")


def _binding():
    """The projects whose ssoRequired may bind the account, from its own rows: its address's
    domain (one VERIFIED holder at most), its links, and what other sections add."""
    by_address = select(Domain.project_id).where(
        Domain.domain == bindparam("domain", type_=String), Domain.status == _VERIFIED)
    by_link = (select(SsoConnection.project_id)
               .join(LinkedIdentity, LinkedIdentity.connection_id == SsoConnection.id)
               .where(LinkedIdentity.user_id == USER))
    return union(by_address, by_link, *hooks.SSO_BINDING()).subquery("binding")


def bound():
    """Select the ids of the projects that bind the account `user_id`."""
    binding = _binding()
    return (select(Project.id)
            .join(binding, binding.c.project_id == Project.id)
            .join(Membership, and_(Membership.project_id == Project.id,
                                   Membership.user_id == USER, Membership.role != _OWNER))
            .where(Project.sso_required == true()))


def gate() -> Gate:
    """hooks.PROJECT_GATES: the bound projects but the one whose ACTIVE connection made the
    caller's credential (a null connection matches none)."""
    came_through = select(SsoConnection.id).where(
        SsoConnection.id == bindparam("connection_id", type_=String),
        SsoConnection.project_id == Project.id, SsoConnection.status == _ACTIVE).exists()
    return Gate("sso_required", bound().where(~came_through), params, SsoRequired, DOCUMENTED)


def params(who) -> dict:
    sso = getattr(who.credential, "sso", None)
    return {"user_id": who.id, "domain": (who.email or "").rpartition("@")[2].lower(),
            "connection_id": sso["connectionId"] if sso else None}


def refuse_unready(project, changes: dict) -> None:
    """hooks.PROJECT_CHANGING: single sign-on can be required only while the project has an
    ACTIVE connection and a VERIFIED domain (409 otherwise; the guard locked the project)."""
    if changes.get("ssoRequired") is not True:
        return
    if not domains.verified_domains(project.id):
        raise Conflict("Verify a domain of the project before requiring single sign-on")
    active = select(SsoConnection.id).where(SsoConnection.project_id == project.id,
                                            SsoConnection.status == _ACTIVE).limit(1)
    if db.session.execute(active).first() is None:
        raise Conflict("Add an active single sign-on connection to the project before "
                       "requiring single sign-on")


def refuse_unbound_address(user, new_email: str) -> None:
    """hooks.ADDRESS_CHANGING: a bound account keeps an address at the binding project's
    VERIFIED domains (the company manages it): another is 409, naming the project."""
    statement = (select(Project.id, Project.name).where(Project.id.in_(bound()))
                 .order_by(Project.id))
    domain = user.email.rpartition("@")[2].lower()
    for project_id, name in db.session.execute(statement, {"user_id": user.id,
                                                           "domain": domain}):
        if not domains.is_verified_for(project_id, new_email):
            raise Conflict(f"The project {name} requires single sign-on and manages this "
                           "account's address: the new address must be at one of its verified "
                           "domains")

"""A project's verified domains (extensions.md E4.1): claim, prove by DNS TXT, list, remove;
what other sections ask of them (which domains a project holds VERIFIED, which project holds a
domain), and what they hear of them (hooks.DOMAINS_CHANGED)."""
import hmac
import secrets

from sqlalchemy import literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from core import clock, hooks, listing
from core.db import db
from core.outcomes import Conflict, NotFound
from core.policy import Caller
from sections.audit import service as audit
from sections.domains import lookup
from sections.domains.models import PENDING, VERIFIED, Domain

MAX_PER_PROJECT = 20
RECORD_PREFIX = "_saas-verification."
VALUE_PREFIX = "saas-verification="
SORTS = {"createdAt": Domain.created_at}
# Written into the SQL, not bound: SQLite uses the partial index `uq_project_domains_one_verified`
# (WHERE status = 'VERIFIED') only for a literal.
VERIFIED_STATUS = literal_column(f"'{VERIFIED}'")

# --- what other sections read ---

def verified_domains(project_id: str) -> list[str]:
    """The domains the project holds VERIFIED (lower-case ASCII), in order."""
    return list(db.session.execute(
        select(Domain.domain).where(Domain.project_id == project_id,
                                    Domain.status == VERIFIED_STATUS)
        .order_by(Domain.domain)).scalars())


def project_for_verified_domain(domain: str) -> str | None:
    """The id of the project holding `domain` (lower-case ASCII) VERIFIED, or None: one at most
    (the partial unique index)."""
    return db.session.execute(
        select(Domain.project_id).where(Domain.domain == domain,
                                        Domain.status == VERIFIED_STATUS)).scalar_one_or_none()


def is_verified_for(project_id: str, email: str) -> bool:
    """Whether the address is at exactly a VERIFIED domain of the project (not a subdomain)."""
    domain = email.rpartition("@")[2].lower()
    return bool(domain) and project_for_verified_domain(domain) == project_id


# --- the owner's workflows ---

def answer(domain: Domain) -> dict:
    """E4.1's Domain object: the API's keys with raw values, for DomainSchema to dump."""
    return {"id": domain.id, "domain": domain.domain, "status": domain.status,
            "verification": {"type": "dns-txt", "name": RECORD_PREFIX + domain.domain,
                             "value": domain.value},
            "verifiedAt": domain.verified_at, "createdAt": domain.created_at}


def page(project_id: str, args: dict) -> listing.Page:
    statement = select(Domain).where(Domain.project_id == project_id)
    if args.get("status"):
        statement = statement.where(Domain.status == args["status"])
    return listing.page(statement, args, SORTS, Domain.id)


def find(project_id: str, domain_id: str) -> Domain:
    domain = db.session.execute(select(Domain).where(
        Domain.id == domain_id, Domain.project_id == project_id)).scalar_one_or_none()
    if domain is None:
        raise NotFound("No such domain")
    return domain


def add(project, who: Caller, name: str) -> Domain:
    """Claim `name` (normalized by the schema) for the project, PENDING, with a new random
    value to publish. The project's row is locked (the guard), so the cap holds under
    concurrent adds; the unique index settles the same domain added twice at once."""
    taken = db.session.execute(select(Domain.domain).where(
        Domain.project_id == project.id)).scalars().all()
    if name in taken:
        raise Conflict(f"The project already has the domain {name}")
    if len(taken) >= MAX_PER_PROJECT:
        raise Conflict(f"A project has at most {MAX_PER_PROJECT} domains: remove one first")
    domain = Domain(project_id=project.id, domain=name, status=PENDING,
                    value=VALUE_PREFIX + secrets.token_urlsafe(32), created_at=clock.utcnow())
    db.session.add(domain)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(f"The project already has the domain {name}") from None
    audit.record(who.id, "project.domain_add", project.id,
                 {"domainId": domain.id, "domain": name})
    return domain


def verify(project, who: Caller, domain_id: str) -> Domain:
    """VERIFIED when a TXT record at the challenge name holds the value (409 naming the record
    otherwise, the domain left PENDING); already VERIFIED: unchanged. Held VERIFIED by another
    project: 409, also when both verify at once (the partial unique index decides)."""
    domain = find(project.id, domain_id)
    if domain.status == VERIFIED:
        return domain
    _refuse_held_elsewhere(domain)
    record = RECORD_PREFIX + domain.domain
    found = lookup.txt_values(record)
    if not any(hmac.compare_digest(value.encode(), domain.value.encode())
               for value in found.values):
        problem = found.problem or "its TXT records hold other values"
        raise Conflict(f"Publish a TXT record at {record} with the value {domain.value}, then "
                       f"verify again: {problem}")
    now = clock.utcnow()
    try:
        moved = db.session.execute(
            update(Domain).where(Domain.id == domain.id, Domain.status == PENDING)
            .values(status=VERIFIED, verified_at=now)
            .execution_options(synchronize_session=False)).rowcount
    except IntegrityError:
        db.session.rollback()
        raise _held_elsewhere(domain.domain) from None
    if not moved:  # verified by a concurrent request of this project, or removed (404)
        db.session.expire(domain)
        return find(project.id, domain_id)
    set_committed_value(domain, "status", VERIFIED)  # what the UPDATE wrote
    set_committed_value(domain, "verified_at", now)
    audit.record(who.id, "project.domain_verify", project.id,
                 {"domainId": domain.id, "domain": domain.domain})
    hooks.DOMAINS_CHANGED(project.id)
    return domain


def _refuse_held_elsewhere(domain: Domain) -> None:
    holder = project_for_verified_domain(domain.domain)
    if holder is not None and holder != domain.project_id:
        raise _held_elsewhere(domain.domain)


def _held_elsewhere(name: str) -> Conflict:
    return Conflict(f"The domain {name} is verified by another project")


def remove(project, who: Caller, domain_id: str) -> None:
    """Remove the domain (any status); not the last VERIFIED one while the project requires
    single sign-on (409). The project's row is locked (the guard), so that check holds
    against a concurrent PATCH of `ssoRequired`."""
    domain = find(project.id, domain_id)
    was_verified = domain.status == VERIFIED
    # E4.2: a project that requires single sign-on keeps a VERIFIED domain.
    if was_verified and project.sso_required and verified_domains(project.id) == [domain.domain]:
        raise Conflict("This is the project's last verified domain and the project requires "
                       "single sign-on: turn ssoRequired off first")
    db.session.delete(domain)
    db.session.flush()
    audit.record(who.id, "project.domain_remove", project.id,
                 {"domainId": domain.id, "domain": domain.domain, "status": domain.status})
    if was_verified:
        hooks.DOMAINS_CHANGED(project.id)


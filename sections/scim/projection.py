"""What the directory grants (extensions.md E4.3): its Users projected onto accounts and
project memberships, in the transaction that changed them. A User whose address is at a
VERIFIED domain of the project links to the account with that address (made when there is
none); an account's membership then follows its linked Users: `admin` when an active one is a
direct member of a Group named in the project's `scimAdminGroups`, `member` while one is
active, none otherwise. The owner's membership is never touched; no account is deleted or
renamed. Every change is one audit entry by the directory (actor null, `via` "scim")."""
from sqlalchemy import String, bindparam, delete, exists, select, update
from sqlalchemy.exc import IntegrityError

from core import clock, hooks
from core.db import db
from sections.audit import service as audit
from sections.auth.models import User
from sections.auth.services import accounts
from sections.domains import service as domains
from sections.projects.models import ADMIN, MEMBER, OWNER, Membership, Project
from sections.scim.models import ScimGroup, ScimGroupMember, ScimUser

NAME_MAX = 100


def settle(project_id: str, token_id: str | None, user_ids=(), accounts_before=()) -> None:
    """Re-link the Users `user_ids` of the project, then settle the membership of every account
    they were or are linked to, and of `accounts_before` (those a deleted User was linked to)."""
    touched = {account for account in accounts_before if account}
    if user_ids:
        rows = db.session.execute(select(ScimUser).where(
            ScimUser.project_id == project_id, ScimUser.id.in_(list(user_ids)))).scalars()
        for row in rows:
            touched |= {row.account_id, _relink(row)} - {None}
    if touched:
        project = db.session.get(Project, project_id)
        for account_id in sorted(touched):
            _settle_membership(project, account_id, token_id)


def reproject(project_id: str) -> None:
    """Every User of the project re-projected: a domain was verified or removed
    (hooks.DOMAINS_CHANGED), or the project's scimAdminGroups changed."""
    ids = db.session.execute(select(ScimUser.id).where(
        ScimUser.project_id == project_id)).scalars().all()
    settle(project_id, None, ids)


def settings_changed(project_id: str, keys: set) -> None:
    """hooks.PROJECT_CHANGED: the roles follow scimAdminGroups at once (E4.3)."""
    if "scimAdminGroups" in keys:
        reproject(project_id)


def binding():
    """hooks.SSO_BINDING: an account linked to one of a project's Users stays bound by its
    ssoRequired, whatever address it has now (E4.2)."""
    return select(ScimUser.project_id).where(
        ScimUser.account_id == bindparam("user_id", type_=String))


def suspended(project_id: str, user_id: str) -> bool:
    """Whether the directory holds the account out of the project: it is linked to Users of
    the project and none is active (E4.2: a sign-in by SSO does not make it a member again).
    The Users' rows are read locked, so a deactivation and a sign-in at once are settled in
    one order or the other (the deactivation then ends the sign-in's membership and session)."""
    linked = (select(ScimUser.active).where(ScimUser.project_id == project_id,
                                            ScimUser.account_id == user_id)
              .order_by(ScimUser.id).with_for_update())
    found = db.session.execute(linked).scalars().all()
    return bool(found) and not any(found)


def _relink(row: ScimUser) -> str | None:
    """The account the User links to now (E4.3: its address at a VERIFIED domain)."""
    address = row.address
    if address is None or not domains.is_verified_for(row.project_id, address):
        row.account_id = None
        return None
    account = db.session.execute(select(User).where(User.email == address)).scalar_one_or_none()
    if account is None:
        account = _new_account(address, _name_of(row.data))
    else:
        accounts.claim_address(account)  # as SSO does: what an unproven owner set up goes
    row.account_id = account.id
    return account.id


def _new_account(address: str, name: str | None) -> User:
    account = User(email=address, name=name, email_verified=True, created_at=clock.utcnow())
    try:
        with db.session.begin_nested():
            db.session.add(account)
            db.session.flush()
    except IntegrityError:  # made by a concurrent request meanwhile
        account = db.session.execute(select(User).where(User.email == address)).scalar_one()
        accounts.claim_address(account)
    return account


def _name_of(data: dict) -> str | None:
    name = data.get("name") or {}
    found = (data.get("displayName") or name.get("formatted")
             or " ".join(part for part in (name.get("givenName"), name.get("familyName"))
                         if part))
    found = (found or "").strip()[:NAME_MAX].strip()
    return found or None


def _granted(project: Project, account_id: str) -> str | None:
    """The role the account's Users grant: ADMIN, MEMBER, or None (no active linked User)."""
    active = select(ScimUser.id).where(ScimUser.project_id == project.id,
                                       ScimUser.account_id == account_id,
                                       ScimUser.active.is_(True))
    if not db.session.execute(select(exists(active))).scalar():
        return None
    names = [name.lower() for name in project.scim_admin_groups or [] if isinstance(name, str)]
    if not names:
        return MEMBER
    admin = (select(ScimGroupMember.member_id)
             .join(ScimGroup, ScimGroup.id == ScimGroupMember.group_id)
             .where(ScimGroup.project_id == project.id,
                    ScimGroup.display_name_key.in_(names),
                    ScimGroupMember.member_id.in_(active)))
    return ADMIN if db.session.execute(select(exists(admin))).scalar() else MEMBER


def _settle_membership(project: Project, account_id: str, token_id: str | None) -> None:
    # The membership is locked before the Users are read: a request changing another User of
    # the account waits here, then reads what this one committed (READ COMMITTED), so one
    # deactivating a User cannot end a membership that one activating another User keeps.
    current = db.session.execute(
        select(Membership.role).where(Membership.project_id == project.id,
                                      Membership.user_id == account_id)
        .with_for_update()).scalar_one_or_none()
    role = _granted(project, account_id)
    details = {"userId": account_id, "via": "scim", "scimTokenId": token_id}
    if current == OWNER or current == role:
        return
    if role is None:
        db.session.execute(delete(Membership).where(
            Membership.project_id == project.id, Membership.user_id == account_id,
            Membership.role == current).execution_options(synchronize_session=False))
        hooks.MEMBERSHIP_ENDED(project.id, account_id)  # the project's SSO sessions end
        audit.record(None, "project.member_remove", project.id, {**details, "from": current})
    elif current is None:
        try:
            with db.session.begin_nested():
                db.session.add(Membership(project_id=project.id, user_id=account_id, role=role,
                                          joined_at=clock.utcnow()))
                db.session.flush()
        except IntegrityError:  # joined meanwhile (an invitation): settled as a role change
            return _settle_membership(project, account_id, token_id)
        audit.record(None, "project.member_add", project.id, {**details, "role": role})
    else:
        db.session.execute(update(Membership).where(
            Membership.project_id == project.id, Membership.user_id == account_id,
            Membership.role == current).values(role=role)
            .execution_options(synchronize_session=False))
        audit.record(None, "project.member_role", project.id,
                     {**details, "from": current, "to": role})


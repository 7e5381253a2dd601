"""Directory Users (RFC 7643 section 4.1, with the enterprise extension of section 4.3): each
stored as written, its filterable attributes copied into indexed columns, `userName` unique
in the project case-insensitively (a unique index on its lower-cased copy settles races)."""
from pydantic import ValidationError
from scim2_models import (
    Context,
    Email,
    EnterpriseUser,
    PatchOp,
    UniquenessException,
    User,
)
from sqlalchemy import and_, delete, exists, insert, select
from sqlalchemy.exc import IntegrityError

from core import clock
from core.db import db, new_id
from core.fields import email_address
from sections.scim import managers, protocol, resources
from sections.scim.filters import BOOLEAN, EXACT, TEXT, TIME, Column
from sections.scim.models import ScimGroupMember, ScimUser, ScimUserEmail
from sections.scim.resources import Change

# The project too, so the filter's EXISTS runs on the index (project_id, value).
_EMAILS = Column(ScimUserEmail.value, TEXT, ScimUserEmail,
                 and_(ScimUserEmail.project_id == ScimUser.project_id,
                      ScimUserEmail.user_id == ScimUser.id))


class DirectoryEmail(Email):
    """An e-mail as the directory writes it: any string, stored and read back as written
    (resources.checked_text refuses what cannot be stored). scim2-models reads `value` as
    pydantic's EmailStr, whose email-validator refuses special-use domains (`ada@corp.test`)
    that sign-up accepts; the address a User is linked by is taken by sign-up's rule instead
    (`address_of`, extensions.md E4.6)."""

    value: str | None = None


class DirectoryUser(User[EnterpriseUser]):
    """RFC 7643 section 4.1's User with the enterprise extension, its e-mails DirectoryEmail."""

    emails: list[DirectoryEmail] | None = None


class UserType(resources.ResourceType):
    """Users: every write relinks the User (its address may have moved), and a deleted one
    leaves its Groups and settles the account it was linked to."""

    name, endpoint = "User", "Users"
    model = DirectoryUser
    schema = "urn:ietf:params:scim:schemas:core:2.0:User"
    table = ScimUser
    attributes = {
        "id": Column(ScimUser.id, EXACT), "username": Column(ScimUser.user_name_key, TEXT),
        "externalid": Column(ScimUser.external_id, EXACT),
        "displayname": Column(ScimUser.display_name_key, TEXT),
        "active": Column(ScimUser.active, BOOLEAN),
        "meta.lastmodified": Column(ScimUser.updated_at, TIME),
        "meta.created": Column(ScimUser.created_at, TIME),
        "emails": _EMAILS, "emails.value": _EMAILS,
    }
    order = (ScimUser.created_at, ScimUser.id)

    def create(self, project_id: str, payload: dict) -> Change:
        resource = protocol.validate(self.model, managers.resource_payload(payload),
                                     Context.RESOURCE_CREATION_REQUEST)
        now = clock.utcnow_ms()
        row = ScimUser(id=new_id(), project_id=project_id, created_at=now)
        _write(row, resource, now)
        db.session.add(row)
        _flush_unique(row)
        _write_emails(row, resource)
        return Change(row, frozenset({row.id}))

    def replace(self, row: ScimUser, payload: dict) -> Change:
        replacement = protocol.validate(self.model, managers.resource_payload(payload),
                                        Context.RESOURCE_REPLACEMENT_REQUEST)
        if _run(replacement.replace, self.stored(row)):
            _save(row, replacement)
        return _relinked(row)

    def patch(self, row: ScimUser, payload: dict) -> Change:
        operations = protocol.validate(PatchOp[self.model], managers.patch_payload(payload),
                                       Context.RESOURCE_PATCH_REQUEST)
        resource = self.stored(row)
        if _run(operations.patch, resource, protocol.POLICY):
            _save(row, resource)
        return _relinked(row)

    def remove(self, row: ScimUser) -> Change:
        linked = frozenset({row.account_id} - {None})
        db.session.execute(delete(ScimGroupMember).where(ScimGroupMember.member_id == row.id))
        db.session.delete(row)
        db.session.flush()
        return Change(None, accounts=linked)

    def stored(self, row: ScimUser):
        """The stored User as its model, for scim2-models to replace or patch."""
        return protocol.validate(self.model, self.answer(row), None)


USERS = UserType()


def _relinked(row: ScimUser) -> Change:
    """A changed User is relinked (its address may have moved), its account before settled."""
    return Change(row, frozenset({row.id}), frozenset({row.account_id} - {None}))


def _run(method, *args):
    try:
        return method(*args)
    except ValidationError as exc:
        raise protocol.invalid(exc) from exc


def _save(row: ScimUser, resource) -> None:
    _write(row, resource, clock.utcnow_ms())
    _flush_unique(row)
    db.session.execute(delete(ScimUserEmail).where(ScimUserEmail.user_id == row.id))
    _write_emails(row, resource)


def _write(row: ScimUser, resource, now) -> None:
    managers.complete(resource, row.project_id)
    data = resource.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE)
    for key in ("id", "meta", "groups"):
        data.pop(key, None)
    user_name = resources.checked_text("userName", resource.user_name)
    row.user_name, row.user_name_key = user_name, user_name.lower()
    row.external_id = resources.checked_text("externalId", resource.external_id)
    display = resources.checked_text("displayName", resource.display_name)
    row.display_name_key = display.lower() if display is not None else None
    row.active = resource.active is not False
    row.address = address_of(resource)
    row.data = data
    row.updated_at = now


def address_of(resource) -> str | None:
    """E4.3: the primary e-mail, else the first, else userName when it is an address; by
    sign-up's rule (core.fields.email_address, E4.6), trimmed and lower-cased. A chosen e-mail
    that is no address by that rule (`victim@example.com@corp.example`) gives none: the User
    links to no account."""
    emails = [email for email in resource.emails or [] if email.value]
    chosen = next((email for email in emails if email.primary), emails[0] if emails else None)
    return email_address(chosen.value if chosen is not None else resource.user_name)


def _write_emails(row: ScimUser, resource) -> None:
    values = [resources.checked_text("emails.value", email.value)
              for email in resource.emails or [] if email.value]
    if values:
        db.session.execute(insert(ScimUserEmail), [
            {"user_id": row.id, "position": index, "project_id": row.project_id,
             "value": value.lower()} for index, value in enumerate(values)])


def _flush_unique(row: ScimUser) -> None:
    """Write the row; a userName another User of the project holds is 409 uniqueness, found
    first by a read, and by the unique index when two creates race."""
    with db.session.no_autoflush:
        taken = db.session.execute(select(exists().where(
            ScimUser.project_id == row.project_id, ScimUser.user_name_key == row.user_name_key,
            ScimUser.id != row.id))).scalar()
    if taken:
        raise UniquenessException(detail=f"userName {row.user_name!r} is taken")
    try:
        with db.session.begin_nested():
            db.session.flush()
    except IntegrityError:
        raise UniquenessException(detail=f"userName {row.user_name!r} is taken") from None

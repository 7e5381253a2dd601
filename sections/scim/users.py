"""Directory Users (RFC 7643 section 4.1, with the enterprise extension of section 4.3): each
stored as written, its filterable attributes copied into indexed columns, `userName` unique
in the project case-insensitively (a unique index on its lower-cased copy settles races)."""
from pydantic import ValidationError
from scim2_models import (
    Context,
    EnterpriseUser,
    NotFoundException,
    PatchOp,
    UniquenessException,
    User,
)
from sqlalchemy import and_, delete, exists, insert, select
from sqlalchemy.exc import IntegrityError

from core import clock
from core.db import db, new_id
from sections.scim import protocol, resources
from sections.scim.filters import BOOLEAN, EXACT, TEXT, TIME, Column
from sections.scim.models import ScimGroupMember, ScimUser, ScimUserEmail

MODEL = User[EnterpriseUser]
SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
# The project too, so the filter's EXISTS runs on the index (project_id, value).
_EMAILS = Column(ScimUserEmail.value, TEXT, ScimUserEmail,
                 and_(ScimUserEmail.project_id == ScimUser.project_id,
                      ScimUserEmail.user_id == ScimUser.id))
ATTRIBUTES = {
    "id": Column(ScimUser.id, EXACT), "username": Column(ScimUser.user_name_key, TEXT),
    "externalid": Column(ScimUser.external_id, EXACT),
    "displayname": Column(ScimUser.display_name_key, TEXT),
    "active": Column(ScimUser.active, BOOLEAN),
    "meta.lastmodified": Column(ScimUser.updated_at, TIME),
    "meta.created": Column(ScimUser.created_at, TIME),
    "emails": _EMAILS, "emails.value": _EMAILS,
}
ORDER = (ScimUser.created_at, ScimUser.id)


def answer(row: ScimUser) -> dict:
    """The User as stored, with its id and meta (RFC 7643 section 3.1)."""
    return {**row.data, "id": row.id, "meta": resources.meta("User", row)}


def find(project_id: str, user_id: str, *, lock: bool = False) -> ScimUser:
    statement = select(ScimUser).where(ScimUser.id == user_id, ScimUser.project_id == project_id)
    if lock:
        statement = statement.with_for_update()
    row = db.session.execute(statement).scalar_one_or_none() if len(user_id) <= 32 else None
    if row is None:
        raise NotFoundException(detail=f"No User {user_id}")
    return row


def model_of(row: ScimUser):
    return protocol.validate(MODEL, answer(row), None)


def create(project_id: str, payload: dict) -> ScimUser:
    resource = protocol.validate(MODEL, payload, Context.RESOURCE_CREATION_REQUEST)
    now = clock.utcnow_ms()
    row = ScimUser(id=new_id(), project_id=project_id, created_at=now)
    _write(row, resource, now)
    db.session.add(row)
    _flush_unique(row)
    _write_emails(row, resource)
    return row


def replace(row: ScimUser, payload: dict) -> bool:
    """PUT: the whole User replaced (immutable attributes checked); whether it changed."""
    replacement = protocol.validate(MODEL, payload, Context.RESOURCE_REPLACEMENT_REQUEST)
    if not _run(replacement.replace, model_of(row)):
        return False
    _save(row, replacement)
    return True


def patch(row: ScimUser, payload: dict) -> bool:
    """PATCH (RFC 7644 section 3.5.2) applied to the stored User; whether it changed."""
    operations = protocol.validate(PatchOp[MODEL], payload, Context.RESOURCE_PATCH_REQUEST)
    resource = model_of(row)
    if not _run(operations.patch, resource, protocol.POLICY):
        return False
    _save(row, resource)
    return True


def remove(row: ScimUser) -> None:
    db.session.execute(delete(ScimGroupMember).where(ScimGroupMember.member_id == row.id))
    db.session.delete(row)
    db.session.flush()


def search_statement(project_id: str, search):
    statement = select(ScimUser).where(ScimUser.project_id == project_id)
    clause = resources.condition(search, ATTRIBUTES, SCHEMA)
    return statement if clause is None else statement.where(clause)


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
    """E4.3: the primary e-mail, else the first, else userName when it is an address."""
    emails = [email for email in resource.emails or [] if email.value]
    chosen = next((email for email in emails if email.primary), emails[0] if emails else None)
    found = chosen.value if chosen is not None else resource.user_name
    if not found or "@" not in found or len(found) > resources.TEXT_MAX:
        return None
    return found.strip().lower()


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

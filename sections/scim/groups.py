"""Directory Groups (RFC 7643 section 4.2), stored as written but for `members`, which are
rows (members.py); the Group's row is locked for the operations that rewrite it."""
from pydantic import ValidationError
from scim2_models import (
    Context,
    Group,
    NotFoundException,
    PatchOp,
)
from sqlalchemy import delete, select

from core import clock
from core.db import db, new_id
from sections.scim import members, protocol, resources
from sections.scim.filters import EXACT, TEXT, TIME, Column
from sections.scim.models import ScimGroup, ScimGroupMember

MODEL = Group
SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group"
_MEMBERS = Column(ScimGroupMember.member_id, EXACT, ScimGroupMember,
                  ScimGroupMember.group_id == ScimGroup.id)
ATTRIBUTES = {
    "id": Column(ScimGroup.id, EXACT), "displayname": Column(ScimGroup.display_name_key, TEXT),
    "externalid": Column(ScimGroup.external_id, EXACT),
    "meta.lastmodified": Column(ScimGroup.updated_at, TIME),
    "meta.created": Column(ScimGroup.created_at, TIME),
    "members": _MEMBERS, "members.value": _MEMBERS,
}
ORDER = (ScimGroup.created_at, ScimGroup.id)


def answer(row: ScimGroup, rows: list | None = None) -> dict:
    """The Group as stored, with `members` (its member rows) when they are answered."""
    body = {**row.data, "id": row.id, "meta": resources.meta("Group", row)}
    if rows:
        body["members"] = [members.answer(member) for member in rows]
    return body


def find(project_id: str, group_id: str, *, lock: bool = False) -> ScimGroup:
    statement = select(ScimGroup).where(ScimGroup.id == group_id,
                                        ScimGroup.project_id == project_id)
    if lock:
        statement = statement.with_for_update()
    row = db.session.execute(statement).scalar_one_or_none() if len(group_id) <= 32 else None
    if row is None:
        raise NotFoundException(detail=f"No Group {group_id}")
    return row


def create(project_id: str, payload: dict) -> tuple[ScimGroup, set]:
    """The new Group, and the Users it names as members (for the projection)."""
    resource = protocol.validate(MODEL, payload, Context.RESOURCE_CREATION_REQUEST)
    listed, resource.members = resource.members or [], None
    now = clock.utcnow_ms()
    row = ScimGroup(id=new_id(), project_id=project_id, created_at=now)
    _write(row, resource, now)
    db.session.add(row)
    db.session.flush()
    return row, members.add(row, listed)[1]


def replace(row: ScimGroup, payload: dict) -> tuple[bool, set]:
    """PUT: the Group replaced, members included: (whether it changed, the Users touched)."""
    replacement = protocol.validate(MODEL, payload, Context.RESOURCE_REPLACEMENT_REQUEST)
    current = protocol.validate(MODEL, answer(row, members.of([row]).get(row.id)), None)
    try:
        changed = replacement.replace(current)
    except ValidationError as exc:
        raise protocol.invalid(exc) from exc
    listed, replacement.members = replacement.members or [], None
    _changed, touched = members.replace(row, listed)
    before = row.display_name_key
    _write(row, replacement, clock.utcnow_ms())
    return changed, touched | _renamed(row, before)


def patch(row: ScimGroup, payload: dict) -> tuple[bool, set]:
    """PATCH: operations on `members` become row inserts and deletes, the others are applied
    by scim2-models to the Group without its members: (whether it changed, Users touched)."""
    operations = protocol.validate(PatchOp[MODEL], payload, Context.RESOURCE_PATCH_REQUEST)
    touched, changed, rest = set(), False, []
    for operation in operations.operations or []:
        for kind, item in members.split(operation):
            if kind == "members":
                written, found = members.apply(row, item)
                touched |= found
                changed = changed or written
            else:
                rest.append(item)
    if rest:
        resource = protocol.validate(MODEL, answer(row), None)
        operations.operations = rest
        try:
            changed = operations.patch(resource, protocol.POLICY) or changed
        except ValidationError as exc:
            raise protocol.invalid(exc) from exc
        before = row.display_name_key
        _write(row, resource, row.updated_at)
        touched |= _renamed(row, before)
    if changed:
        row.updated_at = clock.utcnow_ms()
    return changed, touched


def remove(row: ScimGroup) -> set:
    touched = members.users_of(row.id)
    db.session.execute(delete(ScimGroupMember).where(ScimGroupMember.member_id == row.id))
    db.session.delete(row)
    db.session.flush()
    return touched


def search_statement(project_id: str, search):
    statement = select(ScimGroup).where(ScimGroup.project_id == project_id)
    clause = resources.condition(search, ATTRIBUTES, SCHEMA)
    return statement if clause is None else statement.where(clause)


def _renamed(row: ScimGroup, before: str | None) -> set:
    """The member Users when the Group's name changed: whether it grants admin depends on its
    name (scimAdminGroups), and E4.3 recomputes the roles at once."""
    return members.users_of(row.id) if row.display_name_key != before else set()


def _write(row: ScimGroup, resource, now) -> None:
    data = resource.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE)
    for key in ("id", "meta", "members"):
        data.pop(key, None)
    display = resources.checked_text("displayName", resource.display_name)
    row.display_name, row.display_name_key = display, display.lower()
    row.external_id = resources.checked_text("externalId", resource.external_id)
    row.data = data
    row.updated_at = now

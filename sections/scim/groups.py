"""Directory Groups (RFC 7643 section 4.2). A Group's members are rows (group, member): a
PATCH that adds or removes members inserts or deletes those rows only, so its cost does not
grow with the Group, and two PATCHes at once each apply to what the other left (the Group's
row is locked for the operations that rewrite it). Other attributes are stored as written."""
from pydantic import ValidationError
from scim2_models import (
    Context,
    Group,
    InvalidPathException,
    InvalidValueException,
    NotFoundException,
    PatchOp,
)
from scim2_models.path.expressions import CompareOperator, Comparison, LogicalExpr
from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite

from core import clock
from core.db import db, new_id
from core.fields import storable
from sections.scim import protocol, resources
from sections.scim.filters import EXACT, TEXT, TIME, Column
from sections.scim.models import ScimGroup, ScimGroupMember, ScimUser

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


def answer(row: ScimGroup, members: list | None = None) -> dict:
    """The Group as stored, with `members` (its member rows) when they are answered."""
    body = {**row.data, "id": row.id, "meta": resources.meta("Group", row)}
    if members:
        body["members"] = [member_answer(member) for member in members]
    return body


def members_of(rows: list) -> dict:
    """Group id -> its member rows, for a page of Groups in one query."""
    found = {}
    if rows:
        for member in db.session.execute(select(ScimGroupMember).where(
                ScimGroupMember.group_id.in_([row.id for row in rows]))).scalars():
            found.setdefault(member.group_id, []).append(member)
    return found


def member_answer(member: ScimGroupMember) -> dict:
    found = {"value": member.member_id, "type": member.member_type,
             "$ref": f"{protocol.base_url()}/{member.member_type}s/{member.member_id}"}
    if member.display is not None:
        found["display"] = member.display
    return found


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
    members, resource.members = resource.members or [], None
    now = clock.utcnow_ms()
    row = ScimGroup(id=new_id(), project_id=project_id, created_at=now)
    _write(row, resource, now)
    db.session.add(row)
    db.session.flush()
    return row, add_members(row, members)[1]


def replace(row: ScimGroup, payload: dict) -> tuple[bool, set]:
    """PUT: the Group replaced, members included: (whether it changed, the Users touched)."""
    replacement = protocol.validate(MODEL, payload, Context.RESOURCE_REPLACEMENT_REQUEST)
    current = protocol.validate(MODEL, answer(row, members_of([row]).get(row.id)), None)
    try:
        changed = replacement.replace(current)
    except ValidationError as exc:
        raise protocol.invalid(exc) from exc
    members, replacement.members = replacement.members or [], None
    _changed, touched = replace_members(row, members)
    before = row.display_name_key
    _write(row, replacement, clock.utcnow_ms())
    return changed, touched | _renamed(row, before)


def patch(row: ScimGroup, payload: dict) -> tuple[bool, set]:
    """PATCH: operations on `members` become row inserts and deletes, the others are applied
    by scim2-models to the Group without its members: (whether it changed, Users touched)."""
    operations = protocol.validate(PatchOp[MODEL], payload, Context.RESOURCE_PATCH_REQUEST)
    touched, changed, rest = set(), False, []
    for operation in operations.operations or []:
        for kind, item in _split(operation):
            if kind == "members":
                written, found = _apply_members(row, item)
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
    touched = member_users(row.id)
    db.session.execute(delete(ScimGroupMember).where(ScimGroupMember.member_id == row.id))
    db.session.delete(row)
    db.session.flush()
    return touched


def search_statement(project_id: str, search):
    statement = select(ScimGroup).where(ScimGroup.project_id == project_id)
    clause = resources.condition(search, ATTRIBUTES, SCHEMA)
    return statement if clause is None else statement.where(clause)


def member_users(group_id: str) -> set:
    return set(db.session.execute(select(ScimGroupMember.member_id).where(
        ScimGroupMember.group_id == group_id, ScimGroupMember.member_type == "User")).scalars())


def _renamed(row: ScimGroup, before: str | None) -> set:
    """The member Users when the Group's name changed: whether it grants admin depends on its
    name (scimAdminGroups), and E4.3 recomputes the roles at once."""
    return member_users(row.id) if row.display_name_key != before else set()


def _split(operation):
    """The parts of one operation: ("members", (op, selector, value)) for what concerns the
    members, ("other", operation) for the rest. A path-less `value` object naming `members`
    besides other attributes (as Okta and Entra ID send) is split in two."""
    path = operation.path
    if path is not None:
        if path.attr.lower() != "members":
            return [("other", operation)]
        if path.ast is not None and getattr(path.ast, "sub_attr", None):
            raise InvalidPathException(detail="A member's sub-attributes are not changed alone")
        return [("members", (operation.op.value, path.value_filter, operation.value))]
    value = operation.value if isinstance(operation.value, dict) else {}
    keys = [key for key in value if key.lower() == "members"]
    if not keys:
        return [("other", operation)]
    found = [("members", (operation.op.value, None, value[keys[0]]))]
    others = {key: item for key, item in value.items() if key not in keys}
    if others:
        found.append(("other", operation.model_copy(update={"value": others})))
    return found


def _apply_members(row: ScimGroup, item) -> tuple[bool, set]:
    """(whether a member row was inserted or deleted, the Users whose membership changed)."""
    op, selector, value = item
    if op == "remove":
        if selector is not None:
            return _delete_members(row, _selected_ids(selector))
        if value:  # Entra ID: the members to remove in `value` (protocol.POLICY)
            return _delete_members(row, [_member_value(entry) for entry in _entries(value)])
        return replace_members(row, [])
    if selector is not None:
        raise InvalidPathException(detail="add and replace take the members path itself")
    if op == "replace":
        return replace_members(row, _entries(value))
    return add_members(row, _entries(value))


def _entries(value) -> list:
    return value if isinstance(value, list) else [value] if value is not None else []


def _member_value(entry) -> str:
    found = entry.get("value") if isinstance(entry, dict) else getattr(entry, "value", None)
    if not isinstance(found, str) or not found:
        raise InvalidValueException(detail="Each member needs its value (an id)")
    return found


def _selected_ids(selector) -> list:
    """The ids a `members[value eq "..."]` filter names (several joined by `or`)."""
    terms = selector.terms if isinstance(selector, LogicalExpr) and selector.op == "or" \
        else (selector,)
    ids = []
    for term in terms:
        if not (isinstance(term, Comparison) and term.attr_path.attr.lower() == "value"
                and term.op == CompareOperator.eq and isinstance(term.value, str)):
            raise InvalidPathException(detail='Members are selected by value eq "<id>"')
        ids.append(term.value)
    return ids


def add_members(row: ScimGroup, entries: list) -> tuple[bool, set]:
    """Insert the members not there yet (one row each)."""
    found = _resolve(row, entries)
    present = set(db.session.execute(select(ScimGroupMember.member_id).where(
        ScimGroupMember.group_id == row.id,
        ScimGroupMember.member_id.in_(list(found)))).scalars()) if found else set()
    return _insert(row, {member_id: kept for member_id, kept in found.items()
                         if member_id not in present})


def replace_members(row: ScimGroup, entries: list) -> tuple[bool, set]:
    """The members become `entries`: rows deleted for the members that go or whose display
    changes, inserted for the others that are not there yet."""
    found = _resolve(row, entries)
    current = {member_id: (kind, display) for member_id, kind, display in db.session.execute(
        select(ScimGroupMember.member_id, ScimGroupMember.member_type, ScimGroupMember.display)
        .where(ScimGroupMember.group_id == row.id))}
    deleted, gone = _delete_members(
        row, [member_id for member_id, kept in current.items() if found.get(member_id) != kept])
    inserted, came = _insert(row, {member_id: kept for member_id, kept in found.items()
                                   if current.get(member_id) != kept})
    return deleted or inserted, gone | came


def _insert(row: ScimGroup, new: dict) -> tuple[bool, set]:
    if not new:
        return False, set()
    insert = (postgresql.insert if db.engine.dialect.name == "postgresql" else sqlite.insert)
    db.session.execute(insert(ScimGroupMember).on_conflict_do_nothing(), [
        {"group_id": row.id, "member_id": member_id, "member_type": kind, "display": display}
        for member_id, (kind, display) in new.items()])
    return True, {member_id for member_id, (kind, _) in new.items() if kind == "User"}


def _delete_members(row: ScimGroup, ids: list) -> tuple[bool, set]:
    ids = [member_id for member_id in ids if len(member_id) <= 32]
    if not ids:
        return False, set()
    touched = set(db.session.execute(select(ScimGroupMember.member_id).where(
        ScimGroupMember.group_id == row.id, ScimGroupMember.member_id.in_(ids),
        ScimGroupMember.member_type == "User")).scalars())
    deleted = db.session.execute(delete(ScimGroupMember).where(
        ScimGroupMember.group_id == row.id, ScimGroupMember.member_id.in_(ids))).rowcount
    return deleted > 0, touched


def _resolve(row: ScimGroup, entries: list) -> dict:
    """member id -> (its type, display as written), each a User or Group of the project."""
    wanted = {}
    for entry in entries:
        member_id = _member_value(entry)
        display = entry.get("display") if isinstance(entry, dict) else entry.display
        if display is not None and not (isinstance(display, str) and storable(display)):
            raise InvalidValueException(detail="A member's display is a string")
        wanted[member_id] = display
    if not wanted:
        return {}
    ids = [member_id for member_id in wanted if len(member_id) <= 32]
    users = set(db.session.execute(select(ScimUser.id).where(
        ScimUser.project_id == row.project_id, ScimUser.id.in_(ids))).scalars())
    groups = set(db.session.execute(select(ScimGroup.id).where(
        ScimGroup.project_id == row.project_id, ScimGroup.id.in_(ids))).scalars())
    unknown = [member_id for member_id in wanted if member_id not in users | groups]
    if unknown:
        raise InvalidValueException(detail=f"No User or Group {unknown[0]} in this directory")
    return {member_id: ("User" if member_id in users else "Group", display)
            for member_id, display in wanted.items()}


def _write(row: ScimGroup, resource, now) -> None:
    data = resource.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE)
    for key in ("id", "meta", "members"):
        data.pop(key, None)
    display = resources.checked_text("displayName", resource.display_name)
    row.display_name, row.display_name_key = display, display.lower()
    row.external_id = resources.checked_text("externalId", resource.external_id)
    row.data = data
    row.updated_at = now

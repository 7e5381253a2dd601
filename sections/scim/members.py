"""A Group's members (RFC 7643 section 4.2) as rows (group, member), one a member: a PATCH
that adds or removes members inserts or deletes those rows only, so its cost does not grow
with the Group, and two PATCHes at once each apply to what the other left. Every function
returns, for the projection, the Users whose membership changed."""
from scim2_models import InvalidPathException, InvalidValueException
from scim2_models.path.expressions import CompareOperator, Comparison, LogicalExpr
from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite

from core import policy
from core.db import db
from core.fields import storable
from sections.scim import protocol
from sections.scim.models import ScimGroup, ScimGroupMember, ScimUser


def of(rows: list) -> dict:
    """Group id -> its member rows, for a page of Groups in one query."""
    found = {}
    if rows:
        for member in db.session.execute(select(ScimGroupMember).where(
                ScimGroupMember.group_id.in_([row.id for row in rows]))).scalars():
            found.setdefault(member.group_id, []).append(member)
    return found


def answer(member: ScimGroupMember) -> dict:
    found = {"value": member.member_id, "type": member.member_type,
             "$ref": f"{protocol.base_url()}/{member.member_type}s/{member.member_id}"}
    if member.display is not None:
        found["display"] = member.display
    return found


def answered(parameters) -> bool:
    """Whether an answer with these `attributes` / `excludedAttributes` shows `members`."""
    if parameters is None:
        return True
    if parameters.attributes:
        return any(_short(name).split(".")[0] == "members" for name in parameters.attributes)
    return not any(_short(name) == "members" for name in parameters.excluded_attributes or [])


def _short(name) -> str:
    """An attribute's name without its schema's URN (RFC 7644 section 3.10 allows both)."""
    return str(name).lower().rsplit(":", 1)[-1]


def users_of(group_id: str) -> set:
    return set(db.session.execute(select(ScimGroupMember.member_id).where(
        ScimGroupMember.group_id == group_id, ScimGroupMember.member_type == "User")).scalars())


def split(operation):
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


def apply(row: ScimGroup, item) -> tuple[bool, set]:
    """(whether a member row was inserted or deleted, the Users whose membership changed)."""
    op, selector, value = item
    if op == "remove":
        if selector is not None:
            return _delete(row, _selected_ids(selector))
        if value:  # Entra ID: the members to remove in `value` (protocol.POLICY)
            return _delete(row, [_member_value(entry) for entry in _entries(value)])
        return replace(row, [])
    if selector is not None:
        raise InvalidPathException(detail="add and replace take the members path itself")
    if op == "replace":
        return replace(row, _entries(value))
    return add(row, _entries(value))


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


def add(row: ScimGroup, entries: list) -> tuple[bool, set]:
    """Insert the members not there yet (one row each)."""
    found = _resolve(row, entries)
    present = set(db.session.execute(select(ScimGroupMember.member_id).where(
        ScimGroupMember.group_id == row.id,
        ScimGroupMember.member_id.in_(list(found)))).scalars()) if found else set()
    return _insert(row, {member_id: kept for member_id, kept in found.items()
                         if member_id not in present})


def replace(row: ScimGroup, entries: list) -> tuple[bool, set]:
    """The members become `entries`: rows deleted for the members that go or whose display
    changes, inserted for the others that are not there yet."""
    found = _resolve(row, entries)
    current = {member_id: (kind, display) for member_id, kind, display in db.session.execute(
        select(ScimGroupMember.member_id, ScimGroupMember.member_type, ScimGroupMember.display)
        .where(ScimGroupMember.group_id == row.id))}
    deleted, gone = _delete(
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


def _delete(row: ScimGroup, ids: list) -> tuple[bool, set]:
    ids = [member_id for member_id in ids if policy.is_id(member_id)]  # else names nothing
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
    # A value that cannot be an id (a NUL, which PostgreSQL refuses, or longer than any id)
    # is never sent to the database: it names nothing, so it is refused below (400).
    ids = [member_id for member_id in wanted if policy.is_id(member_id)]
    users = set(db.session.execute(select(ScimUser.id).where(
        ScimUser.project_id == row.project_id, ScimUser.id.in_(ids))).scalars())
    groups = set(db.session.execute(select(ScimGroup.id).where(
        ScimGroup.project_id == row.project_id, ScimGroup.id.in_(ids))).scalars())
    unknown = [member_id for member_id in wanted if member_id not in users | groups]
    if unknown:
        raise InvalidValueException(detail=f"No User or Group {unknown[0]} in this directory")
    return {member_id: ("User" if member_id in users else "Group", display)
            for member_id, display in wanted.items()}

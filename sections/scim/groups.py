"""Directory Groups (RFC 7643 section 4.2), stored as written but for `members`, which are
rows (members.py); the Group's row is locked for the operations that rewrite it."""
from pydantic import ValidationError
from scim2_models import Context, Group, PatchOp
from sqlalchemy import delete

from core import clock
from core.db import db, new_id
from sections.scim import members, protocol, resources
from sections.scim.filters import EXACT, TEXT, TIME, Column
from sections.scim.models import ScimGroup, ScimGroupMember
from sections.scim.resources import Change

_MEMBERS = Column(ScimGroupMember.member_id, EXACT, ScimGroupMember,
                  ScimGroupMember.group_id == ScimGroup.id)


class GroupType(resources.ResourceType):
    """Groups: a write touches the member Users that come or go, and all of them when the
    Group's name changes (whether it grants admin depends on its name)."""

    name, endpoint = "Group", "Groups"
    model = Group
    schema = "urn:ietf:params:scim:schemas:core:2.0:Group"
    table = ScimGroup
    attributes = {
        "id": Column(ScimGroup.id, EXACT),
        "displayname": Column(ScimGroup.display_name_key, TEXT),
        "externalid": Column(ScimGroup.external_id, EXACT),
        "meta.lastmodified": Column(ScimGroup.updated_at, TIME),
        "meta.created": Column(ScimGroup.created_at, TIME),
        "members": _MEMBERS, "members.value": _MEMBERS,
    }
    order = (ScimGroup.created_at, ScimGroup.id)

    def bodies(self, rows: list, parameters) -> list[dict]:
        """The members of a page of Groups are read in one query, and only when answered."""
        found = members.of(rows) if members.answered(parameters) else {}
        return [self.answer(row, found.get(row.id)) for row in rows]

    def answer(self, row: ScimGroup, rows: list | None = None) -> dict:
        """The Group as stored, with `members` (its member rows) when they are answered."""
        body = super().answer(row)
        if rows:
            body["members"] = [members.answer(member) for member in rows]
        return body

    def create(self, project_id: str, payload: dict) -> Change:
        resource = protocol.validate(self.model, payload, Context.RESOURCE_CREATION_REQUEST)
        listed, resource.members = resource.members or [], None
        now = clock.utcnow_ms()
        row = ScimGroup(id=new_id(), project_id=project_id, created_at=now)
        _write(row, resource, now)
        db.session.add(row)
        db.session.flush()
        return Change(row, frozenset(members.add(row, listed)[1]))

    def replace(self, row: ScimGroup, payload: dict) -> Change:
        """PUT, members included: the members that go or come are the Users touched."""
        replacement = protocol.validate(self.model, payload,
                                        Context.RESOURCE_REPLACEMENT_REQUEST)
        current = protocol.validate(self.model, self.answer(row, members.of([row]).get(row.id)),
                                    None)
        try:
            replacement.replace(current)  # raises on an immutable attribute changed
        except ValidationError as exc:
            raise protocol.invalid(exc) from exc
        listed, replacement.members = replacement.members or [], None
        _changed, touched = members.replace(row, listed)
        before = row.display_name_key
        _write(row, replacement, clock.utcnow_ms())
        return Change(row, frozenset(touched | _renamed(row, before)))

    def patch(self, row: ScimGroup, payload: dict) -> Change:
        """Operations on `members` become row inserts and deletes (members.py), the others are
        applied by scim2-models to the Group without its members."""
        operations = protocol.validate(PatchOp[self.model], payload,
                                       Context.RESOURCE_PATCH_REQUEST)
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
            operations.operations = rest
            changed = self._patch_others(row, operations, touched) or changed
        if changed:
            row.updated_at = clock.utcnow_ms()
        return Change(row, frozenset(touched))

    def remove(self, row: ScimGroup) -> Change:
        """Its own member rows go with it (ON DELETE CASCADE); its members are touched."""
        touched = members.users_of(row.id)
        db.session.execute(delete(ScimGroupMember).where(ScimGroupMember.member_id == row.id))
        db.session.delete(row)
        db.session.flush()
        return Change(None, frozenset(touched))

    def _patch_others(self, row: ScimGroup, operations, touched: set) -> bool:
        """Whether the operations on other attributes than `members` changed the Group; its
        member Users join `touched` when its name changed."""
        resource = protocol.validate(self.model, self.answer(row), None)
        try:
            changed = operations.patch(resource, protocol.POLICY)
        except ValidationError as exc:
            raise protocol.invalid(exc) from exc
        before = row.display_name_key
        _write(row, resource, row.updated_at)
        touched |= _renamed(row, before)
        return changed


GROUPS = GroupType()


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

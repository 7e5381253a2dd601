"""The enterprise extension's `manager` (RFC 7643 section 4.3) as the consoles write it, read
into its canonical form `{value, $ref, displayName}`. Microsoft Entra ID writes the manager's
id as a plain string, in a create, a replacement and a PATCH (`{"op": "Add", "path":
"urn:...:enterprise:2.0:User:manager", "value": "<id>"}`), with no `$ref`, and an empty string
to clear it; scim2-models reads only the complex attribute, `$ref` required at creation. The
payload is rewritten before it is read (`$ref` made from the id when the client sent none), and
`displayName`, read-only, is the manager User's own when the reference is written."""
from urllib.parse import quote

from scim2_models import EnterpriseUser
from sqlalchemy import select

from core.db import db
from sections.scim import protocol, resources
from sections.scim.models import ScimUser

ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
MANAGER = f"{ENTERPRISE}:manager"


def reference(manager_id: str) -> str:
    """The `$ref` of a manager named by its id: the User's location at this service."""
    return f"{protocol.base_url()}/Users/{quote(manager_id, safe='')}"


def resource_payload(payload: dict) -> dict:
    """A create's or replacement's body with its manager in the complex form."""
    extension = _key(payload, ENTERPRISE)
    if extension is not None and isinstance(payload[extension], dict):
        payload = {**payload, extension: _extension(payload[extension])}
    return payload


def patch_payload(payload: dict) -> dict:
    """A PATCH body whose operations write the manager in the complex form: by its path,
    by the extension's path, or path-less with the manager's path or the extension as a key."""
    operations = payload.get("Operations")
    if not isinstance(operations, list):
        return payload
    return {**payload, "Operations": [_operation(item) if isinstance(item, dict) else item
                                      for item in operations]}


def complete(resource, project_id: str) -> None:
    """The stored User's manager made canonical: `$ref` when the client sent none, and
    `displayName` the manager User's (none when the project has no User with that id)."""
    extension = resource[EnterpriseUser]
    manager = getattr(extension, "manager", None)
    if manager is None:
        return
    if not manager.value:
        extension.manager = None
        return
    manager_id = resources.checked_text("manager.value", manager.value)
    manager.ref = manager.ref or reference(manager_id)
    with db.session.no_autoflush:  # the User being written is flushed by its uniqueness check
        data = db.session.execute(select(ScimUser.data).where(
            ScimUser.project_id == project_id, ScimUser.id == manager_id)).scalar_one_or_none()
    manager.display_name = data.get("displayName") if data else None


def _operation(operation: dict) -> dict:
    path, value = _key(operation, "path"), _key(operation, "value")
    target = operation.get(path) if path else None
    if value is None:
        return operation
    written = operation[value]
    if isinstance(target, str) and target.lower() == MANAGER.lower():
        if _empty(written):
            return {key: item for key, item in operation.items() if key != value} | {
                _key(operation, "op") or "op": "remove"}
        return {**operation, value: _manager(written)}
    if isinstance(target, str) and target.lower() == ENTERPRISE.lower():
        return {**operation, value: _extension(written)} if isinstance(written, dict) else operation
    if target is None and isinstance(written, dict):
        return {**operation, value: _values(written)}
    return operation


def _values(written: dict) -> dict:
    """A path-less value object: keys are attribute paths (Entra ID) or the extension."""
    rewritten = {}
    for key, item in written.items():
        if key.lower() == MANAGER.lower() and _empty(item):
            continue
        if key.lower() == MANAGER.lower():
            item = _manager(item)
        elif key.lower() == ENTERPRISE.lower() and isinstance(item, dict):
            item = _extension(item)
        rewritten[key] = item
    return rewritten


def _extension(extension: dict) -> dict:
    key = _key(extension, "manager")
    if key is None:
        return extension
    if _empty(extension[key]):
        return {name: item for name, item in extension.items() if name != key}
    return {**extension, key: _manager(extension[key])}


def _manager(written):
    """A manager written as its id becomes `{value, $ref}`, one in a list of one (as
    Microsoft's SCIM reference code writes it) the one; a complex one without `$ref` gets one
    made from its value; anything else is left for the model to refuse."""
    if isinstance(written, list) and len(written) <= 1:
        written = written[0] if written else None
    if isinstance(written, str):
        written = {"value": written}
    if isinstance(written, dict) and isinstance(written.get("value"), str) \
            and written["value"] and not written.get("$ref"):
        written = {**written, "$ref": reference(written["value"][:resources.TEXT_MAX])}
    return written


def _empty(written) -> bool:
    """A manager cleared: an empty id, null, an empty list, or a complex value (alone in its
    list or not) whose `value` is empty (Entra ID clears it so)."""
    if isinstance(written, list) and len(written) == 1:
        written = written[0]
    if isinstance(written, dict) and "value" in written:
        written = written["value"]
    return written in ("", None, [])


def _key(mapping: dict, name: str) -> str | None:
    """The key of `mapping` that is `name` case-insensitively (SCIM's names are)."""
    return next((key for key in mapping if isinstance(key, str)
                 and key.lower() == name.lower()), None)

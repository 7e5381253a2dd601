"""What each SCIM operation does (extensions.md E4.3), for routes.py, the same for every
resource type (resources.ResourceType): read the body, call the type, settle the projection
in the same transaction, commit, answer in SCIM."""
import functools
import operator

from flask import g, request

from core.db import db
from sections.scim import groups, projection, protocol, resources, tokens, users
from sections.scim.resources import Change, ResourceType

TYPES = {kind.endpoint: kind for kind in (users.USERS, groups.GROUPS)}


def credential() -> tokens.ScimCredential:
    return g.bearer_session


def create(endpoint: str):
    kind, token = TYPES[endpoint], credential()
    change = kind.create(token.project_id, protocol.read_body())
    location = kind.location(change.row)
    return protocol.reply(_settled(kind, token, change), 201, {"Location": location})


def read(endpoint: str, resource_id: str):
    kind = TYPES[endpoint]
    return protocol.reply(shaped(kind, kind.find(credential().project_id, resource_id)))


def change(endpoint: str, resource_id: str):
    """PUT or PATCH: answered 200 with the resource (Okta reads the body)."""
    kind, token = TYPES[endpoint], credential()
    row = kind.find(token.project_id, resource_id, lock=True)
    write = kind.replace if request.method == "PUT" else kind.patch
    return protocol.reply(_settled(kind, token, write(row, protocol.read_body())))


def remove(endpoint: str, resource_id: str):
    kind, token = TYPES[endpoint], credential()
    _settled(kind, token, kind.remove(kind.find(token.project_id, resource_id, lock=True)))
    return protocol.reply(None, 204)


def _settled(kind: ResourceType, token, change: Change) -> dict | None:
    """Settle what the write moved in its transaction (E4.3: the directory's grants follow
    at once), then commit; the resource's answer (None once deleted) is made before the commit,
    from the rows as written."""
    projection.settle(token.project_id, token.token_id, change.users, change.accounts)
    body = None if change.row is None else shaped(kind, change.row)
    db.session.commit()
    return body


def shaped(kind: ResourceType, row) -> dict:
    """The resource's answer with the attributes the query string asks for."""
    parameters = resources.response_parameters(kind.model, request.args)
    return kind.answers([row], parameters)[0]


def search(endpoints: list, payload: dict):
    """A list or search over one resource type, or all of them at the root (RFC 7644 section
    3.4.3): one page query and one count per type, in `endpoints`' order."""
    kinds = [TYPES[endpoint] for endpoint in endpoints]
    found_search = resources.search_request(
        functools.reduce(operator.or_, (kind.model for kind in kinds)), payload)
    project_id = credential().project_id
    wanted = found_search if (found_search.attributes
                              or found_search.excluded_attributes) else None
    offset, count = found_search.start_index - 1, found_search.count
    total, found = 0, []
    for kind in kinds:
        rows, subtotal = resources.counted_page(
            kind.search_statement(project_id, found_search), kind.order,
            max(offset - total, 0), count - len(found))
        total += subtotal
        found += kind.answers(rows, wanted)
    return protocol.reply(resources.list_response(found, total, found_search.start_index))

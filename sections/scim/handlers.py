"""What each SCIM operation does (extensions.md E4.3), for routes.py: read, call the Users' or
Groups' service, settle the projection in the same transaction, commit, answer in SCIM."""
from flask import g, request

from core.db import db
from sections.scim import groups, members, projection, protocol, resources, tokens, users

KINDS = {"Users": users, "Groups": groups}


def credential() -> tokens.ScimCredential:
    return g.bearer_session


def create(kind: str):
    service, token = KINDS[kind], credential()
    if service is users:
        row = users.create(token.project_id, protocol.read_body())
        touched = {row.id}
    else:
        row, touched = groups.create(token.project_id, protocol.read_body())
    projection.settle(token.project_id, token.token_id, touched)
    body = shaped(service, row)
    db.session.commit()
    location = resources.meta(kind[:-1], row)["location"]
    return protocol.reply(body, 201, {"Location": location})


def read(kind: str, ident: str):
    service = KINDS[kind]
    return protocol.reply(shaped(service, service.find(credential().project_id, ident)))


def change(kind: str, ident: str):
    """PUT or PATCH: answered 200 with the resource (Okta reads the body)."""
    service, token = KINDS[kind], credential()
    row = service.find(token.project_id, ident, lock=True)
    method = service.replace if request.method == "PUT" else service.patch
    if service is users:
        before = row.account_id
        method(row, protocol.read_body())
        projection.settle(token.project_id, token.token_id, {row.id},
                          {before} if before else ())
    else:
        _changed, touched = method(row, protocol.read_body())
        projection.settle(token.project_id, token.token_id, touched)
    body = shaped(service, row)
    db.session.commit()
    return protocol.reply(body)


def remove(kind: str, ident: str):
    service, token = KINDS[kind], credential()
    row = service.find(token.project_id, ident, lock=True)
    if service is users:
        accounts = {row.account_id} if row.account_id else set()
        users.remove(row)
        projection.settle(token.project_id, token.token_id, (), accounts)
    else:
        projection.settle(token.project_id, token.token_id, groups.remove(row))
    db.session.commit()
    return protocol.reply(None, 204)


def shaped(service, row) -> dict:
    """The resource's answer with the attributes the query string asks for."""
    parameters = resources.response_parameters(service.MODEL, request.args)
    return _answers(service, [row], parameters)[0]


def _answers(service, rows: list, parameters) -> list:
    """The answers of `rows` with the attributes `parameters` asks for; the members of a page
    of Groups are read in one query, and only when they are answered."""
    if service is groups:
        found = members.of(rows) if _wants_members(parameters) else {}
        bodies = [groups.answer(row, found.get(row.id)) for row in rows]
    else:
        bodies = [users.answer(row) for row in rows]
    return [resources.shaped(service.MODEL, body, parameters) for body in bodies]


def _wants_members(parameters) -> bool:
    if parameters is None:
        return True
    if parameters.attributes:
        return any(_short(name).split(".")[0] == "members" for name in parameters.attributes)
    return not any(_short(name) == "members" for name in parameters.excluded_attributes or [])


def _short(name) -> str:
    """An attribute's name without its schema's URN (RFC 7644 section 3.10 allows both)."""
    return str(name).lower().rsplit(":", 1)[-1]


def search(kinds: list, payload: dict):
    """A list or search over one resource type, or both at the root: one page query and one
    count per type, Users before Groups."""
    services = [KINDS[kind] for kind in kinds]
    model = services[0].MODEL if len(services) == 1 else users.MODEL | groups.MODEL
    found_search = resources.search_request(model, payload)
    project_id = credential().project_id
    wanted = found_search if (found_search.attributes
                              or found_search.excluded_attributes) else None
    offset, count = found_search.start_index - 1, found_search.count
    total, found = 0, []
    for service in services:
        rows, subtotal = resources.counted_page(
            service.search_statement(project_id, found_search), service.ORDER,
            max(offset - total, 0), count - len(found))
        total += subtotal
        found += _answers(service, rows, wanted)
    return protocol.reply(resources.list_response(found, total, found_search.start_index))

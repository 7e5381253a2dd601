"""The SCIM 2.0 service at /api/scim/v2 (extensions.md E4.3; RFC 7644): the project's token
as the bearer, SCIM's media type, errors and lists. Views read, call a service, commit and
answer; the projection onto accounts runs in the same transaction (projection.py)."""
from flask import Blueprint, g, request
from scim2_models import UnauthorizedException

from core.bearer import own_lookup
from core.db import db
from sections.scim import discovery, groups, projection, protocol, resources, tokens, users

blp = Blueprint("scim", __name__, url_prefix=protocol.PREFIX)
blp.envelope = "scim"  # errors in SCIM's form (core/errors.py use_envelope)
KINDS = {"Users": users, "Groups": groups}


def route(rule: str, **options):
    """A SCIM endpoint: its bearer is a SCIM token, looked up by tokens.lookup alone."""
    def decorator(view):
        return blp.route(rule, **options)(own_lookup(tokens.lookup)(view))
    return decorator


@blp.before_request
def require_token():
    # After the rate limit (the token's own counter), before anything is read: every
    # endpoint, discovery included, needs the token (E4.3).
    if not isinstance(g.get("bearer_session"), tokens.ScimCredential):
        raise UnauthorizedException(detail="A SCIM token of the project is required "
                                           "(Authorization: Bearer scim_...)")


def credential() -> tokens.ScimCredential:
    return g.bearer_session


@route("/ServiceProviderConfig", methods=["GET"])
def service_provider_config():
    return protocol.reply(discovery.service_provider_config())


@route("/ResourceTypes", methods=["GET"])
def resource_types():
    found = discovery.resource_types()
    return protocol.reply(resources.list_response(found, len(found), 1))


@route("/ResourceTypes/<name>", methods=["GET"])
def resource_type(name):
    return protocol.reply(discovery.one(discovery.resource_types(), name, "resource type"))


@route("/Schemas", methods=["GET"])
def schemas():
    found = discovery.schemas()
    return protocol.reply(resources.list_response(found, len(found), 1))


@route("/Schemas/<path:uri>", methods=["GET"])
def schema(uri):
    return protocol.reply(discovery.one(discovery.schemas(), uri, "schema"))


@route("/<any(Users, Groups):kind>", methods=["GET"])
def list_resources(kind):
    return _search([KINDS[kind]], dict(request.args))


@route("/<any(Users, Groups):kind>/.search", methods=["POST"])
def search_resources(kind):
    return _search([KINDS[kind]], protocol.read_body())


@route("/.search", methods=["POST"])
def search_all():
    return _search([users, groups], protocol.read_body())


@route("/<any(Users, Groups):kind>", methods=["POST"])
def create(kind):
    service, token = KINDS[kind], credential()
    if service is users:
        row = users.create(token.project_id, protocol.read_body())
        touched = {row.id}
    else:
        row, touched = groups.create(token.project_id, protocol.read_body())
    projection.settle(token.project_id, token.token_id, touched)
    body = _shaped(service, row)
    db.session.commit()
    location = body.get("meta", {}).get("location") or resources.meta(kind[:-1], row)["location"]
    return protocol.reply(body, 201, {"Location": location})


@route("/<any(Users, Groups):kind>/<resource_id>", methods=["GET"])
def read(kind, resource_id):
    service = KINDS[kind]
    return protocol.reply(_shaped(service, service.find(credential().project_id, resource_id)))


@route("/<any(Users, Groups):kind>/<resource_id>", methods=["PUT", "PATCH"])
def change(kind, resource_id):
    service, token = KINDS[kind], credential()
    row = service.find(token.project_id, resource_id, lock=True)
    method = service.replace if request.method == "PUT" else service.patch
    if service is users:
        before = row.account_id
        method(row, protocol.read_body())
        projection.settle(token.project_id, token.token_id, {row.id},
                          {before} if before else ())
    else:
        _changed, touched = method(row, protocol.read_body())
        projection.settle(token.project_id, token.token_id, touched)
    body = _shaped(service, row)
    db.session.commit()
    return protocol.reply(body)


@route("/<any(Users, Groups):kind>/<resource_id>", methods=["DELETE"])
def remove(kind, resource_id):
    service, token = KINDS[kind], credential()
    row = service.find(token.project_id, resource_id, lock=True)
    if service is users:
        accounts = {row.account_id} if row.account_id else set()
        users.remove(row)
        projection.settle(token.project_id, token.token_id, (), accounts)
    else:
        projection.settle(token.project_id, token.token_id, groups.remove(row))
    db.session.commit()
    return protocol.reply(None, 204)


def _shaped(service, row) -> dict:
    """The resource's answer with the attributes the query string asks for; a Group's members
    are read only when they are answered."""
    parameters = resources.response_parameters(service.MODEL, request.args)
    if service is groups:
        body = groups.answer(row, with_members=_wants_members(parameters))
    else:
        body = users.answer(row)
    return resources.shaped(service.MODEL, body, parameters)


def _wants_members(parameters) -> bool:
    if parameters is None:
        return True
    if parameters.attributes:
        return any(str(name).lower().split(".")[0].endswith("members")
                   for name in parameters.attributes)
    return not any(str(name).lower().endswith("members")
                   for name in parameters.excluded_attributes or [])


def _search(services: list, payload: dict):
    """A list or search over one resource type, or both at the root: one page query and one
    count per type, Users before Groups."""
    model = services[0].MODEL if len(services) == 1 else users.MODEL | groups.MODEL
    search = resources.search_request(model, payload)
    project_id = credential().project_id
    offset, count, total, found = search.start_index - 1, search.count, 0, []
    for service in services:
        rows, subtotal = resources.counted_page(service.search_statement(project_id, search),
                                                service.ORDER, max(offset - total, 0),
                                                count - len(found))
        total += subtotal
        found += [_listed(service, row, search) for row in rows]
    return protocol.reply(resources.list_response(found, total, search.start_index))


def _listed(service, row, search) -> dict:
    wanted = search if (search.attributes or search.excluded_attributes) else None
    if service is groups:
        body = groups.answer(row, with_members=_wants_members(wanted))
    else:
        body = users.answer(row)
    return resources.shaped(service.MODEL, body, wanted)

"""The SCIM 2.0 service at /api/scim/v2 (extensions.md E4.3; RFC 7644): the project's SCIM
token as the bearer (its own lookup: no session or API key reaches it), SCIM's media type,
errors and lists. Each view declares itself; handlers.py does the work."""
from flask import request

from core.access import REQUIRED, declared
from core.bearer import own_lookup
from sections.scim import discovery, handlers, protocol, resources, tokens
from sections.scim.docs import ScimBlueprint, ScimListSchema, ScimResourceSchema

blp = ScimBlueprint("scim", __name__, url_prefix=protocol.PREFIX,
                    description="The SCIM 2.0 service (extensions.md E4.3): its own media "
                                "type, errors and discovery; the bearer is a SCIM token")


def route(rule: str, method: str, kind: str = ""):
    """A SCIM endpoint: its bearer is a SCIM token, looked up by tokens.lookup alone, and
    required by the access step (core/access.py), so the request pipeline answers 401 after the
    rate limit (the token's own counter) and before anything else, the path id's 404 included:
    every endpoint, discovery included, needs the token (E4.3). A path id is `resource_id`, so
    that one that cannot be an id (`%00`, 65 characters) is 404 before any query."""
    def decorator(view):
        endpoint = view.__name__ + (f"_{kind.lower()}" if kind else "")
        # The declaration alone: login_required would also mark the view as one taking the
        # API's own bearer (a session or an API key), which this one refuses.
        declared(view).auth = REQUIRED
        return blp.route(rule, methods=[method], endpoint=endpoint)(
            own_lookup(tokens.lookup)(view))
    return decorator


def says(summary: str):
    """The view's one-line summary (its docstring), for views made per resource type."""
    def decorator(view):
        view.__doc__ = summary
        return view
    return decorator


@route("/ServiceProviderConfig", "GET")
@blp.operation("getScimServiceProviderConfig", 200, ScimResourceSchema)
def service_provider_config():
    """Read what the SCIM service supports (RFC 7644 section 4)."""
    return protocol.reply(discovery.service_provider_config())


@route("/ResourceTypes", "GET")
@blp.operation("listScimResourceTypes", 200, ScimListSchema)
def resource_types():
    """List the SCIM resource types (User with the enterprise extension, Group)."""
    found = discovery.resource_types()
    return protocol.reply(resources.list_response(found, len(found), 1))


@route("/ResourceTypes/<name>", "GET")
@blp.operation("getScimResourceType", 200, ScimResourceSchema)
def resource_type(name):
    """Read one SCIM resource type."""
    return protocol.reply(discovery.one(discovery.resource_types(), name, "resource type"))


@route("/Schemas", "GET")
@blp.operation("listScimSchemas", 200, ScimListSchema)
def schemas():
    """List the SCIM schemas the service publishes."""
    found = discovery.schemas()
    return protocol.reply(resources.list_response(found, len(found), 1))


@route("/Schemas/<path:uri>", "GET")
@blp.operation("getScimSchema", 200, ScimResourceSchema)
def schema(uri):
    """Read one SCIM schema by its URI."""
    return protocol.reply(discovery.one(discovery.schemas(), uri, "schema"))


@route("/.search", "POST")
@blp.operation("searchScimResources", 200, ScimListSchema, 400, body=True)
def search_all():
    """Search Users and Groups at once (POST /.search, RFC 7644 section 3.4.3)."""
    return handlers.search(["Users", "Groups"], protocol.read_body())


def _views(kind: str, noun: str):
    """The seven operations of one resource type, each declared and documented."""

    @route(f"/{kind}", "GET", kind)
    @blp.operation(f"listScim{kind}", 200, ScimListSchema, 400, query=True)
    @says(f"List or filter the directory's {kind}.")
    def list_resources():
        return handlers.search([kind], dict(request.args))

    @route(f"/{kind}/.search", "POST", kind)
    @blp.operation(f"searchScim{kind}", 200, ScimListSchema, 400, body=True)
    @says(f"Search the directory's {kind} (POST .search).")
    def search_resources():
        return handlers.search([kind], protocol.read_body())

    @route(f"/{kind}", "POST", kind)
    @blp.operation(f"createScim{noun}", 201, ScimResourceSchema, 400, 409, body=True)
    @says(f"Create a {noun} in the token's project.")
    def create():
        return handlers.create(kind)

    @route(f"/{kind}/<resource_id>", "GET", kind)
    @blp.operation(f"getScim{noun}", 200, ScimResourceSchema, 400)
    @says(f"Read a {noun}.")
    def read(resource_id):
        return handlers.read(kind, resource_id)

    @route(f"/{kind}/<resource_id>", "PUT", kind)
    @blp.operation(f"replaceScim{noun}", 200, ScimResourceSchema, 400, 409, body=True)
    @says(f"Replace a {noun} (PUT).")
    def replace(resource_id):
        return handlers.change(kind, resource_id)

    @route(f"/{kind}/<resource_id>", "PATCH", kind)
    @blp.operation(f"patchScim{noun}", 200, ScimResourceSchema, 400, 409, body=True)
    @says(f"Change a {noun} (PATCH: add, remove, replace).")
    def patch(resource_id):
        return handlers.change(kind, resource_id)

    @route(f"/{kind}/<resource_id>", "DELETE", kind)
    @blp.operation(f"deleteScim{noun}", 204, None)
    @says(f"Delete a {noun}.")
    def delete(resource_id):
        return handlers.remove(kind, resource_id)


_views("Users", "User")
_views("Groups", "Group")

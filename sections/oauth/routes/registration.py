"""Dynamic registration under /api/oauth2 (extensions.md E5.2): RFC 7591's endpoint and RFC
7592's management of a registration with its registration access token, in OAuth's form
(sections/oauth/protocol.py), from any origin, while OAUTH_DYNAMIC_REGISTRATION is on."""
from flask import Response, abort, current_app, json, request

from core.bearer import bearer_token
from core.blueprint import ApiBlueprint
from core.db import db
from sections.oauth import protocol, registration
from sections.oauth.metadata import endpoint

blp = ApiBlueprint("oauth2_registration", __name__, url_prefix="/api/oauth2",
                   envelope=protocol.ENVELOPE,
                   description="Dynamic client registration (RFC 7591, RFC 7592)")

_ERROR = {"application/json": {"schema": {"type": "object", "properties": {
    "error": {"type": "string"}, "error_description": {"type": "string"}}}}}
_METADATA = {"application/json": {"schema": {"type": "object", "description": (
    "RFC 7591's client metadata: redirect_uris, client_name, token_endpoint_auth_method, "
    "grant_types, application_type, logo_uri, client_uri, scope, "
    "id_token_signed_response_alg (other members ignored)")}}}
_ANSWER = {"description": "The registered metadata, with client_id and registration_client_uri",
           "content": _METADATA}
_BAD = {"description": "invalid_redirect_uri or invalid_client_metadata", "content": _ERROR}
_TOKEN = {"description": "invalid_token: no registration access token of this client "
                         "(Authorization: Bearer ...)", "content": _ERROR}
_OFF = {"description": "Dynamic registration is off (OAUTH_DYNAMIC_REGISTRATION)",
        "content": _ERROR}


def _on() -> None:
    if not current_app.config["OAUTH_DYNAMIC_REGISTRATION"]:
        abort(404)


def _reply(status: int, body: dict) -> Response:
    response = Response(json.dumps(body), status=status, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"  # a secret or a token may be in it
    response.headers["Pragma"] = "no-cache"
    return response


def _uri(client_id: str) -> str:
    return endpoint(f"/register/{client_id}")


@blp.post("/register")
@protocol.any_origin
@blp.doc(operationId="oauth2Register", requestBody={"required": True, "content": _METADATA},
         responses={"201": _ANSWER, "400": _BAD, "404": _OFF, "429": {
             "description": "temporarily_unavailable: too many registrations from this "
                            "address (Retry-After)", "content": _ERROR}})
def register():
    """Register a client with no prior registration (RFC 7591): its id, a secret for a
    confidential one, and the registration access token that manages it (RFC 7592)."""
    _on()
    try:
        registration.count_request()
        row, secret, token = registration.register(request.get_json(silent=True))
    except registration.TooMany as refused:
        return protocol.error(429, "temporarily_unavailable", str(refused),
                              headers={"Retry-After": str(refused.retry_after)})
    except registration.Invalid as refused:
        return protocol.error(400, refused.code, refused.description)
    db.session.commit()
    return _reply(201, registration.answer(row, _uri(row.client_id), secret, token))


def _managed(client_id: str):
    _on()
    return registration.managed(client_id, bearer_token())


def _unknown() -> Response:
    return protocol.error(401, "invalid_token", "The registration access token is not this "
                                                "client's", headers={
                              "WWW-Authenticate": 'Bearer error="invalid_token"'})


_MANAGED = {"401": _TOKEN, "404": _OFF}


@blp.get("/register/<client_id>")
@protocol.any_origin
@blp.doc(operationId="oauth2ReadRegistration", responses={"200": _ANSWER, **_MANAGED})
def read_registration(client_id):
    """Read a registration with its registration access token (RFC 7592 2.1)."""
    row = _managed(client_id)
    if row is None:
        return _unknown()
    return _reply(200, registration.answer(row, _uri(row.client_id)))


@blp.put("/register/<client_id>")
@protocol.any_origin
@blp.doc(operationId="oauth2UpdateRegistration",
         requestBody={"required": True, "content": _METADATA},
         responses={"200": _ANSWER, "400": _BAD, **_MANAGED})
def update_registration(client_id):
    """Replace a registration's metadata (RFC 7592 2.2): the body holds all of it and the
    client_id; a new secret comes when the client becomes confidential or its secret expired."""
    row = _managed(client_id)
    if row is None:
        return _unknown()
    try:
        secret = registration.replace(row, request.get_json(silent=True))
    except registration.Invalid as refused:
        db.session.rollback()
        return protocol.error(400, refused.code, refused.description)
    db.session.commit()
    return _reply(200, registration.answer(row, _uri(row.client_id), secret))


@blp.delete("/register/<client_id>")
@protocol.any_origin
@blp.doc(operationId="oauth2DeleteRegistration",
         responses={"204": {"description": "Deleted: its grants and tokens stop at once"},
                    **_MANAGED})
def delete_registration(client_id):
    """Delete a registration (RFC 7592 2.3): the client, its grants and its tokens go."""
    row = _managed(client_id)
    if row is None:
        return _unknown()
    registration.remove(row)
    db.session.commit()
    return Response(status=204)

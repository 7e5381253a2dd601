"""The authorization endpoint's request (extensions.md E5.3): checked in the order the spec
gives, stored for the user's decision (10 minutes, single use, its id kept hashed), and handed
to authlib's code grant again at the decision. A request that names no client or redirect URI
this server trusts is answered by a page (never a redirect: the URI is not the client's);
every later error goes back to the redirect URI with `error`, `state` and `iss` (RFC 9207)."""
import re
import secrets
from datetime import timedelta

from authlib.common.urls import add_params_to_uri
from authlib.oauth2.rfc6749 import OAuth2Error, OAuth2Request
from authlib.oauth2.rfc6749.requests import BasicOAuth2Payload
from flask import current_app

from core import clock, tokens
from core.db import db, new_id
from sections.oauth import metadata_documents, redirect_uris, scopes, server
from sections.oauth import tokens as issued
from sections.oauth.models import OAuthRequest

LIFETIME = timedelta(minutes=10)
MAX_VALUE, MAX_STATE, MAX_NONCE = 2000, 1000, 255
PROMPTS = {"none", "login", "consent"}
CHALLENGE = re.compile(r"[A-Za-z0-9._~-]{43,128}")  # RFC 7636 4.2
REPEATABLE = {"resource"}  # RFC 8707 2: the only parameter that may repeat
KEPT = ("client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method",
        "nonce", "login_hint")  # what the decision needs, besides scope, resources, prompt


class Unanswerable(Exception):
    """No client or redirect URI to trust: a page says which (400), never a redirect."""


class Refused(Exception):
    """An error answered at the client's redirect URI (RFC 6749 4.1.2.1)."""

    def __init__(self, error: str, description: str, redirect_uri: str, state):
        super().__init__(description)
        self.error, self.description = error, description
        self.redirect_uri, self.state = redirect_uri, state

    def location(self) -> str:
        return back_to(self.redirect_uri, self.state, error=self.error,
                       error_description=self.description)


def back_to(redirect_uri: str, state, **params) -> str:
    """The redirect URI with `params`, the request's `state` and the issuer (RFC 9207)."""
    found = {**params, **({"state": state} if state is not None else {})}
    return add_params_to_uri(redirect_uri, {**found, "iss": issued.issuer()})


def _one(args, name: str) -> str:
    values = args.getlist(name)
    if len(values) != 1 or not 0 < len(values[0]) <= MAX_VALUE:
        raise Unanswerable(f"The request must name its {name} once")
    return values[0]


def check(args) -> tuple[str, OAuthRequest]:
    """(the request's id for the consent page, its stored row) of a valid authorization
    request; the caller commits. Unanswerable or Refused otherwise."""
    try:  # an app's, a registration's, or a metadata document's (read or kept)
        client = metadata_documents.client(_one(args, "client_id"))
    except metadata_documents.Refused as refused:
        raise Unanswerable(f"The client's metadata document is refused (invalid_client): "
                           f"{refused}") from None
    if client is None:
        raise Unanswerable("The client is unknown to this server, or disabled")
    redirect_uri = _one(args, "redirect_uri")
    if not redirect_uris.matches(client.redirect_uris, redirect_uri):
        raise Unanswerable("The redirect_uri is not one the client registered")
    state = args.get("state")

    def refuse(error, description):
        return Refused(error, description, redirect_uri, state if _short(state) else None)

    params = _checked(args, refuse)
    _authlib_agrees(params, refuse)
    request_id = secrets.token_urlsafe(32)
    now = clock.utcnow()
    row = OAuthRequest(id=new_id(), request_hash=tokens.digest(request_id), client_id=client.id,
                       params=params, created_at=now, expires_at=now + LIFETIME)
    db.session.add(row)
    return request_id, row


def _short(state) -> bool:
    return state is None or len(state) <= MAX_STATE


def _checked(args, refuse) -> dict:
    if "request" in args or "request_uri" in args:
        raise refuse("invalid_request", "Request objects (request, request_uri) are not "
                                        "supported")
    for name in args:
        values = args.getlist(name)
        if len(values) > 1 and name not in REPEATABLE:
            raise refuse("invalid_request", f"{name} is given more than once")
        if any(len(value) > (MAX_STATE if name == "state" else MAX_VALUE) for value in values):
            raise refuse("invalid_request", f"{name} is too long")
    if args.get("response_type") != "code":
        raise refuse("unsupported_response_type", "response_type must be code")
    asked = (args.get("scope") or scopes.DEFAULT_SCOPE).split()
    if not asked or scopes.unknown(asked):
        raise refuse("invalid_scope", f"Unknown scopes: {' '.join(scopes.unknown(asked))}")
    if (not CHALLENGE.fullmatch(args.get("code_challenge") or "")
            or args.get("code_challenge_method") != "S256"):
        raise refuse("invalid_request", "PKCE is required: a code_challenge of 43-128 "
                                        "characters with code_challenge_method=S256")
    resources = args.getlist("resource") or [scopes.api_resource()]
    if len(resources) > scopes.MAX_RESOURCES:
        raise refuse("invalid_request", "At most 10 resource parameters")
    problem = next((found for found in map(scopes.resource_problem, resources) if found), None)
    if problem:
        raise refuse("invalid_target", problem)
    if len(args.get("nonce") or "") > MAX_NONCE:
        raise refuse("invalid_request", "The nonce is 255 characters at most")
    prompt = (args.get("prompt") or "").split()
    if not set(prompt) <= PROMPTS or ("none" in prompt and len(prompt) > 1):
        raise refuse("invalid_request", "prompt is none, login or consent (none alone)")
    max_age = args.get("max_age")
    if max_age is not None and not (max_age.isascii() and max_age.isdigit()
                                    and len(max_age) <= 10):
        raise refuse("invalid_request", "max_age is a number of seconds")
    if any("\x00" in value for name in args for value in args.getlist(name)):
        raise refuse("invalid_request", "A parameter holds a NUL character")  # never stored
    kept = {name: args.get(name) for name in KEPT if args.get(name) is not None}
    return {**kept, "scope": " ".join(dict.fromkeys(asked)),
            "resources": list(dict.fromkeys(resources)), "prompt": prompt,
            "max_age": int(max_age) if max_age is not None else None}


def authlib_request(params: dict) -> OAuth2Request:
    """The stored request as authlib's code grant reads an authorization request."""
    request = OAuth2Request("GET", current_app.config["API_BASE_URL"].rstrip("/")
                            + "/api/oauth2/authorize")
    request.payload = BasicOAuth2Payload(
        {"response_type": "code", **{name: params[name] for name in KEPT if name in params},
         "scope": params["scope"]})
    return request


def _authlib_agrees(params: dict, refuse) -> None:
    """authlib's own reading of the code request (client, redirect URI, response type, PKCE):
    what it refuses is refused."""
    try:
        server.of_app().get_authorization_grant(authlib_request(params)).validate_authorization_request()
    except OAuth2Error as error:
        raise refuse(error.error, error.description or error.error) from None

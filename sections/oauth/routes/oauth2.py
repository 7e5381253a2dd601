"""The authorization server's endpoints under /api/oauth2 (extensions.md E5.1, E5.3-E5.6): they
speak OAuth, not this API's conventions (sections/oauth/protocol.py)."""
from flask import Response, current_app, g, json, redirect, request

from core import mail
from core.bearer import own_lookup
from core.blueprint import ApiBlueprint
from core.db import db
from core.pipeline import takes_form
from sections.auth.models import User
from sections.oauth import authorize, keys, protocol, server
from sections.oauth import tokens as issued
from sections.oauth.id_tokens import user_claims
from sections.oauth.pages import refusal_page
from sections.oauth.schemas import FORM_ENDPOINTS, documented

blp = ApiBlueprint("oauth2", __name__, url_prefix="/api/oauth2", envelope=protocol.ENVELOPE,
                   description="The OAuth 2.1 authorization server and OpenID provider "
                               "(extensions.md E5): OAuth's conventions, not this API's")


@blp.get("/authorize")
@blp.doc(**documented("authorize"))
def authorize_request():
    """Check an authorization request, then send the browser to the consent page."""
    try:
        request_id, _ = authorize.check(request.args)
    except authorize.Unanswerable as refused:
        return refusal_page(str(refused))
    except authorize.Refused as refused:
        return redirect(refused.location())
    db.session.commit()
    return redirect(mail.with_query(current_app.config["OAUTH_CONSENT_URL"], request=request_id))


def form_endpoint(name: str, answer):
    """A form endpoint's view: the form checked, then authlib's answer, committed (a refused
    request may have revoked what it found: a code's second use)."""
    def view():
        refused = protocol.refuse_bad_form()
        if refused is not None:
            return refused
        response = protocol.described(answer())
        db.session.commit()
        response.headers["Cache-Control"] = "no-store"
        return response
    view.__name__ = view.__qualname__ = name.replace("-", "_")
    view.__doc__ = FORM_ENDPOINTS[name]["summary"]
    return view


for _path, _name, _answer in (
        ("/token", "token", lambda: server.of_app().create_token_response()),
        ("/device_authorization", "device-authorization",
         lambda: server.of_app().create_endpoint_response("device_authorization")),
        ("/revoke", "revoke",
         lambda: server.of_app().create_endpoint_response("revocation")),
        ("/introspect", "introspect",
         lambda: server.of_app().create_endpoint_response("introspection"))):
    blp.post(_path)(protocol.any_origin(takes_form(blp.doc(**documented(_name))(
        form_endpoint(_name, _answer)))))


def _userinfo_credential(token: str):
    found = issued.lookup(token)
    return found or None


def _userinfo():
    credential = g.get("bearer_session")
    if not credential:  # none, or one refused (tokens.lookup: False)
        return protocol.error(401, "invalid_token", "A live access token of this service is "
                                                    "required (Authorization: Bearer ...)",
                              headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})
    scope = credential.token.scope
    if "openid" not in scope.split():
        return protocol.error(403, "insufficient_scope", "The token has no openid scope",
                              headers={"WWW-Authenticate": 'Bearer error="insufficient_scope", '
                                                           'scope="openid"'})
    user = db.session.get(User, credential.user_id)
    # OpenID Connect Core 5.3.2: a claim without a value is omitted, never null.
    claims = {name: value for name, value in user_claims(user, scope).items()
              if value is not None}
    body = json.dumps(claims)
    return Response(body, mimetype="application/json", headers={"Cache-Control": "no-store"})


@blp.get("/userinfo")
@protocol.any_origin
@blp.doc(**documented("userinfo"))
@own_lookup(_userinfo_credential)
def userinfo():
    """The claims of the access token's user, by its scopes (OpenID Connect Core 5.3)."""
    return _userinfo()


@blp.post("/userinfo")
@protocol.any_origin
@takes_form
@blp.doc(**documented("userinfo-post"))
@own_lookup(_userinfo_credential)
def userinfo_by_post():
    """The same claims, asked by POST (OpenID Connect Core 5.3.1)."""
    return _userinfo()


@blp.get("/jwks")
@protocol.any_origin
@blp.doc(**documented("jwks"))
def jwks():
    """The public keys that sign the service's tokens (RFC 7517), retired ones included until
    the tokens they signed have expired."""
    return Response(json.dumps({"keys": keys.published()}), mimetype="application/jwk-set+json")

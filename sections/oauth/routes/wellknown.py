"""The /.well-known documents (extensions.md E5.1, E5.7): the authorization server's metadata
(RFC 8414; at OpenID Connect Discovery's address too, and for an issuer with a path at RFC 8414
3's address, that path after /.well-known/...) and the API's protected-resource metadata (RFC
9728). Every client may read them from a browser (CORS from any origin)."""
from urllib.parse import urlsplit

from flask import Blueprint, abort

from core.blueprint import ApiBlueprint
from sections.oauth import metadata, protocol
from sections.oauth import tokens as issued

blp = ApiBlueprint("oauth_wellknown", __name__, url_prefix="/.well-known",
                   description="Where the authorization server and the API's tokens are "
                               "described (RFC 8414, OpenID Connect Discovery, RFC 9728)")
# The same documents under an issuer's path (not in the OpenAPI document: the same operation).
with_path = Blueprint("oauth_wellknown_paths", __name__, url_prefix="/.well-known")
DOCUMENT = {"200": {"description": "The JSON document",
                    "content": {"application/json": {"schema": {"type": "object"}}}},
            "429": {"description": "Too many requests (Retry-After)"}}


@blp.get("/oauth-authorization-server")
@protocol.any_origin
@blp.doc(operationId="getAuthorizationServerMetadata", responses=DOCUMENT)
def authorization_server_metadata():
    """The authorization server's metadata (RFC 8414)."""
    return metadata.server_metadata()


@blp.get("/openid-configuration")
@protocol.any_origin
@blp.doc(operationId="getOpenIdConfiguration", responses=DOCUMENT)
def openid_configuration():
    """The OpenID provider's configuration (OpenID Connect Discovery 4): the same document."""
    return metadata.server_metadata()


@with_path.get("/oauth-authorization-server/<path:path>")
@with_path.get("/openid-configuration/<path:path>")
@protocol.any_origin
def metadata_of_issuer_path(path):
    """The metadata at RFC 8414 3's address of an issuer with a path."""
    if path.strip("/") != urlsplit(issued.issuer()).path.strip("/"):
        abort(404)
    return metadata.server_metadata()


@blp.get("/oauth-protected-resource/api")
@protocol.any_origin
@blp.doc(operationId="getProtectedResourceMetadata", responses=DOCUMENT)
def protected_resource_metadata():
    """The API's protected-resource metadata (RFC 9728): which server issues its tokens."""
    return metadata.resource_metadata()

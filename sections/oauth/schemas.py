"""How the identity provider's endpoints are documented and what its JSON endpoints take and
answer (extensions.md E5): the /api/oauth2 endpoints as what they are (forms and OAuth's
answers, written here as OpenAPI), the consent's and the apps' as this API's schemas."""
from marshmallow import Schema, ValidationError, fields, validate

from core import listing
from core.fields import JsonBoolean, RequestSchema, Text, UTCDateTime
from sections.oauth import redirect_uris

FORM = "application/x-www-form-urlencoded"
OAUTH_ERROR = {"type": "object", "required": ["error"], "properties": {
    "error": {"type": "string", "description": "RFC 6749's code (invalid_request, ...)"},
    "error_description": {"type": "string"}}}


def _form(properties: dict, required=()) -> dict:
    return {"required": True, "content": {FORM: {"schema": {
        "type": "object", "properties": {name: {"type": "string", "description": text}
                                         for name, text in properties.items()},
        "required": list(required)}}}}


def _answer(description: str, properties: dict | None = None) -> dict:
    schema = {"type": "object"} if properties is None else {
        "type": "object", "properties": {name: {"type": kind} for name, kind in
                                         properties.items()}}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


LIMITED = {"429": {"description": "temporarily_unavailable: too many requests (Retry-After)",
                   "content": {"application/json": {"schema": OAUTH_ERROR}}}}
ERRORS = {**LIMITED, "400": {"description": "OAuth's error (RFC 6749 5.2)",
                  "content": {"application/json": {"schema": OAUTH_ERROR}}},
          "401": {"description": "invalid_client: the client's authentication failed",
                  "content": {"application/json": {"schema": OAUTH_ERROR}}}}
CLIENT_AUTH = {"client_id": "The client (its secret by HTTP Basic, or client_secret here)",
               "client_secret": "A confidential client's secret (client_secret_post)"}
FORM_ENDPOINTS = {
    "token": {"summary": "Exchange a code or a refresh token for tokens (RFC 6749 4.1.3, 6).",
              "operationId": "oauth2Token", "requestBody": _form({
                  "grant_type": "authorization_code, refresh_token or "
                                "urn:ietf:params:oauth:grant-type:device_code",
                  "code": "The code", "device_code": "The device code (RFC 8628 3.4)",
                  "redirect_uri": "Exactly the authorization's", "code_verifier": "PKCE's",
                  "refresh_token": "ort_...", "scope": "Fewer scopes (a refresh)",
                  "resource": "The token's audience (RFC 8707)", **CLIENT_AUTH}, ["grant_type"]),
              "responses": {"200": _answer("The tokens (Cache-Control: no-store)", {
                  "access_token": "string", "token_type": "string", "expires_in": "integer",
                  "scope": "string", "refresh_token": "string", "id_token": "string"}),
                  **ERRORS}},
    "device-authorization": {
        "summary": "Start a device authorization (RFC 8628 3.1): the codes, where the user "
                   "enters the user code, how often to poll.",
        "operationId": "oauth2DeviceAuthorization", "requestBody": _form({
            "scope": "Space-separated scopes (default read)",
            "resource": "The tokens' audiences (RFC 8707; may repeat)", **CLIENT_AUTH}),
        "responses": {"200": _answer("The device code, the user code and where to enter it "
                                     "(Cache-Control: no-store)", {
            "device_code": "string", "user_code": "string", "verification_uri": "string",
            "verification_uri_complete": "string", "expires_in": "integer",
            "interval": "integer"}), **ERRORS}},
    "revoke": {"summary": "Revoke a token (RFC 7009): 200 whatever the token was.",
               "operationId": "oauth2Revoke", "requestBody": _form({
                   "token": "An access or refresh token", "token_type_hint": "Optional",
                   **CLIENT_AUTH}, ["token"]),
               "responses": {"200": _answer("Revoked, or nothing to revoke"), **ERRORS}},
    "introspect": {"summary": "Say whether a token is active, and its claims (RFC 7662).",
                   "operationId": "oauth2Introspect", "requestBody": _form({
                       "token": "An access or refresh token", "token_type_hint": "Optional",
                       **CLIENT_AUTH}, ["token"]),
                   "responses": {"200": _answer("{active: false} or the token's claims", {
                       "active": "boolean", "scope": "string", "client_id": "string",
                       "sub": "string", "exp": "integer"}), **ERRORS}},
}
USERINFO = {
    "200": _answer("The user's claims by the token's scopes (OpenID Connect Core 5.3)"),
    "401": {"description": "No live access token (WWW-Authenticate: Bearer "
                           "error=\"invalid_token\")"},
    "403": {"description": "No openid scope (error=\"insufficient_scope\")"}}
OTHER = {
    "authorize": {"operationId": "oauth2Authorize", "responses": {
        "302": {"description": "To the consent page (`?request=`), or to the redirect URI "
                               "with `error`, `state` and `iss`"},
        "400": {"description": "An HTML page: no client or redirect URI to trust",
                "content": {"text/html": {"schema": {"type": "string"}}}}}},
    "userinfo": {"operationId": "oauth2UserInfo", "responses": USERINFO},
    "userinfo-post": {"operationId": "oauth2UserInfoByPost", "responses": USERINFO,
                      "requestBody": {"required": False, "content": {FORM: {"schema": {
                          "type": "object", "description": "Nothing: the token is the "
                                                           "Authorization header's"}}}}},
    "jwks": {"operationId": "oauth2Jwks", "responses": {**LIMITED, "200": {
        "description": "The JWK Set (RFC 7517)",
        "content": {"application/jwk-set+json": {"schema": {"type": "object"}}}}}},
}


def documented(name: str) -> dict:
    """The OpenAPI operation of an /api/oauth2 endpoint."""
    found = dict(FORM_ENDPOINTS.get(name) or OTHER[name])
    found.pop("summary", None)
    return found


# --- the consent (E5.3), under /api/auth ---

class ClientRefSchema(Schema):
    clientId = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, metadata={"description": "app, metadata-document or "
                                                                 "dynamic"})
    host = fields.String(required=True, allow_none=True)
    logoUrl = fields.String(required=True, allow_none=True)
    homepageUrl = fields.String(required=True, allow_none=True)
    verified = fields.Boolean(required=True, metadata={"description": "True for apps only"})
    redirectUri = fields.String(required=True, allow_none=True, metadata={
        "description": "Where the decision sends the browser; null for a device's request"})
    localhostOnly = fields.Boolean(required=True)


class ScopeSchema(Schema):
    name = fields.String(required=True)
    description = fields.String(required=True)


class AuthorizationRequestSchema(Schema):
    id = fields.String(required=True)
    client = fields.Nested(ClientRefSchema, required=True)
    scopes = fields.List(fields.Nested(ScopeSchema), required=True)
    resources = fields.List(fields.String(), required=True)
    prompt = fields.String(required=True, allow_none=True)
    loginHint = fields.String(required=True, allow_none=True)
    granted = fields.Boolean(required=True)
    reauthenticationRequired = fields.Boolean(required=True)
    expiresAt = UTCDateTime(required=True)


class AuthorizationRequestAnswerSchema(Schema):
    request = fields.Nested(AuthorizationRequestSchema, required=True)


class DecisionSchema(RequestSchema):
    decision = fields.String(required=True, validate=validate.OneOf(["allow", "deny"]))
    password = fields.String(validate=validate.Length(max=1024))
    totpCode = fields.String(validate=validate.Length(max=64))


class DeviceCodeSchema(RequestSchema):
    userCode = fields.String(required=True, validate=validate.Length(min=1, max=64), metadata={
        "description": "The code the device shows (XXXX-XXXX; any case, the dash optional)"})


class DecisionAnswerSchema(Schema):
    redirectTo = fields.String(required=True, allow_none=True, metadata={
        "description": "Where the browser goes: the redirect URI with the code, or the error"})


# --- apps that users register (E5.2), under /api/auth/oauth-apps ---

def _redirect_uris(value):
    problem = redirect_uris.problems(value)
    if problem:
        raise ValidationError(problem[0].upper() + problem[1:])


def _web_url(value):
    if len(value) > 2048 or not value.startswith(("https://", "http://")) \
            or not value.isprintable():
        raise ValidationError("An http(s) URL of 2048 characters at most")


class AppChangeSchema(RequestSchema):
    name = Text(100, allow_none=False)
    redirectUris = fields.List(fields.Raw(), validate=_redirect_uris)
    homepageUrl = fields.String(allow_none=True, validate=_web_url)
    logoUrl = fields.String(allow_none=True, validate=_web_url)
    idTokenAlg = fields.String(validate=validate.OneOf(["RS256", "ES256"]))


class AppCreateSchema(AppChangeSchema):
    name = Text(100, allow_none=False, required=True)
    redirectUris = fields.List(fields.Raw(), required=True, validate=_redirect_uris)
    type = fields.String(required=True, validate=validate.OneOf(["confidential", "public"]))


class AppSchema(Schema):
    id = fields.String(required=True)
    clientId = fields.String(required=True, metadata={"description": "oa_ and 22 characters"})
    name = fields.String(required=True)
    type = fields.String(required=True)
    redirectUris = fields.List(fields.String(), required=True)
    homepageUrl = fields.String(required=True, allow_none=True)
    logoUrl = fields.String(required=True, allow_none=True)
    idTokenAlg = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "ACTIVE or DISABLED"})
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)


class AppAnswerSchema(Schema):
    app = fields.Nested(AppSchema, required=True)


class AppSecretAnswerSchema(AppAnswerSchema):
    clientSecret = fields.String(required=True, allow_none=True, metadata={
        "description": "ocs_ and 43 base64url characters, shown only in this answer; null for "
                       "a public app"})


AppListArgs = listing.arguments("OAuthAppListArgs", sorts=["createdAt"])
AppPageSchema = listing.page_schema(AppSchema)


class ConnectedClientSchema(Schema):
    clientId = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, metadata={
        "description": "app, metadata-document or dynamic"})
    host = fields.String(required=True, allow_none=True)


class ConnectedAppSchema(Schema):
    id = fields.String(required=True)
    client = fields.Nested(ConnectedClientSchema, required=True)
    scopes = fields.List(fields.String(), required=True)
    resources = fields.List(fields.String(), required=True)
    createdAt = UTCDateTime(required=True)
    lastUsedAt = UTCDateTime(required=True, allow_none=True, metadata={
        "description": "when tokens were last issued from the grant"})


ConnectedAppListArgs = listing.arguments("ConnectedAppListArgs",
                                         sorts=["createdAt", "lastUsedAt"])
ConnectedAppPageSchema = listing.page_schema(ConnectedAppSchema)


# GET and PATCH /api/admin/oauth-clients (E5.2's platform admins), served by operators.py.
class AdminClientSchema(Schema):
    id = fields.String(required=True)
    clientId = fields.String(required=True)
    kind = fields.String(required=True, metadata={
        "description": "app, metadata-document or dynamic"})
    name = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "ACTIVE or DISABLED"})
    mayIntrospect = fields.Boolean(required=True)
    grants = fields.Integer(required=True, metadata={"description": "its live grants"})
    createdAt = UTCDateTime(required=True)
    lastUsedAt = UTCDateTime(required=True, allow_none=True)


class AdminClientChangeSchema(RequestSchema):
    status = fields.String(validate=validate.OneOf(["ACTIVE", "DISABLED"]))
    mayIntrospect = JsonBoolean()


AdminClientListArgs = listing.arguments(
    "AdminOAuthClientListArgs", sorts=["createdAt", "lastUsedAt"],
    filters={"kind": listing.enum("app", "metadata-document", "dynamic"),
             "status": listing.enum("ACTIVE", "DISABLED"), "q": listing.text()})
AdminClientPageSchema = listing.page_schema(AdminClientSchema)

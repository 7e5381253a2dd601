"""The SCIM service in the OpenAPI document: its answers in `application/scim+json`, its
errors in SCIM's form. The resources' own schemas are SCIM's, published by the service's
discovery endpoints (RFC 7644 section 4); here they are open objects."""
from marshmallow import INCLUDE, Schema, fields

from core.blueprint import ApiBlueprint
from sections.scim.protocol import MEDIA_TYPE

TOKEN = ("Authorization: Bearer scim_... (a SCIM token of the project: "
         "/api/projects/{id}/scim-tokens); sessions and API keys are 401 here")


class ScimErrorSchema(Schema):
    schemas = fields.List(fields.String(), required=True)
    status = fields.String(required=True, metadata={"description": "The HTTP status"})
    scimType = fields.String(metadata={"description": "RFC 7644 Table 9 (e.g. uniqueness)"})
    detail = fields.String(required=True)


class ScimResourceSchema(Schema):
    """A SCIM resource or discovery document (its schema: GET /Schemas)."""

    class Meta:
        unknown = INCLUDE

    schemas = fields.List(fields.String(), required=True)
    id = fields.String()


class ScimListSchema(Schema):
    schemas = fields.List(fields.String(), required=True)
    totalResults = fields.Integer(required=True)
    startIndex = fields.Integer(required=True)
    itemsPerPage = fields.Integer(required=True)
    Resources = fields.List(fields.Nested(ScimResourceSchema), required=True)


BODY = {"required": True, "description": "A SCIM payload (RFC 7644)", "content": {
    media: {"schema": {"type": "object", "additionalProperties": True}}
    for media in (MEDIA_TYPE, "application/json")}}
QUERY = [{"in": "query", "name": name, "required": False, "schema": {"type": kind},
          "description": description} for name, kind, description in (
    ("filter", "string", "A SCIM filter (RFC 7644 section 3.4.2.2), 1,000 characters at most"),
    ("attributes", "string", "Attributes to answer, comma-separated"),
    ("excludedAttributes", "string", "Attributes to leave out, comma-separated"),
    ("startIndex", "integer", "1-based index of the first result"),
    ("count", "integer", "Results per page, 100 at most"))]
ERRORS = {401: "No SCIM token, or an unknown or revoked one",
          404: "No such resource in the token's project, or no such endpoint",
          400: "invalidFilter, invalidSyntax, invalidValue, invalidPath, mutability ...",
          409: "uniqueness: userName is taken in the project"}


class ScimBlueprint(ApiBlueprint):
    """An ApiBlueprint whose answers are SCIM's (errors in its envelope "scim")."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, envelope="scim", **kwargs)
        self.error_schema = ScimErrorSchema

    def document_framework_errors(self, doc, doc_info, **kwargs):
        for status, response in doc.get("responses", {}).items():
            if isinstance(response, str):
                doc["responses"][status] = {
                    "description": "Any other error, e.g. 405, 413, 415, 429, 503",
                    "content": {MEDIA_TYPE: {"schema": ScimErrorSchema}}}
        return doc

    def document_access(self, doc, doc_info, **kwargs):
        """A SCIM view documents its own refusals (`operation`: the access step's 401 and path
        id's 404 among them) in SCIM's media type, and its bearer in its description: the
        API's `bearerAuth` (a session or an API key) is refused here."""
        return super().document_access(doc, {}, **kwargs)

    def operation(self, operation_id: str, status: int, schema, *errors, body=False,
                  query=False):
        """Document a SCIM view: its answer, its errors (401 always), its body and query."""
        def decorator(view):
            extra = {"operationId": operation_id, "description": TOKEN}
            if body:
                extra["requestBody"] = BODY
            if query:
                extra["parameters"] = QUERY
            view = self.doc(**extra)(view)
            for code in sorted({401, 404, *errors}, reverse=True):
                view = self.alt_response(code, schema=ScimErrorSchema, description=ERRORS[code],
                                         content_type=MEDIA_TYPE)(view)
            if schema is None:
                return self.response(status, description="No content")(view)
            return self.response(status, schema, content_type=MEDIA_TYPE)(view)
        return decorator

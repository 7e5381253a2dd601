"""HTTP layer: flask-smorest blueprints that load with a schema, call a service, dump a schema."""
from flask_smorest import Blueprint
from marshmallow.utils import missing
from webargs.flaskparser import FlaskParser, abort

from core.errors import AUTH, GENERAL
from core.fields import AuthErrorSchema, ErrorSchema
from core.pipeline import BODY_METHODS


class Parser400(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400  # contract section 1 (webargs would say 422)
    # What a POST, PUT or PATCH sent without a body reads as. webargs reads `{}`, which let an
    # empty PATCH through as a change of nothing; `null` is refused by the schema like any body
    # that is not a JSON object (R1). A DELETE without a body stays `{}` (contract section 1).
    missing_body = None

    def use_args(self, argmap, req=None, *, body_required=True, **kwargs):
        """`body_required` is ApiBlueprint.arguments's `required`: an operation whose body is
        optional (a passkey ceremony's first step) reads a missing one as `{}`."""
        if not body_required:
            return OPTIONAL_BODY_PARSER.use_args(argmap, req, **kwargs)
        return super().use_args(argmap, req, **kwargs)

    def load_json(self, req, schema):
        try:
            data = super().load_json(req, schema)
        except (RecursionError, ValueError) as exc:
            # webargs turns only a JSONDecodeError into 400. Deep nesting raises RecursionError
            # and an integer past Python's 4,300-digit limit a plain ValueError: both are bad
            # JSON, answered as webargs answers bad JSON.
            abort(400, exc=exc, messages={"json": ["Invalid JSON body."]})
        if data is missing and req.method in BODY_METHODS:
            return self.missing_body
        return data


class OptionalBodyParser(Parser400):
    missing_body = missing  # read as `{}`


OPTIONAL_BODY_PARSER = OptionalBodyParser()


class ApiBlueprint(Blueprint):
    """A blueprint that owns its error envelope: auth's `{error: CODE, message}` (contract
    section 1) or the general `{error, message, code}` (resources.md R1); errors.py reads it."""

    ARGUMENTS_PARSER = Parser400()

    def __init__(self, *args, envelope=GENERAL, **kwargs):
        super().__init__(*args, **kwargs)
        self.envelope = envelope
        self.error_schema = AuthErrorSchema if envelope == AUTH else ErrorSchema
        # flask-smorest's list of what documents an operation (perf/private_names.py).
        self._prepare_doc_cbks.append(self.document_framework_errors)

    def document_framework_errors(self, doc, doc_info, **kwargs):
        """Document the framework's answers (a body failing validation, `default`) in this
        blueprint's envelope: the shared components describe the Api's ErrorSchema."""
        responses = doc.get("responses", {})
        for status, response in responses.items():
            if isinstance(response, str):  # a reference to a shared component response
                description = ("Any other error, e.g. 405, 413, 415, 429, 503"
                               if status == "default" else "VALIDATION_ERROR")
                responses[status] = {"description": description, "content": {
                    "application/json": {"schema": self.error_schema}}}
        return doc

    def arguments(self, schema, *, location="json", required=True, **kwargs):
        """flask-smorest's `arguments`, where `required` (the OpenAPI document's requestBody
        `required`) is also enforced: a POST, PUT or PATCH without its required body is 400."""
        if location == "json":
            kwargs["body_required"] = required
        return super().arguments(schema, location=location, required=required, **kwargs)

    def errors(self, *responses, schema=None):
        """Document the error answers of a view: `(status, "CODE ...")` pairs, in this
        blueprint's envelope unless `schema` says otherwise."""

        def decorator(view):
            for status, description in responses:
                view = self.alt_response(status, schema=schema or self.error_schema,
                                         description=description)(view)
            return view

        return decorator


BEARER = {"security": [{"bearerAuth": []}]}

# The 401 answers as views document them (`blp.errors`).
NO_BEARER = (401, "AUTH_ERROR")
DEAD_BEARER = (401, "AUTH_ERROR: a bearer token was sent but is invalid or expired")

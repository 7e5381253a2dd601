"""HTTP layer: flask-smorest blueprints that load with a schema, call a service, dump a schema."""
import json

from flask import jsonify
from flask_smorest import Blueprint
from webargs.flaskparser import FlaskParser

from core.errors import AUTH, GENERAL
from core.fields import AuthErrorSchema, ErrorSchema


class Parser400(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400  # contract section 1 (webargs would say 422)

    def _raw_load_json(self, req):
        # webargs turns only JSONDecodeError into 400. Deep nesting raises RecursionError and
        # an integer past Python's 4,300-digit limit a plain ValueError: both are bad JSON.
        try:
            return super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise
        except (RecursionError, ValueError) as exc:
            self._handle_invalid_json_error(exc, req)


class ApiBlueprint(Blueprint):
    """A blueprint that owns its error envelope: auth's `{error: CODE, message}` (contract
    section 1) or the general `{error, message, code}` (resources.md R1); errors.py reads it."""

    ARGUMENTS_PARSER = Parser400()

    def __init__(self, *args, envelope=GENERAL, **kwargs):
        super().__init__(*args, **kwargs)
        self.envelope = envelope
        self.error_schema = AuthErrorSchema if envelope == AUTH else ErrorSchema
        self._prepare_doc_cbks.append(self._document_framework_errors)

    def _document_framework_errors(self, doc, doc_info, **kwargs):
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


def reply(body, status=200):
    """The answer, already in its JSON shape (services build it; marshmallow documents it)."""
    response = jsonify(body)
    response.status_code = status
    return response

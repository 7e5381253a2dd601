"""HTTP layer: flask-smorest blueprints that load with a schema, call a service, dump a schema."""
from flask_smorest import Blueprint
from webargs.flaskparser import FlaskParser


class Parser400(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400  # contract section 1 (webargs would say 422)


class ApiBlueprint(Blueprint):
    ARGUMENTS_PARSER = Parser400()

    def __init__(self, *args, error_schema=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.error_schema = error_schema
        if error_schema is not None:
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

    def errors(self, *responses, schema):
        """Document the error answers of a view: `(status, "CODE ...")` pairs."""

        def decorator(view):
            for status, description in responses:
                view = self.alt_response(status, schema=schema, description=description)(view)
            return view

        return decorator


BEARER = {"security": [{"bearerAuth": []}]}

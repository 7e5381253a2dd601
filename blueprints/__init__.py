"""HTTP layer: flask-smorest blueprints that load with a schema, call a service, dump a schema."""
from flask_smorest import Blueprint
from webargs.flaskparser import FlaskParser


class Parser400(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400  # contract section 1 (webargs would say 422)


class ApiBlueprint(Blueprint):
    ARGUMENTS_PARSER = Parser400()

    def errors(self, *responses, schema):
        """Document the error answers of a view: `(status, "CODE ...")` pairs."""

        def decorator(view):
            for status, description in responses:
                view = self.alt_response(status, schema=schema, description=description)(view)
            return view

        return decorator


BEARER = {"security": [{"bearerAuth": []}]}

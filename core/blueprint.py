"""HTTP layer: flask-smorest blueprints that load with a schema, call a service, dump a schema;
each operation's security and access refusals documented from its access declarations."""
import re

from flask_smorest import Blueprint
from marshmallow.utils import missing
from webargs.flaskparser import FlaskParser, abort

from core import outcomes, policy
from core.access import NOTHING, REQUIRED
from core.errors import AUTH, GENERAL, OUTCOMES
from core.fields import AuthErrorSchema, ErrorSchema
from core.pipeline import BODY_METHODS

PATH_ARGUMENT = re.compile(r"<(?:[^:>]+:)?([^>]+)>")


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
        self._prepare_doc_cbks.append(self.document_access)

    def add_url_rule(self, rule, endpoint=None, view_func=None, provide_automatic_options=None,
                     **options):
        """Keep the view's access declarations with its documentation (`_apidoc`, where
        flask-smorest's own decorators keep theirs), read by `document_access`."""
        if view_func is not None and not isinstance(view_func, type):
            apidoc = view_func.__dict__.setdefault("_apidoc", {})
            apidoc["access"] = (view_func.__dict__.get("access", NOTHING),
                                tuple(PATH_ARGUMENT.findall(rule)))
        return super().add_url_rule(rule, endpoint, view_func, provide_automatic_options,
                                    **options)

    def document_access(self, doc, doc_info, **kwargs):
        """The operation's bearer requirement and the refusals of its access declarations
        (`refusals`), merged with what the view documents itself (`errors`) by status."""
        spec, arguments = doc_info.get("access", (NOTHING, ()))
        if spec.auth == REQUIRED:
            doc["security"] = [{"bearerAuth": []}]
        responses = doc.setdefault("responses", {})
        for status, description in refusals(spec, arguments, self.envelope):
            own = responses.pop(status, None) or responses.pop(str(status), None)
            if own is not None and own.get("description") not in (None, description):
                description = f"{description}; {own['description']}"
            responses[status] = {"description": description, "content": {
                "application/json": {"schema": self.error_schema}}}
        doc["responses"] = dict(sorted(responses.items(),
                                       key=lambda item: (item[0] == "default", str(item[0]))))
        return doc

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
        `required`) is also enforced: a POST, PUT or PATCH without its required body is 400.
        A schema class is made an instance here, once: given the class, webargs makes a new
        instance at every request, which marshmallow builds by copying each declared field."""
        if isinstance(schema, type):
            schema = schema()
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


def refusals(spec, arguments, envelope) -> list[tuple[int, str]]:
    """(status, description) of each answer the access step may give a view declaring `spec`
    whose path has `arguments` (core/access.py's order), in the blueprint's `envelope`."""
    def code(outcome):
        general, auth = OUTCOMES[outcome][1:]
        return auth if envelope == AUTH else general

    found = []
    if spec.auth is not None:
        found.append((401, code(outcomes.Unauthenticated) + (
            ": bearer token missing, invalid or expired" if spec.auth == REQUIRED
            else ": a bearer token was sent but is invalid or expired")))
    if spec.roles:
        found.append((403, f"FORBIDDEN: the caller's platform role is not "
                           f"{' or '.join(spec.roles)}"))
    if spec.not_impersonated:
        found.append((403, "IMPERSONATION_FORBIDDEN: through an impersonation session"))
    guards = {item.arg: item for item in spec.guards}
    for name in (name for name in arguments if name.endswith("_id")):
        item = guards.get(name)
        if item is None:  # an id that cannot be one (policy.is_id), whatever the view does
            thing = name.removesuffix("_id").replace("_", " ")
            found.append((404, f"NOT_FOUND: no such {thing}"))
            continue
        kind = policy.KINDS[item.kind]
        found.append((404, f"NOT_FOUND: no such {kind.noun}, or one the caller may not see"))
        if not kind.rules.get(item.action, set()) >= kind.rules["see"]:
            verb = kind.verbs.get(item.action, item.action)
            found.append((403, f"FORBIDDEN: the caller may not {verb} this {kind.noun}"))
        found.extend(kind.documented_refusals())
    for field_name, name in spec.body:
        found.append((404, f"NOT_FOUND: {field_name} names no {policy.KINDS[name].noun} the "
                           f"caller may see"))
    if spec.verified_email is not None:
        found.append((403, f"{code(outcomes.EmailNotVerified)}: the caller's e-mail address "
                           f"is not verified"))
    merged = {}
    for status, description in found:
        merged[status] = f"{merged[status]}; {description}" if status in merged else description
    return list(merged.items())

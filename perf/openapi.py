"""flask-smorest's Api writing its OpenAPI document when something first reads it (piece
`lazy_openapi`, bench/README.md), not in every create_app."""
import threading

from flask_smorest import Api

import perf


class LazyDocumentApi(Api):
    """flask-smorest's Api whose `register_blueprint` registers the blueprint at once and leaves
    its documentation to the first read of `spec` (/api/openapi.json, `flask openapi write`):
    documenting the operations was three quarters of building an app, which every `flask`
    command and every test's app paid. With PERF_OFF naming `lazy_openapi`, flask-smorest's own
    `register_blueprint`, which documents each blueprint as it comes."""

    def __init__(self, app, **kwargs):
        self.flask_app = app
        self.undocumented = []  # (blueprint, name, parameters), in registration order
        self.documenting = threading.Lock()
        self.written = None  # the APISpec, set by flask-smorest's init_app through `spec`
        super().__init__(app, **kwargs)

    @property
    def spec(self):
        """The document, with every blueprint registered so far in it, in their order."""
        if self.undocumented:
            with self.documenting:
                while self.undocumented:
                    blueprint, name, parameters = self.undocumented[0]
                    blueprint.register_views_in_doc(self, self.flask_app, self.written,
                                                    name=name, parameters=parameters)
                    self.written.tag({"name": name, "description": blueprint.description})
                    self.undocumented.pop(0)
        return self.written

    @spec.setter
    def spec(self, value):
        self.written = value

    def register_blueprint(self, blp, *, parameters=None, **options):
        """flask-smorest's, its documentation left to `spec`."""
        if perf.off(self.flask_app, "lazy_openapi"):
            return super().register_blueprint(blp, parameters=parameters, **options)
        name = options.get("name", blp.name)
        # What flask-smorest's own register_blueprint records (perf/private_names.py).
        self.flask_app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self.flask_app.register_blueprint(blp, **options)
        self.undocumented.append((blp, name, parameters))
        return None

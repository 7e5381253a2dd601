"""Enterprise single sign-on (extensions.md E4.2): a project's OIDC and SAML connections and
signing in through them."""
import logging

# Set before anything of the section imports pysaml2: it logs whole documents (names and
# addresses in them) and tracebacks at ERROR for every refused answer (sso/saml.py logs the
# refusal once, briefly), and its xmlschema says at INFO, at every start, that its own schema
# is already loaded.
logging.getLogger("saml2").setLevel(logging.CRITICAL)
logging.getLogger("xmlschema").setLevel(logging.WARNING)

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "signin", "saml_models")


def register(app, api):
    from sections.sso import (
        models,  # noqa: F401  (its tables)
        rules,  # noqa: F401  (its kind, for the policy)
        saml_models,  # noqa: F401  (its table)
    )
    from sections.sso.routes import blp as routes
    from sections.sso.saml_routes import blp as saml_routes
    from sections.sso.signin_routes import blp as signin_routes

    api.register_blueprint(routes)
    api.register_blueprint(signin_routes)
    api.register_blueprint(saml_routes)
    from sections.audit import service as audit
    audit.actions({"project.sso_connection_add": "project",
                   "project.sso_connection_update": "project",
                   "project.sso_connection_remove": "project"})

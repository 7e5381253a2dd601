"""Enterprise single sign-on (extensions.md E4.2): a project's OIDC and SAML connections and
signing in through them."""
# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "signin", "saml.models")


def register(app, api):
    from sections.sso import (
        models,  # noqa: F401  (its tables)
        rules,  # noqa: F401  (its kind, for the policy)
    )
    from sections.sso.routes import blp as routes
    from sections.sso.saml import models as saml_models  # noqa: F401  (its table)
    from sections.sso.saml.routes import blp as saml_routes
    from sections.sso.signin_routes import blp as signin_routes

    api.register_blueprint(routes)
    api.register_blueprint(signin_routes)
    api.register_blueprint(saml_routes)

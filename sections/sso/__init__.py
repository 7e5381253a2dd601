"""Enterprise single sign-on (extensions.md E4.2): a project's OIDC and SAML connections and
signing in through them."""
# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "saml.models")


def register(app, api):
    from core import hooks
    from sections.sso import (
        binding,
        models,  # noqa: F401  (its tables)
        rules,  # noqa: F401  (its actions on a project, for the policy)
        signin,
    )
    from sections.sso.routes import blp as routes
    from sections.sso.saml import models as saml_models  # noqa: F401  (its table)
    from sections.sso.saml.routes import blp as saml_routes
    from sections.sso.signin_routes import blp as signin_routes

    # Requiring single sign-on (E4.2): the gate of bound members, what turning it on needs,
    # the address a bound account keeps; a membership the directory ends takes its sessions.
    hooks.PROJECT_GATES.fill(binding.gate)
    hooks.PROJECT_CHANGING.fill(binding.refuse_unready)
    hooks.ADDRESS_CHANGING.fill(binding.refuse_unbound_address)
    hooks.MEMBERSHIP_ENDED.fill(signin.end_sessions)
    api.register_blueprint(routes)
    api.register_blueprint(signin_routes)
    api.register_blueprint(saml_routes)
    from sections.audit import service as audit
    audit.actions({"project.sso_connection_add": "project",
                   "project.sso_connection_update": "project",
                   "project.sso_connection_remove": "project"})

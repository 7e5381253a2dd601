"""Directory provisioning (extensions.md E4.3): SCIM tokens, the SCIM 2.0 service at
/api/scim/v2 and the projection of the directory onto accounts and memberships."""

EXPORTS = ("models", "projection")


def register(app, api):
    from scim2_models import SCIMException

    from core import errors, hooks
    from core.db import db
    from sections.scim import (
        models,  # noqa: F401  (its tables)
        projection,
        protocol,
        rules,  # noqa: F401  (its actions on a project, for the policy)
    )
    from sections.scim.routes import blp
    from sections.scim.token_routes import blp as token_routes

    def scim_error(exc):
        db.session.rollback()
        return protocol.render_exception(exc)

    errors.use_envelope(app, "scim", protocol.render_api_error)
    # Verifying or removing a domain, or changing scimAdminGroups, re-projects (E4.3).
    hooks.DOMAINS_CHANGED.fill(projection.reproject)
    hooks.PROJECT_CHANGED.fill(projection.settings_changed)
    # A first sign-in by SSO gives no membership the directory suspended (E4.2), and an
    # account from the directory stays bound by the project's ssoRequired (E4.2).
    hooks.MEMBERSHIP_HELD_OUT.fill(projection.suspended)
    hooks.SSO_BINDING.fill(projection.binding)
    app.register_error_handler(SCIMException, scim_error)
    api.register_blueprint(token_routes)
    api.register_blueprint(blp)
    from sections.audit import service as audit
    audit.actions({action: "project" for action in (
        "project.scim_token_create", "project.scim_token_revoke", "project.member_add",
        "project.member_role", "project.member_remove")})  # the directory's changes too

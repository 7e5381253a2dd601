"""Directory provisioning (extensions.md E4.3): SCIM tokens, the SCIM 2.0 service at
/api/scim/v2 and the projection of the directory onto accounts and memberships."""

EXPORTS = ("models", "projection")


def register(app, api):
    from scim2_models import SCIMException

    from core import errors
    from core.db import db
    from sections.domains import service as domains
    from sections.projects import enterprise
    from sections.scim import (
        models,  # noqa: F401  (its tables)
        projection,
        protocol,
        rules,  # noqa: F401  (its kinds, for the policy)
    )
    from sections.scim.routes import blp
    from sections.scim.token_routes import blp as token_routes
    from sections.sso import signin

    def scim_error(exc):
        db.session.rollback()
        return protocol.render_exception(exc)

    errors.use_envelope(app, "scim", protocol.render_api_error)
    # Verifying or removing a domain, or changing scimAdminGroups, re-projects (E4.3).
    domains.on_change(projection.reproject)
    enterprise.on_admin_groups_change(projection.reproject)
    # A first sign-in by SSO gives no membership the directory suspended (E4.2).
    signin.keep_out(projection.suspended)
    app.register_error_handler(SCIMException, scim_error)
    api.register_blueprint(token_routes)
    api.register_blueprint(blp)
    from sections.audit import service as audit
    audit.actions({action: "project" for action in (
        "project.scim_token_create", "project.scim_token_revoke", "project.member_add",
        "project.member_role", "project.member_remove")})  # the directory's changes too

"""The identity provider (extensions.md E5): an OAuth 2.1 authorization server and OpenID
Connect provider on authlib's server side, whose access tokens are bearers of the service's API
(/api/oauth2, /.well-known, the consent and the apps under /api/auth)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "operators", "schemas")  # admin lists and changes every client


def register(app, api):
    from core import errors, hooks, serving
    from sections.oauth import (
        connected,
        keys,
        metadata,
        models,  # noqa: F401  (its tables)
        protocol,
        rules,  # noqa: F401  (its kinds, for the policy)
        server,
        tokens,
    )
    from sections.oauth.commands import oauth_commands
    from sections.oauth.pages import blp as pages
    from sections.oauth.routes.auth import blp as auth_routes
    from sections.oauth.routes.connected import blp as connected_routes
    from sections.oauth.routes.oauth2 import blp as oauth2_routes
    from sections.oauth.routes.registration import blp as registration_routes
    from sections.oauth.routes.wellknown import blp as wellknown_routes
    from sections.oauth.routes.wellknown import with_path

    server.make(app)
    serving.on_start(app, keys.at_start)  # E5.1: the first start makes the signing keys
    errors.use_envelope(app, protocol.ENVELOPE, protocol.render_api_error)
    hooks.BEARER_TOKEN.fill(tokens.lookup)  # its access tokens are bearers of the API (E5.7)
    hooks.ACCOUNT_BANNED.fill(connected.end_all)  # a ban or a deletion ends its grants (E5.8)
    hooks.ACCOUNT_GOING.fill(connected.end_all)
    hooks.MEMBERSHIP_ENDED.fill(connected.end_through_project)  # SCIM over grants (E5.8)
    app.after_request(metadata.challenge)  # every 401 names the resource's metadata (E5.7)
    api.register_blueprint(oauth2_routes)
    api.register_blueprint(registration_routes)
    api.register_blueprint(auth_routes)
    api.register_blueprint(connected_routes)
    api.register_blueprint(wellknown_routes)
    app.register_blueprint(with_path)
    app.register_blueprint(pages)
    app.cli.add_command(oauth_commands)
    from sections.audit import service as audit
    audit.actions({"oauth_client.update": "oauth_client"})
    audit.actions({"project.oauth_grant": "project", "project.oauth_revoke": "project"})

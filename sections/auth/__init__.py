"""Accounts, sessions and every sign-in flow (contract sections 1-9)."""


def register(app, api):
    from sections.auth.routes import blp as routes
    api.register_blueprint(routes)

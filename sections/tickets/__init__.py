"""Support tickets (resources.md R7)."""


def register(app, api):
    from sections.tickets import rules  # noqa: F401  (its kinds, for the policy)
    from sections.tickets.routes import blp as routes
    api.register_blueprint(routes)

"""Support tickets (resources.md R7)."""


def register(app, api):
    from sections.tickets.routes import blp as routes
    api.register_blueprint(routes)

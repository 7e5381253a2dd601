"""Festivals (resources.md R5)."""


def register(app, api):
    from sections.festivals.routes import blp as routes
    api.register_blueprint(routes)

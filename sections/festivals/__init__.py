"""Festivals (resources.md R5)."""


def register(app, api):
    from sections.festivals import rules  # noqa: F401  (its kinds, for the policy)
    from sections.festivals.routes import blp as routes
    api.register_blueprint(routes)

"""Moderated reviews of festivals (resources.md R6)."""


def register(app, api):
    from sections.reviews import rules  # noqa: F401  (its kinds, for the policy)
    from sections.reviews.routes import blp as routes
    api.register_blueprint(routes)

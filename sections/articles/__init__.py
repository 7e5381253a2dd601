"""Blog articles (resources.md R4)."""


def register(app, api):
    from sections.articles import rules  # noqa: F401  (its kinds, for the policy)
    from sections.articles.routes import blp as routes
    api.register_blueprint(routes)

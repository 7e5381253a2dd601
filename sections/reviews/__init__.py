"""Moderated reviews of festivals (resources.md R6)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from sections.reviews import rules  # noqa: F401  (its kinds, for the policy)
    from sections.reviews.routes import blp as routes
    api.register_blueprint(routes)

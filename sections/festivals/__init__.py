"""Festivals (resources.md R5)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "rules", "reactions")


def register(app, api):
    from core import search
    from sections.festivals import rules  # noqa: F401  (its kinds, for the policy)
    from sections.festivals.routes import blp as routes
    from sections.festivals.search import SOURCE
    api.register_blueprint(routes)
    search.feed(SOURCE)  # its part of GET /api/search

"""Festivals (resources.md R5)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "rules", "reactions", "parts")


def register(app, api):
    from core import search, stats
    from sections.festivals import rules  # noqa: F401  (its kinds, for the policy)
    from sections.festivals.models import FESTIVAL_STATUSES
    from sections.festivals.routes import blp as routes
    from sections.festivals.search import SOURCE
    api.register_blueprint(routes)
    search.feed(SOURCE)  # its part of GET /api/search
    stats.show(stats.statuses("festivals", FESTIVAL_STATUSES, "FestivalStats"))  # and of R8's

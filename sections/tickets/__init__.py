"""Support tickets (resources.md R7)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from core import search, stats
    from sections.tickets import rules  # noqa: F401  (its kinds, for the policy)
    from sections.tickets.models import STATUSES
    from sections.tickets.routes import blp as routes
    from sections.tickets.search import SOURCE
    api.register_blueprint(routes)
    search.feed(SOURCE)  # its part of GET /api/search
    stats.show(stats.statuses("tickets", STATUSES, "TicketStats"))  # and of the statistics

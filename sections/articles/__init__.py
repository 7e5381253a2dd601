"""Blog articles (resources.md R4)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from core import search, stats
    from sections.articles import models, rules  # noqa: F401  (rules: its kinds, for the policy)
    from sections.articles.routes import blp as routes
    from sections.articles.search import SOURCE
    api.register_blueprint(routes)
    search.feed(SOURCE)  # its part of GET /api/search
    stats.show(stats.Statistic(  # its part of the statistics
        "articles", stats.counts_field("ArticleStats", models.STATUSES), models.article_counts,
        models.ended_schedules))

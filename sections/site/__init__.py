"""The service's own pages: health for monitors, the interactive reference at /api/docs and the
pages that e-mailed links open."""
from core.ratelimit import limiter_of

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ()


def register(app, api):
    from sections.site.docs import docs_blueprint
    from sections.site.health import blp as health
    from sections.site.pages import blp as pages

    limiter = limiter_of(app)
    limiter.exempt(health)  # for load balancers and monitors
    api.register_blueprint(health)
    docs = docs_blueprint(app.config["API_TITLE"])
    app.register_blueprint(docs)
    # The page at /api/docs itself too, not only /api/docs/ (no redirect on the way in).
    app.add_url_rule("/api/docs", "docs.page", app.view_functions["docs.show"])
    limiter.exempt(docs)  # static assets: a page load fetches several at once
    app.register_blueprint(pages)  # the e-mailed links' pages

"""Search across the content sections (extensions.md E3.1); each section feeds core/search.py
its documents and visibility from its own register."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ()


def register(app, api):
    from sections.search.routes import blp as routes
    api.register_blueprint(routes)

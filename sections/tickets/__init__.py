"""Support tickets (resources.md R7)."""

# What other sections may import from this one (tests/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from sections.tickets import rules  # noqa: F401  (its kinds, for the policy)
    from sections.tickets.routes import blp as routes
    api.register_blueprint(routes)

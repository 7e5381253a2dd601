"""Bookmarks: a small section kept with the tests to show how one is made (docs/contributing.md).
A signed-in user keeps links; nobody else sees them. Added to an app by one line, its name in
the SECTIONS setting."""

# What other sections may import from this one.
EXPORTS = ("models",)


def register(app, api):
    from tests.example_section import rules  # noqa: F401  (its kind, for the policy)
    from tests.example_section.routes import blp

    api.register_blueprint(blp)

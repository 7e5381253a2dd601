"""The audit log (resources.md R8): who did what to which resource, written by every section."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("service",)


def register(app, api):
    """Nothing to serve: other sections write the log, admin reads it."""
    from sections.audit import models  # noqa: F401  (its table)

"""Festival registrations with a capacity and a waiting list (extensions.md E3.4)."""

EXPORTS = ()


def register(app, api):
    pass

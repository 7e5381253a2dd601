"""Administration (resources.md R8): users, bans, sessions, the ledger, statistics, audit."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ()


def register(app, api):
    from sections.admin import rules  # noqa: F401  (its kinds, for the policy)
    from sections.admin.routes import blp as routes
    api.register_blueprint(routes)
    from sections.audit import service as audit
    audit.actions({"user.update": "user", "user.ban": "user", "user.unban": "user",
                   "user.sessions_revoke": "user", "user.impersonate": "user"})

"""Accounts, sessions and every sign-in flow (contract sections 1-9)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models", "schemas.auth", "schemas.security", "services.api_keys",
           "services.bans", "services.impersonation", "services.deletion", "services.notices",
           "services.reauth", "services.security_log",
           "services.throttle",  # the failure cap (the identity provider's user codes)
           # the federation path of every provider's sign-in (single sign-on's, E4.2)
           "routes", "routes.oauth", "services.accounts", "services.federation",
           "services.redirects", "sign_in_metrics",
           # the identity provider's tokens are credentials as sessions are (E5.7)
           "outcomes", "services.sessions")


def register(app, api):
    from core import stats
    from core.bearer import use_lookup
    from sections.auth import (
        models,
        rules,  # noqa: F401  (its kinds, for the policy)
    )
    from sections.auth.services import credentials

    use_lookup(app, credentials.lookup)
    from sections.auth.routes import blp as routes
    api.register_blueprint(routes)
    # Its part of the statistics.
    stats.show(stats.Statistic("users", stats.counts_field("UserStats", models.USER_COUNTS),
                               models.user_counts, models.ended_bans))
    stats.show(stats.Statistic("sessions", stats.counts_field("SessionStats", ("live",)),
                               models.session_counts, models.ended_sessions))

"""`flask --app app purge-expired` removes what has expired and keeps the rest."""

from sections.auth.models import OneTimeToken, Session
from tests.factories import count


def test_purge_expired_removes_expired_sessions_and_tokens(app, client, auth, clock):
    auth.sign_up("old@example.com")                     # a session and a verification token
    clock.advance(days=3)
    auth.sign_up("new@example.com")
    assert count(app, Session) == 2 and count(app, OneTimeToken) == 2

    clock.advance(days=4, seconds=30)                   # the first session and both tokens expired
    result = app.test_cli_runner().invoke(args=["purge-expired"])
    assert result.exit_code == 0
    assert "sessions: 1 removed" in result.output
    assert "one_time_tokens: 2 removed" in result.output
    assert count(app, Session) == 1 and count(app, OneTimeToken) == 0

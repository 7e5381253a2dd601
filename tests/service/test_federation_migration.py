"""Migration 0025 moves the links and pending sign-ins of GitHub, Google and single sign-on into
the federation path's two tables: a database written by the schema before it still signs its
people in afterwards (the linked GitHub account, an OAuth redirect's one-time code), and keeps
every SSO link and sign-in under way. On SQLite and on PostgreSQL (the suite's backend)."""
import hashlib
from datetime import UTC, datetime, timedelta

from sqlalchemy import create_engine, text

from tests.commands import run_flask
from tests.oauth_flow import exchange, settings, via_github

LATER = datetime(2100, 1, 1, tzinfo=UTC)
CODE = "a-one-time-code-issued-before-the-upgrade"


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def written_by_0024(url: str, now: datetime) -> None:
    """Rows as the schema of revision 0024 held them, by plain SQL."""
    engine = create_engine(url)
    rows = [
        ("INSERT INTO users (id, email, name, email_verified, created_at, two_factor_enabled, "
         "role, banned) VALUES ('u1', 'grace@example.com', 'Grace', :t, :now, :f, 'user', :f), "
         "('u2', 'ada@corp.test', 'Ada', :t, :now, :f, 'user', :f)", {}),
        ("INSERT INTO oauth_identities (id, provider, provider_user_id, user_id, created_at) "
         "VALUES ('i1', 'github', '1000', 'u1', :now)", {}),
        ("INSERT INTO one_time_tokens (id, purpose, token_hash, user_id, created_at, "
         "expires_at) VALUES ('c1', 'oauth_code_github', :code, 'u1', :now, :later)",
         {"code": digest(CODE)}),
        ("INSERT INTO one_time_tokens (id, purpose, token_hash, user_id, created_at, "
         "expires_at) VALUES ('m1', 'magic_link', :other, 'u1', :now, :later)",
         {"other": digest("a magic link")}),
        ("INSERT INTO oauth_states (id, provider, state_hash, browser_hash, code_verifier, "
         "nonce, redirect_url, created_at, expires_at) VALUES ('s1', 'google', :state, "
         ":browser, 'verifier', 'the-nonce', NULL, :now, :later)",
         {"state": digest("google-state"), "browser": digest("browser")}),
        ("INSERT INTO projects (id, name, created_at, updated_at, sso_required) "
         "VALUES ('p1', 'Corp', :now, :now, :f)", {}),
        ("INSERT INTO sso_connections (id, project_id, type, name, status, created_at, "
         "updated_at) VALUES ('k1', 'p1', 'oidc', 'Okta', 'ACTIVE', :now, :now)", {}),
        ("INSERT INTO sso_identities (id, connection_id, subject, user_id, created_at) "
         "VALUES ('i2', 'k1', 'okta-sub', 'u2', :now)", {}),
        ("INSERT INTO sso_states (id, state_hash, connection_id, nonce_hash, code_verifier, "
         "request_id, user_id, redirect_url, created_at, expires_at) VALUES ('s2', :sso, 'k1', "
         ":nonce, 'sso-verifier', NULL, NULL, 'http://spa.test/done', :now, :later)",
         {"sso": digest("sso-state"), "nonce": digest("sso-nonce")}),
    ]
    with engine.begin() as conn:
        for sql, values in rows:
            conn.execute(text(sql), {"now": now, "later": LATER, "t": True, "f": False, **values})
    engine.dispose()


def read(url: str, sql: str) -> list[tuple]:
    engine = create_engine(url)
    with engine.connect() as conn:
        found = [tuple(row) for row in conn.execute(text(sql))]
    engine.dispose()
    return found


def test_a_database_of_0024_signs_its_people_in_after_the_upgrade(
        new_database, make_app, github, google, clock):
    url = new_database()
    upgrade = run_flask("db", "upgrade", "0024", SECRET_KEY="x", DATABASE_URL=url)
    assert upgrade.returncode == 0, upgrade.stderr
    written_by_0024(url, clock.now - timedelta(days=1))
    upgrade = run_flask("db", "upgrade", SECRET_KEY="x", DATABASE_URL=url)
    assert upgrade.returncode == 0, upgrade.stderr

    assert sorted(read(url, "SELECT id, provider, connection_id, subject, user_id "
                            "FROM linked_identities")) == [
        ("i1", "github", None, "1000", "u1"), ("i2", "sso", "k1", "okta-sub", "u2")]
    assert sorted(read(url, "SELECT id, provider, connection_id, state_hash, browser_hash, "
                            "nonce_hash, code_verifier, redirect_url, user_id "
                            "FROM pending_sign_ins")) == [
        ("c1", "github", None, digest(CODE), None, None, None, None, "u1"),
        ("s1", "google", None, digest("google-state"), digest("browser"), digest("the-nonce"),
         "verifier", None, None),
        ("s2", "sso", "k1", digest("sso-state"), None, digest("sso-nonce"), "sso-verifier",
         "http://spa.test/done", None)]
    assert read(url, "SELECT id FROM one_time_tokens") == [("m1",)]  # only the codes moved

    client = make_app(DATABASE_URL=url, **settings(github, google)).test_client()
    # The code issued before the upgrade is exchanged once, for its account.
    response = exchange(client, CODE)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["id"] == "u1"
    assert exchange(client, CODE).status_code == 400
    # The GitHub account linked before the upgrade signs in to the same account, whatever
    # address GitHub has for it now.
    github.add_user("grace", [("grace@elsewhere.example", True, True)])  # GitHub's user 1000
    response = via_github(client)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["id"] == "u1"
    assert read(url, "SELECT count(*) FROM linked_identities")[0][0] == 2  # no new link

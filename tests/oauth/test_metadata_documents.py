"""Client ID Metadata Documents through HTTP (extensions.md E5.2): a client whose client_id is
the https:// URL of its document, served here on loopback with a throwaway CA that the service
trusts through REQUESTS_CA_BUNDLE. The whole flow; the forms never fetched; the answers refused
after a request; the cache by max-age (clamped); the setting; two processes reading the same new
client at once."""
from functools import partial

import pytest
import requests
from sqlalchemy import func, select, text

from bench import cluster
from core.db import db
from sections.oauth.models import METADATA_DOCUMENT, OAuthClient
from tests.commands import run_flask, upgrade_and_check
from tests.document_server import Answer, authority, serving
from tests.factories import make_admin
from tests.parallel import at_once
from tests.provider_flow import (
    BASE,
    REDIRECT,
    authorize,
    bearer,
    code_flow,
    request_id,
    settings,
)

CA = authority()  # the CA the service trusts in these tests
OTHER_CA = authority("Another CA")  # one it does not


@pytest.fixture
def trusted(monkeypatch):
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(CA.ca_file))  # read at each request


@pytest.fixture
def app(make_app, trusted):
    return make_app(**settings(SSO_ALLOW_PRIVATE_NETWORKS=True))  # the switch: loopback


@pytest.fixture
def documents():
    with serving(CA) as server:
        yield server


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


def as_client(url: str) -> dict:
    """A public client's answer as tests/provider_flow.py's helpers read one."""
    return {"app": {"clientId": url}}


def refused_page(response) -> str:
    """The 400 HTML page: never a redirect, never a 500."""
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.mimetype == "text/html" and "Location" not in response.headers
    return response.get_data(as_text=True)


def row_of(app, url) -> OAuthClient | None:
    with app.app_context():
        found = db.session.execute(select(OAuthClient).where(
            OAuthClient.client_id == url)).scalar_one_or_none()
        if found is not None:
            db.session.expunge(found)
        return found


def test_a_metadata_document_client_signs_its_user_in_and_calls_the_api(
        app, client, alice, documents, auth):
    url = documents.document("/agents/desk.json", name="Desk agent", redirect_uris=[REDIRECT],
                             client_uri="https://agent.example",
                             software_id="ignored", tos_uri=7)  # unknown members ignored
    asked = request_id(authorize(client, url))
    shown = client.get(f"/api/auth/authorizations/{asked}", headers=alice).get_json()
    assert shown["request"]["client"] == {
        "clientId": url, "name": "Desk agent", "kind": METADATA_DOCUMENT, "host": "127.0.0.1",
        "logoUrl": None, "homepageUrl": "https://agent.example", "verified": False,
        "redirectUri": REDIRECT, "localhostOnly": False}
    answer, back = code_flow(client, alice, as_client(url))
    assert back["iss"] == BASE and answer["token_type"] == "Bearer"
    assert documents.seen == ["/agents/desk.json"]  # read once: cached, and not at the token
    session = client.get("/api/auth/session", headers=bearer(answer["access_token"]))
    assert session.status_code == 200, session.get_json()
    assert session.get_json()["oauth"] | {"expiresAt": None} == {
        "clientId": url, "clientName": "Desk agent", "scope": "openid read offline_access",
        "expiresAt": None}
    renewed = client.post("/api/oauth2/token", data={
        "grant_type": "refresh_token", "client_id": url, "refresh_token": answer["refresh_token"]})
    assert renewed.status_code == 200, renewed.get_json()

    connected = client.get("/api/auth/connected-apps", headers=alice).get_json()["data"]
    assert [grant["client"] for grant in connected] == [
        {"clientId": url, "name": "Desk agent", "kind": METADATA_DOCUMENT, "host": "127.0.0.1"}]
    root = auth.headers("root@example.com")
    make_admin(app, "root@example.com")
    listed = client.get("/api/admin/oauth-clients", headers=root,
                        query_string={"kind": METADATA_DOCUMENT}).get_json()["data"]
    assert [(c["clientId"], c["kind"], c["grants"]) for c in listed] == [
        (url, METADATA_DOCUMENT, 1)]
    # Revoked as any client's: the connected app's removal stops its tokens.
    gone = client.delete(f"/api/auth/connected-apps/{connected[0]['id']}", headers=alice)
    assert gone.status_code == 204
    assert client.get("/api/auth/session",
                      headers=bearer(answer["access_token"])).status_code == 401


@pytest.mark.parametrize("form", [
    "http://127.0.0.1:{port}/agent.json",  # not https
    "https://127.0.0.1:{port}/agent.json#part",  # a fragment
    "https://user@127.0.0.1:{port}/agent.json",  # user info
    "https://user:pass@127.0.0.1:{port}/agent.json",
    "https://127.0.0.1:{port}/./agent.json",  # a . segment
    "https://127.0.0.1:{port}/x/../agent.json",  # a .. segment
    "https://127.0.0.1:{port}/agent.json/..",
    "https://127.0.0.1:{port}/",  # the path / alone
    "https://127.0.0.1:{port}",  # no path
    "https://127.0.0.1:{port}/agent.json?pad=" + "a" * 2000,  # over 2,000 characters
])
def test_a_client_id_url_of_another_form_is_never_fetched(client, documents, form):
    url = form.format(port=documents.port)
    for path in ("/agent.json", "/", "/x/../agent.json", "/./agent.json"):
        documents.answers[path] = Answer({"client_id": url, "client_name": "Agent",
                                          "redirect_uris": [REDIRECT]})
    refused_page(authorize(client, url))
    assert documents.seen == []


def test_a_loopback_address_is_never_fetched_without_the_switch(make_app, trusted, documents):
    client = make_app(**settings(SSO_ALLOW_PRIVATE_NETWORKS=False)).test_client()
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    assert "not a public address" in refused_page(authorize(client, url))
    private = "https://10.1.2.3/agent.json"
    assert "not a public address" in refused_page(authorize(client, private))
    assert documents.seen == []


def oversized(documents):
    return documents.document("/agent.json", redirect_uris=[REDIRECT], pad="x" * 5200)


def other_client_id(documents):
    return documents.document("/agent.json", redirect_uris=[REDIRECT],
                              client_id="https://agent.example/agent.json")


def with_secret(documents):
    return documents.document("/agent.json", redirect_uris=[REDIRECT], client_secret="s3cret")


def basic_auth(documents):
    return documents.document("/agent.json", redirect_uris=[REDIRECT],
                              token_endpoint_auth_method="client_secret_basic")


def bad_redirect_uris(documents):
    return documents.document("/agent.json", redirect_uris=["http://agent.example/cb"])


def no_name(documents):
    return documents.document("/agent.json", redirect_uris=[REDIRECT], client_name=None)


def control_name(documents):
    return documents.document("/agent.json", redirect_uris=[REDIRECT], name="Agent\u0007")


def not_json(documents):
    documents.answers["/agent.json"] = Answer(b"<html>an agent</html>",
                                              headers={"Content-Type": "text/html"})
    return documents.url("/agent.json")


def a_list(documents):
    documents.answers["/agent.json"] = Answer([documents.url("/agent.json")])
    return documents.url("/agent.json")


def deep(documents):
    documents.answers["/agent.json"] = Answer(b"[" * 2500 + b"]" * 2500)  # within 5 kB
    return documents.url("/agent.json")


def not_found(documents):
    return documents.url("/agent.json")  # 404


def slow(documents):
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    documents.answers["/agent.json"].stall = 4.5  # past the 3 seconds, patching nothing
    return url


@pytest.mark.parametrize("serve", [oversized, other_client_id, with_secret, basic_auth,
                                   bad_redirect_uris, no_name, control_name,
                                   not_json, a_list, deep,
                                   not_found, slow])
def test_a_document_that_does_not_hold_is_the_error_page(client, documents, serve):
    url = serve(documents)
    assert "invalid_client" in refused_page(authorize(client, url))
    assert documents.seen == ["/agent.json"]
    assert row_of(client.application, url) is None


def test_a_redirect_is_not_followed(client, documents):
    with serving(CA) as elsewhere:
        target = elsewhere.document("/agent.json", redirect_uris=[REDIRECT])
        documents.answers["/agent.json"] = Answer(status=302, headers={"Location": target})
        assert "redirect" in refused_page(authorize(client, documents.url("/agent.json")))
        assert documents.seen == ["/agent.json"] and elsewhere.seen == []


def test_a_certificate_of_another_ca_is_refused(client):
    with serving(OTHER_CA) as untrusted:
        url = untrusted.document("/agent.json", redirect_uris=[REDIRECT])
        assert "invalid_client" in refused_page(authorize(client, url))
        assert row_of(client.application, url) is None


def test_the_ca_bundle_is_read_at_each_request(client, documents, monkeypatch):
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    monkeypatch.delenv("REQUESTS_CA_BUNDLE")  # requests' own bundle knows no test CA
    assert "invalid_client" in refused_page(authorize(client, url))
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(CA.ca_file))  # the same app, no restart
    request_id(authorize(client, url))


@pytest.mark.parametrize(("cache_control", "kept"), [
    ("max-age=1", 60), ("public, max-age=1000000000", 24 * 3600), (None, 300),
    ("max-age=600", 600)])
def test_a_changed_document_is_seen_once_its_cache_time_is_over(
        client, documents, clock, cache_control, kept):
    headers = {"Cache-Control": cache_control} if cache_control else {}
    url = documents.document("/agent.json", name="Agent", redirect_uris=[REDIRECT],
                             headers=headers)
    request_id(authorize(client, url))
    documents.document("/agent.json", name="Agent 2",
                       redirect_uris=["https://new.example/callback"], headers=headers)
    clock.advance(seconds=kept - 1)
    request_id(authorize(client, url))  # the old document still stands
    assert row_of(client.application, url).name == "Agent" and len(documents.seen) == 1
    clock.advance(seconds=1)
    refused_page(authorize(client, url))  # its old redirect URI is no longer the client's
    changed = row_of(client.application, url)
    assert (changed.name, changed.redirect_uris) == ("Agent 2", ["https://new.example/callback"])
    request_id(authorize(client, url, redirect_uri="https://new.example/callback"))
    assert len(documents.seen) == 2
    with client.application.app_context():
        assert db.session.scalar(select(func.count()).select_from(OAuthClient)) == 1


def test_a_known_client_whose_document_fails_at_its_refetch_is_refused(
        client, documents, clock):
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    request_id(authorize(client, url))
    documents.answers["/agent.json"] = Answer(b"gone", 500)
    clock.advance(minutes=5)
    assert "invalid_client" in refused_page(authorize(client, url))  # the stale row not used
    documents.document("/agent.json", redirect_uris=[REDIRECT])
    request_id(authorize(client, url))  # back once its document is


def test_a_disabled_metadata_document_client_is_not_fetched_again(
        app, client, documents, clock):
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    request_id(authorize(client, url))
    with app.app_context():
        db.session.execute(text("UPDATE oauth_clients SET status = 'DISABLED'"))
        db.session.commit()
    clock.advance(hours=25)
    refused_page(authorize(client, url))
    assert len(documents.seen) == 1


def test_the_setting_off_makes_a_url_an_unknown_client(make_app, trusted, documents):
    client = make_app(**settings(SSO_ALLOW_PRIVATE_NETWORKS=True,
                                 OAUTH_CLIENT_ID_METADATA_DOCUMENTS=False)).test_client()
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    assert "unknown" in refused_page(authorize(client, url))
    assert documents.seen == []
    metadata = client.get("/.well-known/oauth-authorization-server").get_json()
    assert metadata["client_id_metadata_document_supported"] is False


def test_the_metadata_says_documents_are_supported(client):
    metadata = client.get("/.well-known/oauth-authorization-server").get_json()
    assert metadata["client_id_metadata_document_supported"] is True


def test_purge_expired_removes_a_metadata_document_client_unused_for_30_days(
        app, client, documents, clock):
    from commands import purge_expired
    url = documents.document("/agent.json", redirect_uris=[REDIRECT])
    request_id(authorize(client, url))
    clock.advance(days=29)
    with app.app_context():
        assert purge_expired()[0]["oauth_clients"] == 0
    clock.advance(days=1)
    with app.app_context():
        assert purge_expired()[0]["oauth_clients"] == 1
    request_id(authorize(client, url))  # read again at its next authorization


class Remote:
    """A server process, as tests/provider_flow.py's `authorize` speaks to a client."""

    def __init__(self, url):
        self.url = url

    def get(self, path, query_string=None):
        response = requests.get(self.url + path, params=query_string, allow_redirects=False,
                                timeout=30)
        response.get_data = lambda as_text=False: response.text
        return response


@pytest.mark.postgres
@pytest.mark.redis
def test_two_processes_reading_the_same_new_client_at_once_keep_one_row(
        start_pair, database, documents):
    pair = [Remote(url) for url in start_pair(
        APP_BASE_URL=BASE, SSO_ALLOW_PRIVATE_NETWORKS="true",
        REQUESTS_CA_BUNDLE=str(CA.ca_file))]
    engine = cluster.engine(database)
    try:
        for round_ in range(3):
            url = documents.document(f"/agent-{round_}.json", redirect_uris=[REDIRECT])
            documents.answers[f"/agent-{round_}.json"].stall = 0.3  # both reading at once
            answers = at_once(*(partial(authorize, server, url) for server in pair))
            for answer in answers:
                assert answer.status_code == 302, answer.text
                assert answer.headers["Location"].startswith(f"{BASE}/consent?request=")
            with engine.connect() as conn:
                assert conn.execute(text("SELECT count(*) FROM oauth_clients WHERE "
                                         "client_id = :url"), {"url": url}).scalar() == 1
    finally:
        engine.dispose()


def down_and_up(database_url: str) -> None:
    """0032 downgraded and upgraded again, then the schema as the models say."""
    for step in (("downgrade", "0031"), ("upgrade",)):
        ran = run_flask("db", *step, SECRET_KEY="x", DATABASE_URL=database_url)
        assert ran.returncode == 0, ran.stderr
    upgrade_and_check(database_url)


def test_the_migration_goes_down_and_up_on_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path}/migrated.db"
    upgrade_and_check(url)
    down_and_up(url)


@pytest.mark.postgres
def test_the_migration_goes_down_and_up_on_postgres(database):
    down_and_up(database)

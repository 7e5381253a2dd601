"""Signing in with a project's OpenID provider (extensions.md E4.2), a real provider on
loopback: the redirect (PKCE S256, state, nonce, scope, login_hint), the callback (code
exchange, the ID token's checks, the verified-domain rule), the account it signs in to (linked,
claimed or new), JIT membership, the security log, and completion with or without a redirect."""
import base64
from datetime import timedelta

import pytest
from sqlalchemy import select

from core.db import db
from sections.auth.models import LinkedIdentity, PendingSignIn, Session, User
from tests.content import signed_in_user
from tests.factories import (
    audit_entries,
    count,
    make_project,
    members_of,
    security_events,
    update_user,
    user_id,
)
from tests.http import bearer, refused
from tests.oauth_providers import s256
from tests.sso_provider import (
    APP,
    SPA,
    at_provider,
    oidc_connection,
    query,
    verified_domain,
)

pytestmark = pytest.mark.filterwarnings(
    r"ignore:get_jwt_config\(self, grant\) is deprecated:DeprecationWarning")
EMAIL = "ada@corp.test"


@pytest.fixture
def app(make_app, oidc_provider):
    return make_app(SSO_ALLOW_PRIVATE_NETWORKS=True, ALLOWED_REDIRECT_ORIGINS=[SPA])


@pytest.fixture
def corp(app, client, oidc_provider):
    """A project holding corp.test VERIFIED, with an ACTIVE OIDC connection."""
    headers = signed_in_user(app, "owner@corp.test")
    project = make_project(app, "owner@corp.test")
    verified_domain(app, project, "corp.test")
    connection = oidc_connection(client, project, headers, oidc_provider)
    oidc_provider.add_user("ada", EMAIL)
    return project, connection, headers


def start(client, **params):
    response = client.get("/api/auth/sso", query_string=params)
    assert response.status_code == 302, response.get_json()
    return response.headers["Location"]


def sign_in(client, sub="ada", email=EMAIL, **params):
    """The whole round trip; the callback's answer."""
    return client.get(at_provider(start(client, email=email, **params), sub))


def test_a_first_sign_in_makes_a_member_account(client, corp, oidc_provider):
    project, connection, _ = corp
    authorize = start(client, email=EMAIL)
    sent = query(authorize)
    assert authorize.startswith(f"{oidc_provider.issuer}/oauth2/authorize?")
    assert sent["response_type"] == "code" and sent["scope"] == "openid email profile"
    assert sent["client_id"] == oidc_provider.CLIENT_ID and sent["login_hint"] == EMAIL
    assert sent["redirect_uri"] == f"{APP}/api/auth/sso/oidc/callback"
    assert sent["code_challenge_method"] == "S256" and sent["nonce"] and sent["state"]
    back = at_provider(authorize, "ada")
    response = client.get(back)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["user"]["email"] == EMAIL and body["user"]["emailVerified"] is True
    assert body["user"]["name"] == "Ada Lovelace"
    # PKCE: the token request carried the verifier of the challenge; the client authenticated
    # with HTTP Basic (client_secret_basic, the default).
    [exchange] = oidc_provider.token_requests
    assert s256(exchange["form"]["code_verifier"]) == sent["code_challenge"]
    basic = base64.b64decode(exchange["authorization"].removeprefix("Basic ")).decode()
    assert basic == f"{oidc_provider.CLIENT_ID}:{oidc_provider.CLIENT_SECRET}"
    assert "client_secret" not in exchange["form"]
    session = client.get("/api/auth/session", headers=bearer(response)).get_json()["session"]
    assert session["sso"] == {"connectionId": connection, "projectId": project}
    app = client.application
    new = user_id(app, EMAIL)
    assert members_of(app, project)[new] == "member"
    [entry] = audit_entries(app, "project.member_add")
    assert entry[:4] == (new, "project.member_add", "project", project)
    assert entry[4] == {"userId": new, "role": "member", "via": "sso"}
    assert security_events(app, EMAIL, "sign_in") == [{"method": "sso",
                                                       "connectionId": connection}]
    with app.app_context():
        assert db.session.get(User, new).password_hash is None
    # The second sign-in finds the link: no second account, membership or entry.
    again = sign_in(client)
    assert again.status_code == 200 and again.get_json()["user"]["id"] == new
    assert len(audit_entries(app, "project.member_add")) == 1
    assert count(app, LinkedIdentity) == 1
    # A password session answers sso null.
    other = signed_in_user(app, "bob@elsewhere.test")
    assert client.get("/api/auth/session", headers=other).get_json()["session"]["sso"] is None


def test_with_a_redirect_url_a_one_time_code_is_exchanged(client, corp, clock):
    response = sign_in(client, redirectUrl=f"{SPA}/done?next=%2Fhome")
    assert response.status_code == 302
    location = response.headers["Location"]
    assert location.startswith(f"{SPA}/done?next=%2Fhome&")
    code = query(location)["code"]
    exchanged = client.post("/api/auth/sso/token", json={"code": code})
    assert exchanged.status_code == 200, exchanged.get_json()
    token = exchanged.get_json()["session"]["token"]
    assert client.get("/api/auth/session", headers=bearer(token)).get_json()["session"]["sso"]
    refused(client.post("/api/auth/sso/token", json={"code": code}), 400, "INVALID_TOKEN")
    late = query(sign_in(client, redirectUrl=f"{SPA}/done").headers["Location"])["code"]
    clock.advance(seconds=61)
    refused(client.post("/api/auth/sso/token", json={"code": late}), 400, "INVALID_TOKEN")
    refused(client.post("/api/auth/sso/token", json={"code": "x" * 43}), 400, "INVALID_TOKEN")


def test_state_is_single_use_and_expires(client, corp, clock):
    back = at_provider(start(client, email=EMAIL), "ada")
    assert client.get(back).status_code == 200
    refused(client.get(back), 400, "SSO_ERROR")
    stale = at_provider(start(client, email=EMAIL), "ada")
    clock.advance(minutes=10, seconds=1)
    refused(client.get(stale), 400, "SSO_ERROR")
    refused(client.get("/api/auth/sso/oidc/callback?state=forged&code=x"), 400, "SSO_ERROR")
    refused(client.get("/api/auth/sso/oidc/callback"), 400, "SSO_ERROR")


def test_which_connection_an_address_or_id_starts(client, corp, oidc_provider):
    project, connection, headers = corp
    refused(client.get("/api/auth/sso?email=someone@other.test"), 404, "SSO_NOT_CONFIGURED")
    refused(client.get("/api/auth/sso?email=someone@sub.corp.test"), 404, "SSO_NOT_CONFIGURED")
    refused(client.get("/api/auth/sso?email=not-an-address"), 400, "VALIDATION_ERROR", "email")
    refused(client.get("/api/auth/sso"), 400, "VALIDATION_ERROR")
    refused(client.get("/api/auth/sso?connectionId=unknown"), 404, "SSO_NOT_CONFIGURED")
    refused(client.get(f"/api/auth/sso?email={EMAIL}&redirectUrl=https://evil.test/"), 400,
            "VALIDATION_ERROR", "redirectUrl")
    assert start(client, connectionId=connection)
    assert "login_hint" not in query(start(client, connectionId=connection))
    newer = oidc_connection(client, project, headers, oidc_provider, name="Second")
    client.patch(f"/api/projects/{project}/sso-connections/{connection}", headers=headers,
                 json={"status": "INACTIVE"})
    refused(client.get(f"/api/auth/sso?connectionId={connection}"), 404, "SSO_NOT_CONFIGURED")
    # By address: the oldest ACTIVE connection of the project holding the domain.
    state = query(start(client, email="ADA@Corp.Test"))["state"]
    assert state
    with client.application.app_context():
        [row] = db.session.execute(select(PendingSignIn).where(
            PendingSignIn.connection_id == newer)
                                   ).scalars().all()
        assert row.expires_at - row.created_at == timedelta(minutes=10)
        assert state not in (row.state_hash, row.nonce_hash)


@pytest.mark.parametrize("address", ["victim@example.com@corp.test", "ada @corp.test",
                                     "ada\u2028x@corp.test", "<ada@corp.test>", "@corp.test"])
def test_an_address_sign_up_would_refuse_signs_no_one_in(client, corp, oidc_provider,
                                                        address):
    """R4-2, E4.6: the provider's address is used only when it is one by sign-up's rule, even
    when it ends in a verified domain: no account is made or found with it."""
    oidc_provider.add_user("mallory", address)
    app = client.application
    accounts = count(app, User)
    refused(sign_in(client, sub="mallory"), 400, "SSO_ERROR")
    assert count(app, LinkedIdentity) == 0 and count(app, User) == accounts


def test_an_address_outside_the_verified_domains_signs_no_one_in(client, corp, oidc_provider):
    oidc_provider.add_user("mallory", "victim@elsewhere.test")
    signed_in_user(client.application, "victim@elsewhere.test")
    refused(sign_in(client, sub="mallory"), 400, "SSO_ERROR")
    back = sign_in(client, sub="mallory", redirectUrl=f"{SPA}/done")
    assert back.status_code == 302 and query(back.headers["Location"]) == {"error": "sso_error"}
    oidc_provider.add_user("sub", "eve@sub.corp.test")  # a subdomain is not the domain
    refused(sign_in(client, sub="sub"), 400, "SSO_ERROR")
    app = client.application
    assert count(app, LinkedIdentity) == 0
    assert count(app, Session, Session.sso_connection_id.is_not(None)) == 0
    assert count(app, User, User.email == "eve@sub.corp.test") == 0


def test_an_existing_account_is_linked_or_claimed(client, corp, oidc_provider):
    app = client.application
    old = signed_in_user(app, EMAIL, verified=True)
    response = sign_in(client)
    assert response.status_code == 200
    assert response.get_json()["user"]["id"] == user_id(app, EMAIL)
    assert client.get("/api/auth/session", headers=old).status_code == 200  # kept: verified
    with app.app_context():
        assert db.session.execute(select(User.password_hash).where(
            User.email == EMAIL)).scalar() == "-"
    # An unverified account is claimed: its password and sessions go.
    squatted = signed_in_user(app, "grace@corp.test", verified=False)
    oidc_provider.add_user("grace", "grace@corp.test")
    claimed = sign_in(client, sub="grace", email="grace@corp.test")
    assert claimed.status_code == 200 and claimed.get_json()["user"]["emailVerified"]
    assert client.get("/api/auth/session", headers=squatted).status_code == 401
    with app.app_context():
        assert db.session.execute(select(User.password_hash).where(
            User.email == "grace@corp.test")).scalar() is None


def test_a_banned_account_is_refused(client, corp):
    signed_in_user(client.application, EMAIL)
    update_user(client.application, EMAIL, banned=True, ban_reason="spam")
    refused(sign_in(client), 403, "USER_BANNED")


@pytest.mark.parametrize("change", [
    {"tamper": {"iss": "https://impostor.test"}},
    {"tamper": {"aud": "another-client"}},
    {"tamper": {"nonce": "replayed"}},
    {"drop": ("nonce",)},
    {"tamper": {"exp": 1_000_000_000}},
    {"tamper": {"iat": 1_000_000_000}},
    {"sign_as": "none"},
    {"sign_as": "hmac"},
    {"sign_as": "stranger"},
], ids=["iss", "aud", "nonce", "no-nonce", "expired", "old-iat", "alg-none", "hmac",
        "stranger-key"])
def test_an_id_token_that_does_not_verify_is_refused(client, corp, oidc_provider, change):
    for name, value in change.items():
        setattr(oidc_provider, name, value)
    refused(sign_in(client), 400, "SSO_ERROR")
    assert count(client.application, Session, Session.sso_connection_id.is_not(None)) == 0
    assert count(client.application, User, User.email == EMAIL) == 0


def test_an_expired_token_by_the_clock(client, corp, clock):
    back = at_provider(start(client, email=EMAIL), "ada")
    clock.advance(hours=2)  # the provider's ID tokens last an hour
    refused(client.get(back), 400, "SSO_ERROR")


def test_keys_are_cached_and_a_rotated_key_is_fetched_once(client, corp, oidc_provider):
    assert sign_in(client).status_code == 200
    assert oidc_provider.jwks_reads == 1
    assert sign_in(client).status_code == 200
    assert oidc_provider.jwks_reads == 1  # from the connection's cache
    oidc_provider.rotate_key()
    assert sign_in(client).status_code == 200
    assert oidc_provider.jwks_reads == 2  # the new kid, read once
    assert sign_in(client).status_code == 200
    assert oidc_provider.jwks_reads == 2


def test_the_address_may_come_from_userinfo(client, corp, oidc_provider):
    oidc_provider.drop = ("email",)
    response = sign_in(client)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["email"] == EMAIL


# A provider that puts the profile claims in userinfo only (node's oidc-provider, Okta's
# default authorization server): the ID token carries sub and email, userinfo the name.
PROFILE = ("name", "given_name", "family_name")


@pytest.mark.parametrize("profile", [
    {"name": "Grace Hopper"},
    {"name": None, "given_name": "Grace", "family_name": "Hopper"},
    {"name": "  ", "given_name": "Grace", "family_name": "Hopper"},
], ids=["name", "given-and-family", "blank-name"])
def test_the_name_comes_from_userinfo_when_the_id_token_has_none(client, corp, oidc_provider,
                                                                profile):
    oidc_provider.add_user("grace", "grace@corp.test", **profile)
    oidc_provider.drop = PROFILE
    response = sign_in(client, sub="grace", email="grace@corp.test")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["name"] == "Grace Hopper"


def test_the_id_token_name_comes_before_userinfo(client, corp, oidc_provider):
    oidc_provider.drop = ("email",)  # userinfo is read, for the address
    oidc_provider.fields["/userinfo"] = {"name": "Someone Else"}
    response = sign_in(client)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["name"] == "Ada Lovelace"


@pytest.mark.parametrize("sub", ["someone-else", None, 5])
def test_userinfo_about_another_sub_is_sso_error(client, corp, oidc_provider, sub):
    oidc_provider.drop = ("email",)
    oidc_provider.fields["/userinfo"] = {"sub": sub}
    refused(sign_in(client), 400, "SSO_ERROR")
    assert count(client.application, User, User.email == EMAIL) == 0


def test_client_secret_post_when_the_provider_lists_only_it(client, corp, oidc_provider):
    project, connection, _ = corp
    from sections.sso.models import SsoConnection
    with client.application.app_context():
        row = db.session.get(SsoConnection, connection)
        row.oidc_metadata = {**row.oidc_metadata,
                             "token_endpoint_auth_methods_supported": ["client_secret_post"]}
        db.session.commit()
    assert sign_in(client).status_code == 200
    [exchange] = oidc_provider.token_requests
    assert exchange["authorization"] is None
    assert exchange["form"]["client_secret"] == oidc_provider.CLIENT_SECRET


@pytest.mark.parametrize("change", ["deactivate", "delete", "domain"])
def test_a_connection_changed_during_the_sign_in_ends_it(client, corp, change):
    project, connection, headers = corp
    back = at_provider(start(client, email=EMAIL, redirectUrl=f"{SPA}/done"), "ada")
    path = f"/api/projects/{project}/sso-connections/{connection}"
    if change == "deactivate":
        client.patch(path, headers=headers, json={"status": "INACTIVE"})
    elif change == "delete":
        assert client.delete(path, headers=headers).status_code == 204
    else:
        from sections.domains.models import Domain
        with client.application.app_context():
            db.session.execute(Domain.__table__.delete())
            db.session.commit()
    response = client.get(back)
    if change == "delete":  # the pending sign-in went with the connection
        refused(response, 400, "SSO_ERROR")
    else:
        assert response.status_code == 302
        assert query(response.headers["Location"]) == {"error": "sso_error"}
    assert count(client.application, Session, Session.sso_connection_id.is_not(None)) == 0


def test_an_unreachable_provider_is_502(client, corp):
    project, connection, _ = corp
    from sections.sso.models import SsoConnection
    from tests.conftest import free_port
    with client.application.app_context():
        row = db.session.get(SsoConnection, connection)
        row.oidc_metadata = {**row.oidc_metadata,
                             "token_endpoint": f"http://127.0.0.1:{free_port()}/token"}
        db.session.commit()
    refused(sign_in(client), 502, "SSO_PROVIDER_UNAVAILABLE")


def test_deleting_a_connection_ends_its_sessions(client, corp):
    project, connection, headers = corp
    session = bearer(sign_in(client))
    assert client.delete(f"/api/projects/{project}/sso-connections/{connection}",
                         headers=headers).status_code == 204
    assert client.get("/api/auth/session", headers=session).status_code == 401


def test_purge_expired_removes_abandoned_sign_ins(client, corp, clock):
    start(client, email=EMAIL)
    query(sign_in(client, redirectUrl=f"{SPA}/done").headers["Location"])  # an unused code
    clock.advance(minutes=11)
    result = client.application.test_cli_runner().invoke(args=["purge-expired"])
    assert result.exit_code == 0 and "pending_sign_ins: 2 removed" in result.output, result.output
    assert count(client.application, PendingSignIn) == 0


@pytest.mark.parametrize("name, shown", [(42, None), ("Ada\x00 Love\nlace ", "Ada Lovelace"),
                                         ("", None)])
def test_an_odd_name_claim_is_read_safely(client, corp, oidc_provider, name, shown):
    oidc_provider.tamper = {"name": name}
    oidc_provider.fields["/userinfo"] = {"name": name}  # where an unusable one is looked up
    response = sign_in(client)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["name"] == shown


@pytest.mark.parametrize("fields", [
    {"expires_in": [1]}, {"expires_in": float("inf")}, {"expires_at": [1]},
    {"expires_at": float("inf")}, {"expires_at": "soon", "expires_in": [1]}, {"token_type": 5},
    {"token_type": "unheard-of"},
], ids=["expires_in-list", "expires_in-huge", "expires_at-list", "expires_at-huge",
        "both-odd", "token_type-number", "token_type-unknown"])
def test_an_odd_token_answer_is_sso_error(client, corp, oidc_provider, fields):
    oidc_provider.fields["/oauth2/token"] = fields
    oidc_provider.drop = ("email",)  # the address from userinfo, with the token's type
    back = sign_in(client, redirectUrl=f"{SPA}/done")
    assert back.status_code == 302 and query(back.headers["Location"]) == {"error": "sso_error"}
    assert count(client.application, Session, Session.sso_connection_id.is_not(None)) == 0


def test_odd_auth_methods_stored_before_are_read_as_the_default(client, corp, oidc_provider):
    project, connection, _ = corp
    from sections.sso.models import SsoConnection
    with client.application.app_context():
        row = db.session.get(SsoConnection, connection)
        row.oidc_metadata = {**row.oidc_metadata, "token_endpoint_auth_methods_supported": 5}
        db.session.commit()
    assert sign_in(client).status_code == 200
    [exchange] = oidc_provider.token_requests
    assert exchange["authorization"].startswith("Basic ")


@pytest.mark.parametrize("sub", ["a\ud800", "a\x00b", "s" * 256, ""],
                         ids=["lone-surrogate", "nul", "too-long", "empty"])
def test_an_unusable_sub_is_sso_error(client, corp, oidc_provider, sub):
    oidc_provider.tamper = {"sub": sub}
    refused(sign_in(client), 400, "SSO_ERROR")
    assert count(client.application, LinkedIdentity) == 0
    assert count(client.application, User, User.email == EMAIL) == 0

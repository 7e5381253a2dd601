"""The identity provider's signing keys through HTTP and the command line (extensions.md E5.1):
the JWKS's members, the private keys sealed at rest, the first start making them, `flask --app
app oauth rotate-keys` (a real process) moving every token issued after it to new keys while a
token signed before still verifies until it expires, the retired keys leaving the JWKS once the
tokens they signed have all expired, and an app's ES256 ID tokens."""
import base64
import hashlib
import json
from datetime import timedelta

import pytest
import requests
from joserfc import jws, jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, KeySet, RSAKey
from sqlalchemy import text

from bench import cluster
from core import sealing, serving
from core.db import db
from sections.oauth import keys
from tests.commands import run_flask
from tests.conftest import migrated_sqlite_copy
from tests.provider_flow import bearer, code_flow, new_app, settings, token

PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "oth", "k"}  # RFC 7518 6.2.2, 6.3.2, 6.4
LIFETIME = 3600  # OAUTH_ACCESS_TOKEN_LIFETIME of these tests: longer than an ID token's


@pytest.fixture
def app(make_app):
    return make_app(**settings(OAUTH_ACCESS_TOKEN_LIFETIME=LIFETIME))


@pytest.fixture
def alice(auth):
    return auth.verified_headers("alice@example.com")


def jwks(client) -> list[dict]:
    answer = client.get("/api/oauth2/jwks")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.content_type == "application/jwk-set+json"
    return answer.get_json()["keys"]


def header_of(compact: str) -> dict:
    return dict(jws.extract_compact(compact.encode("ascii")).protected)


def stored(app) -> list:
    """The key rows as the database holds them."""
    with app.app_context():
        return db.session.execute(text(
            "SELECT kid, alg, private_key, public_jwk, retired_at FROM oauth_signing_keys "
            "ORDER BY created_at, alg")).all()


def rotate(app):
    """`flask --app app oauth rotate-keys`, run as an operator runs it, on the app's database."""
    done = run_flask("oauth", "rotate-keys", SECRET_KEY=app.config["SECRET_KEY"],
                     DATABASE_URL=app.config["DATABASE_URL"])
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def session_status(client, access_token) -> int:
    return client.get("/api/auth/session", headers=bearer(access_token)).status_code


def test_the_jwks_holds_one_rs256_and_one_es256_public_key_named_by_thumbprint(client):
    published = jwks(client)
    assert sorted(key["alg"] for key in published) == ["ES256", "RS256"]
    for key in published:
        assert not PRIVATE_MEMBERS & set(key), key
        assert key["use"] == "sig"
        imported = (RSAKey if key["alg"] == "RS256" else ECKey).import_key(key)
        assert key["kid"] == imported.thumbprint()  # RFC 7638, as joserfc computes it
        if key["alg"] == "RS256":
            assert key["kty"] == "RSA"
            modulus = base64.urlsafe_b64decode(key["n"] + "=" * (-len(key["n"]) % 4))
            assert len(modulus) * 8 >= 2048
        else:
            assert (key["kty"], key["crv"]) == ("EC", "P-256")
    assert jwks(client) == published  # made once, then the same


def test_private_keys_are_stored_sealed(app, client):
    published = {key["kid"]: key for key in jwks(client)}
    rows = stored(app)
    assert {row.kid for row in rows} == set(published)
    for row in rows:
        with app.app_context():
            private = json.loads(sealing.unseal(row.private_key, keys.SEALED))
        assert PRIVATE_MEMBERS & set(private)  # the sealed text holds the private key...
        for member in ("d", "p", "q"):  # ...and none of it is readable in the row
            if member in private:
                assert private[member] not in row.private_key
        assert "BEGIN" not in row.private_key and '"d"' not in row.private_key
        public = row.public_jwk if isinstance(row.public_jwk, dict) else json.loads(
            row.public_jwk)
        assert not PRIVATE_MEMBERS & set(public)
        assert public == published[row.kid]


def test_the_first_start_makes_the_keys_and_nothing_else_does(app, client, auth):
    headers = auth.headers("bob@example.com")  # the service used without OAuth: no key
    assert client.get("/api/projects", headers=headers).status_code == 200
    assert app.test_cli_runner().invoke(args=["purge-expired"]).exit_code == 0
    assert stored(app) == []
    serving.start(app)  # what wsgi.py and `flask run` do when they start serving
    made = stored(app)
    assert sorted(row.alg for row in made) == ["ES256", "RS256"]
    assert all(row.retired_at is None for row in made)
    assert {key["kid"] for key in jwks(client)} == {row.kid for row in made}
    with app.app_context():
        keys.at_start(app)  # a second start (another process, a restart): the same set
    assert stored(app) == made


def test_two_processes_starting_at_once_keep_one_key_per_algorithm(tmp_path, migrated_sqlite):
    """Both first starts make keys; the first to commit wins and the other keeps its keys."""
    url = migrated_sqlite_copy(migrated_sqlite, tmp_path, "keys")
    with cluster.servers(2, cluster.service_env(url), str(tmp_path)) as started:
        served = [requests.get(f"{server.url}/api/oauth2/jwks", timeout=30).json()["keys"]
                  for server in started]
    logs = [cluster.log_of(server) for server in started]
    assert not any("were not made at start" in log or "Traceback" in log for log in logs), logs
    engine = cluster.engine(url)
    with engine.connect() as conn:
        current = conn.execute(text("SELECT kid, alg FROM oauth_signing_keys")).all()
    engine.dispose()
    assert sorted(alg for _, alg in current) == ["ES256", "RS256"]
    assert [{key["kid"] for key in keys} for keys in served] == [{kid for kid, _ in current}] * 2


def test_a_rotation_moves_new_tokens_to_new_keys_and_old_tokens_live_out_their_time(
        app, client, alice, clock):
    registered = new_app(client, alice)
    first, _ = code_flow(client, alice, registered)
    old = {key["alg"]: key["kid"] for key in jwks(client)}
    assert header_of(first["access_token"])["kid"] == old["RS256"]
    assert header_of(first["id_token"])["kid"] == old["RS256"]
    assert session_status(client, first["access_token"]) == 200  # this process reads old keys

    said = rotate(app)
    new = {row.alg: row.kid for row in stored(app) if row.retired_at is None}
    assert set(new.values()).isdisjoint(old.values())
    assert sorted(said.split()) == sorted(["new", "signing", "key"] * 2 + list(new.values()))

    renewed = token(client, registered, grant_type="refresh_token",
                    refresh_token=first["refresh_token"])
    assert renewed.status_code == 200, renewed.get_json()
    renewed = renewed.get_json()
    assert header_of(renewed["access_token"])["kid"] == new["RS256"]  # no restart needed
    assert header_of(renewed["id_token"])["kid"] == new["RS256"]
    assert session_status(client, renewed["access_token"]) == 200
    assert session_status(client, first["access_token"]) == 200  # signed before: still valid
    assert {key["kid"] for key in jwks(client)} == set(old.values()) | set(new.values())

    clock.advance(seconds=LIFETIME - 60)  # the old token's last minute: still good
    assert session_status(client, first["access_token"]) == 200
    assert old["RS256"] in {key["kid"] for key in jwks(client)}

    retired_at = next(row.retired_at for row in stored(app) if row.kid == old["RS256"])
    if isinstance(retired_at, str):  # SQLite's text
        retired_at = type(clock.now).fromisoformat(retired_at)
    retired_at = retired_at.replace(tzinfo=clock.now.tzinfo)
    clock.now = retired_at + timedelta(seconds=LIFETIME + 1)  # every token it signed expired
    assert {key["kid"] for key in jwks(client)} == set(new.values())
    assert session_status(client, first["access_token"]) == 401
    # A token the retired key signs now (its private part taken from the database) is refused
    # even while its own times hold: the key left; the same claims under the current key pass.
    now = int(clock.now.timestamp())
    claims = {**json.loads(jws.extract_compact(first["access_token"].encode()).payload),
              "iat": now, "exp": now + 600}
    with app.app_context():
        (row,) = [row for row in stored(app) if row.kid == old["RS256"]]
        retired = RSAKey.import_key(json.loads(sealing.unseal(row.private_key, keys.SEALED)))
        kid, current = keys.signing_key("RS256")
    late = jwt.encode({"alg": "RS256", "typ": "at+jwt", "kid": old["RS256"]}, claims, retired,
                      algorithms=["RS256"])
    assert session_status(client, late) == 401
    fresh = jwt.encode({"alg": "RS256", "typ": "at+jwt", "kid": kid}, claims, current,
                       algorithms=["RS256"])
    assert session_status(client, fresh) == 200


def test_an_app_with_id_token_alg_es256_gets_es256_id_tokens(client, alice):
    registered = new_app(client, alice, idTokenAlg="ES256")
    assert registered["app"]["idTokenAlg"] == "ES256"
    answer, _ = code_flow(client, alice, registered)
    published = {key["kid"]: key for key in jwks(client)}
    header = header_of(answer["id_token"])
    assert header["alg"] == "ES256" and published[header["kid"]]["alg"] == "ES256"
    key_set = KeySet.import_key_set({"keys": list(published.values())})
    claims = jwt.decode(answer["id_token"], key_set, algorithms=["ES256"]).claims
    assert claims["aud"] == registered["app"]["clientId"]
    digest = hashlib.sha256(answer["access_token"].encode("ascii")).digest()
    assert claims["at_hash"] == base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()
    with pytest.raises(JoseError):  # not verifiable as RS256
        jwt.decode(answer["id_token"], key_set, algorithms=["RS256"])
    assert header_of(answer["access_token"])["alg"] == "RS256"  # access tokens: RS256 always

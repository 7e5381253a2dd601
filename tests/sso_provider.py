"""An OpenID provider on loopback for the single sign-on tests: oidc-provider-mock (Authlib's
authorization server, signing real RS256 ID tokens with a JWKS), which can also rotate its key,
count the JWKS reads and change the next ID tokens the way a broken or hostile provider would."""
import base64
import json
import warnings
from urllib.parse import parse_qs, quote, urlsplit

import flask
import requests
from authlib.deprecate import AuthlibDeprecationWarning
from joserfc import jws, jwt
from joserfc.jwk import OctKey, RSAKey

from core import clock
from core.db import db

with warnings.catch_warnings():
    # The package imports Authlib's deprecated `authlib.jose` (its own concern, not ours).
    warnings.simplefilter("ignore", AuthlibDeprecationWarning)
    import oidc_provider_mock


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def deep(levels: int) -> bytes:
    """A JSON array nested `levels` deep: far past any parser's recursion limit, 2 bytes a
    level (300,000 levels: 600 kB, under the service's 1 MiB cap on an answer)."""
    return b"[" * levels + b"]" * levels


class OidcProvider:
    """`tamper` claims are merged into the next ID tokens, re-signed with the provider's own
    key; `sign_as` re-signs them another way: "stranger" (another RSA key under the provider's
    kid), "none" (alg none, no signature), "hmac" (HS256 keyed with the client secret),
    "deep-payload" (a claim nested `DEEP_LEVELS` levels, a token short enough for joserfc).
    `fields[path]` is merged into the JSON answers of `path` (discovery, token, userinfo);
    `bodies[path]` replaces the answer of `path` whole (discovery, JWKS, token, userinfo)."""

    CLIENT_ID, CLIENT_SECRET = "sso-client-id", "sso-client-secret-9f3a1c"
    DEEP_LEVELS = 20_000

    def __init__(self):
        self.app = oidc_provider_mock.app(require_nonce=True)
        self.tamper, self.sign_as, self.drop = {}, None, ()
        self.fields, self.bodies = {}, {}
        self.jwks_reads = 0
        self.token_requests = []
        self.app.before_request(self._count)
        self.app.after_request(self._replace_body)  # the first registered runs last
        self.app.after_request(self._rewrite_id_token)
        self.app.after_request(self._merge_fields)
        self.url = None

    def _count(self):
        if flask.request.path == "/jwks":
            self.jwks_reads += 1
        if flask.request.path == "/oauth2/token":
            self.token_requests.append({"form": flask.request.form.to_dict(),
                                        "authorization": flask.request.headers.get(
                                            "Authorization")})

    def _storage(self):
        return flask.g.oidc_provider_mock_storage

    def _rewrite_id_token(self, response):
        if flask.request.path != "/oauth2/token" or not (self.tamper or self.sign_as or
                                                         self.drop):
            return response
        body = json.loads(response.get_data())
        if "id_token" not in body:
            return response
        own = RSAKey.import_key(self._storage().jwk.as_dict(is_private=True))
        claims = {k: v for k, v in (jwt.decode(body["id_token"], own).claims | self.tamper)
                  .items() if k not in self.drop}
        if self.sign_as == "none":
            header = b64(json.dumps({"alg": "none", "kid": own.kid}).encode())
            body["id_token"] = f"{header}.{b64(json.dumps(claims).encode())}."
        elif self.sign_as == "deep-payload":
            payload = json.dumps(claims)[:-1] + ', "x": ' + deep(self.DEEP_LEVELS).decode() + "}"
            body["id_token"] = jws.serialize_compact({"alg": "RS256", "kid": own.kid}, payload,
                                                     own)
        elif self.sign_as == "hmac":
            key = OctKey.import_key(self.CLIENT_SECRET.encode())
            body["id_token"] = jwt.encode({"alg": "HS256", "kid": own.kid}, claims, key,
                                          algorithms=["HS256"])
        else:
            signer = RSAKey.generate_key(2048) if self.sign_as == "stranger" else own
            # JSON's escapes carry any claim, even a lone surrogate, as a provider may send it
            body["id_token"] = jws.serialize_compact({"alg": "RS256", "kid": own.kid},
                                                     json.dumps(claims), signer)
        response.set_data(json.dumps(body))
        return response

    def _merge_fields(self, response):
        fields = self.fields.get(flask.request.path)
        if fields and response.status_code == 200:
            response.set_data(json.dumps(json.loads(response.get_data()) | fields))
        return response

    def _replace_body(self, response):
        if flask.request.path in self.bodies:
            response.set_data(self.bodies[flask.request.path])
        return response

    def rotate_key(self):
        """Sign from now on with a new key (a new kid); the JWKS publishes only that one."""
        with self.app.test_request_context():
            self.app.preprocess_request()
            storage = self._storage()
            storage.jwk = type(storage.jwk).generate_key(is_private=True)

    def add_user(self, sub, email, name="Ada Lovelace", **claims):
        response = requests.put(f"{self.url}/users/{quote(sub, safe='')}", timeout=10,
                                json={"email": email, "email_verified": True, "name": name,
                                      **claims})
        assert response.status_code == 204, response.text

    @property
    def issuer(self):
        return self.url


# --- the browser's steps of a sign-in, through the test client or a live server ---

APP = "http://app.test"  # APP_BASE_URL (and so API_BASE_URL) of the test settings
SPA = "http://spa.test"


def query(url):
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def at_provider(authorize_url, sub):
    """The browser at the provider's consent form, signing in as `sub`; returns where the
    provider sends it back (our callback, with code and state)."""
    response = requests.post(authorize_url, data={"sub": sub}, allow_redirects=False, timeout=10)
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def verified_domain(app, project, domain):
    """A domain the project holds VERIFIED, written directly (E4.1 is tested in tests/domains)."""
    from sections.domains.models import VERIFIED, Domain
    with app.app_context():
        db.session.add(Domain(project_id=project, domain=domain, status=VERIFIED,
                              value="saas-verification=" + "a" * 43, verified_at=clock.utcnow()))
        db.session.commit()


def oidc_connection(client, project, headers, provider, name="Corp IdP"):
    response = client.post(f"/api/projects/{project}/sso-connections", headers=headers, json={
        "type": "oidc", "name": name, "issuer": provider.issuer, "clientId": provider.CLIENT_ID,
        "clientSecret": provider.CLIENT_SECRET})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]["id"]

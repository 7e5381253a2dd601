"""Identity providers on loopback for the OAuth tests: a small GitHub stand-in, and Google played
by oidc-provider-mock, a real OpenID Connect provider (Authlib's server) signing with a JWKS."""
import base64
import hashlib
import json
import secrets
import warnings
from contextlib import contextmanager
from datetime import timedelta
from urllib.parse import quote, urlencode

import flask
import requests
from authlib.deprecate import AuthlibDeprecationWarning
from joserfc import jwt
from joserfc.jwk import RSAKey

from tests.threaded_server import serve

with warnings.catch_warnings():
    # The package imports Authlib's deprecated `authlib.jose` (its own concern, not ours).
    warnings.simplefilter("ignore", AuthlibDeprecationWarning)
    import oidc_provider_mock


@contextmanager
def serve_url(wsgi_app, host="127.0.0.1"):
    """Serve `wsgi_app` on a free loopback port in a thread; yields its base URL."""
    with serve(wsgi_app, host) as port:
        yield f"http://{host}:{port}"


def s256(verifier: str) -> str:
    """RFC 7636 section 4.2: BASE64URL(SHA256(code_verifier)), no padding."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


class GitHubStandIn:
    """GitHub's OAuth app endpoints as documented: authorize, access_token (client_secret_post,
    PKCE S256, single-use codes, errors as 200 JSON), /user and /user/emails."""

    CLIENT_ID, CLIENT_SECRET = "gh-client-id", "gh-client-secret"

    def __init__(self):
        self.users = {}  # login -> (user JSON, e-mails JSON)
        self.signed_in = None  # the login of whoever is signed in at "GitHub" in the browser
        self.deny = False
        self.codes = {}
        self.access_tokens = {}
        self.authorize_requests, self.token_requests = [], []
        self.app = self._build()

    def add_user(self, login, emails, user_id=None, name=None):
        """`emails`: [(address, primary, verified)]."""
        user = {"id": user_id or 1000 + len(self.users), "login": login, "name": name,
                "avatar_url": f"https://avatars.example.com/u/{login}", "email": None}
        self.users[login] = (user, [{"email": e, "primary": p, "verified": v,
                                     "visibility": None} for e, p, v in emails])
        self.signed_in = login

    def _build(self):
        app = flask.Flask("github-stand-in")

        @app.get("/login/oauth/authorize")
        def authorize():
            args = flask.request.args
            self.authorize_requests.append(args.to_dict())
            if args.get("client_id") != self.CLIENT_ID or not args.get("redirect_uri"):
                return "unknown client", 400
            back = args["redirect_uri"]
            if self.deny:
                return flask.redirect(f"{back}?" + urlencode({
                    "error": "access_denied", "state": args.get("state", "")}))
            code = secrets.token_hex(10)
            self.codes[code] = {"login": self.signed_in, "redirect_uri": back,
                                "challenge": args.get("code_challenge"),
                                "method": args.get("code_challenge_method")}
            return flask.redirect(f"{back}?" + urlencode({"code": code,
                                                          "state": args.get("state", "")}))

        @app.post("/login/oauth/access_token")
        def access_token():
            form = flask.request.form
            self.token_requests.append(form.to_dict())
            grant = self.codes.pop(form.get("code", ""), None)  # single use
            if (form.get("client_id"), form.get("client_secret")) != (self.CLIENT_ID,
                                                                      self.CLIENT_SECRET):
                return {"error": "incorrect_client_credentials"}
            if (grant is None or grant["redirect_uri"] != form.get("redirect_uri")
                    or grant["method"] != "S256"
                    or s256(form.get("code_verifier", "")) != grant["challenge"]):
                return {"error": "bad_verification_code"}
            token = secrets.token_hex(20)
            self.access_tokens[token] = grant["login"]
            return {"access_token": token, "token_type": "bearer",
                    "scope": "read:user,user:email"}

        def caller():
            scheme, _, token = flask.request.headers.get("Authorization", "").partition(" ")
            login = self.access_tokens.get(token) if scheme.lower() in ("bearer", "token") else None
            if login is None:
                flask.abort(401)
            return self.users[login]

        app.get("/api/user")(lambda: caller()[0])
        app.get("/api/user/emails", endpoint="emails")(lambda: flask.jsonify(caller()[1]))
        return app


class GoogleProvider:
    """oidc-provider-mock (Authlib's authorization server) standing in for Google.

    `tamper` re-signs the next ID tokens with changed claims using the provider's own key, for
    the cases a compliant provider never produces (wrong audience or issuer); `forge` signs
    them with a stranger's key under the provider's key id.
    """

    CLIENT_ID, CLIENT_SECRET = "google-client-id", "google-client-secret"

    def __init__(self, token_max_age=timedelta(hours=1)):
        self.app = oidc_provider_mock.app(require_nonce=True, access_token_max_age=token_max_age)
        self.tamper, self.forge = {}, False
        self.app.after_request(self._rewrite_id_token)
        self.url = None

    def _rewrite_id_token(self, response):
        if flask.request.path != "/oauth2/token" or not (self.tamper or self.forge):
            return response
        body = json.loads(response.get_data())
        if "id_token" not in body:
            return response
        own = RSAKey.import_key(flask.g.oidc_provider_mock_storage.jwk.as_dict(is_private=True))
        claims = jwt.decode(body["id_token"], own).claims | self.tamper
        signer = RSAKey.generate_key(2048) if self.forge else own
        body["id_token"] = jwt.encode({"alg": "RS256", "kid": own.kid}, claims, signer)
        response.set_data(json.dumps(body))
        return response

    def add_user(self, sub, email, verified=True, name="Grace Hopper"):
        # The provider's own API for the claims of a subject.
        response = requests.put(f"{self.url}/users/{quote(sub, safe='')}", timeout=10, json={
            "email": email, "email_verified": verified, "name": name,
            "picture": f"https://lh3.example.com/{sub}.png"})
        assert response.status_code == 204, response.text

    @property
    def discovery_url(self):
        return f"{self.url}/.well-known/openid-configuration"

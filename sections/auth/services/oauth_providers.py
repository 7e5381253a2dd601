"""The providers: Authlib's client of each configured one, and how each tells who signed in
(GitHub's user and e-mails APIs, Google's validated ID token) as the federation path's
Identity (services/federation.py)."""
from authlib.integrations.flask_client import OAuth
from flask import current_app

from core.fields import email_address
from sections.auth.models import GITHUB, GOOGLE
from sections.auth.outcomes import ProviderNotConfigured
from sections.auth.services.federation import Identity, Pending, nonce_matches, shown

NAMES = {GITHUB: "GitHub", GOOGLE: "Google"}
PROVIDER_TIMEOUT = 10  # seconds per request to a provider
GITHUB_HEADERS = {"Accept": "application/vnd.github+json"}
GOOGLE_ISSUER = "https://accounts.google.com"
REGISTRY = "authlib.integrations.flask_client"  # where Authlib's OAuth keeps itself


def init_app(app) -> None:
    """Register the Authlib client of each provider whose client id and secret are both set.

    One `OAuth` per app: Authlib caches clients (and their URLs) per instance (library-facts 6).
    """
    cfg = app.config
    registry = OAuth(app)
    common = {"code_challenge_method": "S256", "default_timeout": PROVIDER_TIMEOUT}
    if cfg["GITHUB_CLIENT_ID"] and cfg["GITHUB_CLIENT_SECRET"]:
        registry.register(
            "github", client_id=cfg["GITHUB_CLIENT_ID"], client_secret=cfg["GITHUB_CLIENT_SECRET"],
            authorize_url=cfg["GITHUB_AUTHORIZE_URL"], access_token_url=cfg["GITHUB_TOKEN_URL"],
            # urljoin("…/api", "user") would drop the last path segment; keep the slash.
            api_base_url=cfg["GITHUB_API_BASE_URL"].rstrip("/") + "/",
            # GitHub documents client_id and client_secret as form parameters.
            client_kwargs={**common, "scope": "read:user user:email",
                           "token_endpoint_auth_method": "client_secret_post"})
    if cfg["GOOGLE_CLIENT_ID"] and cfg["GOOGLE_CLIENT_SECRET"]:
        registry.register(
            "google", client_id=cfg["GOOGLE_CLIENT_ID"], client_secret=cfg["GOOGLE_CLIENT_SECRET"],
            server_metadata_url=cfg["GOOGLE_DISCOVERY_URL"],
            client_kwargs={**common, "scope": "openid email profile"})
    # The browser key lives in Flask's signed session cookie: Lax still sends it on the
    # provider's top-level redirect back to the callback; https deployments keep it on TLS.
    if cfg.get("SESSION_COOKIE_SAMESITE") is None:
        cfg["SESSION_COOKIE_SAMESITE"] = "Lax"
    if cfg["API_BASE_URL"].startswith("https://"):
        cfg["SESSION_COOKIE_SECURE"] = True


def client(provider: str):
    """The provider's Authlib client; 404 when its client id and secret are not configured."""
    remote = current_app.extensions[REGISTRY].create_client(provider)
    if remote is None:
        raise ProviderNotConfigured(
            f"Sign-in with {NAMES[provider]} is not configured on this server")
    return remote


def github_profile(remote, token, pending: Pending) -> Identity:
    """The GitHub user and its primary e-mail, which counts only when GitHub verified it."""
    user = _json(remote.get("user", token=token, headers=GITHUB_HEADERS), dict)
    emails = _json(remote.get("user/emails", token=token, headers=GITHUB_HEADERS), list)
    primary = next((e for e in emails if isinstance(e, dict) and e.get("primary") is True), {})
    return _identity(GITHUB, user.get("id"), primary.get("email"),
                     primary.get("verified") is True, user.get("name") or user.get("login"),
                     user.get("avatar_url"))


def google_profile(remote, token, pending: Pending) -> Identity:
    """The claims of Google's ID token, checked as OpenID Connect Core 3.1.3.7 asks:
    signature against the discovery document's JWKS, iss, aud, exp, and the nonce we sent
    (kept hashed: compared here, Authlib is given none to compare)."""
    issuer = remote.load_server_metadata().get("issuer")
    if not issuer:
        raise ValueError("the discovery document names no issuer")
    # Google documents both spellings of its issuer.
    issuers = [issuer, "accounts.google.com"] if issuer == GOOGLE_ISSUER else [issuer]
    # Authlib checks aud only through azp; name our client id explicitly (step 3).
    options = {"iss": {"essential": True, "values": issuers},
               "aud": {"essential": True, "values": [remote.client_id]}}
    claims = remote.parse_id_token(token, nonce=None, claims_options=options)
    if claims is None:
        raise ValueError("the token response has no id_token")
    if not nonce_matches(pending, claims.get("nonce")):
        raise ValueError("the ID token's nonce is not the one sent")
    return _identity(GOOGLE, claims.get("sub"), claims.get("email"),
                     claims.get("email_verified") is True, claims.get("name"),
                     claims.get("picture"))


PROFILES = {GITHUB: github_profile, GOOGLE: google_profile}


def _json(response, kind):
    response.raise_for_status()
    data = response.json()
    if not isinstance(data, kind):
        raise ValueError(f"{response.url} answered {type(data).__name__}, not {kind.__name__}")
    return data


def _identity(provider, user_id, email, verified, name, image) -> Identity:
    """The provider's user as an Identity: its address only when the provider verified it
    and it is one by the service's rule (core.fields.email_address)."""
    if isinstance(user_id, bool) or not isinstance(user_id, str | int):
        raise ValueError(f"{provider} sent no user id")
    return Identity(provider, str(user_id), email_address(email) if verified else None,
                    shown(name), _image(image))


def _image(value):
    ok = (isinstance(value, str) and value.startswith(("https://", "http://"))
          and len(value) <= 2048 and value.isprintable())
    return value if ok else None

"""The providers: Authlib's client of each configured one, and how each tells who signed in
(GitHub's user and e-mails APIs, Google's validated ID token) as one normalised Profile."""
from dataclasses import dataclass

from authlib.integrations.flask_client import OAuth
from flask import current_app

from core.fields import MAX_EMAIL
from sections.auth.outcomes import ProviderNotConfigured

NAMES = {"github": "GitHub", "google": "Google"}
PROVIDER_TIMEOUT = 10  # seconds per request to a provider
GITHUB_HEADERS = {"Accept": "application/vnd.github+json"}
GOOGLE_ISSUER = "https://accounts.google.com"
REGISTRY = "authlib.integrations.flask_client"  # where Authlib's OAuth keeps itself


@dataclass(frozen=True)
class Profile:
    """Who the provider says signed in, normalised."""

    provider: str
    user_id: str
    email: str | None
    email_verified: bool
    name: str | None
    image: str | None


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


def github_profile(remote, token, nonce) -> Profile:
    """The GitHub user and its primary e-mail, which counts only when GitHub verified it."""
    user = _json(remote.get("user", token=token, headers=GITHUB_HEADERS), dict)
    emails = _json(remote.get("user/emails", token=token, headers=GITHUB_HEADERS), list)
    primary = next((e for e in emails if isinstance(e, dict) and e.get("primary") is True), {})
    return _profile("github", user.get("id"), primary.get("email"),
                    primary.get("verified") is True, user.get("name") or user.get("login"),
                    user.get("avatar_url"))


def google_profile(remote, token, nonce) -> Profile:
    """The claims of Google's ID token, checked as OpenID Connect Core 3.1.3.7 asks:
    signature against the discovery document's JWKS, iss, aud, exp and the nonce we sent."""
    issuer = remote.load_server_metadata().get("issuer")
    if not issuer:
        raise ValueError("the discovery document names no issuer")
    # Google documents both spellings of its issuer.
    issuers = [issuer, "accounts.google.com"] if issuer == GOOGLE_ISSUER else [issuer]
    # Authlib checks aud only through azp; name our client id explicitly (step 3).
    options = {"iss": {"essential": True, "values": issuers},
               "aud": {"essential": True, "values": [remote.client_id]}}
    claims = remote.parse_id_token(token, nonce=nonce, claims_options=options)
    if claims is None:
        raise ValueError("the token response has no id_token")
    return _profile("google", claims.get("sub"), claims.get("email"),
                    claims.get("email_verified") is True, claims.get("name"),
                    claims.get("picture"))


PROFILES = {"github": github_profile, "google": google_profile}


def _json(response, kind):
    response.raise_for_status()
    data = response.json()
    if not isinstance(data, kind):
        raise ValueError(f"{response.url} answered {type(data).__name__}, not {kind.__name__}")
    return data


def _profile(provider, user_id, email, verified, name, image) -> Profile:
    if isinstance(user_id, bool) or not isinstance(user_id, str | int):
        raise ValueError(f"{provider} sent no user id")
    user_id = str(user_id)
    if not 0 < len(user_id) <= 255 or not user_id.isprintable():
        raise ValueError(f"{provider} sent an unusable user id")
    email = email.strip().lower() if isinstance(email, str) else None
    if not email or len(email) > MAX_EMAIL or "@" not in email or not email.isprintable():
        email = None
    return Profile(provider, user_id, email, verified and email is not None,
                   _text(name, 255), _image(image))


def _text(value, limit):
    if not isinstance(value, str):
        return None
    value = "".join(c for c in value if c.isprintable()).strip()[:limit]
    return value or None


def _image(value):
    ok = (isinstance(value, str) and value.startswith(("https://", "http://"))
          and len(value) <= 2048 and value.isprintable())
    return value if ok else None

"""Settings: their names, types and defaults, read from the environment (contract section 8).
Precedence in `create_app`: these defaults, `instance/config.py`, the environment, `test_config`."""
import os
import re
import secrets

# name: (parser, default). Every name can be set as an environment variable. Every setting has
# a comment above or beside it saying what it means, and `# --- group ---` lines group them: the
# settings reference (docs/reference/settings.md) is written from them (scripts/docs_reference.py).
SETTINGS = {
    # --- service ---
    # The key that signs OAuth state and encrypts two-factor secrets; the same on every host.
    # Required outside debug mode; `--debug` generates one, kept in instance/dev-secret-key.
    "SECRET_KEY": (str, None),
    # SQLAlchemy URL, e.g. postgresql://user@host/db; default: SQLite file instance/app.db.
    "DATABASE_URL": (str, None),
    "DATABASE_POOL_SIZE": (int, 10),  # connections each process keeps open (PostgreSQL)
    "DATABASE_MAX_OVERFLOW": (int, 5),  # connections a process may open beyond the pool
    # Seconds a pooled connection may sit idle before it is pinged at checkout (core/db.py).
    "DATABASE_PING_AFTER": (float, 1.0),
    # The front end's public URL: the links in e-mails (verification, magic link pages,
    # invitations) lead there.
    "APP_BASE_URL": (str, "http://localhost:5000"),
    # The public URL at which this service's /api is reached (scheme, host, port, any path
    # prefix; no trailing slash): the OAuth callback URLs are built from it. Default:
    # APP_BASE_URL, for a front end served from the same origin (the development setup).
    "API_BASE_URL": (str, None),
    # The page that receives `?token=` from a verification e-mail and posts it to
    # /api/auth/verify-email; default: {APP_BASE_URL}/verify-email.
    "EMAIL_VERIFICATION_URL": (str, None),
    # The page that receives `?token=` from an invitation e-mail and posts it to
    # /api/invitations/accept or /decline; default: {APP_BASE_URL}/invitations.
    "INVITATION_URL": (str, None),
    # Seconds a bearer session lives; sliding, renewed on use after a day.
    "SESSION_LIFETIME": (int, 7 * 24 * 3600),
    # Refuse sign-in (403 EMAIL_NOT_VERIFIED) until the address is verified.
    "REQUIRE_EMAIL_VERIFICATION": ("bool", False),
    # --- e-mail ---
    # The SMTP server; none: each e-mail is written to the log instead (development).
    "MAIL_SERVER": (str, None),
    "MAIL_PORT": (int, 25),  # the SMTP server's port
    "MAIL_USERNAME": (str, None),  # SMTP login, when the server asks for one
    "MAIL_PASSWORD": (str, None),  # SMTP password, with MAIL_USERNAME
    # STARTTLS after connecting (usually port 587). With TLS either way the server's
    # certificate and name are verified against the system's CAs (a private CA: point
    # SSL_CERT_FILE at its bundle); nothing, nor the password, is sent to a server that fails.
    "MAIL_USE_TLS": ("bool", False),
    "MAIL_USE_SSL": ("bool", False),  # implicit TLS, from the first byte (usually port 465)
    "MAIL_DEFAULT_SENDER": (str, "no-reply@localhost"),  # the From: address
    # Seconds before an SMTP attempt is abandoned (and logged, then retried).
    "MAIL_TIMEOUT": (float, 10.0),
    # Seconds a queued message is kept trying; its links have expired by then (24 h: e-mail
    # verification's lifetime).
    "MAIL_MAX_AGE": (int, 24 * 3600),
    "MAIL_RETRY_BASE": (float, 30.0),  # seconds before the first retry, doubled each time
    "MAIL_RETRY_MAX": (float, 3600.0),  # longest wait between two attempts
    # Seconds between a sender's looks for due mail (each commit that queued mail wakes it too).
    "MAIL_POLL_INTERVAL": (float, 5.0),
    # A sender thread in each serving process; off when a `send-mail --watch` worker delivers.
    "MAIL_SENDER_THREAD": ("bool", True),
    # --- rate limits ---
    # Per client IP and endpoint, on endpoints without a bearer token.
    "RATELIMIT_PUBLIC": (str, "100 per minute"),
    # Per user and endpoint, on endpoints that need the bearer token.
    "RATELIMIT_AUTHENTICATED": (str, "1000 per minute"),
    # Where the counters live: memory:// (per process) or redis://host:port/db (shared).
    "RATELIMIT_STORAGE_URI": (str, "memory://"),
    "RATELIMIT_KEY_PREFIX": (str, ""),  # prefix of the counters' keys (several apps, one Redis)
    # Failed sign-ins per account (wrong passwords and two-factor codes together, from all
    # addresses); beyond it: 429 RATE_LIMITED with Retry-After.
    "ACCOUNT_FAILURE_LIMIT": (str, "10 per 15 minutes"),
    # Proxies in front that set X-Forwarded-For/-Proto/-Host; 0 trusts none of these headers.
    "TRUSTED_PROXY_COUNT": (int, 0),
    # --- accounts and passwords ---
    # Seconds a session counts as fresh enough for a sensitive change (deleting the account,
    # changing the e-mail, ...: extensions E1.3) on an account that has neither a password nor
    # two-factor to ask for, and for adding a way in (two-factor on, a passkey) with no proof.
    "REAUTHENTICATION_WINDOW": (int, 600),
    # argon2id's memory in KiB; OWASP's minimum is m=19 MiB, t=2, p=1 (contract section 3):
    # raise these, never lower them.
    "PASSWORD_HASH_MEMORY_COST": (int, 19456),
    "PASSWORD_HASH_TIME_COST": (int, 2),  # argon2id's passes over the memory
    "PASSWORD_HASH_PARALLELISM": (int, 1),  # argon2id's lanes
    # Origins a magic link, a password-reset link or OAuth completion may redirect to. In debug
    # mode, when empty: APP_BASE_URL's origin, under both localhost and 127.0.0.1.
    "ALLOWED_REDIRECT_ORIGINS": ("list", []),
    # Seconds an impersonation session lasts; it is never extended (extensions.md E2.3).
    "IMPERSONATION_LIFETIME": (int, 3600),
    # --- account protection (docs/how-to/account-protection.md) ---
    # Seconds after its creation that a session is never extended past, whatever its use
    # (sliding expiry stops there; ASVS 7.3.2). Default 30 days.
    "SESSION_MAX_AGE": (int, 30 * 24 * 3600),
    # Refuse new passwords found in the shipped list of common breached passwords
    # (sections/auth/data/breached-passwords.bin). Off only to measure its cost.
    "BREACHED_PASSWORDS_OFFLINE": ("bool", True),
    # The k-anonymity range API of a breach corpus (https://api.pwnedpasswords.com); unset:
    # not used. Only the first 5 hex digits of the password's SHA-1 are sent.
    "PWNED_PASSWORDS_URL": (str, None),
    # A suffix listed with at least this count is refused (padding lines have count 0).
    "PWNED_PASSWORDS_MIN_COUNT": (int, 1),
    # Seconds the range call may take in all; past it (or on any failure) the check is skipped.
    "PWNED_PASSWORDS_TIMEOUT": (float, 2.0),
    # The page that receives `?token=` of a change-email confirmation; default:
    # {APP_BASE_URL}/change-email.
    "EMAIL_CHANGE_URL": (str, None),
    # E-mail the account about security changes and sign-ins from a new address.
    "SECURITY_NOTICES": ("bool", True),
    # The security log of every account (GET /api/auth/security-events). Off only to measure
    # its cost: new-address notices are found from it.
    "SECURITY_LOG": ("bool", True),
    # Days a security event is kept; purge-expired removes older ones.
    "SECURITY_LOG_DAYS": (int, 90),
    # --- speed ---
    # CPython's GIL switch interval in the serving process (wsgi.py), in seconds (default 0.005).
    "THREAD_SWITCH_INTERVAL": (float, 0.001),
    # Seconds an anonymous GET /api/articles answer is reused by a process (its own writes drop
    # it at once; other processes' show within this time); 0 turns it off.
    "ARTICLE_LIST_CACHE_SECONDS": (float, 1.0),
    # Speed-only pieces to leave out, comma-separated (perf/__init__.py PIECES), for measuring
    # each side by side (bench/pieces.py); none by default. Not for production.
    "PERF_OFF": ("list", []),
    # --- payment webhook ---
    # Signing secrets, comma-separated: during a rotation the old and the new one both verify.
    # Without one the service starts, warns, and answers every delivery 400.
    # `--debug` without one: generated once, kept in instance/dev-webhook-secret.
    "PAYMENT_WEBHOOK_SECRET": ("list", []),
    "PAYMENT_WEBHOOK_TOLERANCE": (int, 300),  # seconds a signature's `t` may differ from now
    # --- two-factor ---
    # Name an authenticator app shows beside the account (default: API_TITLE).
    "TOTP_ISSUER": (str, None),
    # --- OAuth ---
    # A provider is offered only when both its client id and secret are set. The endpoint URLs
    # default to the real providers; tests point them at local stand-ins.

    "GITHUB_CLIENT_ID": (str, None),  # the GitHub OAuth app's client ID
    "GITHUB_CLIENT_SECRET": (str, None),  # the GitHub OAuth app's client secret
    "GITHUB_AUTHORIZE_URL": (str, "https://github.com/login/oauth/authorize"),  # GitHub's page
    "GITHUB_TOKEN_URL": (str, "https://github.com/login/oauth/access_token"),  # code -> token
    "GITHUB_API_BASE_URL": (str, "https://api.github.com/"),  # where the user's profile is read
    "GOOGLE_CLIENT_ID": (str, None),  # the Google OAuth client's ID
    "GOOGLE_CLIENT_SECRET": (str, None),  # the Google OAuth client's secret
    # Google's OpenID Connect discovery document (its endpoints and keys).
    "GOOGLE_DISCOVERY_URL": (str, "https://accounts.google.com/.well-known/openid-configuration"),
    # --- single sign-on (extensions.md E4.2) ---
    # Let identity provider URLs be http:// and reach loopback and private addresses. Off in
    # production: any project owner names a provider, and the service would fetch from it.
    # Unset: on with --debug (a provider on the developer's machine), else off.
    "SSO_ALLOW_PRIVATE_NETWORKS": ("bool", None),
    # --- the identity provider (extensions.md E5, docs/how-to/identity-provider.md) ---
    # Seconds an access token (a JWT, RFC 9068) lives: the API accepts it until then unless
    # it is revoked first.
    "OAUTH_ACCESS_TOKEN_LIFETIME": (int, 3600),
    # Seconds a refresh token lives from its issue (each use replaces it).
    "OAUTH_REFRESH_TOKEN_LIFETIME": (int, 30 * 24 * 3600),
    # Seconds after a consent when its refresh tokens all stop (then the app asks again).
    "OAUTH_REFRESH_TOKEN_MAX_AGE": (int, 90 * 24 * 3600),
    # Resource URIs besides the service's own API that tokens may be issued for (an MCP server
    # deployed beside it), separated by spaces or commas; none by default.
    "OAUTH_RESOURCES": ("words", []),
    # Token requests of one client (every address together); each address also has
    # RATELIMIT_PUBLIC at the token endpoint. Beyond it: 429 with Retry-After.
    "OAUTH_TOKEN_RATE": (str, "600 per minute"),
    # The page an authorization request is sent to for the user's decision (`?request=`);
    # default {APP_BASE_URL}/consent (served by the service when it is API_BASE_URL).
    "OAUTH_CONSENT_URL": (str, None),
    "OAUTH_DEVICE_CODE_LIFETIME": (int, 600),  # seconds a device's codes live (RFC 8628)
    "OAUTH_DEVICE_URL": (str, None),  # the device's code page; {APP_BASE_URL}/device
    # Clients may register themselves (RFC 7591 at /api/oauth2/register, managed by RFC 7592):
    # the AI agents that arrive with no prior registration. Off: the endpoint answers 404 and
    # the metadata has no registration_endpoint.
    "OAUTH_DYNAMIC_REGISTRATION": ("bool", True),
    # Registration requests of an address (each counted); beyond it: 429 with Retry-After.
    "OAUTH_REGISTRATION_RATE": (str, "20 per hour"),
    # An https:// client_id names the client's metadata document, read (guarded, 5 kB at most)
    # and kept for its max-age (60 s to 24 h; 5 minutes without one). Off: such an id is an
    # unknown client, and client_id_metadata_document_supported is false.
    "OAUTH_CLIENT_ID_METADATA_DOCUMENTS": ("bool", True),
    # --- passkeys and CORS ---
    # The relying party (contract section 5): the host name passkeys are bound to.
    "WEBAUTHN_RP_ID": (str, "localhost"),
    "WEBAUTHN_RP_NAME": (str, "Auth service"),  # the name a browser shows in its passkey dialog
    # The exact scheme://host[:port] of the pages allowed to run the ceremonies (comma-separated).
    "WEBAUTHN_ORIGINS": ("list", ["http://localhost:5000"]),
    # Browser origins allowed to call /api/* from another origin (comma-separated; none by default).
    "CORS_ORIGINS": ("list", []),
    # --- verified domains (docs/how-to/single-sign-on.md) ---
    # The DNS server asked for verification TXT records: an IP address with an optional port
    # (192.0.2.53, 127.0.0.1:5353, [::1]:53). Unset: the system's resolver (/etc/resolv.conf).
    "DNS_RESOLVER": (str, None),
    # The DNS server asked instead of DNS_RESOLVER for names under the top-level domains that
    # no public DNS answers (.example, .test, .invalid, .localhost: RFC 2606): a DNS server on
    # the developer's machine (scripts/dns_txt_server.py listens there). Same form as
    # DNS_RESOLVER. Unset: 127.0.0.1:8053 with --debug, else none (DNS_RESOLVER asks for them).
    "DNS_DEVELOPMENT_RESOLVER": (str, None),
    # Seconds a verification's DNS lookup may take in all (retries included); past it the
    # verification answers 409 and the domain stays pending. Tests shorten it.
    "DNS_TIMEOUT": (float, 3.0),
    # --- operations (docs/how-to/operations.md) ---
    # GET /metrics (Prometheus text format, this process's figures); off: no route, no counting.
    "METRICS": ("bool", True),
    # When set, /metrics answers only a request bearing it (Authorization: Bearer <token>).
    "METRICS_TOKEN": (str, None),
    # The log's format on stderr: "text" (one line, human) or "json" (one object per line).
    "LOG_FORMAT": (str, "text"),
    # One INFO line per request on the logger app.access (method, route, status, duration).
    # Off by default: nginx writes the access log in front, and the line costs server CPU on
    # every request (bench/README.md, "The production path"). Turn it on with LOG_FORMAT=json to
    # get each request's id, user, route, status and duration in the service's own log.
    "ACCESS_LOG": ("bool", False),
    # OTLP/HTTP collector base URL (e.g. http://127.0.0.1:4318): traces each request, its SQL,
    # Redis and outgoing HTTP calls. Unset: tracing is off and OpenTelemetry is not imported.
    "OTEL_EXPORTER_OTLP_ENDPOINT": (str, None),
    # The service.name of the traces.
    "OTEL_SERVICE_NAME": (str, "auth-service"),
}

# Fixed settings of the framework and its extensions.
FRAMEWORK = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,  # 1 MiB: larger bodies answer 413
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATELIMIT_STORAGE_OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    # Redis down: fail open to per-process in-memory counters, with a logged warning, and go
    # back to Redis once it answers (docs/reference/rate-limits.md).
    "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
    "API_TITLE": "Auth and payment webhook service",
    "API_VERSION": "1.0.0",
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "openapi.json",
    "SQLALCHEMY_TRACK_MODIFICATIONS": False,
}

TRUE_WORDS = {"1", "true", "yes", "on"}


def parse(parser, raw: str):
    if parser == "bool":
        return raw.strip().lower() in TRUE_WORDS
    if parser == "list":
        return [item.strip() for item in raw.split(",") if item.strip()]
    if parser == "words":  # separated by commas or white space
        return [item for item in re.split(r"[\s,]+", raw) if item]
    return parser(raw)


def coerce(settings) -> None:
    """Settings given as text where a number, flag or list is meant (instance/config.py,
    create_app's mapping) read like the environment's: "a, b" is ["a", "b"]."""
    for name, (parser, _) in SETTINGS.items():
        value = settings.get(name)
        if isinstance(value, str) and parser is not str:
            try:
                settings[name] = parse(parser, value)
            except ValueError:
                raise SystemExit(f"error: setting {name} is not valid") from None


def defaults() -> dict:
    return {**FRAMEWORK, **{name: default for name, (_, default) in SETTINGS.items()}}


def from_environment(environ=os.environ) -> dict:
    found = {}
    for name, (parser, _) in SETTINGS.items():
        if name in environ:
            try:
                found[name] = parse(parser, environ[name])
            except ValueError:
                raise SystemExit(f"error: environment variable {name} is not valid") from None
    return found


def database_uri(url: str | None, instance_path: str) -> str:
    if not url:
        return "sqlite:///" + os.path.join(instance_path, "app.db")
    # psycopg 3 is the PostgreSQL driver we ship; accept the usual URL spellings.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def loopback_twins(url: str) -> list[str]:
    """The origin of `url`, and the same origin under the other loopback name when its host is
    `localhost` or `127.0.0.1`: in development either name reaches the same server."""
    origin = url.rstrip("/")
    for one, other in (("//localhost", "//127.0.0.1"), ("//127.0.0.1", "//localhost")):
        if one + ":" in origin or origin.endswith(one):
            return [origin, origin.replace(one, other, 1)]
    return [origin]


def development_secret(instance_path: str, name: str, prefix: str = "") -> str:
    """A secret generated once for `--debug` and kept in the instance folder as `name`."""
    path = os.path.join(instance_path, name)
    if not os.path.exists(path):
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(prefix + secrets.token_urlsafe(32 if prefix else 48))
    with open(path) as f:
        return f.read().strip()

"""Settings: their names, types and defaults, read from the environment (contract section 8).

Order of precedence in `create_app`: these defaults, then `instance/config.py`, then environment
variables, then the `test_config` mapping.
"""
import os
import secrets

# name: (parser, default). Every name can be set as an environment variable.
SETTINGS = {
    "SECRET_KEY": (str, None),
    "DATABASE_URL": (str, None),  # default: SQLite file in the instance folder
    "DATABASE_POOL_SIZE": (int, 10),
    "DATABASE_MAX_OVERFLOW": (int, 5),
    # The front end's public URL: links in e-mails lead there (README, "Configuration").
    "APP_BASE_URL": (str, "http://localhost:5000"),
    # The public URL at which this service's /api is reached (OAuth callbacks); default:
    # APP_BASE_URL, for a front end served from the same origin (the development setup).
    "API_BASE_URL": (str, None),
    "EMAIL_VERIFICATION_URL": (str, None),  # default: {APP_BASE_URL}/verify-email
    "INVITATION_URL": (str, None),  # default: {APP_BASE_URL}/invitations (resources.md R3)
    "SESSION_LIFETIME": (int, 7 * 24 * 3600),  # seconds
    "REQUIRE_EMAIL_VERIFICATION": ("bool", False),
    "MAIL_SERVER": (str, None),
    "MAIL_PORT": (int, 25),
    "MAIL_USERNAME": (str, None),
    "MAIL_PASSWORD": (str, None),
    "MAIL_USE_TLS": ("bool", False),
    "MAIL_USE_SSL": ("bool", False),
    "MAIL_DEFAULT_SENDER": (str, "no-reply@localhost"),
    "MAIL_TIMEOUT": (float, 10.0),
    # --- the mail outbox (services/outbox.py) ---
    # Seconds a queued message is kept trying; its links have expired by then (24 h: e-mail
    # verification's lifetime).
    "MAIL_MAX_AGE": (int, 24 * 3600),
    "MAIL_RETRY_BASE": (float, 30.0),  # seconds before the first retry, doubled each time
    "MAIL_RETRY_MAX": (float, 3600.0),  # longest wait between two attempts
    "MAIL_POLL_INTERVAL": (float, 5.0),  # how often a sender looks for due or retried mail
    # A sender thread in each serving process; off when a `send-mail --watch` worker delivers.
    "MAIL_SENDER_THREAD": ("bool", True),
    "RATELIMIT_PUBLIC": (str, "100 per minute"),
    "RATELIMIT_AUTHENTICATED": (str, "1000 per minute"),
    "RATELIMIT_STORAGE_URI": (str, "memory://"),
    "RATELIMIT_KEY_PREFIX": (str, ""),
    "ACCOUNT_FAILURE_LIMIT": (str, "10 per 15 minutes"),
    "TRUSTED_PROXY_COUNT": (int, 0),
    # Seconds a session counts as fresh enough for a sensitive change (deleting the account,
    # changing the e-mail, ...: extensions E1.3) on an account that has neither a password nor
    # two-factor to ask for.
    "REAUTHENTICATION_WINDOW": (int, 600),
    # Seconds an impersonation session lasts; it is never extended (extensions.md E2.3).
    "IMPERSONATION_LIFETIME": (int, 3600),
    # --- account protection (docs/account-protection.md) ---
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
    # CPython's GIL switch interval in the serving process (wsgi.py), in seconds (default 0.005).
    "THREAD_SWITCH_INTERVAL": (float, 0.001),
    # Seconds an anonymous article list answer is reused (perf/answer_cache.py); 0: never.
    "ARTICLE_LIST_CACHE_SECONDS": (float, 1.0),
    # Speed-only pieces to leave out, comma-separated (perf/__init__.py PIECES), for measuring
    # each side by side (bench/pieces.py); none by default. Not for production.
    "PERF_OFF": ("list", []),
    # argon2id parameters; OWASP's minimum is m=19 MiB, t=2, p=1 (contract section 3).
    "PASSWORD_HASH_MEMORY_COST": (int, 19456),  # KiB
    "PASSWORD_HASH_TIME_COST": (int, 2),
    "PASSWORD_HASH_PARALLELISM": (int, 1),
    # Origins a magic link or OAuth completion may redirect to (comma-separated).
    "ALLOWED_REDIRECT_ORIGINS": ("list", []),
    # --- payment webhook settings ---
    # Signing secrets, comma-separated: during a rotation the old and the new one both verify.
    "PAYMENT_WEBHOOK_SECRET": ("list", []),
    "PAYMENT_WEBHOOK_TOLERANCE": (int, 300),  # seconds a signature's `t` may differ from now
    # --- two-factor and magic-link settings ---
    # Name an authenticator app shows beside the account (default: API_TITLE).
    "TOTP_ISSUER": (str, None),
    # --- OAuth settings ---
    # A provider is offered only when both its client id and secret are set (README, "OAuth").
    # The endpoint URLs default to the real providers; tests point them at local stand-ins.
    "GITHUB_CLIENT_ID": (str, None),
    "GITHUB_CLIENT_SECRET": (str, None),
    "GITHUB_AUTHORIZE_URL": (str, "https://github.com/login/oauth/authorize"),
    "GITHUB_TOKEN_URL": (str, "https://github.com/login/oauth/access_token"),
    "GITHUB_API_BASE_URL": (str, "https://api.github.com/"),
    "GOOGLE_CLIENT_ID": (str, None),
    "GOOGLE_CLIENT_SECRET": (str, None),
    "GOOGLE_DISCOVERY_URL": (str, "https://accounts.google.com/.well-known/openid-configuration"),
    # --- passkey and CORS settings ---
    # The relying party (contract section 5): its ID is the host name passkeys are bound to, the
    # origins are the exact scheme://host[:port] of the pages allowed to run the ceremonies.
    "WEBAUTHN_RP_ID": (str, "localhost"),
    "WEBAUTHN_RP_NAME": (str, "Auth service"),
    "WEBAUTHN_ORIGINS": ("list", ["http://localhost:5000"]),
    # Browser origins allowed to call /api/* from another origin (comma-separated; none by default).
    "CORS_ORIGINS": ("list", []),
}

# Fixed settings of the framework and its extensions.
FRAMEWORK = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,  # 1 MiB: larger bodies answer 413
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATELIMIT_STORAGE_OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    # Redis down: fail open to per-process in-memory counters, with a logged warning, and go
    # back to Redis once it answers (README, "Rate limits").
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


def development_secret_key(instance_path: str) -> str:
    """A key generated once for `flask run --debug` and kept in the instance folder."""
    path = os.path.join(instance_path, "dev-secret-key")
    if not os.path.exists(path):
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(secrets.token_urlsafe(48))
    with open(path) as f:
        return f.read().strip()

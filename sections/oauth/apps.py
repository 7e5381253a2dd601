"""Apps that users register (extensions.md E5.2's first kind, as on a code host's developer
settings): made, listed, read, changed and deleted by their owner; a confidential app's secret
(`ocs_` and 43 base64url characters) shown once and kept as its SHA-256, replaced on request."""
import secrets

from sqlalchemy import delete, func, select

from core import clock, listing, tokens
from core.db import db, new_id
from core.outcomes import Conflict
from sections.oauth.models import APP, CONFIDENTIAL, OAuthClient

MAX_APPS = 20  # an account's
SECRET_PREFIX, CLIENT_PREFIX = "ocs_", "oa_"
CHANGEABLE = {"name": "name", "redirectUris": "redirect_uris", "homepageUrl": "homepage_url",
              "logoUrl": "logo_url", "idTokenAlg": "id_token_alg"}


def answer(app: OAuthClient) -> dict:
    return {"id": app.id, "clientId": app.client_id, "name": app.name, "type": app.type,
            "redirectUris": list(app.redirect_uris), "homepageUrl": app.homepage_url,
            "logoUrl": app.logo_url, "idTokenAlg": app.id_token_alg, "status": app.status,
            "createdAt": app.created_at, "updatedAt": app.updated_at}


def _new_secret(app: OAuthClient) -> str:
    secret = SECRET_PREFIX + secrets.token_urlsafe(32)
    app.secret_hash = tokens.digest(secret)
    return secret


def create(user, data: dict) -> tuple[OAuthClient, str | None]:
    """A new app of `user` (its row locked by the routes' `current_user`, so concurrent
    creations count one after the other); (the app, its secret or None for a public app)."""
    owned = db.session.execute(select(func.count()).select_from(OAuthClient).where(
        OAuthClient.owner_id == user.id, OAuthClient.kind == APP)).scalar_one()
    if owned >= MAX_APPS:
        raise Conflict(f"An account has at most {MAX_APPS} apps: delete one first")
    now = clock.utcnow()
    app = OAuthClient(id=new_id(), client_id=CLIENT_PREFIX + secrets.token_urlsafe(16),
                      kind=APP, owner_id=user.id, name=data["name"], type=data["type"],
                      redirect_uris=data["redirectUris"], homepage_url=data.get("homepageUrl"),
                      logo_url=data.get("logoUrl"), id_token_alg=data.get("idTokenAlg", "RS256"),
                      created_at=now, updated_at=now)
    secret = _new_secret(app) if app.type == CONFIDENTIAL else None
    db.session.add(app)
    db.session.flush()
    return app, secret


def page(user_id: str, args: dict) -> listing.Page:
    statement = select(OAuthClient).where(OAuthClient.owner_id == user_id,
                                          OAuthClient.kind == APP)
    return listing.page(statement, args, {"createdAt": OAuthClient.created_at}, OAuthClient.id)


def update(app: OAuthClient, data: dict) -> OAuthClient:
    changed = False
    for key, column in CHANGEABLE.items():
        if key in data and getattr(app, column) != data[key]:
            setattr(app, column, data[key])
            changed = True
    if changed:
        app.updated_at = clock.utcnow()
    return app


def new_secret(app: OAuthClient) -> str:
    """A new secret; the old one stops at once. A public app has none (409)."""
    if app.type != CONFIDENTIAL:
        raise Conflict("A public app has no secret")
    app.updated_at = clock.utcnow()
    return _new_secret(app)


def remove(app: OAuthClient) -> None:
    """Delete the app: its grants, authorizations and tokens go with it (foreign keys)."""
    db.session.execute(delete(OAuthClient).where(OAuthClient.id == app.id)
                       .execution_options(synchronize_session=False))

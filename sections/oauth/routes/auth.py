"""The identity provider's endpoints under /api/auth (extensions.md E5.2-E5.4), in the auth
envelope: the consent page's reading and decision of an authorization request (a device's
too, from its user code), and the apps a user registers. API keys and OAuth tokens reach none
of them (E2.2's rule: 403 INSUFFICIENT_SCOPE), impersonation sessions change nothing (403
IMPERSONATION_FORBIDDEN)."""
from core.access import guard, login_required, not_impersonated, verified_email_required
from core.bearer import current_session
from core.blueprint import ApiBlueprint
from core.db import db
from core.errors import AUTH
from sections.auth.routes import current_user
from sections.oauth import apps, consent, device
from sections.oauth.schemas import (
    AppAnswerSchema,
    AppChangeSchema,
    AppCreateSchema,
    AppListArgs,
    AppPageSchema,
    AppSecretAnswerSchema,
    AuthorizationRequestAnswerSchema,
    DecisionAnswerSchema,
    DecisionSchema,
    DeviceCodeSchema,
)

blp = ApiBlueprint("oauth_auth", __name__, url_prefix="/api/auth", envelope=AUTH,
                   description="Consent to apps' authorization requests, and the apps you "
                               "register (extensions.md E5.2, E5.3)")
UNKNOWN_REQUEST = (400, "INVALID_TOKEN: an unknown, used or expired authorization request")


@blp.get("/authorizations/<request_id>")
@blp.doc(operationId="getAuthorizationRequest")
@blp.response(200, AuthorizationRequestAnswerSchema)
@blp.errors(UNKNOWN_REQUEST)
@login_required
def get_authorization_request(request_id):
    """Read an authorization request as the consent page shows it."""
    row, client = consent.find(request_id)
    return {"request": consent.describe(request_id, row, client, current_session())}


@blp.post("/authorizations/<request_id>")
@blp.doc(operationId="decideAuthorizationRequest")
@blp.response(200, DecisionAnswerSchema)
@blp.errors(UNKNOWN_REQUEST, (400, "VALIDATION_ERROR, INVALID_CREDENTIALS or INVALID_TOTP "
                                   "(the proof a fresh sign-in asks)"),
            (403, "REAUTHENTICATION_REQUIRED: prompt=login or max_age asks a fresh proof"))
@not_impersonated
@blp.arguments(DecisionSchema)
def decide_authorization_request(data, request_id):
    """Allow or deny an authorization request: where the browser goes next."""
    row, client = consent.find(request_id)
    location = consent.decide(row, client, current_session(), current_user(), data["decision"],
                              data.get("password"), data.get("totpCode"))
    db.session.commit()
    return {"redirectTo": location}


@blp.post("/device")
@blp.doc(operationId="enterDeviceCode")
@blp.response(200, AuthorizationRequestAnswerSchema)
@blp.errors((400, "INVALID_TOKEN: an unknown, decided or expired user code (each wrong one "
                  "counts as a failed sign-in of the account)"))
@not_impersonated
@blp.arguments(DeviceCodeSchema)
def enter_device_code(data):
    """Enter the code a device shows: its authorization request, decided as any other."""
    request_id = device.entered(current_user(), data["userCode"])
    row, client = consent.find(request_id)
    answer = {"request": consent.describe(request_id, row, client, current_session())}
    db.session.commit()
    return answer


@blp.post("/oauth-apps")
@blp.doc(operationId="createOAuthApp")
@blp.response(201, AppSecretAnswerSchema)
@blp.errors((409, "CONFLICT: the account already has 20 apps"))
@not_impersonated
@verified_email_required("register an app")
@blp.arguments(AppCreateSchema)
def create_oauth_app(data):
    """Register an app that signs users in with this service; its secret is shown only here."""
    app, secret = apps.create(current_user(), data)
    answer = apps.answer(app)
    db.session.commit()
    return {"app": answer, "clientSecret": secret}


@blp.get("/oauth-apps")
@blp.doc(operationId="listOAuthApps")
@blp.response(200, AppPageSchema)
@login_required
@blp.arguments(AppListArgs, location="query")
def list_oauth_apps(args):
    """List the apps you registered."""
    page = apps.page(current_session().user_id, args)
    return page.answer([apps.answer(row) for row in page.items])


@blp.get("/oauth-apps/<app_id>")
@blp.doc(operationId="getOAuthApp")
@blp.response(200, AppAnswerSchema)
@login_required
@guard("oauth_app", arg="app_id")
def get_oauth_app(oauth_app):
    """Read one of your apps."""
    return {"app": apps.answer(oauth_app)}


@blp.patch("/oauth-apps/<app_id>")
@blp.doc(operationId="updateOAuthApp")
@blp.response(200, AppAnswerSchema)
@not_impersonated
@guard("oauth_app", "change", arg="app_id", lock=True)
@blp.arguments(AppChangeSchema)
def update_oauth_app(data, oauth_app):
    """Change one of your apps' name, redirect URIs, links or ID token algorithm."""
    answer = apps.answer(apps.update(oauth_app, data))
    db.session.commit()
    return {"app": answer}


@blp.post("/oauth-apps/<app_id>/secret")
@blp.doc(operationId="renewOAuthAppSecret")
@blp.response(200, AppSecretAnswerSchema)
@blp.errors((409, "CONFLICT: a public app has no secret"))
@not_impersonated
@guard("oauth_app", "change", arg="app_id", lock=True)
def renew_oauth_app_secret(oauth_app):
    """Give one of your apps a new secret; the old one stops at once."""
    secret = apps.new_secret(oauth_app)
    answer = apps.answer(oauth_app)
    db.session.commit()
    return {"app": answer, "clientSecret": secret}


@blp.delete("/oauth-apps/<app_id>")
@blp.doc(operationId="deleteOAuthApp")
@blp.response(204)
@not_impersonated
@guard("oauth_app", "change", arg="app_id")
def delete_oauth_app(oauth_app):
    """Delete one of your apps: every grant and token of it stops at once."""
    apps.remove(oauth_app)
    db.session.commit()
    return None

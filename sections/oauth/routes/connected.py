"""A user's connected apps under /api/auth/connected-apps (extensions.md E5.8), in the auth
envelope: the grants the user gave apps and agents, listed and revoked. API keys and OAuth
tokens reach neither (E2.2's rule: 403 INSUFFICIENT_SCOPE), impersonation sessions revoke
nothing (403 IMPERSONATION_FORBIDDEN)."""
from core.access import guard, login_required, not_impersonated
from core.bearer import current_session
from core.blueprint import ApiBlueprint
from core.db import db
from core.errors import AUTH
from sections.oauth import connected
from sections.oauth.schemas import ConnectedAppListArgs, ConnectedAppPageSchema

blp = ApiBlueprint("oauth_connected", __name__, url_prefix="/api/auth", envelope=AUTH,
                   description="The apps and agents you allowed to act for you "
                               "(extensions.md E5.8)")


@blp.get("/connected-apps")
@blp.doc(operationId="listConnectedApps")
@blp.response(200, ConnectedAppPageSchema)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@blp.arguments(ConnectedAppListArgs, location="query")
def list_connected_apps(args):
    """List the apps and agents you allowed to act for you."""
    page = connected.page(current_session().user_id, args)
    return page.answer([connected.answer(grant, client) for grant, client in page.items])


@blp.delete("/connected-apps/<grant_id>")
@blp.doc(operationId="revokeConnectedApp")
@blp.response(204)
@not_impersonated
@guard("oauth_grant", "revoke", arg="grant_id")
def revoke_connected_app(oauth_grant):
    """Disconnect an app: every token of its grant stops at once."""
    connected.revoke(oauth_grant)
    db.session.commit()
    return None

"""Who sees and changes an app (extensions.md E5.2) and a connected app, a grant (E5.8): its
owner, its user, alone; anyone else's id is 404 like an unknown one, as an account's own
credentials are."""
from core.policy import ADMIN, HOLDER, Caller, base_relations, define
from sections.oauth.models import APP, OAuthClient, OAuthGrant


def owned(app: OAuthClient, who: Caller) -> set[str]:
    found = base_relations(who)
    if who.id is not None and app.kind == APP and app.owner_id == who.id:
        found.add(HOLDER)
    return found


define("oauth_app", OAuthClient, {"see": {HOLDER}, "change": {HOLDER}}, owned, noun="app")


def given(grant: OAuthGrant, who: Caller) -> set[str]:
    found = base_relations(who)
    if who.id is not None and grant.user_id == who.id:
        found.add(HOLDER)
    return found


define("oauth_grant", OAuthGrant, {"see": {HOLDER}, "revoke": {HOLDER}}, given,
       noun="connected app")

# Every client, of every kind, for the platform's admins (E5.2): after roles_required("admin").
define("oauth_client", OAuthClient, {"see": {ADMIN}, "change": {ADMIN}},
       lambda client, who: base_relations(who), noun="OAuth client")

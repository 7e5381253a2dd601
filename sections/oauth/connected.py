"""A user's connected apps (extensions.md E5.8): the grants the user gave clients, listed and
revoked (every token of a grant stops at once: its authorizations and refresh tokens go with
it, and an access token whose authorization is gone is refused, tokens.lookup), the security
log's `oauth_grant` and `oauth_revoke`, the notice of a new grant, the end of an account's
grants when it is banned or deleted (a password change leaves them: separate credentials), and
of those consented through a project's single sign-on when the directory ends the membership.
A grant consented with a project's SSO session is in that project's audit trail (E4.5):
`project.oauth_grant` at each such consent, `project.oauth_revoke` when the grant ends."""
from urllib.parse import urlsplit

from sqlalchemy import delete, select, update

from core import clock, listing, mail
from core.db import db
from sections.audit import service as audit
from sections.auth.services import notices, security_log
from sections.oauth.models import APP, OAuthAuthorization, OAuthClient, OAuthGrant

SORTS = {"createdAt": OAuthGrant.created_at, "lastUsedAt": OAuthGrant.last_used_at}
NOTICE_SUBJECT = "An app was connected to your account"


def host(client: OAuthClient) -> str | None:
    """E5.3's `host`: of the `client_id` URL for a metadata document, else of the client's
    first redirect URI (a grant outlives the request that made it)."""
    if client.kind != APP and client.client_id.startswith("https://"):
        return urlsplit(client.client_id).hostname
    return urlsplit(client.redirect_uris[0]).hostname if client.redirect_uris else None


def answer(grant: OAuthGrant, client: OAuthClient) -> dict:
    return {"id": grant.id,
            "client": {"clientId": client.client_id, "name": client.name,
                       "kind": client.kind, "host": host(client)},
            "scopes": list(grant.scopes), "resources": list(grant.resources),
            "createdAt": grant.created_at, "lastUsedAt": grant.last_used_at}


def page(user_id: str, args: dict) -> listing.Page:
    """The user's grants with their clients: one page query and one count."""
    statement = (select(OAuthGrant, OAuthClient)
                 .join(OAuthClient, OAuthClient.id == OAuthGrant.client_id)
                 .where(OAuthGrant.user_id == user_id))
    count = select(OAuthGrant.id).where(OAuthGrant.user_id == user_id)
    return listing.page(statement, args, SORTS, OAuthGrant.id, scalars=False,
                        count_statement=count)


def revoke(grant: OAuthGrant) -> None:
    """The user ends a grant: it goes with its authorizations and tokens (foreign keys), so
    its access tokens answer 401 on the next request; the caller commits."""
    client = db.session.get(OAuthClient, grant.client_id)
    _remove(grant.user_id, OAuthGrant.id == grant.id)
    security_log.record(grant.user_id, "oauth_revoke",
                        {"clientId": client.client_id, "clientName": client.name})


def end_all(user, actor_id: str | None) -> None:
    """hooks.ACCOUNT_BANNED and hooks.ACCOUNT_GOING: every grant of the account ends (E5.8),
    with every token of them, in the caller's transaction."""
    _remove(actor_id, OAuthGrant.user_id == user.id)


def end_through_project(project_id: str, user_id: str) -> None:
    """hooks.MEMBERSHIP_ENDED: the directory ended the account's membership of the project
    (E4.3), so every grant of the account to which an authorization consented with an SSO
    session of that project belongs ends whole, with every token of it (E5.8), in the
    directory's transaction: a refresh that committed first had its new token taken with the
    grant, one that comes after finds no grant."""
    through = select(OAuthAuthorization.grant_id).where(
        OAuthAuthorization.user_id == user_id, OAuthAuthorization.sso_project_id == project_id)
    _remove(None, OAuthGrant.user_id == user_id, OAuthGrant.id.in_(through))


def _remove(actor_id: str | None, *condition) -> None:
    """The grants matching `condition` end; each project through whose SSO one of them was
    consented gets its `project.oauth_revoke` (actor `actor_id`: the user, the admin who banned
    or deleted the account, or none for the directory)."""
    consented = db.session.execute(
        select(OAuthAuthorization.sso_project_id, OAuthClient.client_id, OAuthClient.name)
        .join(OAuthGrant, OAuthGrant.id == OAuthAuthorization.grant_id)
        .join(OAuthClient, OAuthClient.id == OAuthGrant.client_id)
        .where(*condition, OAuthAuthorization.sso_project_id.is_not(None)).distinct()).all()
    for project_id, client_id, client_name in consented:
        audit.record(actor_id, "project.oauth_revoke", project_id,
                     {"clientId": client_id, "clientName": client_name})
    db.session.execute(delete(OAuthGrant).where(*condition)
                       .execution_options(synchronize_session=False))


def used(grant_id: str) -> None:
    """Tokens were issued from the grant: its `lastUsedAt`."""
    db.session.execute(update(OAuthGrant).where(OAuthGrant.id == grant_id)
                       .values(last_used_at=clock.utcnow())
                       .execution_options(synchronize_session=False))


def granted(user, client: OAuthClient, params: dict, widen,
            sso_project_id: str | None = None) -> OAuthGrant:
    """consent.decide's `allow`: the grant made or widened by `widen(user_id, client, params)`,
    and what E5.8 says of it: `oauth_grant` for a new grant or a wider one, and for a new one
    the notice naming the client, its host and the scopes; consented with an SSO session of a
    project (`sso_project_id`), that project's `project.oauth_grant`. The grant's row is read
    locked first (the lock `widen` takes), so what it held before is what this decision
    widened."""
    before = db.session.execute(select(OAuthGrant.scopes, OAuthGrant.resources).where(
        OAuthGrant.user_id == user.id, OAuthGrant.client_id == client.id)
        .with_for_update()).first()
    grant = widen(user.id, client, params)
    if sso_project_id is not None:
        audit.record(user.id, "project.oauth_grant", sso_project_id, {
            "clientId": client.client_id, "clientName": client.name,
            "scopes": params["scope"].split()})
    if before is not None and set(grant.scopes) <= set(before.scopes) \
            and set(grant.resources) <= set(before.resources):
        return grant  # nothing new was granted
    security_log.record(user.id, "oauth_grant", {
        "clientId": client.client_id, "clientName": client.name, "scopes": list(grant.scopes)})
    if before is None:
        _notify(user, client, grant)
    return grant


def _notify(user, client: OAuthClient, grant: OAuthGrant) -> None:
    """E1.4's notice of a new grant, through the outbox: no token, no secret."""
    if not notices.enabled():
        return
    verified = "" if client.kind == APP else " (not verified by this service)"
    sentence = (f"The app \"{client.name}\"{verified} at {host(client) or 'an unknown host'} "
                f"was allowed to act for your account with the scopes: "
                f"{', '.join(grant.scopes)}. You can disconnect it in your connected apps.")
    mail.send(user.email, NOTICE_SUBJECT, notices.body(sentence))

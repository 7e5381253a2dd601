"""Every client for the platform's admins (extensions.md E5.2's last part): the list of every
kind with its number of live grants (one page query and one count, no query per client), and
an admin's change of its `status` (DISABLED: no code or token, and its tokens stop at once,
tokens.lookup) or `mayIntrospect` (a confidential client that introspects every token), each
an admin audit entry `oauth_client.update`."""
from sqlalchemy import func, select

from core import clock, listing
from core.db import db
from core.outcomes import Invalid
from sections.audit import service as audit
from sections.oauth.models import CONFIDENTIAL, OAuthClient, OAuthGrant

SORTS = {"createdAt": OAuthClient.created_at, "lastUsedAt": OAuthClient.last_used_at}
GRANTS = (select(func.count()).select_from(OAuthGrant)
          .where(OAuthGrant.client_id == OAuthClient.id).correlate(OAuthClient)
          .scalar_subquery().label("grants"))
CHANGEABLE = {"status": "status", "mayIntrospect": "may_introspect"}


def page(args: dict) -> listing.Page:
    """Every client, filtered by `kind`, `status` and `q` (in the name)."""
    conditions = []
    if "kind" in args:
        conditions.append(OAuthClient.kind == args["kind"])
    if "status" in args:
        conditions.append(OAuthClient.status == args["status"])
    if "q" in args:
        conditions.append(listing.contains(OAuthClient.name, args["q"]))
    return listing.page(select(OAuthClient, GRANTS).where(*conditions), args, SORTS,
                        OAuthClient.id, scalars=False,
                        count_statement=select(OAuthClient.id).where(*conditions))


def grants_of(client: OAuthClient) -> int:
    return db.session.execute(select(func.count()).select_from(OAuthGrant)
                              .where(OAuthGrant.client_id == client.id)).scalar_one()


def answer(client: OAuthClient, grants: int) -> dict:
    return {"id": client.id, "clientId": client.client_id, "kind": client.kind,
            "name": client.name, "status": client.status, "mayIntrospect": client.may_introspect,
            "grants": grants, "createdAt": client.created_at, "lastUsedAt": client.last_used_at}


def update(client: OAuthClient, actor_id: str, data: dict) -> OAuthClient:
    """An admin's change; only a confidential client may introspect (E5.5: a public one
    cannot authenticate there). The entry names what changed, from what to what."""
    if data.get("mayIntrospect") and client.type != CONFIDENTIAL:
        raise Invalid("Only a confidential client may introspect", field="mayIntrospect")
    changes = {}
    for key, column in CHANGEABLE.items():
        if key in data and getattr(client, column) != data[key]:
            changes[key] = {"from": getattr(client, column), "to": data[key]}
            setattr(client, column, data[key])
    if changes:
        client.updated_at = clock.utcnow()
        audit.record(actor_id, "oauth_client.update", client.id,
                     {"clientId": client.client_id, "changes": changes})
    return client

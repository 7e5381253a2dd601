"""SCIM tokens (extensions.md E4.3): a project's bearers of the SCIM service. `scim_` and 32
random bytes in base64url; only the SHA-256 is kept, with the first 10 characters (`prefix`).
The token chooses the project; it is a bearer nowhere else (the app's lookup knows no
`scim_` token: 401 as an unknown one)."""
import re
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, or_, select, update

from core import clock, listing, tokens
from core.db import db
from core.outcomes import Conflict, NotFound
from sections.audit import service as audit
from sections.scim.models import ScimToken

PREFIX = "scim_"
TOKEN = re.compile(r"scim_[A-Za-z0-9_-]{43}")
SHOWN = 10
MAX_LIVE = 5
TOUCH_EVERY = timedelta(minutes=1)


@dataclass(frozen=True)
class ScimCredential:
    """The request's SCIM token: its project, and its own rate-limit counter."""

    token_id: str
    project_id: str
    user_id = None  # no account: the directory acts (the log line names none)
    impersonator = None  # never an impersonation (the audit log asks)

    @property
    def rate_key(self) -> str:
        return f"scim:{self.token_id}"

    def check_reach(self, method: str, path: str) -> None:
        """The access step asks every credential (core/access.py): a SCIM token reaches every
        SCIM endpoint, and nothing else (the app's lookup does not know it)."""


def lookup(token: str) -> ScimCredential | None:
    """The credential of a live SCIM token; None for anything else (401). `lastUsedAt` moves
    at most once a minute, by a conditional UPDATE outside the request's transaction."""
    if TOKEN.fullmatch(token) is None:
        return None
    digest = tokens.digest(token)
    with db.engine.connect() as conn:
        row = conn.execute(select(ScimToken.id, ScimToken.project_id, ScimToken.token_hash,
                                  ScimToken.last_used_at)
                           .where(ScimToken.token_hash == digest)).one_or_none()
    if row is None or not tokens.matches(token, row.token_hash):
        return None
    now = clock.utcnow()
    if row.last_used_at is None or now - row.last_used_at >= TOUCH_EVERY:
        with db.engine.begin() as conn:
            conn.execute(update(ScimToken).where(
                ScimToken.id == row.id, or_(ScimToken.last_used_at.is_(None),
                                            ScimToken.last_used_at <= now - TOUCH_EVERY))
                .values(last_used_at=now))
    return ScimCredential(row.id, row.project_id)


def create(project, actor_id: str, name: str) -> tuple[ScimToken, str]:
    """A new token for the project (its row locked by the access step, so two creations count
    the live tokens one after the other): (the row, the token, shown only in this answer)."""
    live = db.session.execute(select(func.count()).select_from(ScimToken)
                              .where(ScimToken.project_id == project.id)).scalar_one()
    if live >= MAX_LIVE:
        raise Conflict(f"A project holds at most {MAX_LIVE} SCIM tokens; revoke one first")
    token = PREFIX + tokens.new_token()
    row = ScimToken(project_id=project.id, name=name, token_hash=tokens.digest(token),
                    prefix=token[:SHOWN], created_at=clock.utcnow())
    db.session.add(row)
    db.session.flush()
    audit.record(actor_id, "project.scim_token_create", project.id,
                 {"scimTokenId": row.id, "name": name})
    return row, token


def page(project_id: str, args: dict) -> listing.Page:
    return listing.page(select(ScimToken).where(ScimToken.project_id == project_id), args,
                        {"createdAt": ScimToken.created_at}, ScimToken.id)


def revoke(project, actor_id: str, token_id: str) -> None:
    deleted = db.session.execute(
        delete(ScimToken).where(ScimToken.id == token_id, ScimToken.project_id == project.id)
        .returning(ScimToken.name).execution_options(synchronize_session=False)).scalar()
    if deleted is None:
        raise NotFound("No such SCIM token")
    audit.record(actor_id, "project.scim_token_revoke", project.id,
                 {"scimTokenId": token_id, "name": deleted})


def answer(row: ScimToken) -> dict:
    return {"id": row.id, "name": row.name, "prefix": row.prefix, "createdAt": row.created_at,
            "lastUsedAt": row.last_used_at}

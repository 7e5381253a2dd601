"""The audit log (resources.md R8, extensions.md E4.5): one entry per successful change, added
to the change's own transaction, so a refused or failed request writes none. Nothing updates or
deletes an entry; the commit chains it (sections/audit/chain.py)."""
import json
from collections.abc import Callable

from flask import has_request_context
from sqlalchemy import select

from core import listing
from core.bearer import current_session
from core.db import db, new_id
from core.fields import utc_iso
from sections.audit import chain
from sections.audit.models import AuditEntry
from sections.auth.models import User

# The vocabulary of R8's table and E4.5, each action declared by the section that writes it
# (`actions`, from its register): action -> (targetType, how the project of a target is found,
# or None for an action that concerns no project).
ACTIONS: dict[str, tuple[str, Callable[[str], str | None] | None]] = {}


class UnknownAction(LookupError):
    """An action recorded that no section declared: a programming error."""

    def __init__(self, action: str):
        super().__init__(f"audit action {action!r} is not declared: the section that records "
                         f"it declares it from its register, e.g. audit.actions({{{action!r}: "
                         f"<its targetType>}})")


def _itself(target_id: str) -> str:
    return target_id


def actions(declared: dict[str, str],
            project_of: Callable[[str], str | None] | None = None) -> None:
    """Declare the actions a section writes, each with its targetType (from the section's
    register; again with the same meaning is a no-op, as every app is made): e.g.
    `audit.actions({"project.domain_add": "project"})`. An entry's projectId (E4.5) is its
    target for targetType `project`, `project_of(target_id)` for a section whose targets belong
    to a project (a review's: its festival's project), and none otherwise."""
    for action, target_type in declared.items():
        find = project_of or (_itself if target_type == "project" else None)
        known = ACTIONS.setdefault(action, (target_type, find))
        if known != (target_type, find):
            raise ValueError(f"audit action {action!r} declared twice with different "
                             f"meanings: {known} and {(target_type, find)}")


def record(actor_id: str | None, action: str, target_id: str, details: dict | None = None):
    """Add an entry for `action` on `target_id` to the current transaction (the caller commits;
    the commit chains it). Written through an impersonation session, its details name the admin
    (extensions.md E2.3: `impersonatedBy`); the actor stays the user. `actor_id` is None for a
    change made by no user (the directory's: its details say which SCIM token)."""
    if action not in ACTIONS:
        raise UnknownAction(action)
    target_type, find = ACTIONS[action]
    details = dict(details or {})
    credential = current_session() if has_request_context() else None
    if credential is not None and credential.impersonator is not None:
        details["impersonatedBy"] = credential.impersonator["id"]
    entry = {"id": new_id(), "actor_id": actor_id, "action": action, "target_type": target_type,
             "target_id": target_id, "project_id": find(target_id) if find else None,
             "details": details}  # numbered, timed and hashed as it is chained (chain.py)
    chain.keep(db.session(), entry)
    return entry


def _listed():
    return select(AuditEntry, User).outerjoin(User, User.id == AuditEntry.actor_id)


# createdAt never goes back along the chain (chain.py): both sorts read the seq indexes.
SORTS = {"createdAt": AuditEntry.seq, "seq": AuditEntry.seq}


def _filtered(statement, args: dict, filters: dict):
    for name, column in filters.items():
        if name in args:
            statement = statement.where(column == args[name])
    return statement


def entries_page(args: dict):
    """The admin's read of the log (R8): newest first unless asked, with each actor (null once
    deleted); filters `actorId`, `action`, `targetId`; sorts createdAt, seq."""
    statement = _filtered(_listed(), args, {"actorId": AuditEntry.actor_id,
                                            "action": AuditEntry.action,
                                            "targetId": AuditEntry.target_id})
    return listing.page(statement, args, SORTS, AuditEntry.seq, scalars=False)


def project_entries_page(project_id: str, args: dict):
    """The project's audit trail (E4.5): the entries whose projectId is the project; filters
    `actorId`, `action`."""
    statement = _filtered(_listed().where(AuditEntry.project_id == project_id), args,
                          {"actorId": AuditEntry.actor_id, "action": AuditEntry.action})
    return listing.page(statement, args, SORTS, AuditEntry.seq, scalars=False)


def entry_answer(entry, actor) -> dict:
    """An entry as answered (an AuditEntry or a row of its columns, and its actor or None)."""
    actor_ref = None if actor is None else {"id": actor.id, "name": actor.name,
                                            "image": actor.image, "email": actor.email}
    return {"id": entry.id, "seq": entry.seq, "actorId": entry.actor_id, "actor": actor_ref,
            "action": entry.action, "targetType": entry.target_type,
            "targetId": entry.target_id, "projectId": entry.project_id,
            "details": entry.details, "createdAt": entry.created_at,
            "prevHash": entry.prev_hash, "hash": entry.hash, "projectSeq": entry.project_seq,
            "projectPrevHash": entry.project_prev_hash, "projectHash": entry.project_hash}


def head() -> dict:
    """The chain's last entry: what an operator records elsewhere (E4.5)."""
    seq, hash_, created_at = chain.head(db.session)
    return {"seq": seq, "hash": hash_, "createdAt": created_at}


def project_head(project_id: str) -> dict:
    """The project's last entry in its own chain: what its customer records elsewhere."""
    last = db.session.execute(chain.project_head_statement(project_id)).first()
    if last is None:
        return {"projectSeq": 0, "projectHash": chain.ZERO, "createdAt": None}
    return {"projectSeq": last.project_seq, "projectHash": last.project_hash,
            "createdAt": last.created_at}


# E4.5: the export escapes the line breaks that JSON leaves raw (with non-ASCII unescaped), so
# that a reader splitting on any line break (Python's str.splitlines, JavaScript's line
# terminators) sees one entry a line. JSON escapes the C0 controls already (\n, \r, \x0b, \x0c,
# \x1c-\x1e among them). An escape parses back to the same character, so every hash, over the
# canonical JSON of the values, still recomputes.
LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})

_ACTOR = (User.id.label("actor_user_id"), User.name.label("actor_name"),
          User.image.label("actor_image"), User.email.label("actor_email"))


def export_lines(project_id: str):
    """The project's entries in `seq` order, one JSON object a line (NDJSON), each as the list
    answers it, with no raw line break inside a line: read by keyset pages of plain rows, so
    memory holds one page at a time."""
    statement = (select(*chain.COLUMNS, *_ACTOR).outerjoin(User, User.id == AuditEntry.actor_id)
                 .where(AuditEntry.project_id == project_id))
    for row in chain.pages(db.session, statement):
        actor = None if row.actor_user_id is None else _Actor(row)
        answer = entry_answer(row, actor)
        answer["createdAt"] = utc_iso(row.created_at)
        line = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
        yield line.translate(LINE_BREAKS) + "\n"


class _Actor:
    """The actor's columns of an exported row, as entry_answer reads a User."""

    def __init__(self, row):
        self.id, self.name = row.actor_id, row.actor_name
        self.image, self.email = row.actor_image, row.actor_email


def record_deletion(user, actor_id: str | None) -> None:
    """An account's deletion (hooks.ACCOUNT_GOING): its `user.delete` entry (R8)."""
    record(actor_id, "user.delete", user.id, {"email": user.email})

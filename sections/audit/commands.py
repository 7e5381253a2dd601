"""`flask --app app audit verify [--head SEQ:HASH]`: the chain recomputed (extensions.md E4.5),
page by page, so a log of any size is checked in constant memory."""
import re
import sys
import time

import click
from flask.cli import AppGroup

from core.db import db
from sections.audit import chain

audit_commands = AppGroup("audit", help="The audit log's hash chain.")
PROGRESS_EVERY = 100_000  # entries between two progress lines (on stderr)


class Broken(Exception):
    """The first entry at which the chain does not hold."""


def verify(session, recorded_head=None, progress=None) -> int:
    """Walk the log in `seq` order, recomputing each hash: the number of entries when the chain
    holds (and contains `recorded_head`, a (seq, hash) recorded earlier); else Broken, naming
    the first entry that does not hold and how far the chain held."""
    # The head answered before the first entry, (0, 64 zeros), holds for any chain.
    expected, prev = 1, chain.ZERO
    head_seen = recorded_head is None or recorded_head == (0, chain.ZERO)
    projects: dict[str, tuple[int, str]] = {}  # each project's chain: its last (seq, hash)
    for row in chain.pages(session):
        held = f"(entries 1 to {expected - 1} hold)" if expected > 1 else "(no entry holds)"
        if row.seq > expected:
            raise Broken(f"entry seq {row.seq} (id {row.id}) follows seq {expected - 1}: "
                         f"seq {expected} is missing, an entry removed {held}")
        if row.seq < expected:
            raise Broken(f"entry seq {row.seq} (id {row.id}) is not a number the chain gives "
                         f"there (seq {expected} is next): an entry inserted {held}")
        if row.prev_hash != prev:
            raise Broken(f"entry seq {row.seq} (id {row.id}): prevHash {row.prev_hash} is not "
                         f"the hash of the entry before it, {prev}: that entry changed, or one "
                         f"was removed or inserted before this one {held}")
        if chain.hash_of(row, prev) != row.hash:
            raise Broken(f"entry seq {row.seq} (id {row.id}): its hash does not match its "
                         f"content: the entry was changed {held}")
        _check_project_link(row, projects, held)
        if recorded_head is not None and row.seq == recorded_head[0]:
            if row.hash != recorded_head[1]:
                raise Broken(f"entry seq {row.seq} (id {row.id}): its hash {row.hash} is not "
                             f"the recorded head's {recorded_head[1]}: the chain was rewritten "
                             f"{held}")
            head_seen = True
        prev, expected = row.hash, expected + 1
        if progress is not None and row.seq % PROGRESS_EVERY == 0:
            progress(row.seq)
    if not head_seen:
        raise Broken(f"the chain ends at seq {expected - 1}, before the recorded head seq "
                     f"{recorded_head[0]}: its tail was cut off (entries 1 to {expected - 1} "
                     f"hold)")
    return expected - 1


def _check_project_link(row, projects: dict, held: str) -> None:
    """The entry's link in its project's own chain (E4.5), after the project's previous one."""
    if row.project_id is None:
        if row.project_seq is not None or row.project_hash is not None:
            raise Broken(f"entry seq {row.seq} (id {row.id}) has no project but a project "
                         f"chain's link: the entry was changed {held}")
        return
    project_seq, prev = projects.get(row.project_id, (0, chain.ZERO))
    if row.project_seq != project_seq + 1 or row.project_prev_hash != prev:
        raise Broken(f"entry seq {row.seq} (id {row.id}): its link in project "
                     f"{row.project_id}'s chain (projectSeq {row.project_seq}) does not follow "
                     f"that project's entry before it (projectSeq {project_seq}): an entry "
                     f"of the project removed or inserted {held}")
    if row.project_hash != chain.project_hash(prev, row.hash):
        raise Broken(f"entry seq {row.seq} (id {row.id}): its projectHash does not match its "
                     f"hash: the entry was changed {held}")
    projects[row.project_id] = (row.project_seq, row.project_hash)


def parse_head(value: str):
    match = re.fullmatch(r"(\d{1,19}):([0-9a-f]{64})", value.strip().lower())  # a BIGINT
    if match is None:
        raise click.BadParameter("SEQ:HASH, e.g. 1042:<64 hex digits> (from GET "
                                 "/api/admin/audit-log/head)")
    return int(match[1]), match[2]


@audit_commands.command("verify")
@click.option("--head", "recorded_head", metavar="SEQ:HASH",
              callback=lambda _ctx, _param, value: None if value is None else parse_head(value),
              help="A head recorded earlier (GET /api/admin/audit-log/head): it must still be "
                   "in the chain, so a cut-off tail is found.")
def verify_command(recorded_head):
    """Recompute the audit log's hash chain: exit 0 and "N entries, chain intact", or exit 1
    naming the first entry that does not hold."""
    started = time.monotonic()

    def progress(seq):
        click.echo(f"... {seq} entries hold ({time.monotonic() - started:.0f} s)", err=True)

    try:
        count = verify(db.session, recorded_head, progress)
    except Broken as broken:
        click.echo(f"chain broken: {broken}")
        sys.exit(1)
    finally:
        db.session.rollback()
    click.echo(f"{count} entries, chain intact")

#!/usr/bin/env python3
"""Check a project's audit trail export (extensions.md E4.5) with nothing but Python 3's
standard library: no database, no configuration, no part of the service.

    python3 scripts/verify_audit_export.py EXPORT [--head PSEQ:PHASH] [--after PSEQ:PHASH]

EXPORT is the file that `GET /api/projects/{id}/audit-log/export` answered (`-` or nothing:
standard input). Each line's `hash` is recomputed from its fields and its `prevHash`, and each
line's `projectHash` from the line before's; the lines must count `projectSeq` 1, 2, 3, ...

- exit 0: `N entries, chain intact`;
- exit 1: the first line that breaks: an entry changed, removed, inserted or moved, an export
  that does not start at the project's first entry (unless `--after` gives the entry before
  its first line), or one that does not hold the head given with `--head` (a cut-off tail);
- exit 2: input that is not an export (a line that is not an entry: its number).

The hash of an entry: lower-case hex SHA-256 of `prevHash` as 32 bytes followed by the
canonical JSON (UTF-8, keys sorted, separators "," and ":", non-ASCII unescaped) of {seq,
actorId, action, targetType, targetId, projectId, details, createdAt}; `actor` (a display copy
of the actor's account) is not hashed. `projectHash`: SHA-256 of `projectPrevHash` as 32 bytes
followed by `hash` as 32 bytes.
"""
import argparse
import hashlib
import json
import re
import sys

HASHED = ("seq", "actorId", "action", "targetType", "targetId", "projectId", "details",
          "createdAt")
ZERO = "0" * 64
HEX64 = re.compile(r"[0-9a-f]{64}")
POSITION = re.compile(r"(\d{1,19}):([0-9a-f]{64})")


class NotAnExport(Exception):
    """Input that is not an export: exit 2."""


class Broken(Exception):
    """The first line at which the chain does not hold: exit 1."""


def position(value: str) -> tuple[int, str]:
    match = POSITION.fullmatch(value.strip().lower())
    if match is None:
        raise argparse.ArgumentTypeError(
            "PSEQ:PHASH, e.g. 42:<64 hex digits> (GET /api/projects/{id}/audit-log/head)")
    return int(match[1]), match[2]


def canonical(fields: dict) -> bytes:
    return json.dumps(fields, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def entry_of(number: int, raw: bytes) -> dict:
    """The line's entry, or NotAnExport saying why."""
    try:
        entry = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise NotAnExport(f"line {number} is not JSON: this is not an audit trail export")
    if not isinstance(entry, dict):
        raise NotAnExport(f"line {number} is not a JSON object: not an audit trail export")
    missing = [name for name in (*HASHED, "prevHash", "hash", "projectSeq", "projectPrevHash",
                                 "projectHash") if name not in entry]
    if missing:
        raise NotAnExport(f"line {number} has no {', '.join(missing)}: not an audit trail "
                          f"export entry")
    for name in ("prevHash", "hash", "projectPrevHash", "projectHash"):
        if not isinstance(entry[name], str) or not HEX64.fullmatch(entry[name]):
            raise NotAnExport(f"line {number}: {name} is not 64 lower-case hex digits")
    for name in ("seq", "projectSeq"):
        if type(entry[name]) is not int:
            raise NotAnExport(f"line {number}: {name} is not an integer")
    return entry


def verify(lines, head=None, after=None) -> int:
    """The number of entries when the export holds; else Broken or NotAnExport."""
    project_seq, prev_link = after or (0, ZERO)
    project_id, head_seen, count = None, head is None, 0
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue  # the trailing newline's empty remainder, a blank line
        entry = entry_of(number, raw)
        count += 1
        where = f"line {number} (seq {entry['seq']}, projectSeq {entry['projectSeq']})"
        held = "(lines before it hold)" if count > 1 else "(no line holds)"
        if project_id is None:
            project_id = entry["projectId"]
        elif entry["projectId"] != project_id:
            raise Broken(f"{where} is of project {entry['projectId']!r}, the lines before "
                         f"of {project_id!r}: an entry inserted from another export {held}")
        hashed = {name: entry[name] for name in HASHED}
        if hashlib.sha256(bytes.fromhex(entry["prevHash"]) + canonical(hashed)
                          ).hexdigest() != entry["hash"]:
            raise Broken(f"{where}: its hash does not match its fields: the entry was "
                         f"changed {held}")
        if entry["projectSeq"] != project_seq + 1:
            if count == 1 and after is None:
                raise Broken(f"{where}: the export starts at projectSeq {entry['projectSeq']}, "
                             f"not 1: entries before it are missing (--after PSEQ:PHASH gives "
                             f"the entry before an export that starts later)")
            what = ("removed before it" if entry["projectSeq"] > project_seq + 1
                    else "inserted, repeated or moved")
            raise Broken(f"{where}: projectSeq {project_seq + 1} was expected: an entry "
                         f"{what} {held}")
        if entry["projectPrevHash"] != prev_link:
            raise Broken(f"{where}: projectPrevHash is not the projectHash of the entry before "
                         f"it: that entry changed, or one was removed or inserted {held}")
        link = hashlib.sha256(bytes.fromhex(prev_link) + bytes.fromhex(entry["hash"])
                              ).hexdigest()
        if entry["projectHash"] != link:
            raise Broken(f"{where}: its projectHash does not match its hash: the entry was "
                         f"changed {held}")
        if head is not None and entry["projectSeq"] == head[0]:
            if link != head[1]:
                raise Broken(f"{where}: its projectHash is not the recorded head's {head[1]}: "
                             f"the trail was rewritten {held}")
            head_seen = True
        project_seq, prev_link = entry["projectSeq"], link
    if head is not None and not head_seen and head != (0, ZERO):
        raise Broken(f"the export ends at projectSeq {project_seq}, before the recorded head "
                     f"projectSeq {head[0]}: its tail was cut off")
    return count


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("export", nargs="?", default="-",
                        help="the export's file (default: standard input)")
    parser.add_argument("--head", type=position, metavar="PSEQ:PHASH",
                        help="a head recorded earlier: the export must hold it")
    parser.add_argument("--after", type=position, metavar="PSEQ:PHASH",
                        help="the entry before the export's first line (an export that "
                             "starts later than the project's first entry)")
    args = parser.parse_args(argv)
    try:
        if args.export == "-":
            count = verify(sys.stdin.buffer, args.head, args.after)
        else:
            with open(args.export, "rb") as export:
                count = verify(export, args.head, args.after)
    except OSError as error:
        print(f"cannot read {args.export}: {error.strerror}", file=sys.stderr)
        return 2
    except NotAnExport as refused:
        print(refused, file=sys.stderr)
        return 2
    except Broken as broken:
        print(f"chain broken: {broken}")
        return 1
    print(f"{count} entries, chain intact")
    return 0


if __name__ == "__main__":
    sys.exit(main())

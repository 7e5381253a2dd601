"""The customer's verifier (scripts/verify_audit_export.py, extensions.md E4.5) on real exports
of a project's trail, as a customer runs it: its own process, the export file, nothing of the
service. Each way of tampering with an export is found with the message the spec names; input
that is not an export is exit 2 with its line, never a traceback; and the project's own chain
holds with two processes writing to one project at once."""
import hashlib
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import requests

from core.db import db
from sections.audit import service as audit
from tests.audit.test_trail import OWNER, export, rename
from tests.factories import make_project

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "scripts" / "verify_audit_export.py"
OTHER_OWNER = "other-owner@example.com"


def verifier(tmp_path, exported: str | bytes, *args, stdin=False):
    """(exit code, stdout, stderr) of the verifier on `exported`."""
    data = exported.encode("utf-8") if isinstance(exported, str) else exported
    path = tmp_path / "trail.ndjson"
    path.write_bytes(data)
    command = [sys.executable, "-I", str(VERIFIER), *(("-",) if stdin else (str(path),)), *args]
    done = subprocess.run(command, input=data if stdin else None, capture_output=True,
                          timeout=120)
    assert b"Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.fixture
def trail(app, client, auth):
    """A project's export of 6 entries, written between another project's entries, and the
    project's head as the API answers it."""
    headers = auth.headers(OWNER)
    other_headers = auth.headers(OTHER_OWNER)
    project = make_project(app, OWNER, name="Apollo")
    other = make_project(app, OTHER_OWNER, name="Gemini")
    for number in range(6):
        rename(client, project, headers, name=f"Apollo {number}")
        rename(client, other, other_headers, name=f"Gemini {number}")
    head = client.get(f"/api/projects/{project}/audit-log/head", headers=headers)
    assert head.status_code == 200, head.get_json()
    return (export(client, project, headers).splitlines(keepends=True), head.get_json()["data"],
            export(client, other, other_headers).splitlines(keepends=True))


def at(head) -> str:
    return f"{head['projectSeq']}:{head['projectHash']}"


def test_an_untouched_export_holds_from_a_file_and_from_standard_input(tmp_path, trail):
    lines, head, _ = trail
    assert head["projectSeq"] == 6 and json.loads(lines[-1])["projectHash"] == head["projectHash"]
    assert verifier(tmp_path, "".join(lines)) == (0, "6 entries, chain intact\n", "")
    assert verifier(tmp_path, "".join(lines), "--head", at(head), stdin=True)[:2] == (
        0, "6 entries, chain intact\n")


def test_a_changed_line_is_found(tmp_path, trail):
    lines, _, _ = trail
    entry = json.loads(lines[2])
    entry["details"]["name"]["to"] = "Apollo 13"
    lines[2] = json.dumps(entry, ensure_ascii=False) + "\n"
    code, out, _ = verifier(tmp_path, "".join(lines))
    assert code == 1 and out.startswith("chain broken: line 3 ") and "changed" in out, out


def test_a_changed_line_hashed_again_is_found_by_the_project_chain(tmp_path, trail):
    lines, _, _ = trail
    entry = json.loads(lines[2])
    entry["details"]["name"]["to"] = "Apollo 13"
    hashed = {name: entry[name] for name in ("seq", "actorId", "action", "targetType",
                                             "targetId", "projectId", "details", "createdAt")}
    body = json.dumps(hashed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    entry["hash"] = hashlib.sha256(bytes.fromhex(entry["prevHash"]) + body.encode()).hexdigest()
    lines[2] = json.dumps(entry, ensure_ascii=False) + "\n"
    code, out, _ = verifier(tmp_path, "".join(lines))
    assert code == 1 and "line 3 " in out and "projectHash" in out, out


@pytest.mark.parametrize("removed, message", [
    (0, "projectSeq 2): the export starts at projectSeq 2, not 1"),
    (3, "projectSeq 5): projectSeq 4 was expected: an entry removed before it"),
])
def test_a_removed_line_is_found(tmp_path, trail, removed, message):
    lines, _, _ = trail
    del lines[removed]
    code, out, _ = verifier(tmp_path, "".join(lines))
    assert code == 1 and out.startswith(f"chain broken: line {removed + 1} (seq "), out
    assert message in out, out


def test_a_removed_last_line_is_found_with_the_recorded_head(tmp_path, trail):
    lines, head, _ = trail
    assert verifier(tmp_path, "".join(lines[:-1]))[:2] == (0, "5 entries, chain intact\n")
    code, out, _ = verifier(tmp_path, "".join(lines[:-1]), "--head", at(head))
    assert code == 1 and "cut off" in out and "projectSeq 6" in out, out
    forged = dict(head, projectHash="a" * 64)  # a head the export does not hold
    code, out, _ = verifier(tmp_path, "".join(lines), "--head", at(forged))
    assert code == 1 and "line 6 " in out and "recorded head" in out, out


@pytest.mark.parametrize("tamper, line", [
    (lambda lines, other: lines[:2] + [lines[1]] + lines[2:], 3),  # duplicated
    (lambda lines, other: [lines[0], lines[2], lines[1], *lines[3:]], 2),  # reordered
    (lambda lines, other: lines[:3] + [other[3]] + lines[3:], 4),  # another project's entry
])
def test_an_inserted_duplicated_or_moved_line_is_found(tmp_path, trail, tamper, line):
    lines, _, other = trail
    code, out, _ = verifier(tmp_path, "".join(tamper(lines, other)))
    assert code == 1 and out.startswith(f"chain broken: line {line} "), out


def test_a_later_part_of_the_trail_holds_after_the_entry_before_it(tmp_path, trail):
    lines, head, _ = trail
    before = json.loads(lines[2])
    after = f"{before['projectSeq']}:{before['projectHash']}"
    assert verifier(tmp_path, "".join(lines[3:]), "--after", after, "--head", at(head))[:2] == (
        0, "3 entries, chain intact\n")
    code, out, _ = verifier(tmp_path, "".join(lines[4:]), "--after", after)
    assert code == 1 and "line 1 " in out and "removed" in out, out


@pytest.mark.parametrize("garbage, message", [
    (b"not json at all\n", "line 3 is not JSON"),
    (b"\xff\xfe\n", "line 3 is not JSON"),
    (b"[1, 2]\n", "line 3 is not a JSON object"),
    (b'{"seq": 1}\n', "line 3 has no actorId"),
    (b"[" * 100_000 + b"\n", "line 3 is not JSON"),
])
def test_input_that_is_not_an_export_is_exit_2_with_its_line(tmp_path, trail, garbage,
                                                               message):
    lines, _, _ = trail
    data = "".join(lines[:2]).encode() + garbage + "".join(lines[2:]).encode()
    code, out, err = verifier(tmp_path, data)
    assert (code, out) == (2, "") and err.strip().startswith(message), err


@pytest.mark.parametrize("argument", ["12", "x:y", f"1:{'g' * 64}", f"-1:{'0' * 64}"])
def test_a_malformed_head_is_exit_2(tmp_path, trail, argument):
    lines, _, _ = trail
    code, out, err = verifier(tmp_path, "".join(lines), "--head", argument)
    assert code == 2 and out == "" and "PSEQ:PHASH" in err, err


def test_a_missing_file_is_exit_2(tmp_path):
    done = subprocess.run([sys.executable, "-I", str(VERIFIER), str(tmp_path / "none")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("cannot read "), done.stderr


# The verifier run in a child that then prints its own peak resident memory (kB).
MEASURED = """import resource, runpy, sys
sys.argv = sys.argv[1:]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as done:
    assert done.code == 0, done.code
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_memory(path) -> tuple[str, int]:
    """(what the verifier printed, its peak resident memory in kB) on the file `path`."""
    done = subprocess.run([sys.executable, "-I", "-c", MEASURED, str(VERIFIER), str(path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    printed, peak = done.stdout.splitlines()
    return printed, int(peak)


def test_an_export_of_100000_entries_is_verified_in_constant_memory(app, client, auth,
                                                                   tmp_path):
    headers = auth.headers(OWNER)
    project = make_project(app, OWNER, name="Apollo")
    with app.app_context():  # the service's own writing, many entries a transaction
        for batch in range(100):
            for number in range(1000):
                audit.record(None, "project.update", project,
                             {"name": {"from": f"n{batch}-{number}", "to": "é ✓"}})
            db.session.commit()
    peaks = {}
    for size in (1000, 100_000):
        path = tmp_path / f"export-{size}.ndjson"
        with client.get(f"/api/projects/{project}/audit-log/export", headers=headers,
                        buffered=False) as response, path.open("wb") as file:
            for number, line in enumerate(response.response, 1):
                file.write(line)
                if number == size:
                    break
        counted, peaks[size] = peak_memory(path)
        assert counted == f"{size} entries, chain intact"
    # A hundred times the lines, the same memory (within a few MB of the interpreter's noise).
    assert peaks[100_000] - peaks[1000] < 8 * 1024, peaks


def test_two_processes_writing_to_one_project_make_its_chain_without_gap_or_fork(start_pair):
    urls = start_pair()
    signed_up = requests.post(f"{urls[0]}/api/auth/sign-up", timeout=30, json={
        "email": "pair-owner@example.com", "password": "correct horse battery staple"})
    token = signed_up.json()["session"]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    project = requests.post(f"{urls[0]}/api/projects", json={"name": "Pair"}, headers=headers,
                            timeout=30).json()["data"]["id"]
    barrier, failures = threading.Barrier(8), []

    def writer(index):
        barrier.wait()
        for number in range(15):
            answer = requests.patch(f"{urls[index % 2]}/api/projects/{project}", timeout=60,
                                    json={"name": f"w{index}-{number}"}, headers=headers)
            if answer.status_code != 200:
                failures.append(answer.text)

    threads = [threading.Thread(target=writer, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    lines = requests.get(f"{urls[1]}/api/projects/{project}/audit-log/export", headers=headers,
                         timeout=60).text.splitlines()
    entries = [json.loads(line) for line in lines]
    updates = [entry for entry in entries if entry["action"] == "project.update"]
    assert len(updates) == 120
    assert [entry["projectSeq"] for entry in entries] == list(range(1, len(entries) + 1))
    for before, entry in zip(entries, entries[1:], strict=False):
        assert entry["projectPrevHash"] == before["projectHash"]
    done = subprocess.run([sys.executable, "-I", str(VERIFIER), "-"], input="\n".join(lines),
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"{len(entries)} entries, chain intact\n")


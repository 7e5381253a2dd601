"""A project's audit trail (extensions.md E4.5) through HTTP: the new entries, the list, the
NDJSON export, the head, and an outsider recomputing every hash from the export with the script
the docs show."""
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PASSWORD
from tests.factories import make_admin, make_project, user_id, verify_email
from tests.http import error

ROOT = Path(__file__).resolve().parents[2]
OWNER, ADMIN, MEMBER, OUTSIDER, ROOT_ADMIN = (
    "owner@example.com", "admin@example.com", "member@example.com", "outsider@example.com",
    "root@example.com")
HASHED = ("seq", "actorId", "action", "targetType", "targetId", "projectId", "details",
          "createdAt")


@pytest.fixture
def crew(app, auth):
    """A project with its owner, an admin and a member; an outsider; a platform admin."""
    headers = {email: auth.headers(email) for email in (OWNER, ADMIN, MEMBER, OUTSIDER,
                                                        ROOT_ADMIN)}
    make_admin(app, ROOT_ADMIN)
    project = make_project(app, OWNER, members=[MEMBER], admins=[ADMIN], name="Apollo")
    return project, headers


def trail(client, project, headers, query=""):
    response = client.get(f"/api/projects/{project}/audit-log{query}", headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def export(client, project, headers) -> str:
    response = client.get(f"/api/projects/{project}/audit-log/export", headers=headers)
    assert response.status_code == 200, response.data
    assert response.mimetype == "application/x-ndjson"
    return response.get_data(as_text=True)


def rename(client, project, headers, **body):
    response = client.patch(f"/api/projects/{project}", json=body, headers=headers)
    assert response.status_code == 200, response.get_json()


def test_an_update_is_audited_with_each_field_changed_and_a_no_op_patch_writes_none(
        app, client, crew):
    project, headers = crew
    rename(client, project, headers[OWNER], name="Apollo", description=None)  # nothing changes
    assert trail(client, project, headers[OWNER])["data"] == []
    rename(client, project, headers[ADMIN], name="Zeus", description="Crème brûlée")
    (entry,) = trail(client, project, headers[OWNER])["data"]
    assert (entry["action"], entry["targetType"], entry["targetId"], entry["projectId"],
            entry["actorId"], entry["seq"]) == ("project.update", "project", project, project,
                                                user_id(app, ADMIN), 1)
    assert entry["details"] == {"name": {"from": "Apollo", "to": "Zeus"},
                                "description": {"from": None, "to": "Crème brûlée"}}
    assert entry["actor"]["email"] == ADMIN
    assert entry["prevHash"] == "0" * 64
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", entry["createdAt"])
    body = json.dumps({key: entry[key] for key in HASHED}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False).encode()
    assert "Crème" in body.decode()  # non-ASCII unescaped, as published
    assert entry["hash"] == hashlib.sha256(bytes(32) + body).hexdigest()


def test_an_accepted_invitation_is_audited_as_a_member_added_via_invitation(
        app, client, auth, crew, mail):
    project, headers = crew
    guest = auth.headers("guest@example.com")
    verify_email(app, "guest@example.com")
    invited = client.post(f"/api/projects/{project}/invitations", headers=headers[OWNER],
                          json={"email": "guest@example.com", "role": "admin"})
    assert invited.status_code == 201, invited.get_json()
    accepted = client.post("/api/invitations/accept", headers=guest,
                           json={"token": mail.last_token("guest@example.com")})
    assert accepted.status_code == 200, accepted.get_json()
    (entry,) = trail(client, project, headers[ADMIN], "?action=project.member_add")["data"]
    guest_id = user_id(app, "guest@example.com")
    assert entry["details"] == {"userId": guest_id, "role": "admin", "via": "invitation"}
    assert (entry["actorId"], entry["projectId"]) == (guest_id, project)


def test_the_trail_is_for_the_owner_and_admins(app, client, crew):
    project, headers = crew
    for email in (OWNER, ADMIN, ROOT_ADMIN):
        assert trail(client, project, headers[email])["meta"]["total"] == 0
        export(client, project, headers[email])
    for path in ("/audit-log", "/audit-log/export"):
        url = f"/api/projects/{project}{path}"
        error(client.get(url, headers=headers[MEMBER]), 403, "FORBIDDEN")
        error(client.get(url, headers=headers[OUTSIDER]), 404, "NOT_FOUND")
        error(client.get(url), 401, "AUTH_ERROR")
        error(client.get(f"/api/projects/{'f' * 32}{path}", headers=headers[OWNER]), 404,
              "NOT_FOUND")
    error(client.get(f"/api/projects/{project}/audit-log?sort=action",
                     headers=headers[OWNER]), 400, "VALIDATION_ERROR")


def test_the_list_holds_the_project_s_entries_with_filters_and_sorts(app, client, crew):
    project, headers = crew
    other = make_project(app, OUTSIDER, name="Other")
    rename(client, project, headers[OWNER], name="One")
    rename(client, other, headers[OUTSIDER], name="Elsewhere")
    rename(client, project, headers[ADMIN], name="Two")
    member = user_id(app, MEMBER)
    assert client.delete(f"/api/projects/{project}/members/{member}",
                         headers=headers[ADMIN]).status_code == 204
    answer = trail(client, project, headers[OWNER], "?sort=seq&order=asc")
    assert [e["seq"] for e in answer["data"]] == [1, 3, 4]
    assert [e["action"] for e in answer["data"]] == ["project.update", "project.update",
                                                     "project.member_remove"]
    assert answer["meta"]["total"] == 3
    newest = trail(client, project, headers[OWNER])["data"]  # createdAt, newest first
    assert {e["seq"] for e in newest} == {1, 3, 4}
    by_admin = trail(client, project, headers[OWNER], f"?actorId={user_id(app, ADMIN)}")
    assert {e["seq"] for e in by_admin["data"]} == {3, 4}
    assert trail(client, project, headers[OWNER], "?action=project.delete")["data"] == []
    paged = trail(client, project, headers[OWNER], "?sort=seq&order=desc&limit=1&page=2")
    assert [e["seq"] for e in paged["data"]] == [3] and paged["meta"]["total"] == 3

    admin_log = client.get("/api/admin/audit-log?sort=seq&order=asc",
                           headers=headers[ROOT_ADMIN]).get_json()["data"]
    assert [e["seq"] for e in admin_log] == [1, 2, 3, 4]
    assert [e["projectId"] for e in admin_log] == [project, other, project, project]
    for before, after in zip(admin_log, admin_log[1:], strict=False):
        assert after["prevHash"] == before["hash"]


def test_user_entries_have_no_project_and_the_actor_id_outlives_the_actor(
        app, client, auth, crew):
    project, headers = crew
    doomed = auth.headers("doomed@example.com")
    doomed_id = user_id(app, "doomed@example.com")
    response = client.delete("/api/auth/user", headers=doomed,
                             json={"password": PASSWORD})
    assert response.status_code in (200, 204), response.get_json()
    log = client.get("/api/admin/audit-log?action=user.delete",
                     headers=headers[ROOT_ADMIN]).get_json()["data"]
    assert [(e["projectId"], e["actorId"], e["actor"]) for e in log] == [
        (None, doomed_id, None)]


def test_the_head_is_the_last_entry(client, crew):
    project, headers = crew
    empty = client.get("/api/admin/audit-log/head", headers=headers[ROOT_ADMIN])
    assert empty.status_code == 200
    assert empty.get_json() == {"data": {"seq": 0, "hash": "0" * 64, "createdAt": None}}
    error(client.get("/api/admin/audit-log/head", headers=headers[OWNER]), 403, "FORBIDDEN")
    error(client.get("/api/admin/audit-log/head"), 401, "AUTH_ERROR")
    rename(client, project, headers[OWNER], name="One")
    rename(client, project, headers[OWNER], name="Two")
    (last, _) = trail(client, project, headers[OWNER], "?sort=seq")["data"]
    head = client.get("/api/admin/audit-log/head", headers=headers[ROOT_ADMIN]).get_json()
    assert head == {"data": {"seq": 2, "hash": last["hash"], "createdAt": last["createdAt"]}}


def run_verifier(tmp_path, exported: str, *args):
    """The customer's verifier (scripts/verify_audit_export.py) on an export, as they run it:
    its own process, the file alone, nothing of the service imported."""
    path = tmp_path / "trail.ndjson"
    path.write_text(exported, encoding="utf-8")
    return subprocess.run([sys.executable, "-I", str(ROOT / "scripts" / "verify_audit_export.py"),
                           str(path), *args], capture_output=True, text=True, timeout=60)


def test_an_outsider_recomputes_every_hash_from_the_export_with_the_verifier(
        app, client, crew, tmp_path):
    project, headers = crew
    other = make_project(app, OUTSIDER, name="Other")
    for name in ("Ünïcode ✓", "Two", "Three"):
        rename(client, project, headers[OWNER], name=name)
        rename(client, other, headers[OUTSIDER], name=name)
    rename(client, project, headers[ADMIN], description="日本語")
    exported = export(client, project, headers[OWNER])
    lines = [json.loads(line) for line in exported.splitlines()]
    assert [e["seq"] for e in lines] == [1, 3, 5, 7]  # seq order, the project's alone
    assert all(e["projectId"] == project for e in lines)
    listed = trail(client, project, headers[OWNER], "?sort=seq&order=asc")["data"]
    assert lines == listed  # each line is the entry as the list answers it
    assert [e["projectSeq"] for e in lines] == [1, 2, 3, 4]  # the project's own chain
    checked = run_verifier(tmp_path, exported)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "4 entries, chain intact"

    # An entry changed in the export is caught.
    tampered = exported.replace("Three", "Thr33", 1)
    refused = run_verifier(tmp_path, tampered)
    assert refused.returncode == 1 and "line 3" in refused.stdout, refused.stdout
    assert "changed" in refused.stdout



# Every character Python's str.splitlines breaks a line at; JSON escapes the C0 ones itself.
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def test_the_export_holds_one_entry_a_line_whatever_line_breaks_its_values_hold(
        app, client, crew, tmp_path):
    project, headers = crew
    names = [f"Line {i}{char}break" for i, char in enumerate(LINE_BREAKS)]
    for name in names:
        rename(client, project, headers[OWNER], name=name)
    rename(client, project, headers[OWNER], description=f"All{LINE_BREAKS}at once")
    exported = export(client, project, headers[OWNER])
    lines = exported.splitlines()
    assert len(lines) == len(names) + 1  # one entry a line, split at any line break
    entries = [json.loads(line) for line in lines]
    assert [entry["details"]["name"]["to"] for entry in entries[:-1]] == names
    assert entries[-1]["details"]["description"]["to"] == f"All{LINE_BREAKS}at once"
    assert entries == trail(client, project, headers[OWNER], "?sort=seq&order=asc")["data"]
    for char, escape in (("\u2028", "\\u2028"), ("\u2029", "\\u2029"), ("\x85", "\\u0085")):
        assert char not in exported and escape in exported  # E4.5's escapes
    checked = run_verifier(tmp_path, exported)
    assert (checked.returncode, checked.stdout.strip()) == (
        0, f"{len(entries)} entries, chain intact"), checked.stderr
    verified = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert (verified.exit_code, verified.output) == (0, f"{len(entries)} entries, chain intact\n")


def test_the_openapi_document_describes_the_trail_the_export_and_the_head(client):
    document = client.get("/api/openapi.json").get_json()
    paths = document["paths"]
    export_doc = paths["/api/projects/{project_id}/audit-log/export"]["get"]
    assert export_doc["operationId"] == "exportProjectAuditLog"
    assert "application/x-ndjson" in export_doc["responses"]["200"]["content"]
    assert {"401", "403", "404"} <= set(export_doc["responses"])
    assert paths["/api/projects/{project_id}/audit-log"]["get"]["operationId"] == \
        "listProjectAuditLog"
    assert paths["/api/admin/audit-log/head"]["get"]["operationId"] == "getAuditLogHead"
    sorts = [p for p in paths["/api/admin/audit-log"]["get"]["parameters"] if p["name"] == "sort"]
    assert "seq" in sorts[0]["schema"]["enum"]

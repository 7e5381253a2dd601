"""The chain itself (extensions.md E4.5): numbers taken at the commit, none by a transaction or
savepoint that rolls back; one chain under concurrent writes (SQLite, threads of one waitress
server); `flask --app app audit verify` finding an entry changed, removed or inserted, and a
cut-off tail with `--head`."""
import pytest
import requests
from sqlalchemy import delete, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core.db import db
from sections.audit import chain as audit_chain
from sections.audit import service as audit
from sections.audit.models import AuditEntry
from sections.auth.models import User
from sections.projects.models import Project
from tests.factories import make_project, user_id
from tests.parallel import run_at_once

OWNER = "owner@example.com"


def chain(app) -> list[tuple]:
    with app.app_context():
        return db.session.execute(select(AuditEntry.seq, AuditEntry.prev_hash, AuditEntry.hash)
                                  .order_by(AuditEntry.seq)).all()


def verify(app, *args):
    result = app.test_cli_runner().invoke(args=["audit", "verify", *args])
    return result.exit_code, result.output


@pytest.fixture
def project(app, auth):
    headers = auth.headers(OWNER)
    return make_project(app, OWNER, name="Apollo"), headers


def test_a_rolled_back_transaction_or_savepoint_takes_no_number(app, project):
    project_id, _ = project
    owner = user_id(app, OWNER)
    with app.app_context():
        audit.record(owner, "project.update", project_id, {"name": {"from": "a", "to": "b"}})
        db.session.rollback()  # the change failed: its entry goes with it
        with db.session.begin_nested():
            audit.record(owner, "project.update", project_id, {"kept": True})
        savepoint = db.session.begin_nested()
        audit.record(owner, "project.update", project_id, {"dropped": True})
        savepoint.rollback()
        db.session.commit()
        # A commit that fails after the entry was numbered: nothing stays, no number is lost.
        audit.record(owner, "project.update", project_id, {"failed": True})
        db.session.add(User(id=owner, email="clash@example.com"))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
        audit.record(owner, "project.update", project_id, {"second": True})
        db.session.commit()
        kept = db.session.execute(select(AuditEntry.seq, AuditEntry.details)
                                  .order_by(AuditEntry.seq)).all()
    assert [tuple(row) for row in kept] == [(1, {"kept": True}), (2, {"second": True})]
    assert verify(app) == (0, "2 entries, chain intact\n")


def test_one_transaction_continues_each_of_its_projects_chains(app, project):
    """The heads of every project a transaction writes to are read under the lock at once."""
    first, _ = project
    owner = user_id(app, OWNER)
    second = make_project(app, OWNER, name="Gemini")
    with app.app_context():
        audit.record(owner, "project.update", first, {"round": 1})
        db.session.commit()
        for round_ in (2, 3):
            audit.record(owner, "project.update", first, {"round": round_})
            audit.record(owner, "user.update", owner, {"round": round_})  # no project
            audit.record(owner, "project.update", second, {"round": round_})
            db.session.commit()
        rows = db.session.execute(select(AuditEntry.project_id, AuditEntry.project_seq)
                                  .where(AuditEntry.project_id.is_not(None))
                                  .order_by(AuditEntry.seq)).all()
    assert [seq for project_id, seq in rows if project_id == first] == [1, 2, 3]
    assert [seq for project_id, seq in rows if project_id == second] == [1, 2]
    exit_code, output = verify(app)
    assert exit_code == 0, output


def test_entries_that_cannot_be_inserted_fail_the_commit_and_leave_nothing(app, project):
    """The entries go in with the COMMIT (on PostgreSQL one query, perf/audit_driver.py): if
    their insert fails, nothing of the transaction stays, the error is SQLAlchemy's as for any
    statement, the connection goes back to the pool clean and the next write chains on."""
    project_id, _ = project
    owner = user_id(app, OWNER)
    with app.app_context():
        audit.record(owner, "project.update", project_id, {"first": True})
        db.session.commit()
        taken = db.session.execute(select(AuditEntry.id)).scalar_one()
        db.session.get(Project, project_id).name = "Never"
        audit_chain.keep(db.session(), {"id": taken, "actor_id": owner,
                                        "action": "project.update", "target_type": "project",
                                        "target_id": project_id, "project_id": project_id,
                                        "details": {}})  # its id is the first entry's
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
        db.session.remove()
    for _ in range(3):  # whichever pooled connection each takes
        with app.app_context():
            assert db.session.get(Project, project_id).name == "Apollo"
            audit.record(owner, "project.update", project_id, {"next": True})
            db.session.commit()
    assert [row.seq for row in chain(app)] == [1, 2, 3, 4]
    assert verify(app) == (0, "4 entries, chain intact\n")


def test_a_session_not_made_by_the_app_s_db_is_not_chained(app, project):
    """The chain's listeners are on the app's `db.session` alone: a session made another way
    (a script's, a library's), even on the app's own engine, commits as SQLAlchemy commits it,
    what it holds in `info` untouched and nothing appended to the log."""
    project_id, _ = project
    entry = {"id": "e" * 32, "actor_id": None, "action": "project.update",
             "target_type": "project", "target_id": project_id, "project_id": project_id,
             "details": {}}
    with app.app_context():
        other = Session(db.engine)
        audit_chain.keep(other, entry)
        other.commit()
        assert [kept for kept, _ in other.info[audit_chain.KEPT]] == [entry]
        other.close()
        assert db.session.execute(select(AuditEntry.id)).all() == []
    assert verify(app) == (0, "0 entries, chain intact\n")


def test_concurrent_audited_writes_on_sqlite_make_one_chain(app, project, live_server):
    project_id, headers = project

    def renamer(round_):
        return lambda i: requests.patch(f"{live_server}/api/projects/{project_id}",
                                        json={"name": f"Name {round_}.{i}"}, headers=headers,
                                        timeout=60).status_code

    for round_ in range(2):
        codes = run_at_once(8, renamer(round_))
        assert codes == [200] * 8, codes
    seqs = [row.seq for row in chain(app)]
    assert seqs == list(range(1, 17))
    assert verify(app) == (0, "16 entries, chain intact\n")


def write_entries(app, client, project_id, headers, count):
    for i in range(count):
        response = client.patch(f"/api/projects/{project_id}", json={"name": f"Name {i}"},
                                headers=headers)
        assert response.status_code == 200


def head_of(app):
    seq, _, hash_ = chain(app)[-1]
    return f"{seq}:{hash_}"


def test_verify_finds_an_entry_changed(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 5)
    assert verify(app) == (0, "5 entries, chain intact\n")
    with app.app_context():
        db.session.execute(update(AuditEntry).where(AuditEntry.seq == 3)
                           .values(details={"name": {"from": "x", "to": "y"}}))
        db.session.commit()
    code, output = verify(app)
    assert code == 1
    assert "entry seq 3" in output and "changed" in output and "entries 1 to 2 hold" in output


def test_verify_finds_an_entry_changed_and_rehashed(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 4)
    with app.app_context():
        entry = db.session.execute(select(AuditEntry).where(AuditEntry.seq == 2)).scalar_one()
        entry.details = {"name": {"from": "x", "to": "y"}}
        from sections.audit.chain import hash_of
        entry.hash = hash_of(entry, entry.prev_hash)  # the rewriter hashes it again
        db.session.commit()
    code, output = verify(app)  # its project's link is over the old hash
    assert code == 1 and "entry seq 2" in output and "projectHash" in output, output
    with app.app_context():  # and with that link made again too, the next entry's prevHash
        entry = db.session.execute(select(AuditEntry).where(AuditEntry.seq == 2)).scalar_one()
        from sections.audit.chain import project_hash
        entry.project_hash = project_hash(entry.project_prev_hash, entry.hash)
        db.session.commit()
    code, output = verify(app)
    assert code == 1 and "entry seq 3" in output and "prevHash" in output, output


def test_verify_finds_an_entry_removed(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 5)
    with app.app_context():
        db.session.execute(delete(AuditEntry).where(AuditEntry.seq == 2))
        db.session.commit()
    code, output = verify(app)
    assert code == 1
    assert "seq 2 is missing" in output and "removed" in output and "entries 1 to 1" in output


def test_verify_finds_an_entry_inserted(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 4)
    with app.app_context():
        # Room made after seq 2, and a well-hashed entry put there: the next one's prevHash
        # no longer holds.
        db.session.execute(text("UPDATE audit_log SET seq = seq + 100 WHERE seq > 2"))
        db.session.execute(text("UPDATE audit_log SET seq = seq - 99 WHERE seq > 100"))
        db.session.commit()
        prev = db.session.execute(select(AuditEntry.hash).where(AuditEntry.seq == 2)).scalar()
        forged = AuditEntry(id="f" * 32, seq=3, actor_id=None, action="project.update",
                            target_type="project", target_id=project_id, project_id=project_id,
                            details={"forged": True},
                            created_at=db.session.execute(select(AuditEntry.created_at)
                                                          .limit(1)).scalar(),
                            prev_hash=prev, hash="0" * 64)
        from sections.audit.chain import hash_of
        forged.hash = hash_of(forged, prev)
        db.session.add(forged)
        db.session.commit()
    code, output = verify(app)  # it has no link in its project's chain: found at once
    assert code == 1 and "entry seq 3" in output and "inserted" in output, output
    assert "entries 1 to 2 hold" in output
    with app.app_context():  # linked as the project's third entry, the real third moved on
        db.session.execute(text("UPDATE audit_log SET project_seq = project_seq + 100 "
                                "WHERE seq > 3"))
        forged = db.session.get(AuditEntry, "f" * 32)
        before = db.session.execute(select(AuditEntry).where(AuditEntry.seq == 2)).scalar_one()
        from sections.audit.chain import project_hash
        forged.project_seq, forged.project_prev_hash = 3, before.project_hash
        forged.project_hash = project_hash(before.project_hash, forged.hash)
        db.session.commit()
    code, output = verify(app)  # then the next entry's prevHash does not hold
    assert code == 1 and "entry seq 4" in output and "prevHash" in output, output
    assert "entries 1 to 3 hold" in output


@pytest.mark.parametrize("seq", [0, -1])
def test_verify_finds_an_entry_inserted_below_the_first(app, client, project, seq):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 2)
    with app.app_context():
        db.session.add(AuditEntry(id="f" * 32, seq=seq, actor_id=None, action="project.update",
                                  target_type="project", target_id=project_id,
                                  project_id=project_id, details={"forged": True},
                                  created_at=db.session.execute(select(AuditEntry.created_at)
                                                                .limit(1)).scalar(),
                                  prev_hash="0" * 64, hash="0" * 64))
        db.session.commit()
    code, output = verify(app)
    assert code == 1 and f"entry seq {seq} (id {'f' * 32})" in output, output
    assert "inserted" in output and "no entry holds" in output


def test_verify_with_the_recorded_head_finds_a_cut_off_tail(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 5)
    recorded = head_of(app)
    assert verify(app, "--head", recorded) == (0, "5 entries, chain intact\n")
    write_entries(app, client, project_id, headers, 2)  # the log grows after the recording
    assert verify(app, "--head", recorded) == (0, "7 entries, chain intact\n")
    with app.app_context():
        db.session.execute(delete(AuditEntry).where(AuditEntry.seq >= 4))
        db.session.commit()
    assert verify(app) == (0, "3 entries, chain intact\n")  # a lost tail alone looks intact
    code, output = verify(app, "--head", recorded)
    assert code == 1
    assert "ends at seq 3" in output and "recorded head seq 5" in output and "cut" in output


def test_verify_with_a_head_that_is_not_in_the_chain_fails(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 3)
    code, output = verify(app, "--head", "2:" + "ab" * 32)
    assert code == 1 and "entry seq 2" in output and "recorded head" in output
    for nonsense in ("nonsense", "1" * 5000 + ":" + "0" * 64):
        code, output = verify(app, "--head", nonsense)
        assert code == 2 and "SEQ:HASH" in output


def test_verify_an_empty_log(app):
    assert verify(app) == (0, "0 entries, chain intact\n")
    # The head the service answers before the first entry holds, for any chain.
    assert verify(app, "--head", "0:" + "0" * 64) == (0, "0 entries, chain intact\n")


def test_the_head_before_the_first_entry_holds_for_a_longer_chain(app, client, project):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 2)
    assert verify(app, "--head", "0:" + "0" * 64) == (0, "2 entries, chain intact\n")
    code, output = verify(app, "--head", "0:" + "ab" * 32)
    assert code == 1 and "recorded head seq 0" in output


def test_an_entry_is_never_timed_before_the_last_one(app, client, project, clock):
    project_id, headers = project
    write_entries(app, client, project_id, headers, 1)
    clock.advance(minutes=-5)  # the server's clock stepped back (a correction, another host)
    assert client.patch(f"/api/projects/{project_id}", json={"name": "Later"},
                        headers=headers).status_code == 200
    with app.app_context():
        first, second = db.session.execute(select(AuditEntry.created_at)
                                           .order_by(AuditEntry.seq)).scalars()
    assert second == first
    assert verify(app) == (0, "2 entries, chain intact\n")


@pytest.mark.parametrize("name", ["\\u0001 \"\\u0002\" \\", "\"\\u0002\"", "Crème \\\\u0001"])
def test_values_that_look_like_where_seq_and_created_at_go_are_hashed_as_published(
        app, client, project, name):
    project_id, headers = project
    for body in ({"name": name}, {"description": name}, {"name": "Plain"}):
        assert client.patch(f"/api/projects/{project_id}", json=body,
                            headers=headers).status_code == 200
    assert verify(app) == (0, "3 entries, chain intact\n")

"""One chain however many processes write (extensions.md E4.5): two waitress processes on one
PostgreSQL database, audited writes released together on both, then the whole log read back and
verified by the operator's command."""
import requests
from sqlalchemy import text

from bench.cluster import engine
from tests.commands import run_flask
from tests.http import new_email, sign_up_at
from tests.parallel import run_at_once

ROUNDS, AT_ONCE = 4, 12


def test_two_processes_writing_at_once_make_one_chain_without_gap_or_fork(start_pair, database):
    first, second = start_pair()
    with engine(database).begin() as conn:  # the module's database: earlier tests' entries
        before = conn.execute(text("SELECT count(*) FROM audit_log")).scalar()
    owners = []
    for server in (first, second):
        token = sign_up_at(server, new_email())["session"]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        created = requests.post(f"{server}/api/projects", json={"name": "Race"},
                                headers=headers, timeout=30)
        assert created.status_code == 201, created.text
        owners.append((headers, created.json()["data"]["id"]))

    def renamer(round_):
        def rename(i):
            server = (first, second)[i % 2]
            headers, project = owners[(i // 2) % 2]  # both projects through both processes
            return requests.patch(f"{server}/api/projects/{project}",
                                  json={"name": f"Race {round_}.{i}"}, headers=headers,
                                  timeout=60).status_code
        return rename

    for round_ in range(ROUNDS):
        codes = run_at_once(AT_ONCE, renamer(round_))
        assert codes == [200] * AT_ONCE, codes

    with engine(database).begin() as conn:
        seqs = conn.execute(text("SELECT seq FROM audit_log ORDER BY seq")).scalars().all()
        written = conn.execute(text(
            "SELECT count(*) FROM audit_log WHERE action = 'project.update' AND project_id IN "
            "(:a, :b)"), {"a": owners[0][1], "b": owners[1][1]}).scalar()
    assert written == ROUNDS * AT_ONCE
    assert seqs == list(range(1, before + ROUNDS * AT_ONCE + 1))  # no gap, no fork
    checked = run_flask("audit", "verify", SECRET_KEY="x", DATABASE_URL=database)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip() == f"{len(seqs)} entries, chain intact"

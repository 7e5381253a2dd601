"""The project read of a request that writes nothing (perf/prepared.py) hands the view what the
request's own read hands it: a Project, with the same values, whoever asks."""
import pytest
from sqlalchemy import event

from core import policy
from core.db import db
from core.outcomes import NotFound
from sections.projects import service as projects
from sections.projects.models import Project
from tests.conftest import PASSWORD
from tests.factories import make_admin, make_project

OWNER, MEMBER, ADMIN, OUTSIDER = ("owner@example.com", "member@example.com",
                                  "admin@example.com", "outsider@example.com")
SEEN = ("id", "name", "description", "created_at", "updated_at", "owner_id", "owner_name",
        "owner_image", "owner_email", "role", "member_count")


@pytest.mark.parametrize("perf_off", ["", "held_sqlite"])
def test_the_committed_read_is_the_transactions_read(make_app, perf_off):
    app = make_app(PERF_OFF=perf_off)
    client = app.test_client()
    headers = {}
    for email in (OWNER, MEMBER, ADMIN, OUTSIDER):
        token = client.post("/api/auth/sign-up", json={
            "email": email, "password": PASSWORD}).get_json()
        headers[email] = {"Authorization": f"Bearer {token['session']['token']}"}
    make_admin(app, ADMIN)
    project = make_project(app, OWNER, members=[MEMBER], name="Apollo")
    for email in (OWNER, MEMBER, ADMIN):
        with app.test_request_context(headers=headers[email]):
            who = policy.caller()
            committed = projects.find(project, who, committed=True)
            own = projects.find(project, who)
            assert type(committed) is type(own) is Project
            assert [getattr(committed, key) for key in SEEN] == \
                   [getattr(own, key) for key in SEEN]
            assert own.member_count == 2 and own.owner_email == OWNER
    with app.test_request_context(headers=headers[OUTSIDER]):
        for committed in (True, False):
            with pytest.raises(NotFound, match="No such project"):
                projects.find(project, policy.caller(), committed=committed)


def test_a_locked_read_reads_the_row_again_for_update(app, auth):
    headers = auth.headers(OWNER)
    project = make_project(app, OWNER)
    sent = []
    with app.test_request_context(method="PATCH", headers=headers):
        record = lambda *args: sent.append(args[2])  # noqa: E731  (the statement)
        event.listen(db.engine, "before_cursor_execute", record)
        try:
            locked = projects.find(project, policy.caller(), "change", lock=True)
        finally:
            event.remove(db.engine, "before_cursor_execute", record)
        assert type(locked) is Project and locked.role == "owner"
    # The project's reads (with its owner's membership), not the mail sender's reads nor the
    # caller's gates (sections/projects/rules.py `held_out`).
    sent = [sql for sql in sent if "FROM projects" in sql and "owner_membership" in sql]
    assert len(sent) == 2  # read and checked, then read again locked
    # SQLite has one writer and no FOR UPDATE.
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        assert "FOR UPDATE OF projects" in sent[1] and "FOR UPDATE" not in sent[0]


def test_a_locked_read_is_never_a_committed_one(app):
    with app.test_request_context(), pytest.raises(ValueError):
        projects.find("x" * 32, policy.ANONYMOUS, lock=True, committed=True)

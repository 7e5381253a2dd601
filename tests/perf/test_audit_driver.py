"""Piece `audit_driver` (perf/audit_driver.py): the audit chain's locked read and its insert at
psycopg itself on PostgreSQL make the chain SQLAlchemy's path makes. Two apps on one database,
one with the piece and one without, write in turn into one chain: every entry numbered after
the other app's, each project's own chain too, and an insert that fails leaves nothing on either
path. (On SQLite the piece does not apply: both apps take SQLAlchemy's path.)"""
import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core.db import db
from sections.audit import chain
from sections.audit import service as audit
from sections.audit.models import AuditEntry
from sections.projects.models import Project
from tests.factories import make_project, user_id

OWNER = "owner@example.com"


def test_both_paths_write_one_chain(make_app, auth):
    auth.headers(OWNER)  # the account, through the default app
    with_piece, without = make_app(), make_app(PERF_OFF="audit_driver")
    with without.app_context():
        created = len(db.session.execute(select(AuditEntry.seq)).all())  # the sign-up's
    project_id = make_project(with_piece, OWNER, name="Apollo")
    owner = user_id(with_piece, OWNER)
    for round_ in range(3):
        for app in (with_piece, without):
            with app.app_context():
                audit.record(owner, "project.update", project_id, {"round": round_})
                audit.record(owner, "user.update", owner, {"round": round_})  # no project
                db.session.commit()
                taken = db.session.execute(select(AuditEntry.id).limit(1)).scalar_one()
                db.session.get(Project, project_id).name = "Never"
                chain.keep(db.session(), {"id": taken, "actor_id": owner,
                                          "action": "project.update", "target_type": "project",
                                          "target_id": project_id, "project_id": project_id,
                                          "details": {}})  # its id is taken: the insert fails
                with pytest.raises(IntegrityError):
                    db.session.commit()
                db.session.rollback()
                db.session.remove()
    with without.app_context():
        rows = db.session.execute(select(AuditEntry.seq, AuditEntry.project_seq)
                                  .order_by(AuditEntry.seq)).all()
        assert db.session.get(Project, project_id).name == "Apollo"
    assert [row.seq for row in rows] == list(range(1, created + 12 + 1))
    assert [row.project_seq for row in rows if row.project_seq] == list(range(1, 6 + 1))
    for app in (with_piece, without):
        result = app.test_cli_runner().invoke(args=["audit", "verify"])
        assert (result.exit_code, result.output) == (0, f"{created + 12} entries, chain intact\n")

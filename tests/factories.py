"""Rows that tests need as a starting point, written straight to the database (the behaviour
under test still goes through HTTP): admins, verified addresses, projects with members; and
rows read back from it: counts, memberships, the audit log."""
from sqlalchemy import func, select

from core.db import db
from sections.audit.models import AuditEntry
from sections.auth.models import SecurityEvent, User
from sections.projects.models import ADMIN, MEMBER, OWNER, Membership, Project


def user_id(app, email: str) -> str:
    with app.app_context():
        return db.session.execute(select(User.id).where(User.email == email)).scalar_one()


def update_user(app, email: str, **values) -> None:
    with app.app_context():
        user = db.session.execute(select(User).where(User.email == email)).scalar_one()
        for name, value in values.items():
            setattr(user, name, value)
        db.session.commit()


def make_admin(app, email: str) -> None:
    update_user(app, email, role="admin")


def verify_email(app, email: str) -> None:
    update_user(app, email, email_verified=True)


def make_project(app, owner_email: str, members=(), name="Project", admins=()) -> str:
    """A project owned by `owner_email` with `members` and `admins` (e-mails) in it; returns
    its id."""
    with app.app_context():
        ids = dict(db.session.execute(select(User.email, User.id).where(
            User.email.in_([owner_email, *members, *admins]))).all())
        project = Project(name=name)
        db.session.add(project)
        db.session.flush()
        db.session.add(Membership(project_id=project.id, user_id=ids[owner_email], role=OWNER))
        for email in members:
            db.session.add(Membership(project_id=project.id, user_id=ids[email], role=MEMBER))
        for email in admins:
            db.session.add(Membership(project_id=project.id, user_id=ids[email], role=ADMIN))
        db.session.commit()
        return project.id


def count(app, model, *where) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(model).where(*where)).scalar()


def members_of(app, project) -> dict:
    """The project's members: user id to role."""
    with app.app_context():
        return dict(db.session.execute(select(Membership.user_id, Membership.role).where(
            Membership.project_id == project)).all())


def audit_entries(app, action=None) -> list[tuple]:
    """The audit log in order, each entry as (actor, action, target type, target id, details)."""
    with app.app_context():
        query = select(AuditEntry).order_by(AuditEntry.created_at)
        if action:
            query = query.where(AuditEntry.action == action)
        return [(e.actor_id, e.action, e.target_type, e.target_id, e.details)
                for e in db.session.execute(query).scalars()]


def security_events(app, email, type_) -> list[dict]:
    """The details of `email`'s security events of type `type_`, oldest first."""
    with app.app_context():
        return [e.details for e in db.session.execute(
            select(SecurityEvent).join(User, User.id == SecurityEvent.user_id)
            .where(User.email == email, SecurityEvent.type == type_)).scalars()]

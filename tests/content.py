"""Set-up shared by the content tests (articles, festivals, reviews): a project with its owner,
two members (one writes), an outsider and an admin, each with bearer headers."""
from dataclasses import dataclass, field

import pytest
from sqlalchemy import delete

from core.db import db
from sections.auth.models import User
from sections.auth.services import sessions
from sections.projects.models import Membership
from tests.conftest import ISSUED_SECRETS
from tests.factories import make_project, user_id

DEAD = {"Authorization": "Bearer not-a-live-token"}
ROLES = ("owner", "author", "member", "outsider", "admin")
BAD_BODIES = [[], "text", 5, None, [{"title": "x"}]]


@dataclass
class Crew:
    app: object
    project: str
    headers: dict = field(default_factory=dict)
    ids: dict = field(default_factory=dict)

    def __getitem__(self, role):
        return self.headers[role] if role != "anonymous" else {}

    def leave(self, role):
        """The user stops being a member (rows written directly: R3 is another section)."""
        with self.app.app_context():
            db.session.execute(delete(Membership).where(Membership.user_id == self.ids[role]))
            db.session.commit()

    def delete_user(self, role):
        with self.app.app_context():
            db.session.execute(delete(User).where(User.id == self.ids[role]))
            db.session.commit()


def signed_in_user(app, email: str, verified=True, role="user") -> dict:
    """A user with a live session, written directly (sign-up's own flow is tested elsewhere;
    going through it here would send five e-mails per test)."""
    with app.app_context():
        user = User(email=email, password_hash="-", email_verified=verified, role=role)
        db.session.add(user)
        issued = sessions.create(user)
        db.session.commit()
    ISSUED_SECRETS.add(issued.token)
    return {"Authorization": f"Bearer {issued.token}"}


@pytest.fixture
def crew(app):
    headers = {role: signed_in_user(app, f"{role}@example.com",
                                    role="admin" if role == "admin" else "user")
               for role in ROLES}
    project = make_project(app, "owner@example.com",
                           members=["author@example.com", "member@example.com"])
    ids = {role: user_id(app, f"{role}@example.com") for role in ROLES}
    return Crew(app, project, headers, ids)


def walk(client, path, headers=None, limit=7):
    """Every item of a list, page by page; checks meta on the way."""
    seen, page = [], 1
    while True:
        sep = "&" if "?" in path else "?"
        body = client.get(f"{path}{sep}page={page}&limit={limit}", headers=headers).get_json()
        seen += body["data"]
        if page >= body["meta"]["pages"]:
            assert len(seen) == body["meta"]["total"]
            assert len({item["id"] for item in seen}) == len(seen)
            return seen
        page += 1

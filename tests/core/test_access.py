"""The access declarations (core/access.py, core/policy.py): what a refusal says, and the same
answers whatever order the declarations are written in."""
import pytest
from marshmallow import Schema, fields

from core import access, policy
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import Identifier
from sections.auth.models import User
from sections.auth.services import sessions
from tests.factories import make_project


@pytest.fixture
def kinds(app):
    return dict(policy.KINDS)  # every section's kinds, defined when the app was built


def test_every_kind_is_named_in_words_in_its_refusals(kinds):
    assert {"project", "festival_registrations", "api_key", "session", "passkey"} <= set(kinds)
    for name, kind in kinds.items():
        said = [kind.not_found().message] + [kind.forbidden(action).message
                                            for action in kind.rules if action != "see"]
        assert not [message for message in said if "_" in message], name


def test_a_kind_whose_names_are_not_words_is_refused():
    with pytest.raises(ValueError):
        policy.define("odd", object, {"see": set(), "do_this": set()}, None, noun="odd")
    with pytest.raises(ValueError):
        policy.define("odd", object, {"see": set()}, None, noun="odd_thing")
    assert "odd" not in policy.KINDS


ACCESS = {  # every access declaration a view may stack, each a decorator
    "login": lambda view: access.login_required(view),
    "impersonation": lambda view: access.not_impersonated(view),
    "email": lambda view: access.verified_email_required("test")(view),
    "body": lambda view: access.body_names("projectId", "project")(view),
}
ORDERS = [("login", "impersonation", "email", "body", "schema"),
          ("schema", "body", "email", "impersonation", "login"),
          ("email", "schema", "login", "body", "impersonation")]


class Body(Schema):
    projectId = Identifier(required=True)
    n = fields.Integer(required=True)


def stacked(blp, order):
    """A view under `order`'s declarations (the first written on top), and the body's schema."""
    def view(data, project):
        return {"project": project.id, "n": data["n"]}

    view.__name__ = "_".join(order)
    for name in reversed(order):
        view = blp.arguments(Body)(view) if name == "schema" else ACCESS[name](view)
    return blp.post("/" + view.__name__)(blp.response(200)(view))


def test_any_order_of_declarations_gives_the_same_answers(make_app):
    app = make_app()
    blp = ApiBlueprint("stacked", __name__, url_prefix="/api/stacked")
    for order in ORDERS:
        stacked(blp, order)
    app.register_blueprint(blp)
    with app.app_context():
        root = User(email="root@example.com", password_hash="-", email_verified=True,
                    role="admin")
        fresh = User(email="fresh@example.com", password_hash="-", email_verified=False)
        user = User(email="user@example.com", password_hash="-", email_verified=True)
        db.session.add_all([root, fresh, user])
        db.session.flush()
        tokens = {"fresh": sessions.create(fresh).token, "user": sessions.create(user).token,
                  "impersonating": sessions.create(user, impersonator_id=root.id).token}
        db.session.commit()
    headers = {name: {"Authorization": f"Bearer {token}"} for name, token in tokens.items()}
    mine, nothing = make_project(app, "fresh@example.com"), "0" * 32
    theirs = make_project(app, "user@example.com")
    cases = [  # (caller, body): the first refusal in R1's order
        ({}, {"projectId": nothing, "n": "x"}),  # 401
        (headers["impersonating"], {"projectId": nothing, "n": "x"}),  # 403 impersonation
        (headers["fresh"], {"projectId": nothing, "n": "x"}),  # 404 the body's id
        (headers["fresh"], {"projectId": mine, "n": "x"}),  # 403 e-mail not verified
        (headers["user"], {"projectId": 5, "n": 1}),  # 400
        (headers["user"], {"projectId": mine, "n": 1}),  # 404: not the caller's
        (headers["user"], {"projectId": theirs, "n": 1}),  # the view, with the project
    ]
    client = app.test_client()
    answers = {order: [(r.status_code, r.get_json().get("code", r.get_json().get("project")))
                       for sent, body in cases
                       for r in [client.post("/api/stacked/" + "_".join(order), json=body,
                                             headers=sent)]]
               for order in ORDERS}
    assert answers[ORDERS[0]] == [(401, "AUTH_ERROR"), (403, "IMPERSONATION_FORBIDDEN"),
                                  (404, "NOT_FOUND"), (403, "EMAIL_NOT_VERIFIED"),
                                  (400, "VALIDATION_ERROR"), (404, "NOT_FOUND"), (200, theirs)]
    assert answers[ORDERS[1]] == answers[ORDERS[0]] == answers[ORDERS[2]]

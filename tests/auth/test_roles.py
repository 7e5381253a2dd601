"""Platform roles (resources.md R2): `role` in every user object, `flask set-role`."""
import pytest

from tests.factories import make_admin


def test_a_new_account_is_a_user_everywhere_the_user_object_appears(client, auth):
    created = auth.sign_up()
    assert created["user"]["role"] == "user"
    headers = {"Authorization": f"Bearer {created['session']['token']}"}
    assert client.get("/api/auth/session", headers=headers).get_json()["user"]["role"] == "user"


def test_set_role_makes_an_admin_and_back(app, client, auth):
    headers = auth.headers("Admin@Example.com")
    runner = app.test_cli_runner()
    result = runner.invoke(args=["set-role", "ADMIN@example.com ", "admin"])
    assert result.exit_code == 0, result.output
    assert "admin@example.com is now admin" in result.output
    assert client.get("/api/auth/session", headers=headers).get_json()["user"]["role"] == "admin"
    result = runner.invoke(args=["set-role", "admin@example.com", "user"])
    assert result.exit_code == 0, result.output
    assert client.get("/api/auth/session", headers=headers).get_json()["user"]["role"] == "user"


@pytest.mark.parametrize("args", [["nobody@example.com", "admin"],
                                  ["alice@example.com", "root"],
                                  ["alice@example.com", "ADMIN"]])
def test_set_role_refuses_unknown_accounts_and_roles(app, auth, args):
    auth.sign_up()
    result = app.test_cli_runner().invoke(args=["set-role", *args])
    assert result.exit_code != 0
    assert "Traceback" not in result.output


def test_the_factory_admin_is_seen_by_the_session(app, client, auth):
    headers = auth.headers()
    make_admin(app, "alice@example.com")
    assert client.get("/api/auth/session", headers=headers).get_json()["user"]["role"] == "admin"

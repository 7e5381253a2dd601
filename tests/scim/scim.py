"""Helpers of the SCIM tests: a project with a SCIM token, and SCIM requests through the Flask
test client."""
import requests

from tests.factories import make_project
from tests.http import new_email, sign_up_at

SCIM = "/api/scim/v2"
MEDIA = "application/scim+json"
USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group"
PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
ERROR = "urn:ietf:params:scim:api:messages:2.0:Error"
ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"


def new_token(client, headers, project_id, name="Directory") -> str:
    response = client.post(f"/api/projects/{project_id}/scim-tokens", json={"name": name},
                           headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["token"]


def directory(app, client, auth, owner="owner@example.com"):
    """(project id, the owner's headers, SCIM headers of a new token of the project)."""
    headers = auth.headers(owner)
    project = make_project(app, owner)
    token = new_token(client, headers, project)
    return project, headers, {"Authorization": f"Bearer {token}"}


def user_body(user_name, **more) -> dict:
    return {"schemas": [USER_SCHEMA], "userName": user_name, **more}


def patch_body(*operations) -> dict:
    return {"schemas": [PATCH_SCHEMA], "Operations": list(operations)}


def scim(client, method, path, headers, body=None, **kwargs):
    return client.open(SCIM + path, method=method, headers=headers,
                       data=None if body is None else client.application.json.dumps(body),
                       content_type=MEDIA if body is not None else None, **kwargs)


def user_in_group(client, token, user_name, group_name) -> tuple[dict, dict]:
    """(a new User, a new Group with it as its one member), as the service answered them."""
    user = scim(client, "POST", "/Users", token, user_body(user_name)).get_json()
    group = scim(client, "POST", "/Groups", token, {
        "schemas": [GROUP_SCHEMA], "displayName": group_name,
        "members": [{"value": user["id"]}]}).get_json()
    return user, group


def scim_token_at(server, headers=None) -> tuple[str, dict]:
    """(a new project at the live server `server`, SCIM headers of a token of it); the owner
    signs up unless its bearer `headers` are given."""
    if headers is None:
        owner = sign_up_at(server, new_email())
        headers = {"Authorization": f"Bearer {owner['session']['token']}"}
    project = requests.post(f"{server}/api/projects", json={"name": "Acme"}, headers=headers,
                            timeout=30).json()["data"]["id"]
    created = requests.post(f"{server}/api/projects/{project}/scim-tokens",
                            json={"name": "Checker"}, headers=headers, timeout=30)
    assert created.status_code == 201, created.text
    return project, {"Authorization": f"Bearer {created.json()['token']}"}

"""GET /api/openapi.json documents every endpoint with its schemas and error answers."""
import concurrent.futures
import json
import pathlib
import re

import requests

COMMITTED = pathlib.Path(__file__).parent.parent.parent / "clients" / "openapi.json"


def documented_operations(client):
    spec = client.get("/api/openapi.json").get_json()
    return spec, {(path, method.upper()): op for path, item in spec["paths"].items()
                  for method, op in item.items() if method != "parameters"}

def routes(app):
    for rule in app.url_map.iter_rules():
        # The document itself and the interactive reference that renders it are not operations.
        if not rule.rule.startswith("/api/") or rule.endpoint.startswith(("api-docs", "docs.")):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            yield path, method, app.view_functions[rule.endpoint]

def test_document_is_openapi_3(client):
    spec, _ = documented_operations(client)
    assert spec["openapi"].startswith("3.")
    assert spec["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"

def test_every_endpoint_is_documented_with_responses(app, client):
    spec, operations = documented_operations(client)
    missing = [(p, m) for p, m, _ in routes(app) if (p, m) not in operations]
    assert not missing
    for (path, method), op in operations.items():
        assert op.get("summary"), (path, method)
        statuses = {s for s in op["responses"] if s != "default"}
        assert any(s.startswith("2") or s == "302" for s in statuses), (path, method)
        assert any(s.startswith("4") or s.startswith("5") for s in statuses), (path, method)

# POST operations that take no body at all; every other POST takes a JSON one.
BODYLESS_POSTS = {"/api/auth/sign-out",
                  "/api/auth/revoke-other-sessions", "/api/admin/users/{user_id}/unban",
                  "/api/admin/users/{user_id}/impersonate",
                  "/api/festivals/{festival_id}/registrations",
                  "/api/projects/{project_id}/domains/{domain_id}/verify",
                  "/api/auth/oauth-apps/{app_id}/secret"}

def loads_json_body(view):
    """Whether the view parses a JSON body with a schema (flask-smorest's `arguments`)."""
    arguments = getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    return any(argument.get("in") == "json" for argument in arguments)

def test_bodies_and_security_are_documented(app, client):
    spec, operations = documented_operations(client)
    assert "security" not in spec  # no global requirement: an operation's own entry decides
    for path, method, view in routes(app):
        op = operations[(path, method)]
        if getattr(view, "requires_auth", False):
            assert op.get("security") == [{"bearerAuth": []}], (path, method)
            assert "401" in op["responses"], (path, method)
        else:
            assert "security" not in op, (path, method, op.get("security"))
        if method != "POST":
            continue
        if path in BODYLESS_POSTS:
            assert not loads_json_body(view) and "requestBody" not in op, (path, method)
            continue
        body_type = ("application/x-www-form-urlencoded" if getattr(view, "takes_form", False)
                     else "application/json")  # a SAML assertion consumer takes a form post
        schema = op["requestBody"]["content"][body_type]["schema"]
        assert schema, (path, method)
        if "$ref" in schema:
            assert schema["$ref"].rsplit("/", 1)[1] in spec["components"]["schemas"], (path, schema)

def test_sign_up_schema_is_in_the_document(client):
    spec, operations = documented_operations(client)
    body = operations[("/api/auth/sign-up", "POST")]["requestBody"]["content"]["application/json"]
    ref = body["schema"]["$ref"].rsplit("/", 1)[1]
    schema = spec["components"]["schemas"][ref]
    assert set(schema["required"]) == {"email", "password"}
    assert "409" in operations[("/api/auth/sign-up", "POST")]["responses"]


def test_every_operation_has_a_unique_camel_case_operation_id(client):
    # Typed clients are generated from the document: each operation needs a stable name.
    _, operations = documented_operations(client)
    ids = {key: op.get("operationId") for key, op in operations.items()}
    assert not [key for key, op_id in ids.items() if not op_id]
    camel = re.compile(r"[a-z]+(?:[A-Z0-9][a-z0-9]*)*")
    assert not [op_id for op_id in ids.values() if not camel.fullmatch(op_id)]
    assert len(set(ids.values())) == len(ids)
    assert ids[("/api/projects", "GET")] == "listProjects"
    assert ids[("/api/auth/sign-in", "POST")] == "signIn"
    assert ids[("/api/webhooks/payment", "POST")] == "receivePaymentEvent"

def test_the_document_is_written_once_whoever_reads_it_first(app, live_server):
    """The document is written when it is first read (perf/openapi.py): eight first reads at
    once, on a real server's threads, each get all of it, the same as the committed one."""
    committed = json.loads(COMMITTED.read_text())
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(
            lambda _: requests.get(f"{live_server}/api/openapi.json", timeout=60), range(8)))
    assert all(answer.status_code == 200 for answer in answers)
    assert [answer.json() for answer in answers] == [committed] * 8
    # Read again, it is the same document: no blueprint documented twice.
    assert app.test_client().get("/api/openapi.json").get_json() == committed


def test_the_document_is_the_one_flask_smorest_writes_as_it_registers(make_app):
    """perf/openapi.py's lazy document is the one flask-smorest's own register_blueprint
    writes, blueprint by blueprint (PERF_OFF=lazy_openapi), and the committed one."""
    eager = make_app(PERF_OFF="lazy_openapi")
    assert not eager.extensions["flask-smorest"]["apis"][""]["ext_obj"].undocumented
    committed = json.loads(COMMITTED.read_text())
    assert eager.test_client().get("/api/openapi.json").get_json() == committed
    assert make_app().test_client().get("/api/openapi.json").get_json() == committed

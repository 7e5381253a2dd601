"""The interactive reference at /api/docs: Swagger UI from the installed package, rendered by a
real Chromium against the live server, lists the document's operations."""
import json

import pytest
import requests

from tests.browser import chromium, open_page, wait_until

pytestmark = pytest.mark.browser

OPERATIONS = "Array.from(document.querySelectorAll('.opblock-summary-path')).map(e => e.innerText)"
# What Swagger UI lists, tag by tag, as its own state holds it: past some 130 operations it no
# longer puts every one into the page at once (it renders them as they are reached), so the
# page's elements alone cannot show them all.
LISTED = ("JSON.stringify(ui.specSelectors.taggedOperations().toList()"
          ".flatMap(tag => tag.get('operations')).map(op => op.get('path')).toJS())")


def test_the_docs_page_lists_every_operation_in_chromium(app, live_server, tmp_path):
    document = requests.get(f"{live_server}/api/openapi.json", timeout=10).json()
    expected = {path for path in document["paths"]}
    with chromium(tmp_path) as cdp:
        open_page(cdp, f"{live_server}/api/docs")
        assert cdp.evaluate("document.title") == app.config["API_TITLE"]
        shown = wait_until(cdp, f"{OPERATIONS}.length > 0 && {OPERATIONS}")
        listed = json.loads(wait_until(cdp, f"window.ui && {LISTED}"))
        errors = cdp.evaluate("ui.errSelectors.allErrors().size")
        failed = cdp.evaluate("performance.getEntriesByType('resource')"
                              ".filter(r => !r.name.startsWith(location.origin)).length")
    assert set(listed) == expected and errors == 0
    # Swagger UI breaks paths with zero-width spaces so that they wrap; compare without them.
    assert {path.replace("\u200b", "") for path in shown} <= expected
    assert failed == 0, "the page loaded something from another origin"


@pytest.mark.parametrize("path", ["/api/docs", "/api/docs/", "/api/docs/swagger-ui-bundle.js",
                                  "/api/docs/swagger-ui.css"])
def test_the_docs_and_their_assets_are_served_from_the_package(client, path):
    with client.get(path) as response:  # a file response: closed when read
        assert response.status_code == 200
        assert response.content_type.split(";")[0] in {"text/html", "text/javascript", "text/css"}
        assert "X-RateLimit-Limit" not in response.headers  # static: not rate limited


def test_unknown_doc_assets_answer_json_404(client):
    response = client.get("/api/docs/no-such-file.js")
    assert response.status_code == 404
    assert json.loads(response.data)["code"] == "NOT_FOUND"

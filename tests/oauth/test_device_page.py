"""The device page the service serves itself (RFC 8628, extensions.md E5.4), in a real Chromium
against the live server: a device's verification_uri_complete opened in the browser, the user
signed in on the page, the code prefilled, the client and the scopes shown in words, the
decision posted, and the device's poll answered with tokens; a wrong code said in words; and
the page's headers over HTTP."""
import re

import pytest
import requests

from tests.browser import chromium, wait_until
from tests.conftest import ISSUED_SECRETS
from tests.http import sign_up_at
from tests.oauth.test_consent_page import (
    EMAIL,
    SHOWN,
    STATUS,
    click,
    registered_app,
    served,
    shown,
    sign_in_on_the_page,
    type_into,
    visit,
)

pytestmark = [pytest.mark.browser]
CODE_SHOWN = "document.getElementById('code')?.hidden === false && " \
             "document.getElementById('user-code').value"
FINISHED = "document.getElementById('finished')?.hidden === false && " \
           "document.getElementById('finished-text').textContent"
NONCE = re.compile(r"'nonce-([A-Za-z0-9_-]+)'")
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


def device_started(base, answer) -> dict:
    started = requests.post(f"{base}/api/oauth2/device_authorization", timeout=30,
                            auth=(answer["app"]["clientId"], answer["clientSecret"]),
                            data={"scope": "openid email read"})
    assert started.status_code == 200, started.text
    body = started.json()
    ISSUED_SECRETS.update({body["device_code"], body["user_code"]})
    return body


def polled(base, answer, device_code):
    return requests.post(f"{base}/api/oauth2/token", timeout=30,
                         auth=(answer["app"]["clientId"], answer["clientSecret"]),
                         data={"grant_type": DEVICE_GRANT, "device_code": device_code})


@pytest.fixture
def service(make_app):
    with served(make_app) as served_at:
        yield served_at


def test_a_user_opens_the_devices_link_signs_in_and_allows_it(service, mail, tmp_path):
    base, app = service
    answer = registered_app(base, app, mail)
    sign_up_at(base, EMAIL)
    device = device_started(base, answer)
    assert device["verification_uri"] == f"{base}/device"
    with chromium(tmp_path) as cdp:
        visit(cdp, device["verification_uri_complete"])
        assert cdp.evaluate("location.pathname") == "/device"
        title = cdp.evaluate("document.getElementById('title').textContent")
        sign_in_on_the_page(cdp)
        prefilled = wait_until(cdp, CODE_SHOWN)
        click(cdp, "code-submit")
        wait_until(cdp, SHOWN)
        page = shown(cdp)
        notes = cdp.evaluate("[document.getElementById('redirect-note').hidden, "
                             "document.getElementById('device-note').hidden]")
        click(cdp, "allow")
        said = wait_until(cdp, FINISHED)
    assert title == "Connect a device to your account"
    assert prefilled == device["user_code"]
    assert page["name"] == "Calendar sync" and page["account"] == EMAIL
    assert page["host"] == "calendar.example"  # its first redirect URI's host
    assert page["scopeNames"] == ["openid", "email", "read"] and page["unverified"] is False
    assert notes == [True, False]  # no redirect: the device note instead
    assert "go back to your device" in said
    tokens = polled(base, answer, device["device_code"])
    assert tokens.status_code == 200, tokens.text
    assert tokens.json()["scope"] == "openid email read" and tokens.json()["id_token"]


def test_a_wrong_code_is_said_in_words_and_a_right_one_then_works(service, mail, tmp_path):
    base, app = service
    answer = registered_app(base, app, mail)
    sign_up_at(base, EMAIL)
    device = device_started(base, answer)
    with chromium(tmp_path) as cdp:
        visit(cdp, f"{base}/device")
        sign_in_on_the_page(cdp)
        assert wait_until(cdp, "document.getElementById('code')?.hidden === false")
        type_into(cdp, "user-code", "BCDF-GHJK")
        click(cdp, "code-submit")
        wrong = wait_until(cdp, f"{STATUS}.includes('code is not right') && {STATUS}")
        type_into(cdp, "user-code", device["user_code"].lower().replace("-", ""))
        click(cdp, "code-submit")
        wait_until(cdp, SHOWN)
        click(cdp, "deny")
        said = wait_until(cdp, FINISHED)
    assert "check the code your device shows" in wrong
    assert "Denied" in said
    denied = polled(base, answer, device["device_code"])
    assert denied.status_code == 400 and denied.json()["error"] == "access_denied"


def test_the_device_page_is_sent_with_a_nonce_policy_no_framing_and_no_referrer(service):
    base, _ = service
    page = requests.get(f"{base}/device?user_code=BCDF-GHJK", timeout=30)
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    policy = page.headers["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    nonce = NONCE.search(policy).group(1)
    assert directives["script-src"] == [f"'nonce-{nonce}'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert page.headers["Cache-Control"] == "no-store"
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", page.text, re.S)
    assert scripts == [(f' nonce="{nonce}" src="/consent/static/consent.js" defer', "")]
    assert 'data-page="device"' in page.text


def test_the_device_page_is_not_served_when_the_front_end_is_elsewhere(make_app):
    client = make_app(APP_BASE_URL="https://app.example", API_BASE_URL="https://api.example") \
        .test_client()
    assert client.get("/device").status_code == 404

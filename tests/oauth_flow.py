"""An OAuth sign-in as the browser goes through it, against the providers of
tests/oauth_providers.py: the settings that point the app at them, and each step."""
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import requests

APP = "http://app.test"  # APP_BASE_URL of the test settings
SPA = "http://spa.test"
DONE = f"{SPA}/signed-in?next=%2Fhome"


def settings(github, google, **overrides):
    return {
        "GITHUB_CLIENT_ID": github.CLIENT_ID, "GITHUB_CLIENT_SECRET": github.CLIENT_SECRET,
        "GITHUB_AUTHORIZE_URL": f"{github.url}/login/oauth/authorize",
        "GITHUB_TOKEN_URL": f"{github.url}/login/oauth/access_token",
        "GITHUB_API_BASE_URL": f"{github.url}/api",
        "GOOGLE_CLIENT_ID": google.CLIENT_ID, "GOOGLE_CLIENT_SECRET": google.CLIENT_SECRET,
        "GOOGLE_DISCOVERY_URL": google.discovery_url,
        "ALLOWED_REDIRECT_ORIGINS": [SPA],
        **overrides,
    }


def query(url):
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def with_params(url, **params):
    parts = urlsplit(url)
    return urlunsplit(parts._replace(query=urlencode({**query(url), **params})))


def start(client, provider, redirect_url=None, **kwargs):
    """Open the sign-in link of our app; returns where it sends the browser."""
    params = {} if redirect_url is None else {"redirectUrl": redirect_url}
    response = client.get(f"{APP}/api/auth/oauth/{provider}", query_string=params, **kwargs)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def at_github(authorize_url):
    """The browser at GitHub, whose signed-in user consents; returns our callback URL."""
    response = requests.get(authorize_url, allow_redirects=False, timeout=10)
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def at_google(authorize_url, sub="grace", deny=False):
    """The browser at Google's consent form; returns where the provider sends it back."""
    form = {"action": "deny"} if deny else {"sub": sub}
    response = requests.post(authorize_url, data=form, allow_redirects=False, timeout=10)
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def via_github(client, redirect_url=None):
    return client.get(at_github(start(client, "github", redirect_url)))


def via_google(client, redirect_url=None, sub="grace"):
    return client.get(at_google(start(client, "google", redirect_url), sub))


def exchange(client, code, **extra):
    return client.post("/api/auth/oauth/token", json={"code": code, **extra})


def back_at_spa(response):
    """The 302 to the client's redirectUrl: its own query kept, ours added."""
    assert response.status_code == 302, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert location.startswith(f"{SPA}/signed-in?next=%2Fhome&")
    return query(location)

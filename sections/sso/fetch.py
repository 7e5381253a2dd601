"""Requests to identity providers, which any project owner names (extensions.md E4.2): the
service's guarded requests (core/guarded.py) with SSO's switch, SSO_ALLOW_PRIVATE_NETWORKS,
and 1 MiB at most; a provider's JSON read by provider_json's rules (E4.6)."""
import requests
from flask import current_app

from core import guarded as guard
from core.guarded import FetchRefused
from sections.sso import provider_json

__all__ = ("FetchRefused", "OddAnswer", "get_json", "guarded")


class OddAnswer(FetchRefused):
    """The provider answered, but not a document the service reads (E4.6: SSO_ERROR during a
    sign-in, where a provider that cannot be reached is SSO_PROVIDER_UNAVAILABLE)."""


def guarded(session: requests.Session) -> requests.Session:
    """`session` with every request guarded, the whole of its use within one budget."""
    return guard.guarded(session, current_app.config["SSO_ALLOW_PRIVATE_NETWORKS"])


def get_json(url: str) -> dict:
    """GET `url` and its JSON object, within the limits; FetchRefused otherwise."""
    response = guard.get(url, current_app.config["SSO_ALLOW_PRIVATE_NETWORKS"])
    try:
        data = provider_json.loads(response.content)
    except provider_json.Refused as exc:
        raise OddAnswer(f"the answer of {url} {exc}") from None
    if not isinstance(data, dict):
        raise OddAnswer(f"{url} did not answer a JSON object")
    return data

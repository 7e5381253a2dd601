"""The pages the identity provider serves itself (extensions.md E5.3): the refusal of an
authorization request it cannot answer (a 400 page, never a redirect), and, when the front end
is the service (APP_BASE_URL equal to API_BASE_URL), the consent page at /consent and the device
page at /device (the same page, which first asks the device's code). All are sent
with headers that allow no framing and no referrer; the consent page's one script is its static
file, allowed by a nonce made for each answer."""
import secrets

from flask import Blueprint, Response, abort, current_app, render_template

blp = Blueprint("oauth_pages", __name__, template_folder="templates",
                static_folder="static", static_url_path="/consent/static")

STRICT = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                     "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
          "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


def consent_policy(nonce: str) -> str:
    """The consent page's CSP: its script by nonce only, its style and its calls to this origin,
    no framing, no form posting anywhere (the page posts JSON with fetch), and Trusted Types
    with no policy, so no string can ever become markup (a client's name is the client's)."""
    return (f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'self'; "
            "connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
            "form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'")


def refusal_page(reason: str) -> Response:
    """E5.3: an unknown, disabled or invalid client, or a redirect URI it did not register."""
    return Response(render_template("refused.html", reason=reason), status=400,
                    mimetype="text/html", headers=STRICT)


def serves_pages(app) -> bool:
    """The service serves its own pages only when the front end is the service."""
    return app.config["APP_BASE_URL"].rstrip("/") == app.config["API_BASE_URL"].rstrip("/")


@blp.get("/consent")
def consent_page():
    """Show the consent page: sign in, read the request, allow or deny (E5.3)."""
    if not serves_pages(current_app):
        abort(404)
    nonce = secrets.token_urlsafe(18)
    return Response(render_template("consent.html", nonce=nonce), mimetype="text/html",
                    headers={**STRICT, "Content-Security-Policy": consent_policy(nonce)})


@blp.get("/device")
def device_page():
    """Show the device page: sign in, enter the device's code, allow or deny (E5.4)."""
    if not serves_pages(current_app):
        abort(404)
    nonce = secrets.token_urlsafe(18)
    return Response(render_template("consent.html", nonce=nonce, device=True),
                    mimetype="text/html",
                    headers={**STRICT, "Content-Security-Policy": consent_policy(nonce)})


@blp.after_request
def no_sniffing(response):
    """The page's script and style are what their types say (and nothing else reads them)."""
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response

"""The pages the identity provider serves itself (extensions.md E5.3): the refusal of an
authorization request it cannot answer (a 400 page, never a redirect), sent with headers that
allow no script, no framing and no referrer."""
from flask import Blueprint, Response, render_template

blp = Blueprint("oauth_pages", __name__, template_folder="templates")

STRICT = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                     "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
          "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


def refusal_page(reason: str) -> Response:
    """E5.3: an unknown, disabled or invalid client, or a redirect URI it did not register."""
    return Response(render_template("refused.html", reason=reason), status=400,
                    mimetype="text/html", headers=STRICT)

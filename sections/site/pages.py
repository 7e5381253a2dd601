"""Small pages for the links the service e-mails, when they point at the service itself
(APP_BASE_URL equal to API_BASE_URL); a page posts its token only when its button is pressed,
never on load: mail scanners follow links, and must not spend a one-time token."""
from flask import Blueprint, abort, current_app, render_template

blp = Blueprint("pages", __name__, template_folder="templates")

# path -> what the page shows and which endpoint its button posts to
PAGES = {
    "verify-email": {
        "title": "Verify your e-mail address",
        "intro": "Confirm that this address belongs to you.",
        "endpoint": "/api/auth/verify-email", "button": "Verify my address",
        "fields": [], "bearer": False},
    "magic-link": {
        "title": "Sign in with your magic link",
        "intro": "Sign in with the link you asked for. If two-factor authentication is on, "
                 "enter the code from your authenticator app too.",
        "endpoint": "/api/auth/magic-link/verify", "button": "Sign in",
        "fields": [{"name": "totpCode", "label": "Authenticator code (if asked)",
                    "type": "text", "optional": True}], "bearer": False},
    "invitations": {
        "title": "Join a project",
        "intro": "You were invited to a project. Sign in first, then accept or decline.",
        "endpoint": "/api/invitations/accept", "button": "Accept the invitation",
        "decline": "/api/invitations/decline",
        "fields": [], "bearer": True},
    "reset-password": {
        "title": "Choose a new password",
        "intro": "Set a new password for your account. Every session of the account ends.",
        "endpoint": "/api/auth/reset-password", "button": "Set the new password",
        "fields": [{"name": "newPassword", "label": "New password", "type": "password",
                    "optional": False}], "bearer": False},
}


def serves_pages(app) -> bool:
    """The e-mailed links lead to this service only when the front end is the service."""
    return app.config["APP_BASE_URL"].rstrip("/") == app.config["API_BASE_URL"].rstrip("/")


@blp.get("/<any(" + ", ".join(f'"{name}"' for name in PAGES) + "):page>")
def landing(page):
    """Show the page of an e-mailed link."""
    if not serves_pages(current_app):
        abort(404)
    return render_template("landing.html", page=PAGES[page])

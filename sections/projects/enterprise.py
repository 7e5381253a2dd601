"""A project's enterprise settings (extensions.md E4.2 "Requiring SSO", E4.3, E4.4):
`ssoRequired` and `scimAdminGroups`, set by the owner; what requiring single sign-on needs, and
what the settings' changes tell other sections."""
from sqlalchemy import literal_column, select

from core.db import db
from core.outcomes import Conflict
from sections.domains import service as domains
from sections.sso.models import ACTIVE, SsoConnection

# The PATCH's fields of this kind (the API's keys) and their columns.
COLUMNS = {"ssoRequired": "sso_required", "scimAdminGroups": "scim_admin_groups"}
_ACTIVE = literal_column(f"'{ACTIVE}'")
# Callbacks of other sections, each `callback(project_id)`, called in the change's transaction
# when a project's `scimAdminGroups` changed (E4.3: the directory re-projects its Users).
_admin_groups_listeners: list = []


def on_admin_groups_change(callback) -> None:
    """Call `callback(project_id)` whenever a project's scimAdminGroups change."""
    if callback not in _admin_groups_listeners:
        _admin_groups_listeners.append(callback)


def admin_groups_changed(project_id: str) -> None:
    for callback in _admin_groups_listeners:
        callback(project_id)


def require_sso_ready(project_id: str) -> None:
    """Single sign-on can be required only while the project has an ACTIVE connection and a
    VERIFIED domain (409 otherwise)."""
    if not domains.verified_domains(project_id):
        raise Conflict("Verify a domain of the project before requiring single sign-on")
    active = select(SsoConnection.id).where(SsoConnection.project_id == project_id,
                                            SsoConnection.status == _ACTIVE).limit(1)
    if db.session.execute(active).first() is None:
        raise Conflict("Add an active single sign-on connection to the project before "
                       "requiring single sign-on")


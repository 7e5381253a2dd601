"""A project's single sign-on connections (extensions.md E4.2): create (the type's settings
read from the body in one place, `CONFIGURE`), list, read, change, delete; each change audited
(E4.5). Who may do what is rules.py's."""
from sqlalchemy import delete, func, select

from core import clock, listing
from core.db import db
from core.outcomes import Conflict, Invalid, NotFound
from core.policy import Caller, is_id
from sections.audit import service as audit
from sections.sso import oidc, saml
from sections.sso.models import (
    ACTIVE,
    MAX_CONNECTIONS,
    OIDC,
    SAML,
    SsoConnection,
)
from sections.sso.saml import idp_initiated
from sections.sso.urls import saml_urls

SORTS = {"createdAt": SsoConnection.created_at}
# PATCH fields of one type
TYPE_FIELDS = {OIDC: ("clientSecret",), SAML: ("idpMetadataXml", "idpInitiated")}


def configure_saml(connection: SsoConnection, data: dict) -> None:
    """Read `idpMetadataXml` into the connection's SAML fields (creation, and a PATCH that
    sends it): saml_idp_entity_id, saml_idp_sso_url, saml_certificates, saml_metadata_xml;
    400 naming idpMetadataXml when it is not usable IdP metadata."""
    saml.configure(connection, data["idpMetadataXml"])


def saml_answer(connection: SsoConnection) -> dict:
    """The Connection's `saml` object."""
    return {"idpEntityId": connection.saml_idp_entity_id,
            "idpSsoUrl": connection.saml_idp_sso_url, **saml_urls(connection.id),
            "certificates": saml.certificates_answer(connection),
            "idpInitiated": idp_initiated.answer(connection)}


# One place per type: how a body's settings become the connection's (creation; a PATCH of
# clientSecret or idpMetadataXml, each audited as "changed" without its value), and how they
# are answered.
CONFIGURE = {OIDC: oidc.configure, SAML: configure_saml}
RECONFIGURE = {"clientSecret": lambda connection, data: oidc.set_secret(connection,
                                                                        data["clientSecret"]),
               "idpMetadataXml": configure_saml}
ANSWERS = {OIDC: oidc.answer, SAML: saml_answer}


def answer(connection: SsoConnection) -> dict:
    """E4.2's Connection: the API's keys with raw values (never the client secret)."""
    return {"id": connection.id, "projectId": connection.project_id, "type": connection.type,
            "name": connection.name, "status": connection.status,
            "createdAt": connection.created_at, "updatedAt": connection.updated_at,
            **{kind: ANSWERS[kind](connection) if connection.type == kind else None
               for kind in (OIDC, SAML)}}


def page(project_id: str, args: dict) -> listing.Page:
    statement = select(SsoConnection).where(SsoConnection.project_id == project_id)
    return listing.page(statement, args, SORTS, SsoConnection.id)


def find(project_id: str, connection_id: str, *, lock: bool = False) -> SsoConnection:
    connection = None
    if is_id(connection_id):
        statement = select(SsoConnection).where(SsoConnection.id == connection_id,
                                                SsoConnection.project_id == project_id)
        if lock:
            statement = statement.with_for_update()
        connection = db.session.execute(statement).scalar_one_or_none()
    if connection is None:
        raise NotFound("No such SSO connection")
    return connection


def create(project, who: Caller, data: dict) -> SsoConnection:
    """A new ACTIVE connection (the project's row is locked by the access step, so the cap of
    5 holds against concurrent creations)."""
    count = db.session.execute(select(func.count()).select_from(SsoConnection).where(
        SsoConnection.project_id == project.id)).scalar_one()
    if count >= MAX_CONNECTIONS:
        raise Conflict(f"A project has at most {MAX_CONNECTIONS} SSO connections")
    now = clock.utcnow()
    connection = SsoConnection(project_id=project.id, type=data["type"], name=data["name"],
                               status=ACTIVE, created_at=now, updated_at=now)
    CONFIGURE[data["type"]](connection, data)
    db.session.add(connection)
    db.session.flush()
    audit.record(who.id, "project.sso_connection_add", project.id,
                 {"connectionId": connection.id, "type": connection.type,
                  "name": connection.name})
    return connection


def update(project, who: Caller, connection_id: str, data: dict) -> SsoConnection:
    """Apply the PATCH; `updatedAt` moves, and one entry is written, only when something
    changed (a new secret or metadata counts as a change, named without its value; the
    IdP-initiated setting is named with its values before and after)."""
    connection = find(project.id, connection_id, lock=True)
    foreign = [name for kind, names in TYPE_FIELDS.items() if kind != connection.type
               for name in names if name in data]
    if foreign:
        raise Invalid(f"Not a field of a {connection.type} connection", field=foreign[0])
    changed = {}
    for key, column in (("name", "name"), ("status", "status")):
        if key in data and getattr(connection, column) != data[key]:
            changed[key] = {"from": getattr(connection, column), "to": data[key]}
    if changed.get("status", {}).get("to") not in (None, ACTIVE):
        refuse_last_active(project, connection)
    settings = [name for name in RECONFIGURE if name in data]
    for name in settings:
        RECONFIGURE[name](connection, data)
    if "idpInitiated" in data:  # audited with its values (a URL and a flag, no secret)
        step = idp_initiated.change(connection, data["idpInitiated"])
        if step is not None:
            changed["idpInitiated"] = step
    if changed or settings:
        for key in ("name", "status") & changed.keys():
            setattr(connection, key, data[key])
        connection.updated_at = clock.utcnow()
        audit.record(who.id, "project.sso_connection_update", project.id,
                     {"connectionId": connection.id, **changed,
                      **{name: "changed" for name in settings}})
        db.session.flush()
    return connection


def remove(project, who: Caller, connection_id: str) -> None:
    connection = find(project.id, connection_id, lock=True)
    if connection.status == ACTIVE:
        refuse_last_active(project, connection)
    audit.record(who.id, "project.sso_connection_remove", project.id,
                 {"connectionId": connection.id, "type": connection.type,
                  "name": connection.name})
    # Its identities, pending sign-ins and sessions go with it (ON DELETE CASCADE).
    db.session.execute(delete(SsoConnection).where(SsoConnection.id == connection.id)
                       .execution_options(synchronize_session=False))


def refuse_last_active(project, connection: SsoConnection) -> None:
    """E4.2: while the project requires SSO, its last ACTIVE connection stays (409)."""
    if not project.sso_required:
        return
    others = db.session.execute(select(func.count()).select_from(SsoConnection).where(
        SsoConnection.project_id == project.id, SsoConnection.status == ACTIVE,
        SsoConnection.id != connection.id)).scalar_one()
    if not others:
        raise Conflict("The project requires single sign-on: this is its last active "
                       "connection (turn ssoRequired off first)")

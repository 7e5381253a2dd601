"""A project holding corp.test VERIFIED with a SAML connection to a test identity provider
(tests/saml_idp.py), and the browser's steps of a sign-in through it (the test client)."""
from urllib.parse import urlsplit

from sqlalchemy import func, select

from core.db import db
from sections.auth.models import Session, User
from sections.domains.models import VERIFIED, Domain
from tests.content import signed_in_user
from tests.factories import make_project
from tests.saml_idp import encode


class Corp:
    """A project with corp.test VERIFIED and a SAML connection to `idp`."""

    def __init__(self, client, idp):
        self.client, self.idp = client, idp
        app = client.application
        self.owner = signed_in_user(app, "owner@corp.test")
        self.project = make_project(app, "owner@corp.test")
        with app.app_context():
            db.session.add(Domain(project_id=self.project, domain="corp.test", status=VERIFIED,
                                  value="saas-verification=" + "a" * 43))
            db.session.commit()
        made = client.post(f"/api/projects/{self.project}/sso-connections", headers=self.owner,
                           json={"type": "saml", "name": "Corp", "idpMetadataXml":
                                 idp.metadata_xml()})
        assert made.status_code == 201, made.get_json()
        self.connection = made.get_json()["data"]
        self.path = f"/api/projects/{self.project}/sso-connections/{self.connection['id']}"
        self.acs = urlsplit(self.connection["saml"]["acsUrl"]).path
        metadata = client.get(urlsplit(self.connection["saml"]["metadataUrl"]).path)
        idp.sp_metadata.clear()
        idp.trust(metadata.data)

    def begin(self, redirect_url=None) -> str:
        query = {"connectionId": self.connection["id"]}
        if redirect_url:
            query["redirectUrl"] = redirect_url
        response = self.client.get("/api/auth/sso", query_string=query)
        assert response.status_code == 302, response.get_json()
        return response.headers["Location"]

    def post(self, xml, relay_state, client=None):
        return (client or self.client).post(self.acs, data={
            "SAMLResponse": encode(xml), "RelayState": relay_state or ""})

    def sessions(self) -> int:
        with self.client.application.app_context():
            return db.session.execute(select(func.count()).select_from(Session)).scalar()

    def user(self, email):
        with self.client.application.app_context():
            return db.session.execute(select(User).where(User.email == email)).scalar()

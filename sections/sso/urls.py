"""The service's own URLs of a SAML connection (extensions.md E4.2), from API_BASE_URL."""
from flask import current_app


def saml_urls(connection_id: str) -> dict:
    """spEntityId, acsUrl (HTTP-POST) and metadataUrl of the connection."""
    base = current_app.config["API_BASE_URL"].rstrip("/")
    entity = f"{base}/api/auth/sso/saml/{connection_id}"
    return {"spEntityId": entity, "acsUrl": f"{entity}/acs", "metadataUrl": f"{entity}/metadata"}

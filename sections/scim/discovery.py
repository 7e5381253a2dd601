"""The service's description of itself (RFC 7644 section 4): ServiceProviderConfig,
ResourceTypes and Schemas, built once by scim2-models from the models it serves. PATCH and
filtering are supported (at most 100 results); bulk, sorting, password change and ETags not."""
import functools

from scim2_models import (
    AuthenticationScheme,
    Bulk,
    ChangePassword,
    EnterpriseUser,
    ETag,
    Filter,
    Group,
    NotFoundException,
    Patch,
    ResourceType,
    ServiceProviderConfig,
    Sort,
    User,
)

from sections.scim import protocol
from sections.scim.resources import MAX_RESULTS

DOCS = "https://datatracker.ietf.org/doc/html/rfc7644"


def service_provider_config() -> dict:
    config = ServiceProviderConfig(
        documentation_uri=DOCS, patch=Patch(supported=True),
        bulk=Bulk(supported=False, max_operations=0, max_payload_size=0),
        filter=Filter(supported=True, max_results=MAX_RESULTS),
        change_password=ChangePassword(supported=False), sort=Sort(supported=False),
        etag=ETag(supported=False),
        authentication_schemes=[AuthenticationScheme(
            type=AuthenticationScheme.Type.oauthbearertoken, name="SCIM token",
            description="Authorization: Bearer scim_... (a token of the project, made by its "
                        "owner at /api/projects/{id}/scim-tokens)", primary=True)])
    body = config.model_dump()
    body["meta"] = {"resourceType": "ServiceProviderConfig",
                    "location": f"{protocol.base_url()}/ServiceProviderConfig"}
    return body


@functools.cache
def _resource_types() -> tuple:
    return tuple(ResourceType.from_resource(model).model_dump()
                 for model in (User[EnterpriseUser], Group))


@functools.cache
def _schemas() -> tuple:
    return tuple(model.to_schema().model_dump() for model in (User, EnterpriseUser, Group))


def resource_types() -> list:
    return [_located(body, "ResourceTypes", "ResourceType") for body in _resource_types()]


def schemas() -> list:
    return [_located(body, "Schemas", "Schema") for body in _schemas()]


def one(found: list, identifier: str, what: str) -> dict:
    for body in found:
        if body["id"] == identifier:
            return body
    raise NotFoundException(detail=f"No {what} {identifier}")


def _located(body: dict, endpoint: str, resource_type: str) -> dict:
    return {**body, "meta": {"resourceType": resource_type,
                             "location": f"{protocol.base_url()}/{endpoint}/{body['id']}"}}

"""What Users and Groups share on the wire: `meta`, the answer's attributes
(`attributes` / `excludedAttributes`, RFC 7644 section 3.9), lists and searches (section 3.4)
with one page query and one count."""
from pydantic import ValidationError
from scim2_models import (
    Context,
    InvalidValueException,
    ResponseParameters,
    SearchRequest,
)
from sqlalchemy import func, select

from core.db import db
from core.fields import storable, utc_iso
from sections.scim import filters, protocol

MAX_RESULTS = 100  # ServiceProviderConfig filter.maxResults: a page's largest count
TEXT_MAX = 320  # characters of an indexed attribute (userName, externalId, displayName, e-mail)


def meta(resource_type: str, row) -> dict:
    return {"resourceType": resource_type, "created": utc_iso(row.created_at),
            "lastModified": utc_iso(row.updated_at),
            "location": f"{protocol.base_url()}/{resource_type}s/{row.id}"}


def response_parameters(model, query) -> ResponseParameters | None:
    """The `attributes` / `excludedAttributes` of a query string (None when neither)."""
    asked = {key: query[key] for key in ("attributes", "excludedAttributes") if key in query}
    if not asked:
        return None
    return protocol.validate(ResponseParameters[model], asked, None)


def shaped(model, body: dict, parameters) -> dict:
    """A stored resource's answer with only the attributes asked for."""
    if parameters is None:
        return body
    resource = protocol.validate(model, body, Context.RESOURCE_QUERY_RESPONSE)
    return resource.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE,
                               response_parameters=parameters)


def checked_text(name: str, value: str | None) -> str | None:
    """An indexed attribute's value, refused when it cannot be stored as written."""
    if value is not None and (len(value) > TEXT_MAX or not storable(value)):
        raise InvalidValueException(
            detail=f"{name} is {TEXT_MAX} characters at most, without NUL characters")
    return value


def search_request(model, payload: dict) -> SearchRequest:
    """A search (query string or `.search` body) read and bounded: its filter checked for size
    before it is parsed, `count` at most MAX_RESULTS, `startIndex` from 1."""
    expression = payload.get("filter")
    if isinstance(expression, str):
        filters.check_size(expression)
    try:
        found = SearchRequest[model].model_validate(payload, scim_ctx=Context.SEARCH_REQUEST,
                                                    scim_policy=protocol.POLICY)
    except ValidationError as exc:
        raise protocol.invalid(exc) from exc
    found.start_index = max(found.start_index or 1, 1)
    found.count = MAX_RESULTS if found.count is None else max(min(found.count, MAX_RESULTS), 0)
    return found


def condition(search: SearchRequest, attributes: dict, core_schema: str):
    if search.filter is None:
        return None
    return filters.where(search.filter.ast, attributes, core_schema)


def counted_page(statement, order, offset: int, count: int):
    """(rows of one page, the total): one page query and one count."""
    total = db.session.execute(select(func.count()).select_from(
        statement.order_by(None).subquery())).scalar_one()
    rows = [] if count == 0 or offset >= total else list(db.session.execute(
        statement.order_by(*order).limit(count).offset(offset)).scalars())
    return rows, total


def list_response(resources: list, total: int, start_index: int) -> dict:
    return {"schemas": ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
            "totalResults": total, "startIndex": start_index,
            "itemsPerPage": len(resources), "Resources": resources}

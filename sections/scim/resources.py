"""What Users and Groups share: one interface (`ResourceType`: the same signatures and
return shapes for every resource type, as scim2-server's Backend gives them), `meta`, the
answer's attributes (`attributes` / `excludedAttributes`, RFC 7644 section 3.9), lists and
searches (section 3.4) with one page query and one count."""
from dataclasses import dataclass

from pydantic import ValidationError
from scim2_models import (
    Context,
    InvalidValueException,
    NotFoundException,
    ResponseParameters,
    SearchRequest,
)
from sqlalchemy import func, select

from core.db import db
from core.fields import storable, utc_iso
from sections.scim import filters, protocol

MAX_RESULTS = 100  # ServiceProviderConfig filter.maxResults: a page's largest count
TEXT_MAX = 320  # characters of an indexed attribute (userName, externalId, displayName, e-mail)


@dataclass(frozen=True)
class Change:
    """What a write leaves for the projection to settle (projection.settle), in its
    transaction: `row` the resource as written (None once deleted), `users` the ids of the
    SCIM Users whose link or membership may have moved, `accounts` the accounts linked before
    (a deleted or relinked User's: its membership is settled even though no User names it)."""

    row: object
    users: frozenset = frozenset()
    accounts: frozenset = frozenset()


class ResourceType:
    """A SCIM resource type (RFC 7643 section 6) stored in `table`: what the handlers call,
    the same for each. `model` is its scim2-models class, `schema` its core schema's URN,
    `attributes` its filterable attributes (lower-cased name -> filters.Column), `order` a
    page's order (ties broken by id). A path's id reaches `find` checked by the access step
    (`policy.is_id`: an id that cannot be one is 404 before any query)."""

    name: str
    endpoint: str
    model: type
    schema: str
    table: type
    attributes: dict
    order: tuple

    def find(self, project_id: str, resource_id: str, lock: bool = False):
        """The project's resource, its row locked with `lock` (a write decides on its state)."""
        statement = select(self.table).where(self.table.id == resource_id,
                                             self.table.project_id == project_id)
        if lock:
            statement = statement.with_for_update()
        row = db.session.execute(statement).scalar_one_or_none()
        if row is None:
            raise NotFoundException(detail=f"No {self.name} {resource_id}")
        return row

    def create(self, project_id: str, payload: dict) -> Change:
        """POST (RFC 7644 section 3.3): the new resource."""
        raise NotImplementedError

    def replace(self, row, payload: dict) -> Change:
        """PUT (RFC 7644 section 3.5.1): the whole resource replaced, immutable attributes
        checked."""
        raise NotImplementedError

    def patch(self, row, payload: dict) -> Change:
        """PATCH (RFC 7644 section 3.5.2) applied to the stored resource."""
        raise NotImplementedError

    def remove(self, row) -> Change:
        """DELETE (RFC 7644 section 3.6), with the rows naming the resource as a member."""
        raise NotImplementedError

    def answers(self, rows: list, parameters) -> list[dict]:
        """The answers of a page of rows with the attributes `parameters` asks for (None: all
        of them)."""
        return [shaped(self.model, body, parameters) for body in self.bodies(rows, parameters)]

    def bodies(self, rows: list, parameters) -> list[dict]:
        """The rows' resources as stored, before `parameters` trims them."""
        return [self.answer(row) for row in rows]

    def answer(self, row) -> dict:
        """The resource as stored, with its id and meta (RFC 7643 section 3.1)."""
        return {**row.data, "id": row.id, "meta": self.meta(row)}

    def meta(self, row) -> dict:
        return {"resourceType": self.name, "created": utc_iso(row.created_at),
                "lastModified": utc_iso(row.updated_at), "location": self.location(row)}

    def location(self, row) -> str:
        return f"{protocol.base_url()}/{self.endpoint}/{row.id}"

    def search_statement(self, project_id: str, search: SearchRequest):
        """The project's resources that the search's filter selects, unordered."""
        statement = select(self.table).where(self.table.project_id == project_id)
        if search.filter is None:
            return statement
        return statement.where(filters.where(search.filter.ast, self.attributes, self.schema))


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

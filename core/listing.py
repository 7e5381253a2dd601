"""Lists (resources.md R1, spec section 4.1): the query arguments of every list, one page query
and one count, and the `{data, meta}` answer (docs/contributing.md, "a list")."""
import functools
import math
from dataclasses import dataclass

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from sqlalchemy import func, select

from core.db import db
from core.fields import UNSTORABLE, storable

DEFAULT_LIMIT = 20
MAX_LIMIT = 100  # a larger `limit` is served as this
LARGEST = 1_000_000_000  # larger than any page or limit worth asking for: 400


class ListArguments(Schema):
    class Meta:
        unknown = EXCLUDE  # unknown query parameters are ignored

    page = fields.Integer(load_default=1, validate=validate.Range(1, LARGEST))
    limit = fields.Integer(load_default=DEFAULT_LIMIT, validate=validate.Range(1, LARGEST))


def _must_be_storable(value):
    if not storable(value):
        raise ValidationError(UNSTORABLE)


def enum(*values) -> fields.Field:
    """A filter on an enumerated value, given upper-case as listed (`status=PUBLISHED`)."""
    return fields.String(validate=validate.OneOf(values))


def text(max_length: int = 200) -> fields.Field:
    """An exact-match or search filter on text (`q`, `slug`, `tag`)."""
    return fields.String(validate=[validate.Length(1, max_length), _must_be_storable])


def identifier() -> fields.Field:
    """A filter on an id (`projectId`, `authorId`)."""
    return fields.String(validate=[validate.Length(1, 64), _must_be_storable])


def boolean() -> fields.Field:
    """A filter that is `true` or `false`, nothing else."""
    return fields.Boolean(truthy={"true"}, falsy={"false"})


# A resource declares its list once:
#     ProjectListArgs = listing.arguments("ProjectListArgs", sorts=["createdAt", "name"],
#                                         filters={"role": listing.enum("OWNER", "MEMBER")})
# and its service returns `listing.page(statement, args, sort_columns, id_column)`, a `Page`,
# which the view answers with `page.answer([...])`.
def arguments(name: str, *, sorts, filters=None, default_sort="createdAt",
              default_order="desc") -> type[Schema]:
    """The query schema of one list: paging, its sort fields, its filters."""
    attrs = {
        "sort": fields.String(load_default=default_sort, validate=validate.OneOf(list(sorts))),
        "order": fields.String(load_default=default_order,
                               validate=validate.OneOf(["asc", "desc"])),
        **(filters or {}),
    }
    return type(name, (ListArguments,), attrs)


def contains(column, needle: str):
    """Case-insensitive substring match in which `%` and `_` are plain characters."""
    # autoescape: SQLAlchemy escapes `%`, `_` and its escape character `/` in the needle. The
    # needle is lower-cased here by Python's rules, as it always was (icontains would do it in
    # SQL, where SQLite's lower() folds ASCII letters only).
    return func.lower(column).contains(needle.lower(), autoescape=True)


@dataclass
class Page:
    items: list
    total: int
    page: int
    limit: int

    def answer(self, items=None) -> dict:
        """The R1 list envelope, with `items` (e.g. the rows made into answer objects)."""
        return {"data": self.items if items is None else items,
                "meta": {"total": self.total, "page": self.page, "limit": self.limit,
                         "pages": math.ceil(self.total / self.limit)}}


def page(statement, args: dict, sort_columns: dict, id_column, *, scalars=True,
         decorate=None, total: int | None = None, count_statement=None) -> Page:
    """Run one page of `statement` (a select with the caller's visibility and filters applied)
    and its count (unless the caller knows the `total`, e.g. from a maintained counter). Equal
    sort values are ordered by `id_column` in the same direction, and nulls come last either
    way, so walking the pages yields every item exactly once.

    `decorate`, for items that cost more than their keys (joins, correlated counts): the page
    is first cut from `statement` reduced to (`id`, `sort_key`), as a subquery that
    `decorate(keys)` joins to build the items; the work per item is then done for one page,
    not for every row that matches (still one query). `count_statement` (the same rows without
    joins that only add columns) makes the count cheaper."""
    limit = min(args["limit"], MAX_LIMIT)
    column = sort_columns[args["sort"]]
    descending = args["order"] == "desc"
    offset = (args["page"] - 1) * limit
    if total is None:
        counted = statement if count_statement is None else count_statement
        total = db.session.execute(
            select(func.count()).select_from(counted.order_by(None).subquery())).scalar_one()
    if decorate is None:
        query = (statement.order_by(*_order(column, id_column, descending))
                 .limit(limit).offset(offset))
    else:
        keys = (statement.with_only_columns(id_column.label("id"), column.label("sort_key"))
                .order_by(*_order(column, id_column, descending)).limit(limit).offset(offset)
                .subquery("page"))
        query = decorate(keys).order_by(*_order(keys.c.sort_key, keys.c.id, descending,
                                                nullable=_nullable(column)))
    rows = db.session.execute(query)
    items = list(rows.scalars() if scalars else rows)
    return Page(items, total, args["page"], limit)


def _order(column, id_column, descending: bool, nullable: bool | None = None) -> list:
    ordered = column.desc() if descending else column.asc()
    # NULLS LAST only where a null can be: PostgreSQL walks an index backwards for DESC only in
    # its own null order (NULLS FIRST), so NULLS LAST on a NOT NULL column costs a sort.
    if _nullable(column) if nullable is None else nullable:
        ordered = ordered.nulls_last()
    return [ordered, id_column.desc() if descending else id_column.asc()]


def _nullable(column) -> bool:
    """Whether a sort column may hold nulls (an expression, e.g. lower(name), may)."""
    return getattr(getattr(column, "expression", column), "nullable", True)


class MetaSchema(Schema):
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    pages = fields.Integer(required=True)


@functools.cache
def page_schema(item_schema: type[Schema]) -> type[Schema]:
    """The documented answer of a list of `item_schema`: `{data: [...], meta}`."""
    name = item_schema.__name__.removesuffix("Schema") + "PageSchema"
    return type(name, (Schema,), {
        "data": fields.List(fields.Nested(item_schema), required=True),
        "meta": fields.Nested(MetaSchema, required=True)})

"""SCIM filters (RFC 7644 section 3.4.2.2) as SQL: the expression is parsed by scim2-models'
parser (its abstract syntax tree), then each comparison becomes a condition on an indexed
column of the resource, so a filter costs what its size says, whatever the directory holds.
Length and nesting are bounded before parsing; anything this service does not filter on is
400 invalidFilter, never a scan."""
from dataclasses import dataclass
from datetime import datetime

from scim2_models import InvalidFilterException
from scim2_models.path.expressions import (
    AttrPath,
    CompareOperator,
    Comparison,
    LogicalExpr,
    LogicalOperator,
    Not,
    Present,
    ValuePath,
)
from sqlalchemy import and_, exists, not_, or_, select, true

MAX_LENGTH = 1000  # characters: Okta's and Entra ID's filters are a few dozen
MAX_NESTING = 10  # parentheses and brackets deep
TEXT, EXACT, BOOLEAN, TIME = "text", "exact", "boolean", "time"


@dataclass(frozen=True)
class Column:
    """A filterable attribute: its column, how it compares (TEXT: lower-cased on both sides,
    EXACT: as written), and for a multi-valued one the table of its values (`values`, with
    `owner` the column naming the resource)."""

    column: object
    kind: str
    values: object = None
    owner: object = None


def check_size(expression: str) -> None:
    """Refuse, before parsing, a filter too long or nested too deep (one pass over it)."""
    if len(expression) > MAX_LENGTH:
        raise InvalidFilterException(detail=f"A filter is {MAX_LENGTH} characters at most")
    depth, quoted, escaped = 0, False, False
    for char in expression:
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
            continue
        if char == '"':
            quoted = True
        elif char in "([":
            depth += 1
            if depth > MAX_NESTING:
                raise InvalidFilterException(
                    detail=f"A filter nests {MAX_NESTING} parentheses at most")
        elif char in ")]":
            depth -= 1


def where(node, attributes: dict, core_schema: str):
    """The SQL condition of a parsed filter over `attributes` (lower-cased name -> Column)."""
    if isinstance(node, LogicalExpr):
        terms = [where(term, attributes, core_schema) for term in node.terms]
        return and_(*terms) if node.op == LogicalOperator.and_ else or_(*terms)
    if isinstance(node, Not):
        return not_(where(node.expr, attributes, core_schema))
    if isinstance(node, ValuePath):
        return _value_path(node, attributes, core_schema)
    spec = _column(node.attr_path, attributes, core_schema)
    if isinstance(node, Present):
        return _present(spec)
    if isinstance(node, Comparison):
        return _comparison(spec, node.op, node.value, str(node.attr_path))
    raise InvalidFilterException(detail="Unsupported filter expression")


def _column(path: AttrPath, attributes: dict, core_schema: str) -> Column:
    if path.uri is not None and path.uri.lower() != core_schema.lower():
        raise InvalidFilterException(detail=f"This service does not filter on {path}")
    name = path.attr.lower() + (f".{path.sub_attr.lower()}" if path.sub_attr else "")
    spec = attributes.get(name)
    if spec is None:
        raise InvalidFilterException(detail=f"This service does not filter on {path}")
    return spec


def _value_path(node: ValuePath, attributes: dict, core_schema: str):
    """`emails[value co "@example.com"]`: the inner filter over the attribute's `value`."""
    inner = {"value": attributes.get(node.attr_path.attr.lower() + ".value")}
    if inner["value"] is None or node.attr_path.sub_attr or node.sub_attr:
        raise InvalidFilterException(detail=f"This service does not filter on {node}")
    return where(node.val_filter, inner, core_schema)


def _present(spec: Column):
    if spec.values is not None:
        return exists(select(1).select_from(spec.values).where(spec.owner))
    nullable = getattr(spec.column, "nullable", True)
    return spec.column.is_not(None) if nullable else true()


def _comparison(spec: Column, op: CompareOperator, value, name: str):
    operand = _operand(spec, op, value, name)
    if spec.values is not None:
        if op == CompareOperator.ne:
            return not_(exists(select(1).select_from(spec.values).where(
                spec.owner, spec.column == operand)))
        return exists(select(1).select_from(spec.values).where(
            spec.owner, _compare(spec.column, op, operand)))
    if value is None:  # `eq null` is "not present", `ne null` "present"
        if op not in (CompareOperator.eq, CompareOperator.ne):
            raise InvalidFilterException(detail=f"{name} cannot be compared to null that way")
        return spec.column.is_(None) if op == CompareOperator.eq else spec.column.is_not(None)
    condition = _compare(spec.column, op, operand)
    if not getattr(spec.column, "nullable", True):
        return condition
    # Strictly true or false on an absent value (SQL would say unknown), so `not (...)`
    # keeps the resources without the attribute (RFC 7644 section 3.4.2.2, Table 4).
    if op == CompareOperator.ne:
        return or_(condition, spec.column.is_(None))
    return and_(spec.column.is_not(None), condition)


def _operand(spec: Column, op: CompareOperator, value, name: str):
    if value is None:
        return None
    if spec.kind == BOOLEAN:
        if not isinstance(value, bool) or op not in (CompareOperator.eq, CompareOperator.ne):
            raise InvalidFilterException(detail=f"{name} is compared with eq or ne to a boolean")
        return value
    if not isinstance(value, str):
        raise InvalidFilterException(detail=f"{name} is compared to a string")
    if op in (CompareOperator.co, CompareOperator.sw, CompareOperator.ew) and not value:
        raise InvalidFilterException(detail=f"{op.value} needs a value that is not empty")
    if spec.kind == TIME:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise InvalidFilterException(detail=f"{name} is compared to a date-time") from None
        if moment.tzinfo is None or op in (CompareOperator.co, CompareOperator.sw,
                                           CompareOperator.ew):
            raise InvalidFilterException(detail=f"{name} needs a date-time with an offset")
        return moment
    return value.lower() if spec.kind == TEXT else value


def _compare(column, op: CompareOperator, operand):
    if op == CompareOperator.eq:
        return column == operand
    if op == CompareOperator.ne:
        return column != operand
    if op in (CompareOperator.co, CompareOperator.sw, CompareOperator.ew):
        # LIKE with the operand's `%`, `_` and the escape character escaped (autoescape): the
        # value is matched as written (RFC 7644 section 3.4.2.2), on TEXT columns both sides
        # already lower-cased (_operand and the `_key` columns).
        match = {CompareOperator.co: column.contains, CompareOperator.sw: column.startswith,
                 CompareOperator.ew: column.endswith}[op]
        return match(operand, autoescape=True)
    return {CompareOperator.gt: column > operand, CompareOperator.ge: column >= operand,
            CompareOperator.lt: column < operand, CompareOperator.le: column <= operand}[op]

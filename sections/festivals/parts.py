"""Other sections' parts of a festival's answer (reviews: `rating`, registrations:
`registrations`), each added from its section's register and read in the festival's own query:
a list's page query, or one query for one festival. An absent section's key is not answered."""
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select

from core.db import db
from core.parts import Part
from sections.festivals.models import Festival
from sections.festivals.schemas import FestivalSchema


@dataclass(frozen=True)
class FestivalPart(Part):
    """`columns`: name -> a scalar SQL expression correlated to `Festival`; `value(read)`:
    the answer's value from {name: the value read}."""

    columns: dict
    value: Callable


def contribute(part: FestivalPart) -> None:
    """A section's part of every festival's answer (from its register)."""
    FestivalSchema.add(part)


def columns() -> list:
    """Every part's columns, labelled, to add to a statement over `Festival`."""
    return [column.label(f"{key}__{name}") for key, part in FestivalSchema.parts.items()
            for name, column in part.columns.items()]


def read(festival: Festival) -> dict:
    """The parts' values of one festival (one query; none without parts)."""
    labelled = columns()
    if not labelled:
        return {}
    row = db.session.execute(select(*labelled).where(Festival.id == festival.id)).one()
    return values(row._mapping)


def values(row) -> dict:
    """The parts' answers from a row holding their labelled columns: {key: value}."""
    return {key: part.value({name: row[f"{key}__{name}"] for name in part.columns})
            for key, part in FestivalSchema.parts.items()}

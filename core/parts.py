"""Answers that other sections add parts to (a festival's `rating`, the statistics' `reviews`),
and values that name what sections registered (search's `type`): a section adds its part from
its `register`, so both are read when first used, by which time every section has registered."""
from dataclasses import dataclass

from marshmallow import Schema, ValidationError, fields, validate


@dataclass(frozen=True)
class Part:
    """One key of the answer and its documented shape."""

    key: str
    field: fields.Field


class OpenAnswer:
    """An answer's parts (key -> Part, in the order the sections added them) and its schema:
    the `own` fields, then the parts', then `last` (the timestamps every answer lists last).
    Calling it gives the schema class named `name`: `fields.Nested(answer)` and flask-smorest
    take it where they take a schema, and ask for it only when they dump or document."""

    def __init__(self, name: str, own: dict | None = None, last: dict | None = None):
        self.__name__ = name  # data_schema and page_schema name their wrappers after it
        self.own, self.last = own or {}, last or {}
        self.parts: dict[str, Part] = {}
        self._schema = None

    def add(self, part: Part) -> None:
        """A section's part, from its register (once, however many apps are made)."""
        if part.key in self.parts:
            return
        if part.key in self.own or part.key in self.last:
            raise ValueError(f"{self.__name__} has its own {part.key!r}")
        if self._schema is not None:
            # The schema's users hold it from now on: a part added later would be neither
            # dumped nor documented.
            raise RuntimeError(f"{self.__name__}: part {part.key!r} added after first use")
        self.parts[part.key] = part

    def __call__(self) -> type[Schema]:
        if self._schema is None:
            parts = {key: part.field for key, part in self.parts.items()}
            self._schema = Schema.from_dict({**self.own, **parts, **self.last},
                                            name=self.__name__)
        return self._schema


class OneOfKeys(validate.Validator):
    """One of a registry's keys (search's kinds), as they are when a value is checked or
    documented: sections fill the registry after the schema is made. apispec documents
    `choices` as the enum, as it does marshmallow's OneOf."""

    def __init__(self, registry: dict):
        self.registry = registry

    @property
    def choices(self) -> list:
        return list(self.registry)

    def __call__(self, value):
        if value not in self.registry:
            raise ValidationError(f"Must be one of: {', '.join(self.registry)}.")
        return value

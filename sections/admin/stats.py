"""Platform statistics (resources.md R8) in one query whatever the data size: the counts the
database keeps (core/stats.py), less what the clock has ended since it was counted, read by
the part each section shows (`stats.show`)."""
from sqlalchemy import func, literal, select, union_all

from core import clock
from core.db import db
from core.stats import STATISTICS, Counts, StatCount

ENDED = "ended"  # the rows of what the clock has ended (not a table: never kept)


def _kept():
    """The kept counts (a counter's slots summed) as rows (section, name, count, amount)."""
    return (select(StatCount.section, StatCount.name, func.sum(StatCount.count),
                    func.sum(StatCount.amount))
            .group_by(StatCount.section, StatCount.name))


def _ended(now) -> list:
    """Rows ("ended:key", name, count, 0) of what each part's `ended` counts, each walking an
    index of those rows only."""
    return [select(literal(f"{ENDED}:{part.key}"), literal(name), func.count(), literal(0))
            .where(*conditions)
            for part in STATISTICS.parts.values() if part.ended
            for name, conditions in part.ended(now).items()]


def stats() -> dict:
    rows = db.session.execute(union_all(_kept(), *_ended(clock.utcnow()))).all()
    kept = {(section, name): (int(count), int(amount))
            for section, name, count, amount in rows}
    return {key: part.read(Counts(kept, {name: n for (section, name), (n, _) in kept.items()
                                         if section == f"{ENDED}:{key}"}))
            for key, part in STATISTICS.parts.items()}

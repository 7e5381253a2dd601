"""Platform statistics (resources.md R8) in one query whatever the data size: the counts the
database keeps (core/stats.py), less what the clock has ended since it was counted."""
from sqlalchemy import func, literal, select, true, union_all

from core import clock
from core.db import db
from core.stats import StatCount
from sections.articles.models import SCHEDULED, Article
from sections.articles.models import STATUSES as ARTICLE_STATUSES
from sections.auth.models import Session, User
from sections.festivals.models import FESTIVAL_STATUSES
from sections.reviews.models import REVIEW_STATUSES
from sections.tickets.models import STATUSES as TICKET_STATUSES

# A section's counts per status, every status listed even at 0.
STATUS_COUNTS = {"articles": ARTICLE_STATUSES, "festivals": FESTIVAL_STATUSES,
                 "reviews": REVIEW_STATUSES, "tickets": TICKET_STATUSES}
# The provider's subscription statuses, listed even when 0; any other stored status is added.
SUBSCRIPTION_STATUSES = ("active", "trialing", "past_due", "unpaid", "canceled", "incomplete",
                         "incomplete_expired", "paused")
USER_COUNTS = ("total", "verified", "twoFactor", "banned", "admins")
ENDED = "ended"  # the section of what the clock has ended (not a table: never kept)


def _kept():
    """The kept counts (a counter's slots summed) as rows (section, name, count, amount)."""
    return (select(StatCount.section, StatCount.name, func.sum(StatCount.count),
                   func.sum(StatCount.amount))
            .group_by(StatCount.section, StatCount.name))


def _ended(name: str, *where):
    """Rows counted as live that the clock has ended since. Both stay few: purge-expired deletes
    expired sessions and clears ended bans, and each count walks an index of those rows only."""
    return select(literal(ENDED), literal(name), func.count(), literal(0)).where(*where)


def stats() -> dict:
    now = clock.utcnow()
    rows = db.session.execute(union_all(
        _kept(),
        _ended("sessions", Session.expires_at <= now),
        # `banned = true`, not IS: SQLite then matches the partial index's predicate.
        _ended("bans", User.banned == true(), User.ban_expires_at <= now),
        # E3.2: SCHEDULED articles stored so, PUBLISHED since their time came.
        _ended("scheduled", Article.status == SCHEDULED, Article.publish_at <= now))).all()
    counts = {(section, name): (int(count), int(amount))
              for section, name, count, amount in rows}

    def count(section, name):
        return counts.get((section, name), (0, 0))[0]

    answer = {"users": {name: count("users", name) for name in USER_COUNTS},
              "sessions": {"live": count("sessions", "total") - count(ENDED, "sessions")},
              "projects": {"total": count("projects", "total")}}
    answer["users"]["banned"] -= count(ENDED, "bans")
    for section, statuses in STATUS_COUNTS.items():
        answer[section] = {status: count(section, status) for status in statuses}
    answer["articles"][SCHEDULED] -= count(ENDED, "scheduled")
    answer["articles"]["PUBLISHED"] += count(ENDED, "scheduled")
    answer["payments"] = [{"currency": name, "count": n, "sum": total}
                          for (section, name), (n, total) in sorted(counts.items())
                          if section == "payments" and n]
    answer["subscriptions"] = dict.fromkeys(SUBSCRIPTION_STATUSES, 0) | {
        name: n for (section, name), (n, _) in counts.items()
        if section == "subscriptions" and (n or name in SUBSCRIPTION_STATUSES)}
    return answer

"""Platform statistics (resources.md R8): counts in a fixed number of queries, whatever the data
size: one query of conditional aggregates (`count(*) FILTER (WHERE ...)`) over every table, one
for payment totals per currency, one for subscriptions per status."""
from sqlalchemy import func, select, true

from models import (
    Article,
    Festival,
    Payment,
    Project,
    Review,
    Session,
    Subscription,
    Ticket,
    User,
    db,
)
from models.articles import STATUSES as ARTICLE_STATUSES
from models.festivals import FESTIVAL_STATUSES, REVIEW_STATUSES
from models.tickets import STATUSES as TICKET_STATUSES
from services import clock
from services.auth import bans

# A section's counts per status: (key, model, status column, every status, listed even at 0).
# Each section adds one line here.
STATUS_COUNTS = [
    ("articles", Article, Article.status, ARTICLE_STATUSES),
    ("festivals", Festival, Festival.status, FESTIVAL_STATUSES),
    ("reviews", Review, Review.status, REVIEW_STATUSES),
    ("tickets", Ticket, Ticket.status, TICKET_STATUSES),
]
# The provider's subscription statuses, listed even when 0; any other stored status is added.
SUBSCRIPTION_STATUSES = ("active", "trialing", "past_due", "unpaid", "canceled", "incomplete",
                         "incomplete_expired", "paused")


def _counters(now):
    """(key, subkey, labelled aggregate subquery) for the one big query."""
    count = func.count
    yield "users", [
        ("total", count()),
        ("verified", count().filter(User.email_verified.is_(True))),
        ("twoFactor", count().filter(User.two_factor_enabled.is_(True))),
        ("banned", count().filter(bans.banned_clause(now))),
        ("admins", count().filter(User.role == "admin")),
    ], User
    yield "sessions", [("live", count().filter(Session.expires_at > now))], Session
    yield "projects", [("total", count())], Project
    for key, model, column, values in STATUS_COUNTS:
        yield key, [(value, count().filter(column == value)) for value in values], model


def stats() -> dict:
    now = clock.utcnow()
    layout, subqueries = [], []
    for key, aggregates, model in _counters(now):
        labels = [f"{key}_{name}" for name, _ in aggregates]
        subqueries.append(select(*[agg.label(lbl) for (_, agg), lbl in
                                   zip(aggregates, labels, strict=True)])
                          .select_from(model).subquery(key))
        layout.append((key, [name for name, _ in aggregates]))
    # One row: each subquery has exactly one, so the joins on TRUE multiply nothing.
    joined = subqueries[0]
    for subquery in subqueries[1:]:
        joined = joined.join(subquery, true())
    row = db.session.execute(select(*[c for sq in subqueries for c in sq.c])
                             .select_from(joined)).one()
    answer, values = {}, iter(row)
    for key, names in layout:
        answer[key] = {name: next(values) for name in names}
    answer["payments"] = [
        {"currency": currency, "count": n, "sum": int(total or 0)}
        for currency, n, total in db.session.execute(
            select(Payment.currency, func.count(), func.sum(Payment.amount))
            .group_by(Payment.currency).order_by(Payment.currency))]
    subscriptions = dict.fromkeys(SUBSCRIPTION_STATUSES, 0)
    subscriptions.update(db.session.execute(
        select(Subscription.status, func.count()).group_by(Subscription.status)).all())
    answer["subscriptions"] = subscriptions
    return answer

"""The statistics answer (resources.md R8) counted from the rows as they are: what the counts
that the database keeps are checked against."""
from sqlalchemy import and_, case, func, or_, select

from core.db import db
from sections.articles.models import Article
from sections.auth.models import Session, User
from sections.festivals.models import Festival
from sections.payments.models import SUBSCRIPTION_STATUSES, Payment, Subscription
from sections.projects.models import Project
from sections.reviews.models import Review
from sections.tickets.models import Ticket
from tests.conftest import LEFT_OUT

STATUS_COLUMNS = {"articles": Article.status, "festivals": Festival.status,
                  "reviews": Review.status, "tickets": Ticket.status}
# The statistics counted per status: each status listed, 0 when none.
STATUSES = {"articles": ("DRAFT", "PUBLISHED", "ARCHIVED", "SCHEDULED"),
            "festivals": ("DRAFT", "PUBLISHED", "CANCELLED"),
            "reviews": ("PENDING", "APPROVED", "REJECTED"),
            "tickets": ("OPEN", "IN_PROGRESS", "RESOLVED", "CLOSED")}


def counted_from_rows(app, now) -> dict:
    """The answer R8 describes, from count(*) over the rows as they are now."""
    with app.app_context():
        def count(model, *where):
            return db.session.scalar(select(func.count()).select_from(model).where(*where))

        def per(column, *listed):
            grouped = db.session.execute(select(column, func.count()).group_by(column)).all()
            return dict.fromkeys(listed, 0) | dict(grouped)

        answer = {
            "users": {"total": count(User), "verified": count(User, User.email_verified),
                      "twoFactor": count(User, User.two_factor_enabled),
                      "banned": count(User, User.banned, or_(User.ban_expires_at.is_(None),
                                                             User.ban_expires_at > now)),
                      "admins": count(User, User.role == "admin")},
            "sessions": {"live": count(Session, Session.expires_at > now)},
            "projects": {"total": count(Project)},
            "payments": [{"currency": currency, "count": n, "sum": int(total)}
                         for currency, n, total in db.session.execute(
                             select(Payment.currency, func.count(), func.sum(Payment.amount))
                             .group_by(Payment.currency).order_by(Payment.currency))],
            "subscriptions": per(Subscription.status, *SUBSCRIPTION_STATUSES),
        }
        # E3.2: a SCHEDULED article whose time has come is PUBLISHED.
        columns = {**STATUS_COLUMNS, "articles": case(
            (and_(Article.status == "SCHEDULED", Article.publish_at <= now), "PUBLISHED"),
            else_=Article.status)}
        for section, listed in STATUSES.items():
            answer[section] = per(columns[section], *listed)
        # A section left out of the app (SECTIONS_LEFT_OUT) has no part in the statistics.
        return {section: counts for section, counts in answer.items() if section not in LEFT_OUT}

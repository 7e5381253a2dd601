from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.article_stats_counts import ArticleStatsCounts
    from ..models.festival_stats_counts import FestivalStatsCounts
    from ..models.payment_total import PaymentTotal
    from ..models.project_stats_counts import ProjectStatsCounts
    from ..models.review_stats_counts import ReviewStatsCounts
    from ..models.session_stats_counts import SessionStatsCounts
    from ..models.stats_subscriptions import StatsSubscriptions
    from ..models.ticket_stats_counts import TicketStatsCounts
    from ..models.user_stats_counts import UserStatsCounts


T = TypeVar("T", bound="Stats")


@_attrs_define
class Stats:
    """
    Attributes:
        users (UserStatsCounts):
        sessions (SessionStatsCounts):
        payments (list[PaymentTotal]):
        subscriptions (StatsSubscriptions):
        projects (ProjectStatsCounts):
        articles (ArticleStatsCounts):
        festivals (FestivalStatsCounts):
        reviews (ReviewStatsCounts):
        tickets (TicketStatsCounts):
    """

    users: UserStatsCounts
    sessions: SessionStatsCounts
    payments: list[PaymentTotal]
    subscriptions: StatsSubscriptions
    projects: ProjectStatsCounts
    articles: ArticleStatsCounts
    festivals: FestivalStatsCounts
    reviews: ReviewStatsCounts
    tickets: TicketStatsCounts

    def to_dict(self) -> dict[str, Any]:
        users = self.users.to_dict()

        sessions = self.sessions.to_dict()

        payments = []
        for payments_item_data in self.payments:
            payments_item = payments_item_data.to_dict()
            payments.append(payments_item)

        subscriptions = self.subscriptions.to_dict()

        projects = self.projects.to_dict()

        articles = self.articles.to_dict()

        festivals = self.festivals.to_dict()

        reviews = self.reviews.to_dict()

        tickets = self.tickets.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "users": users,
                "sessions": sessions,
                "payments": payments,
                "subscriptions": subscriptions,
                "projects": projects,
                "articles": articles,
                "festivals": festivals,
                "reviews": reviews,
                "tickets": tickets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.article_stats_counts import ArticleStatsCounts  # noqa: PLC0415
        from ..models.festival_stats_counts import FestivalStatsCounts  # noqa: PLC0415
        from ..models.payment_total import PaymentTotal  # noqa: PLC0415
        from ..models.project_stats_counts import ProjectStatsCounts  # noqa: PLC0415
        from ..models.review_stats_counts import ReviewStatsCounts  # noqa: PLC0415
        from ..models.session_stats_counts import SessionStatsCounts  # noqa: PLC0415
        from ..models.stats_subscriptions import StatsSubscriptions  # noqa: PLC0415
        from ..models.ticket_stats_counts import TicketStatsCounts  # noqa: PLC0415
        from ..models.user_stats_counts import UserStatsCounts  # noqa: PLC0415

        d = dict(src_dict)
        users = UserStatsCounts.from_dict(d.pop("users"))

        sessions = SessionStatsCounts.from_dict(d.pop("sessions"))

        payments = []
        _payments = d.pop("payments")
        for payments_item_data in _payments:
            payments_item = PaymentTotal.from_dict(payments_item_data)

            payments.append(payments_item)

        subscriptions = StatsSubscriptions.from_dict(d.pop("subscriptions"))

        projects = ProjectStatsCounts.from_dict(d.pop("projects"))

        articles = ArticleStatsCounts.from_dict(d.pop("articles"))

        festivals = FestivalStatsCounts.from_dict(d.pop("festivals"))

        reviews = ReviewStatsCounts.from_dict(d.pop("reviews"))

        tickets = TicketStatsCounts.from_dict(d.pop("tickets"))

        stats = cls(
            users=users,
            sessions=sessions,
            payments=payments,
            subscriptions=subscriptions,
            projects=projects,
            articles=articles,
            festivals=festivals,
            reviews=reviews,
            tickets=tickets,
        )

        return stats

"""Blog articles and their tags (resources.md R4)."""
from datetime import datetime

from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    String,
    Text,
    and_,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core import clock
from core.db import UTCDateTime, db, list_indexes, new_id
from core.stats import count, per_status

DRAFT, PUBLISHED, ARCHIVED, SCHEDULED = "DRAFT", "PUBLISHED", "ARCHIVED", "SCHEDULED"
STATUSES = (DRAFT, PUBLISHED, ARCHIVED, SCHEDULED)


ARTICLE_SORTS = {"created_at": "created_at", "updated_at": "updated_at",
                 "published_at": "published_at", "lower_title": func.lower(text("title"))}


class Article(db.Model):
    """An article of a project. `tags` (JSON) keeps the order for the answer; the indexed
    `article_tags` rows serve the `tag` filter (both written by service.py)."""

    __tablename__ = "articles"
    __table_args__ = (
        Index("uq_articles_project_id_slug", "project_id", "slug", unique=True),
        Index("ix_articles_slug", "slug"),
        # The SCHEDULED ones by their time: those due count as PUBLISHED (extensions.md E3.2).
        Index("ix_articles_status_publish_at", "status", "publish_at"),
        *list_indexes("articles", {"": (), "status_": ("status",),
                                    "project_id_": ("project_id",),
                                    "author_id_": ("author_id",)}, ARTICLE_SORTS),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    author_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    title: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str] = mapped_column(String(200))
    excerpt: Mapped[str | None] = mapped_column(String(500))
    content: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default=DRAFT)
    tags: Mapped[list] = mapped_column(JSON, default=list)
    # A SCHEDULED article never published before holds publishAt here from the start: shown
    # (and public) only once the clock reaches it (`shown_published_at`).
    published_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    publish_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())

    author = relationship("User", lazy="joined")
    tag_rows: Mapped[list["ArticleTag"]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True, lazy="select")


class ArticleTag(db.Model):
    """One tag of an article, for the `tag` filter: (tag, article_id) is its index."""

    __tablename__ = "article_tags"
    __table_args__ = (Index("ix_article_tags_tag_article_id", "tag", "article_id"),)

    article_id: Mapped[str] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"),
                                            primary_key=True)
    tag: Mapped[str] = mapped_column(String(30), primary_key=True)


count(per_status(Article.__tablename__))


# E3.2: a SCHEDULED article is PUBLISHED from its `publish_at` on, told from the clock in every
# read (no job flips the stored status; a later write of the article stores it, `settle`).
def is_due(status: str, publish_at, now) -> bool:
    return status == SCHEDULED and publish_at is not None and publish_at <= now


def effective_status(status: str, publish_at, now) -> str:
    return PUBLISHED if is_due(status, publish_at, now) else status


def is_public(article: Article, now) -> bool:
    return effective_status(article.status, article.publish_at, now) == PUBLISHED


def shown_published_at(published_at, now):
    """R4's publishedAt: a future one is a schedule's, not yet a publication."""
    return published_at if published_at is not None and published_at <= now else None


def published_clause(now):
    """The SQL form of "PUBLISHED at `now`". Once the due SCHEDULED articles are stored as
    PUBLISHED (`settle_due`), the plain status test, which an index reads in sort order; the OR
    of both would make the public list sort every published row (bench/README.md)."""
    if settle_due(now):
        return Article.status == PUBLISHED
    return or_(Article.status == PUBLISHED,
               and_(Article.status == SCHEDULED, Article.publish_at <= now))


def settle_due(now) -> bool:
    """Store as PUBLISHED the SCHEDULED articles whose time has come (their publishedAt is set
    already), in a transaction of its own; whether none is left. Answers never depend on it:
    `published_clause` reads a due article as PUBLISHED either way. An index finds the due ones;
    there are none on almost every call."""
    due = and_(Article.status == SCHEDULED, Article.publish_at <= now)
    if db.session.execute(select(Article.id).where(due).limit(1)).first() is None:
        return True
    try:
        with db.engine.begin() as connection:
            connection.execute(update(Article).where(due).values(status=PUBLISHED))
    except OperationalError:  # busy: the OR serves this read
        return False
    return db.session.execute(select(Article.id).where(due).limit(1)).first() is None


def status_clause(status: str, now):
    """The `status` filter at `now`: what each article's status is then."""
    if status == PUBLISHED:
        return published_clause(now)
    if status == SCHEDULED:
        return and_(Article.status == SCHEDULED, Article.publish_at > now)
    return Article.status == status


def article_counts(counts) -> dict:
    """R8: the articles per status, those SCHEDULED whose time has come (E3.2) as PUBLISHED."""
    answer = {status: counts.count(Article.__tablename__, status) for status in STATUSES}
    answer[SCHEDULED] -= counts.ended("scheduled")
    answer[PUBLISHED] += counts.ended("scheduled")
    return answer


def ended_schedules(now) -> dict:
    return {"scheduled": (Article.status == SCHEDULED, Article.publish_at <= now)}

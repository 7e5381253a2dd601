"""Blog articles (resources.md R4): creation with a slug, changes, the list's page and the
answer object."""
from sqlalchemy import func, select

from core import changes, clock, listing, slugs
from core import policy as policies
from core.db import db
from core.outcomes import Invalid
from sections.articles.models import (
    DRAFT,
    PUBLISHED,
    SCHEDULED,
    Article,
    ArticleTag,
    effective_status,
    is_due,
    shown_published_at,
    status_clause,
)
from sections.articles.rules import visible_articles
from sections.auth.models import User
from sections.projects.rules import member_of

FIELDS = {"title": "title", "content": "content", "excerpt": "excerpt", "status": "status"}


def _set_tags(article: Article, tags: list[str]) -> None:
    """The ordered list for answers and the indexed rows for the `tag` filter, together."""
    article.tags = list(tags)
    article.tag_rows = [ArticleTag(tag=tag) for tag in tags]


def _publish_once(article: Article, now) -> None:
    # R4: publishedAt is set the first time the article is published, then kept (a future one
    # is a schedule's: it never was a publication).
    if article.status == PUBLISHED and shown_published_at(article.published_at, now) is None:
        article.published_at = now


def settle(article: Article, now) -> None:
    """Store what the clock has made of a SCHEDULED article (PUBLISHED since `publish_at`),
    before a write decides on its state."""
    if is_due(article.status, article.publish_at, now):
        article.status = PUBLISHED


def _schedule(article: Article, data: dict, now) -> None:
    """E3.2: `publishAt` goes with SCHEDULED only, in the future; another status set before
    it clears it (and the publication it promised)."""
    wanted = data.get("status", article.status)
    if wanted != SCHEDULED:
        if data.get("publishAt") is not None:
            raise Invalid("publishAt goes with the status SCHEDULED only", field="publishAt")
        if article.status == SCHEDULED:
            article.publish_at = None
            article.published_at = shown_published_at(article.published_at, now)
        return
    publish_at = data.get("publishAt", article.publish_at if article.status == SCHEDULED
                          else None)
    if publish_at is None or publish_at <= now:
        raise Invalid("A SCHEDULED article needs a future publishAt", field="publishAt")
    article.publish_at = publish_at
    if shown_published_at(article.published_at, now) is None:
        article.published_at = publish_at  # its publication date, shown from then on


def create(who: policies.Caller, project, data: dict) -> Article:
    """A new article of `who` in `project` (the access step loaded it: members and admins
    write)."""
    now = clock.utcnow()
    article = Article(project_id=project.id, author_id=who.id, title=data["title"],
                      content=data["content"], excerpt=data.get("excerpt"),
                      status=DRAFT, created_at=now, updated_at=now)
    _schedule(article, data, now)
    article.status = data.get("status") or DRAFT
    _set_tags(article, data.get("tags") or [])
    _publish_once(article, now)
    slugs.insert(article, article.title, data.get("slug"))
    return article


def update(article: Article, data: dict) -> Article:
    """Apply the PATCH's fields; the slug changes only when given (never with the title)."""
    now = clock.utcnow()
    settle(article, now)
    before = (article.publish_at, article.published_at)
    _schedule(article, data, now)
    changed = changes.apply(article, data, FIELDS)
    changed = changed or before != (article.publish_at, article.published_at)
    if "tags" in data and data["tags"] != article.tags:
        db.session.execute(ArticleTag.__table__.delete().where(
            ArticleTag.article_id == article.id))
        article.tags = list(data["tags"])
        db.session.add_all(ArticleTag(article_id=article.id, tag=t) for t in data["tags"])
        changed = True
    if "slug" in data and data["slug"] != article.slug:
        slugs.change(article, data["slug"])
        changed = True
    if changed:
        article.updated_at = now
        _publish_once(article, now)
        slugs.flush_change()
    return article


def delete(article: Article) -> None:
    db.session.delete(article)


SORTS = {"createdAt": Article.created_at, "updatedAt": Article.updated_at,
         "publishedAt": Article.published_at, "title": func.lower(Article.title)}


# The list reads plain rows (the article's columns and its author's), not ORM objects: building
# twenty objects and their authors was most of the public list's cost (bench/README.md).
ROW = (Article.id, Article.project_id, Article.author_id, Article.title, Article.slug,
       Article.excerpt, Article.content, Article.status, Article.tags, Article.published_at,
       Article.publish_at, Article.created_at, Article.updated_at,
       User.name.label("author_name"), User.image.label("author_image"),
       User.email.label("author_email"))


def next_publication():
    """When the next SCHEDULED article is published (None: none is waiting)."""
    return db.session.execute(select(func.min(Article.publish_at)).where(
        Article.status == SCHEDULED, Article.publish_at > clock.utcnow())).scalar()


def page(who: policies.Caller, args: dict) -> listing.Page:
    """One page of the articles the caller may see, as plain rows; counted without the
    author's join."""
    return listing.page(list_query(who, args), args, SORTS, Article.id, scalars=False,
                        count_statement=list_query(who, args, (Article.id,)))


def list_query(who: policies.Caller, args: dict, columns=ROW):
    """The list's statement: what the caller may see, with the query's filters (R4); with
    `columns=(Article.id,)`, the same rows for the count, without the author's join."""
    query = select(*columns).where(visible_articles(who))
    if columns is ROW:
        query = query.outerjoin(User, User.id == Article.author_id)
    if "status" in args:
        query = query.where(status_clause(args["status"], clock.utcnow()))
    for key, column in (("projectId", Article.project_id),
                        ("authorId", Article.author_id), ("slug", Article.slug)):
        if key in args:
            query = query.where(column == args[key])
    if "tag" in args:
        query = query.where(Article.id.in_(
            select(ArticleTag.article_id).where(ArticleTag.tag == args["tag"].strip().lower())))
    if "q" in args:
        query = query.where(listing.contains(Article.title, args["q"]))
    return query


def answer(article, who: policies.Caller, projects) -> dict:
    """The Article object's keys with raw values (ArticleSchema dumps them), from an Article or
    a list row; `projects` is the caller's (projects_of), which decides whether the author's
    e-mail is shown (R1)."""
    now = clock.utcnow()
    show_email = policies.may_know_email(who, article.author_id, set()) or \
        member_of(projects, article.project_id)
    if isinstance(article, Article):
        author = policies.embed_user(article.author, show_email)
    elif article.author_id is None:
        author = None
    else:
        author = {"id": article.author_id, "name": article.author_name,
                  "image": article.author_image}
        if show_email:
            author["email"] = article.author_email
    return {"id": article.id, "projectId": article.project_id, "author": author,
            "title": article.title, "slug": article.slug, "excerpt": article.excerpt,
            "content": article.content, "tags": article.tags,
            "status": effective_status(article.status, article.publish_at, now),
            "publishedAt": shown_published_at(article.published_at, now),
            "publishAt": article.publish_at,
            "createdAt": article.created_at, "updatedAt": article.updated_at}

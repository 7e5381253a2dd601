"""Blog articles (resources.md R4): public reads, writes by the project's members."""
from flask import after_this_request, current_app, g

from core import listing
from core import policy as policies
from core.access import body_names, guard, login_optional, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import data_schema
from perf.answer_cache import anonymous_pages
from sections.articles import service as articles
from sections.articles.models import STATUSES
from sections.articles.schemas import ArticleChangeSchema, ArticleCreateSchema, ArticleSchema
from sections.projects.rules import projects_of

blp = ApiBlueprint("articles", __name__, url_prefix="/api/articles",
                   description="Blog articles (resources.md R4)")

ArticleListArgs = listing.arguments(
    "ArticleListArgs", sorts=list(articles.SORTS),
    filters={"status": listing.enum(*STATUSES), "projectId": listing.identifier(),
             "authorId": listing.identifier(), "tag": listing.text(30),
             "slug": listing.text(200), "q": listing.text()})
ArticleData = data_schema(ArticleSchema)


def written():
    """After an article write commits: this process's anonymous pages are stale."""
    anonymous_pages().clear()


def keep(response):
    """After an anonymous page is dumped: its bytes, for the next anonymous callers."""
    if response.status_code == 200:
        anonymous_pages().put(g.anonymous_page, response.get_data(), g.anonymous_until)
    return response


@blp.get("")
@blp.doc(operationId="listArticles")
@blp.response(200, listing.page_schema(ArticleSchema))
@login_optional
@blp.arguments(ArticleListArgs, location="query")
def list_articles(args):
    """List the articles the caller may see (PUBLISHED ones to everyone)."""
    who = policies.caller()
    cache = anonymous_pages()
    if who.id is None and cache.seconds > 0:
        g.anonymous_page = tuple(sorted(args.items()))
        body = cache.get(g.anonymous_page)
        if body is not None:
            return current_app.response_class(body, mimetype="application/json")
        g.anonymous_until = articles.next_publication()
        after_this_request(keep)
    page = articles.page(who, args)
    projects = projects_of(who) if page.items else set()
    return page.answer([articles.answer(a, who, projects) for a in page.items])


@blp.get("/<article_id>")
@blp.doc(operationId="getArticle")
@blp.response(200, ArticleData)
@login_optional
@guard("article")
def get_article(article):
    """Return one article."""
    who = policies.caller()
    return {"data": articles.answer(article, who, projects_of(who))}


@blp.post("")
@blp.doc(operationId="createArticle")
@blp.response(201, ArticleData)
@blp.errors((409, "CONFLICT: the slug is taken in the project"))
@login_required
@body_names("projectId", "project")
@blp.arguments(ArticleCreateSchema)
def create_article(data, project):
    """Write an article in one of the caller's projects (DRAFT unless told)."""
    who = policies.caller()
    article = articles.create(who, project, data)
    db.session.commit()
    written()
    return {"data": articles.answer(article, who, projects_of(who))}


@blp.patch("/<article_id>")
@blp.doc(operationId="updateArticle")
@blp.response(200, ArticleData)
@blp.errors((409, "CONFLICT: the slug is taken in the project"))
@login_required
@guard("article", "change")
@blp.arguments(ArticleChangeSchema)
def update_article(data, article):
    """Change an article's fields (its author or the project's owner)."""
    articles.update(article, data)
    db.session.commit()
    written()
    who = policies.caller()
    return {"data": articles.answer(article, who, projects_of(who))}


@blp.delete("/<article_id>")
@blp.doc(operationId="deleteArticle")
@blp.response(204)
@login_required
@guard("article", "change")
def delete_article(article):
    """Delete an article (its author or the project's owner)."""
    articles.delete(article)
    db.session.commit()
    written()
    return "", 204

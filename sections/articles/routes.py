"""Blog articles (resources.md R4): public reads, writes by the project's members."""
from core import listing
from core import policy as policies
from core.access import body_names, guard, login_optional, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import data_schema
from perf.answer_cache import AnswerCache
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
# The public list's anonymous answers; a scheduled publication changes them by itself.
ANONYMOUS_PAGES = AnswerCache("ARTICLE_LIST_CACHE_SECONDS", until=articles.next_publication)


@blp.get("")
@blp.doc(operationId="listArticles")
@blp.response(200, listing.page_schema(ArticleSchema))
@login_optional
@blp.arguments(ArticleListArgs, location="query")
@ANONYMOUS_PAGES.kept
def list_articles(args):
    """List the articles the caller may see (PUBLISHED ones to everyone)."""
    who = policies.caller()
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
@ANONYMOUS_PAGES.dropped
def create_article(data, project):
    """Write an article in one of the caller's projects (DRAFT unless told)."""
    who = policies.caller()
    article = articles.create(who, project, data)
    db.session.commit()
    return {"data": articles.answer(article, who, projects_of(who))}


@blp.patch("/<article_id>")
@blp.doc(operationId="updateArticle")
@blp.response(200, ArticleData)
@blp.errors((409, "CONFLICT: the slug is taken in the project"))
@login_required
@guard("article", "change")
@blp.arguments(ArticleChangeSchema)
@ANONYMOUS_PAGES.dropped
def update_article(data, article):
    """Change an article's fields (its author or the project's owner)."""
    articles.update(article, data)
    db.session.commit()
    who = policies.caller()
    return {"data": articles.answer(article, who, projects_of(who))}


@blp.delete("/<article_id>")
@blp.doc(operationId="deleteArticle")
@blp.response(204)
@login_required
@guard("article", "change")
@ANONYMOUS_PAGES.dropped
def delete_article(article):
    """Delete an article (its author or the project's owner)."""
    articles.delete(article)
    db.session.commit()
    return None

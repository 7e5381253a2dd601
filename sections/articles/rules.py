"""Who sees and changes an article (resources.md R4)."""
from sqlalchemy import or_, true

from core import clock
from core.policy import AUTHOR, MEMBER, OWNER, PROJECT_ADMIN, PUBLIC, Caller, define
from sections.articles.models import Article, is_public, published_clause
from sections.projects.rules import member_projects, relations_in_project

RULES = {
    "see": {PUBLIC, MEMBER},
    "change": {AUTHOR, OWNER, PROJECT_ADMIN},  # PATCH and DELETE (E2.1: a project admin too)
}


def article_relations(article: Article, who: Caller) -> set[str]:
    found = relations_in_project(article.project_id, who)
    if is_public(article, clock.utcnow()):
        found.add(PUBLIC)
    # R1: editing one's own article is a right that lasts only while a member.
    if who.id is not None and article.author_id == who.id and MEMBER in found:
        found.add(AUTHOR)
    return found


def visible_articles(who: Caller):
    """The SQL form of the "see" rule, for lists (R1: a list shows only what the caller sees)."""
    if who.is_admin:
        return true()
    public = published_clause(clock.utcnow())
    if who.id is None:
        return public
    return or_(public, Article.project_id.in_(member_projects(who)))


define("article", Article, RULES, article_relations, noun="article")

"""What search reads of an article (extensions.md E3.1): its title, excerpt, content and tags,
seen by whoever sees the article in the list."""
from sqlalchemy import select

from core.db import db
from core.search import Document, Source
from sections.articles.models import Article
from sections.articles.rules import visible_articles


def documents(ids: list) -> dict:
    rows = db.session.execute(select(Article.id, Article.title, Article.excerpt,
                                     Article.content, Article.tags).where(Article.id.in_(ids)))
    return {row.id: [Document([row.title, row.excerpt, row.content, " ".join(row.tags or [])])]
            for row in rows}


SOURCE = Source("article", Article, visible_articles, documents, title=Article.title,
                project=Article.project_id)

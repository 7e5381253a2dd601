"""What search reads of a festival (extensions.md E3.1): its name, description and location,
seen by whoever sees the festival in the list."""
from sqlalchemy import select

from core.db import db
from core.search import Document, Source
from sections.festivals.models import Festival
from sections.festivals.rules import visible_festivals


def documents(ids: list) -> dict:
    rows = db.session.execute(select(Festival.id, Festival.name, Festival.description,
                                     Festival.location).where(Festival.id.in_(ids)))
    return {row.id: [Document([row.name, row.description, row.location])] for row in rows}


SOURCE = Source("festival", Festival, visible_festivals, documents, title=Festival.name,
                project=Festival.project_id)

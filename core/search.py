"""Full-text search across sections (extensions.md E3.1): each section feeds it (`feed`) a
`Source` (its table, documents and visibility rule); the index is kept in the writing
transaction, as a `tsvector` under GIN on PostgreSQL and an FTS5 table on SQLite."""
from dataclasses import dataclass, field

from sqlalchemy import (
    DDL,
    BigInteger,
    Index,
    Integer,
    String,
    and_,
    bindparam,
    column,
    delete,
    event,
    func,
    insert,
    literal_column,
    or_,
    select,
    table,
    text,
)
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.orm import Mapped, mapped_column

from core import listing, words
from core.db import db

EVERYONE = "all"  # the audience of a document every caller who sees the item may read


@dataclass(frozen=True)
class Document:
    """What one audience of an item may search: `fields` in the snippet's order, title first."""

    fields: list
    audience: str = EVERYONE


@dataclass(frozen=True)
class Source:
    """A section's searchable kind. `visible(who)`: its lists' SQL rule over `model`;
    `documents(ids)`: {id: [Document, ...]} for the ids that exist; `follows`: each model whose
    writes change a document -> the attribute holding the item's id; `audience(who)`: which of
    an item's documents the caller reads; `title`, `project`: the hit's columns."""

    type: str
    model: type
    visible: object
    documents: object
    title: object
    project: object
    follows: dict = field(default_factory=dict)
    audience: object = None
    signed_in: bool = False  # searched only with a bearer (tickets)


SOURCES: dict[str, Source] = {}
FOLLOWED: dict[type, list] = {}  # model -> [(source type, id attribute)]


# A flush notes the fed rows that changed, the commit rewrites their documents. Both engines
# hold the words of core/words.py, so the two match the same words.
def feed(source: Source) -> None:
    """A section's kind joins the search (from its register)."""
    if source.type in SOURCES:
        return
    SOURCES[source.type] = source
    for model, attribute in {source.model: "id", **source.follows}.items():
        FOLLOWED.setdefault(model, []).append((source.type, attribute))


class SearchDocument(db.Model):
    """One audience's words of one item. PostgreSQL: `vector`; SQLite: the FTS5 row of
    `search_text` whose rowid is `key`."""

    __tablename__ = "search_documents"
    __table_args__ = (
        Index("uq_search_documents_type_item_id_audience", "type", "item_id", "audience",
              unique=True),
    )

    key: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"),
                                     primary_key=True, autoincrement=True)
    type: Mapped[str] = mapped_column(String(16))
    item_id: Mapped[str] = mapped_column(String(32))
    audience: Mapped[str] = mapped_column(String(16))
    vector = mapped_column(TSVECTOR().with_variant(String, "sqlite"), nullable=True)


# The engine's own index, created with the table (and by its migration: `ENGINE_DDL`).
ENGINE_DDL = {
    "postgresql": ["CREATE INDEX ix_search_documents_vector ON search_documents "
                   "USING gin (vector)"],
    "sqlite": ["CREATE VIRTUAL TABLE search_text USING fts5(title, body, "
               "tokenize='unicode61 remove_diacritics 2')"],
}
for _dialect, _statements in ENGINE_DDL.items():
    for _statement in _statements:
        event.listen(SearchDocument.__table__, "after_create",
                     DDL(_statement).execute_if(dialect=_dialect))
event.listen(SearchDocument.__table__, "after_drop",
             DDL("DROP TABLE IF EXISTS search_text").execute_if(dialect="sqlite"))
SEARCH_TEXT = table("search_text", column("rowid"), column("title"), column("body"))
WEIGHT = {w: literal_column(f"'{w}'::\"char\"") for w in "AB"}
SIMPLE = literal_column("'simple'::regconfig")  # no stemming, no stop words: the words as given


def vector(title, body):
    """PostgreSQL: the document's words, the title's weighing more (A) than the rest (B)."""
    weigh = func.setweight
    return weigh(func.to_tsvector(SIMPLE, title), WEIGHT["A"]).op("||")(
        weigh(func.to_tsvector(SIMPLE, body), WEIGHT["B"]))


# Keeping the index current: a flush notes what changed, the commit writes its documents.
@event.listens_for(db.session, "after_flush")  # the app's sessions alone, not every one
def _note(session, _context):
    if not FOLLOWED:
        return
    pending = session.info.setdefault("search_pending", set())
    for row in (*session.new, *session.dirty, *session.deleted):
        for kind, attribute in FOLLOWED.get(type(row), ()):
            item_id = getattr(row, attribute, None)
            if item_id is not None:
                pending.add((kind, item_id))


@event.listens_for(db.session, "before_commit")
def _write(session):
    while session.info.get("search_pending"):
        session.flush()  # what is still unflushed is noted too
        pending = session.info.pop("search_pending", set())
        for kind in {kind for kind, _ in pending}:
            reindex(session, kind, sorted(i for k, i in pending if k == kind))


def reindex(session, kind: str, ids: list) -> None:
    """Replace the documents of these items of `kind` by what its source makes of them now
    (none for an item deleted)."""
    found = SOURCES[kind].documents(ids)
    rows = [{"type": kind, "item_id": item_id, "audience": document.audience,
             "title": words.indexed(document.fields[0]),
             "body": " ".join(words.indexed(f) for f in document.fields[1:])}
            for item_id, documents in found.items() for document in documents]
    sqlite = session.get_bind().dialect.name == "sqlite"
    old = and_(SearchDocument.type == kind, SearchDocument.item_id.in_(ids))
    if sqlite:
        session.execute(text("DELETE FROM search_text WHERE rowid IN (SELECT key FROM "
                             "search_documents WHERE type = :kind AND item_id IN :ids)")
                        .bindparams(bindparam("ids", expanding=True)),
                        {"kind": kind, "ids": ids})
    session.execute(delete(SearchDocument).where(old))
    for row in rows:
        write(session, row, sqlite)


def write(session, row: dict, sqlite: bool) -> None:
    """One document: `row` holds type, item_id, audience and its indexed title and body."""
    document = {k: row[k] for k in ("type", "item_id", "audience")}
    if not sqlite:
        session.execute(insert(SearchDocument).values(
            **document, vector=vector(row["title"], row["body"])))
        return
    key = session.execute(insert(SearchDocument).values(**document)
                          .returning(SearchDocument.key)).scalar_one()
    session.execute(text("INSERT INTO search_text (rowid, title, body) VALUES "
                         "(:key, :title, :body)"),
                    {"key": key, "title": row["title"], "body": row["body"]})


# Searching.
# PostgreSQL guesses a GIN match (a prefix query above all) at a hundred times the rows it
# finds, then reads both content tables whole to hash-join them, or starts parallel workers,
# each many times slower than the nested loops (bench/README.md, "Search").
# A hit is joined by its primary key: nested loops over the matches, for this transaction only.
PLANNER = text("SELECT set_config('enable_hashjoin', 'off', true), "
               "set_config('enable_mergejoin', 'off', true), "
               "set_config('max_parallel_workers_per_gather', '0', true)")
def terms_of(q: str) -> list[str]:
    """The query's words (none: the query has no letter or digit)."""
    return words.words(q)


def _match(terms: list[str], sqlite: bool):
    """The match condition and the rank (lower first) for `terms`, the last one a prefix.
    Each word goes in quoted: an operator of the engine's syntax is a plain word here."""
    if sqlite:
        expression = " ".join(f'"{t}"' for t in terms) + "*"
        rank = literal_column("bm25(search_text, 4.0, 1.0)")
        return literal_column("search_text").op("MATCH")(expression), rank
    quoted = [f"'{t}'" for t in terms]
    query = func.to_tsquery(SIMPLE, " & ".join(quoted) + ":*")
    return SearchDocument.vector.op("@@")(query), -func.ts_rank(SearchDocument.vector, query)


def reachable(who, kinds: list[str]) -> list[Source]:
    """The sources of `kinds` the caller may search (tickets need a bearer)."""
    return [SOURCES[k] for k in kinds if not (SOURCES[k].signed_in and who.id is None)]


def _first(columns: list):
    """The first non-null of the columns (a hit's row is in one kind's table only)."""
    return columns[0] if len(columns) == 1 else func.coalesce(*columns)


def query(who, terms: list[str], kinds: list[str], sqlite: bool):
    """One statement: the hits (type, id, title, projectId, rank) the caller may see."""
    match, rank = _match(terms, sqlite)
    sources = reachable(who, kinds)
    columns = [SearchDocument.type.label("type"), SearchDocument.item_id.label("id"),
               _first([s.title for s in sources]).label("title"),
               _first([s.project for s in sources]).label("project_id"),
               rank.label("rank")]
    statement = select(*columns).select_from(SearchDocument)
    if sqlite:
        statement = statement.join(SEARCH_TEXT, SEARCH_TEXT.c.rowid == SearchDocument.key)
    reached = []
    for source in sources:
        table = source.model
        statement = statement.outerjoin(table, and_(SearchDocument.type == source.type,
                                                    table.id == SearchDocument.item_id))
        audience = source.audience(who) if source.audience else EVERYONE
        reached.append(and_(SearchDocument.type == source.type, table.id.isnot(None),
                            SearchDocument.audience == audience, source.visible(who)))
    return statement.where(match, or_(*reached))


def page(who, q: str, kinds: list[str], args: dict) -> listing.Page:
    """One page of hits, most relevant first, ties by id."""
    if not reachable(who, kinds):  # tickets asked for without a bearer: nothing to search
        return listing.Page([], 0, args["page"], min(args["limit"], listing.MAX_LIMIT))
    sqlite = db.session.get_bind().dialect.name == "sqlite"
    if not sqlite:
        db.session.execute(PLANNER)
    statement = query(who, terms_of(q), kinds, sqlite)
    ordered = {**args, "sort": "rank", "order": "asc"}
    return listing.page(statement, ordered, {"rank": literal_column("rank")},
                        literal_column("id"), scalars=False)


def answers(who, hits: list, q: str) -> list[dict]:
    """The hits as E3.1's objects, each with its snippet (one read of each kind's documents)."""
    terms = terms_of(q)
    fields = {}
    for kind in {hit.type for hit in hits}:
        source = SOURCES[kind]
        audience = source.audience(who) if source.audience else EVERYONE
        for item_id, docs in source.documents([h.id for h in hits if h.type == kind]).items():
            fields.update(((kind, item_id), d.fields) for d in docs if d.audience == audience)
    return [{"type": hit.type, "id": hit.id, "title": hit.title, "projectId": hit.project_id,
             "snippet": words.snippet(fields.get((hit.type, hit.id), [hit.title]), terms)}
            for hit in hits]

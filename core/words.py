"""Words as search sees them (extensions.md E3.1): letters and digits, case and accents folded,
so "Crème" and "creme" are one word on both databases; and the snippet around a match."""
import re
import unicodedata

WORD = re.compile(r"[^\W_]+")  # a run of letters and digits; everything else separates words
SNIPPET = 200
LEAD = 40  # characters kept before the match, when the field is longer than a snippet


def fold(token: str) -> list[str]:
    """A token's words: compatibility forms and accents dropped, case folded ("ﬁ" -> "fi",
    "É" -> "e", "½" -> "1", "2")."""
    decomposed = unicodedata.normalize("NFKD", token)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return WORD.findall(bare.casefold())


def words(text: str | None) -> list[str]:
    """The folded words of a text, in order."""
    if not text:
        return []
    return [word for token in WORD.findall(unicodedata.normalize("NFC", text))
            for word in fold(token)]


def indexed(text: str | None) -> str:
    """A text as the index stores it: its folded words, separated by spaces; both engines'
    tokenizers find exactly these words in it."""
    return " ".join(words(text))


def matches(word: str, terms: list[str]) -> bool:
    """Whether `word` is one of the query's terms: the last one may be a prefix (E3.1)."""
    return word in terms[:-1] or word.startswith(terms[-1]) or word == terms[-1]


def first_match(text: str | None, terms: list[str]) -> int | None:
    """Where the first word of `text` that the query matches starts, or None."""
    if not text:
        return None
    normal = unicodedata.normalize("NFC", text)
    for token in WORD.finditer(normal):
        if any(matches(word, terms) for word in fold(token.group())):
            return token.start()
    return None


def snippet(fields: list[str | None], terms: list[str]) -> str:
    """Up to 200 characters of the first field (after the title, `fields[0]`) where a term is
    found, from a little before the match; the title when only the title matches. Plain text,
    nothing added."""
    for text in [*fields[1:], fields[0]]:
        at = first_match(text, terms)
        if at is None:
            continue
        normal = unicodedata.normalize("NFC", text)
        if len(normal) <= SNIPPET:
            return normal
        start = max(0, min(at - LEAD, len(normal) - SNIPPET))
        if start:  # begin at a word, not inside one
            space = normal.find(" ", start, at)
            start = space + 1 if space != -1 else at
        return normal[start:start + SNIPPET]
    return (fields[0] or "")[:SNIPPET]

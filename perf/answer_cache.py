"""The public article list's answers to anonymous callers, kept for a moment (bench/README.md,
"Speed-only code")."""
import threading
import time

from flask import current_app

import perf
from core import clock


class AnonymousPages:
    """The public list's answers to anonymous callers, kept for a moment (R4: the blog's front
    page is the hottest read, and every visitor asks for the same one). This process drops them
    at once when it writes an article; another process's writes show within
    ARTICLE_LIST_CACHE_SECONDS (default 1). Callers with a bearer are never served from here."""

    LIMIT = 512  # distinct queries kept; past that, start over

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.entries = {}
        self.lock = threading.Lock()

    def get(self, key):
        entry = self.entries.get(key)
        if not entry or entry[0] <= time.monotonic():
            return None
        return entry[2] if entry[1] is None or clock.utcnow() < entry[1] else None

    def put(self, key, body: bytes, until=None):
        """Keep `body` for the configured time, and not once the clock reaches `until` (the
        next scheduled article's publication, which changes the page)."""
        with self.lock:
            if len(self.entries) >= self.LIMIT:
                self.entries.clear()
            self.entries[key] = (time.monotonic() + self.seconds, until, body)

    def clear(self):
        with self.lock:
            self.entries.clear()


def anonymous_pages() -> AnonymousPages:
    """This app's cache of the public article list's anonymous answers."""
    pages = current_app.extensions.get("anonymous_article_pages")
    if pages is None:
        off = perf.off(current_app, "answer_cache")
        seconds = 0 if off else current_app.config["ARTICLE_LIST_CACHE_SECONDS"]
        pages = current_app.extensions.setdefault("anonymous_article_pages",
                                                  AnonymousPages(seconds))
    return pages

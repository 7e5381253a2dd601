"""A public list's answers to anonymous callers, kept for a moment (bench/README.md, "Speed-only
code"): `AnswerCache.kept` on the list's view, `AnswerCache.dropped` on the views that change it."""
import functools
import threading
import time

from flask import after_this_request, current_app

import perf
from core import clock
from core.bearer import current_session


class Pages:
    """One app's kept answers: body bytes by the list's arguments."""

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
        """Keep `body` for the configured time, and not once the clock reaches `until` (when
        the answer changes by itself, e.g. the next scheduled article's publication)."""
        with self.lock:
            if len(self.entries) >= self.LIMIT:
                self.entries.clear()
            self.entries[key] = (time.monotonic() + self.seconds, until, body)

    def clear(self):
        with self.lock:
            self.entries.clear()


class AnswerCache:
    """The anonymous answers of one public list (R4: the blog's front page is the hottest read,
    and every visitor asks for the same one), kept for the seconds the `setting` names; none
    with 0 or with PERF_OFF naming `answer_cache`. This process drops them at once when one of
    its `dropped` views has answered; another process's writes show within those seconds.
    Callers with a bearer are never served from here. `until()`: when the list changes by
    itself, or None."""

    def __init__(self, setting: str, until=None):
        self.setting, self.until = setting, until

    def pages(self) -> Pages:
        """This app's kept answers."""
        kept = current_app.extensions.setdefault("answer_cache", {})
        pages = kept.get(self.setting)
        if pages is None:
            off = perf.off(current_app, "answer_cache")
            pages = kept.setdefault(self.setting,
                                    Pages(0 if off else current_app.config[self.setting]))
        return pages

    def kept(self, view):
        """Decorate a list's view (below its `arguments`): an anonymous caller's 200 answer is
        kept, as bytes, under the list's arguments, and answers the same arguments again."""

        @functools.wraps(view)
        def keeping(args, **kwargs):
            pages = self.pages()
            if pages.seconds <= 0 or current_session() is not None:
                return view(args, **kwargs)
            key = tuple(sorted(args.items()))
            body = pages.get(key)
            if body is not None:
                return current_app.response_class(body, mimetype="application/json")
            until = self.until() if self.until else None

            @after_this_request
            def keep(response):
                if response.status_code == 200:
                    pages.put(key, response.get_data(), until)
                return response

            return view(args, **kwargs)

        return keeping

    def dropped(self, view):
        """Decorate a view that changes the list: once it has answered (its change committed),
        this process's kept answers are stale."""

        @functools.wraps(view)
        def dropping(*args, **kwargs):
            answer = view(*args, **kwargs)
            self.pages().clear()
            return answer

        return dropping

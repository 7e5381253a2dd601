"""Every private name of a library that the service reads or overrides, with the version it was
checked against; tests/perf/test_private_names.py holds this list to the source and to the
installed libraries, so that an upgrade fails here, naming the library, version and name."""
from typing import NamedTuple


class Private(NamedTuple):
    library: str  # the distribution, as requirements.txt pins it
    version: str  # the pinned version this entry was checked against
    owner: str  # dotted path of the module or class that has it (or see `kind`)
    name: str  # the name as the source spells it (a private module: its dotted path below owner)
    kind: str  # "module", "function", "attribute" (of the module or class), "instance
    #            attribute" (set on each instance: the test makes one) or "key" (of a dict)
    why: str  # what reads it, and why no public name does the job


FLASK, LIMITER, LIMITS = ("Flask", "3.1.3"), ("Flask-Limiter", "4.1.1"), ("limits", "5.8.0")
SMOREST, SQLALCHEMY = ("flask-smorest", "0.47.0"), ("SQLAlchemy", "2.1.9")
MARSHMALLOW = ("marshmallow", "4.4.0")
WERKZEUG = ("Werkzeug", "3.1.9")
LIMITER_STATE = "the short path takes itself off when any of these is set or true (perf/limiter.py)"

PRIVATE = (
    Private("urllib3", "2.8.0", "urllib3.connection.HTTPConnection", "_new_conn", "function",
            "core/guarded.py `_Watched`: the socket a guarded connection opens, handed "
            "to the request's Deadline, which the process's watchdog (core/watchdog.py) "
            "shuts down at 3 seconds (the read timeout counts per read); urllib3 offers no "
            "public hook for that socket"),
    Private(*SQLALCHEMY, "sqlalchemy.orm.instrumentation.ClassManager", "new_instance",
            "function", "perf/prepared.py `instances_of`: a mapped instance without its "
            "constructor, as the ORM's own loading makes one (not private by its name, but "
            "not in SQLAlchemy's documented API either)"),
    Private(*WERKZEUG, "werkzeug", "_reloader", "module",
            "core/serving.py `watch_project_code_only`: its `reloader_loops` table, where "
            "`flask --debug run` picks watchdog when it is installed; Flask's `run` passes no "
            "reloader type and has no option for one (tests/core/test_dev_server.py)"),
    Private(*FLASK, "flask.globals", "_cv_request", "attribute",
            "perf/limiter.py: the request context without werkzeug's proxies, read several "
            "times a request on the limiter's short path"),
    Private(*FLASK, "flask.current_app", "_get_current_object", "function",
            "core/mail.py: the app behind the proxy, handed to the mail sender's thread "
            "(Flask's documented way; there is no other)"),
    Private(*LIMITER, "flask_limiter", "_extension.LimiterContext", "module",
            "perf/limiter.py: the per-request state Flask-Limiter's hooks share, not exported"),
    Private(*LIMITER, "flask.ctx.RequestContext", "_limiter_request_context",
            "instance attribute", "perf/limiter.py `context`: where Flask-Limiter keeps that "
            "state; the short path and the general path must share it"),
    Private(*LIMITER, "flask_limiter.Limiter", "_check_request_limit", "function",
            "perf/limiter.py: the check the short path overrides (the general path is super's)"),
    *(Private(*LIMITER, "flask_limiter.Limiter", name, "instance attribute",
              f"perf/limiter.py: {why}")
      for name, why in (
          ("_storage_dead", "the storage failed: the general path's fallback takes over"),
          ("_in_memory_fallback_enabled", "whether a failed storage falls back to memory"),
          ("_swallow_errors", "whether a failed storage lets the request through"),
          ("_headers_enabled", "whether the X-RateLimit headers are written"),
          ("_header_mapping", "the headers' names, as configured"),
          ("_key_prefix", "the counters' key prefix (RATELIMIT_KEY_PREFIX)"),
          ("_fail_on_first_breach", "whether the check stops at the first breached limit"),
          ("_marked_for_limiting", LIMITER_STATE), ("_meta_limits", LIMITER_STATE),
          ("_request_filters", LIMITER_STATE), ("_on_breach", LIMITER_STATE))),
    *(Private(*LIMITER, "flask_limiter.Limiter.limit_manager", name, "instance attribute",
              "perf/limiter.py `settle`: the Limit objects as registered (the public "
              "properties evaluate them, which needs a request); " + LIMITER_STATE)
      for name in ("_default_limits", "_application_limits", "_decorated_limits",
                   "_blueprint_limits", "_endpoint_hints")),
    Private(*LIMITER, "flask_limiter.RequestLimit", "_window", "instance attribute",
            "perf/limiter.py `hit_once`: the window's state from the same Redis round trip as "
            "the hit, which the `window` property would otherwise ask for again"),
    Private(*LIMITS, "limits.storage.MemoryStorage", "_MemoryStorage__schedule_expiry",
            "function", "perf/limiter.py SweptMemoryStorage: the timer a hit starts, "
            "overridden to sweep once a second"),
    Private(*LIMITS, "limits.storage.MemoryStorage", "_MemoryStorage__expire_events",
            "function", "perf/limiter.py SweptMemoryStorage: the sweep its timer runs"),
    Private(*SMOREST, "flask_smorest.Blueprint", "_prepare_doc_cbks", "instance attribute",
            "core/blueprint.py: where an operation's documentation is made; ApiBlueprint adds "
            "the framework's errors in its own envelope (no public hook per blueprint)"),
    Private(*SMOREST, "a view's __dict__", "_apidoc", "key",
            "core/blueprint.py `add_url_rule`: the view's access declarations kept where "
            "flask-smorest's own decorators keep the view's documentation, for "
            "`document_access` to read when the operation is documented"),
    Private(*SMOREST, "flask_smorest.Blueprint", "register_views_in_doc", "function",
            "perf/openapi.py: the step of Api.register_blueprint that documents a blueprint, "
            "called when the document is first read (public name, undocumented)"),
    Private(*SMOREST, "app.extensions['flask-smorest']", "blp_name_to_api", "key",
            "perf/openapi.py: what Api.register_blueprint records for each blueprint"),
    Private(*SQLALCHEMY, "sqlalchemy.pool.Pool", "_invalidate", "function",
            "perf/prepared.py raw_cursor: a disconnect replaces the pool's older connections, "
            "as SQLAlchemy's own execution does (a pooled connection's invalidate does not)"),
    *(Private(*MARSHMALLOW, "marshmallow.fields.Field", name, "function",
              "core/fields.py and the sections' schemas: a custom field's load and dump, "
              "marshmallow's documented hooks for them")
      for name in ("_deserialize", "_serialize")),
)

# Names with a leading underscore that the language's documentation makes public.
DOCUMENTED = {
    "_replace": "a named tuple's method (urllib.parse's results; core/mail.py)",
    "_exit": "os._exit, the exit of a forked child (clients/testserver.py)",
    "_fields": "a named tuple's field names (perf/prepared.py)",
    "_make": "a named tuple's maker from an iterable (perf/prepared.py)",
    "_mapping": "SQLAlchemy's Row._mapping, public API named so as not to clash with columns",
    "_Element": "lxml.etree._Element, the element class as lxml's API reference names it "
                "(sections/sso/saml/: type annotations)",
}

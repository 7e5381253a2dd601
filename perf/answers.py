"""Answers written out by hand for the hottest reads instead of their schema's dump (for
`GET /api/auth/session` marshmallow's per-field work was a twelfth of the endpoint's cost under
load: bench/README.md). `written_out` is the one way a view skips its response schema; under
TESTING it checks on every call that what it wrote is what the schema dumps from the same value,
so every test that reads such an endpoint holds the two equal."""
from flask import current_app, jsonify

import perf


def written_out(schema, raw, write):
    """The JSON answer `write(raw)`, which must equal `schema().dump(raw)` (the dump itself
    when PERF_OFF names `answers`)."""
    if perf.off(current_app, "answers"):
        return jsonify(schema().dump(raw))
    body = write(raw)
    if current_app.testing:
        dumped = schema().dump(raw)
        if body != dumped:
            raise AssertionError(f"{write.__qualname__} wrote {body!r}; "
                                 f"{schema.__name__} dumps {dumped!r}")
    return jsonify(body)

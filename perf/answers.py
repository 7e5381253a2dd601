"""Response schemas whose dump is written out by hand for the hottest reads (for `GET
/api/auth/session` marshmallow's per-field work was a twelfth of the endpoint's cost under load:
bench/README.md). Their views answer as every view does; the schema chooses how to dump."""
from flask import current_app, has_app_context

import perf


class WrittenOut:
    """A response schema's mixin (`class S(WrittenOut, Schema)`): its dump of one answer is the
    class's `write(raw)`, a copy by hand of what the fields dump; the fields' own dump when
    PERF_OFF names `answers`. Under TESTING every dump checks that the two are equal, so every
    test that reads such an answer holds the copy to the schema."""

    @staticmethod
    def write(raw) -> dict:
        raise NotImplementedError

    def dump(self, obj, *, many=None):
        if many or self.many or not has_app_context() or perf.off(current_app, "answers"):
            return super().dump(obj, many=many)
        body = self.write(obj)
        if current_app.testing:
            dumped = super().dump(obj)
            if body != dumped:
                raise AssertionError(f"{type(self).__name__}.write wrote {body!r}; "
                                     f"its fields dump {dumped!r}")
        return body

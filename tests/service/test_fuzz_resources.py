"""Schema fuzzing of the operations in /api/openapi.json that tests/service/test_fuzz.py leaves
(the sections' resources and admin): no answer is a 500, and every answer is documented
(status, content type, body schema). A file of its own so that another process runs it."""
import pytest

from tests import fuzzing
from tests.fuzzing import AUTH_AND_PROTOCOL, CHECKS, FUZZ, signed

fuzz_app, api_schema, bearer = fuzzing.fuzz_app, fuzzing.api_schema, fuzzing.bearer  # fixtures
schema = fuzzing.every_operation.exclude(path_regex=AUTH_AND_PROTOCOL)


@schema.parametrize()
@FUZZ
# Every operation runs as a subtest of this one item (30 examples each, derandomized: about
# 2,500 requests for the whole API); its time grows with the API, past setup.cfg's 300 s.
@pytest.mark.timeout(1800)
def test_every_answer_is_documented(case, bearer):
    kwargs = {"headers": bearer() if case.operation.definition.raw.get("security") else {}}
    if case.operation.path == "/api/webhooks/payment":
        kwargs.update(signed(case))
    case.call_and_validate(checks=CHECKS, **kwargs)


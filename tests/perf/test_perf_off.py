"""PERF_OFF (perf/__init__.py): a speed-only piece left out for a measurement (bench/pieces.py)
changes no answer, header or counter; a name that is no piece is refused at start."""
import pytest

import perf
from tests.conftest import PASSWORD


def test_a_name_that_is_no_piece_is_refused_at_start(make_app):
    with pytest.raises(SystemExit, match="PERF_OFF names no piece: held_sqlit"):
        make_app(PERF_OFF="held_sqlit")


@pytest.mark.parametrize("piece", perf.PIECES)
def test_a_piece_left_out_changes_no_answer(make_app, piece):
    client = make_app().test_client()
    token = client.post("/api/auth/sign-up", json={
        "email": "alice@example.com", "password": PASSWORD}).get_json()["session"]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    project = client.post("/api/projects", json={"name": "Pieces"}, headers=headers)
    assert project.status_code == 201
    reads = [("/api/auth/session", headers), ("/api/auth/session", {"Authorization": "Bearer x"}),
             (f"/api/projects/{project.get_json()['data']['id']}", headers),
             ("/api/projects/nothing", headers), ("/api/articles?status=PUBLISHED", {}),
             ("/api/articles?status=PUBLISHED", {}), ("/api/health", {})]

    def answers(app):  # a new app: its own limiter counters, from zero
        reader = app.test_client()
        return [(path, response.status_code, response.get_json(),
                 *(response.headers.get(name) for name in (
                     "X-RateLimit-Limit", "X-RateLimit-Remaining", "Retry-After")))
                for path, sent in reads for response in [reader.get(path, headers=sent)]]

    expected = answers(make_app())
    assert [answer[1] for answer in expected] == [200, 401, 200, 404, 200, 200, 200]
    assert answers(make_app(PERF_OFF=piece)) == expected

"""An optional section (docs/contributing.md) can leave SECTIONS: for each, the tests of the
answers other sections add to (festivals, the statistics, search), the example section's and the
smoke test below pass in a run whose apps are all built without it (SECTIONS_LEFT_OUT)."""
import os
import pathlib
import subprocess
import sys

import pytest

from tests import content
from tests.conftest import LEFT_OUT, POSTGRES_URL, USING_POSTGRES

crew = content.crew  # the fixture
ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
# The sections no other section imports from (docs/contributing.md, "Optional sections").
OPTIONAL = ("articles", "registrations", "reviews", "tickets", "search")
# The part of the suite run without each: the sections that others add to, and a smoke of all;
# not the checks of bad input that answer before any answer is made, nor the races between two
# processes (PostgreSQL's run), which a missing section does not change.
FOCUS = ("tests/festivals/test_festivals.py", "tests/admin/test_stats.py",
         "tests/search/test_search.py", "tests/service/test_example_section.py",
         "tests/service/test_sections_left_out.py::test_every_section_answers_as_documented",
         "-m", "not postgres", "-k", "not (test_dates_need_an_offset or test_a_body_that_is_not"
         " or test_operators_and_punctuation or test_a_query_without_a_word)")
# What each optional section adds to others' answers: (answer, key).
ADDS = {"reviews": [("Festival", "rating"), ("Stats", "reviews")],
        "registrations": [("Festival", "registrations")],
        "articles": [("Stats", "articles"), ("search", "article")],
        "tickets": [("Stats", "tickets"), ("search", "ticket")]}


@pytest.mark.parametrize("section", OPTIONAL)
def test_the_rest_passes_without(section):
    env = {**os.environ, "SECTIONS_LEFT_OUT": section}
    env.pop("PYTEST_XDIST_WORKER", None)
    if USING_POSTGRES:
        # A database of its own: this one's schema has every section's tables (conftest.py).
        env.update(DATABASE_URL=POSTGRES_URL, PYTEST_XDIST_WORKER=f"without_{section}")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p",
                          "no:cacheprovider", *FOCUS],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=280)
    assert run.returncode == 0, f"without {section}:\n{run.stdout[-6000:]}{run.stderr[-2000:]}"


def test_every_section_answers_as_documented(client, crew):
    """Every read without a path parameter answers, to no one and to an admin; the answers that
    sections add to (a festival, the statistics, search's kinds) carry exactly the parts of the
    sections present, as the document says."""
    spec = client.get("/api/openapi.json").get_json()
    for path, item in spec["paths"].items():
        if "get" in item and "{" not in path:
            for headers in ({}, crew["admin"]):
                response = client.get(path, headers=headers)
                assert response.status_code < 500, (path, response.get_json(silent=True))
    schemas = spec["components"]["schemas"]
    festival = client.post("/api/festivals", headers=crew["member"], json={
        "projectId": crew.project, "name": "Fest", "startsAt": "2030-01-01T00:00:00Z",
        "endsAt": "2030-01-02T00:00:00Z"}).get_json()["data"]
    listed = client.get("/api/festivals", headers=crew["member"]).get_json()["data"]
    assert set(festival) == set(listed[0]) == set(schemas["Festival"]["required"])
    stats = client.get("/api/admin/stats", headers=crew["admin"]).get_json()["data"]
    assert set(stats) == set(schemas["Stats"]["required"])
    answers = {"Festival": festival, "Stats": stats}
    if "search" in LEFT_OUT:
        assert "/api/search" not in spec["paths"]
    else:
        parameters = spec["paths"]["/api/search"]["get"]["parameters"]
        answers["search"] = next(p for p in parameters if p["name"] == "type")["schema"]["enum"]
        assert answers["search"] == schemas["Hit"]["properties"]["type"]["enum"]
    for section, added in ADDS.items():
        for answer, key in added:
            if answer in answers:
                assert (key in answers[answer]) == (section not in LEFT_OUT), (section, key)

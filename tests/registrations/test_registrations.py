"""Festival registrations through HTTP (extensions.md E3.4): capacity, the waiting list and its
positions, promotion with its e-mails, capacity changes, cancellation, the lists."""
from datetime import timedelta

import pytest

from tests import content
from tests.content import DEAD
from tests.http import iso

crew = content.crew  # the fixture


@pytest.fixture
def festival(client, crew, clock):
    def make(capacity=2, status="PUBLISHED", **body):
        start = clock.now + timedelta(days=1)
        sent = {"projectId": crew.project, "name": "Jazz Days", "startsAt": iso(start),
                "endsAt": iso(start + timedelta(days=2)), "capacity": capacity,
                "status": status, **body}
        response = client.post("/api/festivals", json=sent, headers=crew["member"])
        assert response.status_code == 201, response.get_json()
        return response.get_json()["data"]
    return make


def people(app, count, prefix="fan"):
    return [content.signed_in_user(app, f"{prefix}{i}@example.com") for i in range(count)]


def register(client, fest, headers, expected=201):
    response = client.post(f"/api/festivals/{fest['id']}/registrations", headers=headers)
    assert response.status_code == expected, response.get_json()
    return response.get_json()


def cancel(client, fest, headers, expected=204):
    response = client.delete(f"/api/festivals/{fest['id']}/registrations/me", headers=headers)
    assert response.status_code == expected, response.get_json()


def listed(client, crew, fest, **params):
    response = client.get(f"/api/festivals/{fest['id']}/registrations", headers=crew["member"],
                          query_string={"sort": "createdAt", "order": "asc", "limit": 100,
                                        **params})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def counts(client, fest):
    return client.get(f"/api/festivals/{fest['id']}").get_json()["data"]["registrations"]


def test_places_then_a_queue_with_positions(app, client, crew, festival, clock):
    fest = festival(capacity=2)
    fans = people(app, 4)
    answers = []
    for fan in fans:
        clock.advance(seconds=1)
        answers.append(register(client, fest, fan)["data"])
    assert [(a["status"], a["position"]) for a in answers] == [
        ("CONFIRMED", None), ("CONFIRMED", None), ("WAITLISTED", 1), ("WAITLISTED", 2)]
    first = answers[0]
    assert first["festivalId"] == fest["id"] and first["user"]["email"] == "fan0@example.com"
    assert first["createdAt"].endswith("Z")
    assert counts(client, fest) == {"confirmed": 2, "waitlisted": 2}
    listing = client.get("/api/festivals", query_string={"q": "Jazz"}).get_json()["data"][0]
    assert listing["registrations"] == {"confirmed": 2, "waitlisted": 2}
    register(client, fest, fans[0], 409)  # one registration per user
    waiting = listed(client, crew, fest, status="WAITLISTED")
    assert [r["position"] for r in waiting["data"]] == [1, 2] and waiting["meta"]["total"] == 2


def test_a_freed_place_goes_to_the_head_of_the_queue_who_is_emailed(app, client, crew, festival,
                                                                      mail, clock):
    fest = festival(capacity=1)
    fans = people(app, 4)
    for fan in fans:
        clock.advance(seconds=1)
        register(client, fest, fan)
    mail.clear()
    cancel(client, fest, fans[2])  # a WAITLISTED one leaves: nobody is promoted
    assert mail.to("fan1@example.com") == [] and mail.to("fan3@example.com") == []
    cancel(client, fest, fans[0])  # the CONFIRMED one leaves: fan1 gets the place
    assert len(mail.to("fan1@example.com")) == 1
    assert "Jazz Days" in mail.last_body("fan1@example.com")
    assert mail.to("fan3@example.com") == []
    rows = {r["user"]["email"]: (r["status"], r["position"]) for r in listed(client, crew,
                                                                             fest)["data"]}
    assert rows == {"fan1@example.com": ("CONFIRMED", None),
                    "fan3@example.com": ("WAITLISTED", 1)}
    cancel(client, fest, fans[0], 404)  # no registration any more
    again = register(client, fest, fans[0])["data"]  # joins as a new one, at the end
    assert (again["status"], again["position"]) == ("WAITLISTED", 2)


def test_capacity_raised_lowered_and_removed(app, client, crew, festival, mail, clock):
    fest = festival(capacity=1)
    fans = people(app, 5)
    for fan in fans:
        clock.advance(seconds=1)
        register(client, fest, fan)
    mail.clear()
    path = f"/api/festivals/{fest['id']}"
    raised = client.patch(path, json={"capacity": 3}, headers=crew["member"])
    assert raised.status_code == 200
    assert raised.get_json()["data"]["registrations"] == {"confirmed": 3, "waitlisted": 2}
    assert [len(mail.to(f"fan{i}@example.com")) for i in range(5)] == [0, 1, 1, 0, 0]
    lowered = client.patch(path, json={"capacity": 2, "name": "Renamed"},
                           headers=crew["member"])
    assert lowered.status_code == 409 and lowered.get_json()["code"] == "CONFLICT"
    after = client.get(path).get_json()["data"]
    assert (after["capacity"], after["name"]) == (3, "Jazz Days")  # nothing kept
    assert client.patch(path, json={"capacity": 3}, headers=crew["member"]).status_code == 200
    unlimited = client.patch(path, json={"capacity": None}, headers=crew["member"])
    assert unlimited.get_json()["data"]["registrations"] == {"confirmed": 5, "waitlisted": 0}
    assert [len(mail.to(f"fan{i}@example.com")) for i in range(5)] == [0, 1, 1, 1, 1]
    assert register(client, fest, people(app, 1, "late")[0])["data"]["status"] == "CONFIRMED"


def test_cancelling_the_festival_emails_every_registrant(app, client, crew, festival, mail):
    fest = festival(capacity=1)
    fans = people(app, 2)
    for fan in fans:
        register(client, fest, fan)
    mail.clear()
    path = f"/api/festivals/{fest['id']}"
    assert client.patch(path, json={"status": "CANCELLED"},
                        headers=crew["member"]).status_code == 200
    for i in range(2):
        assert "cancelled" in mail.last_body(f"fan{i}@example.com")
    assert counts(client, fest) == {"confirmed": 1, "waitlisted": 1}  # they stay
    register(client, fest, people(app, 1, "late")[0], 409)


def test_who_may_register_and_list(app, client, crew, festival, clock):
    draft, fest = festival(status="DRAFT"), festival()
    path = f"/api/festivals/{fest['id']}/registrations"
    assert client.post(path).status_code == 401
    assert client.post(path, headers=DEAD).status_code == 401
    unverified = content.signed_in_user(app, "new@example.com", verified=False)
    assert register(client, fest, unverified, 403)["code"] == "EMAIL_NOT_VERIFIED"
    assert register(client, draft, crew["outsider"], 404)["code"] == "NOT_FOUND"
    assert register(client, draft, crew["member"], 409)["code"] == "CONFLICT"
    assert client.post("/api/festivals/nothing/registrations",
                       headers=crew["outsider"]).status_code == 404
    assert client.post("/api/festivals/%00/registrations",
                       headers=crew["outsider"]).status_code == 404
    register(client, fest, crew["outsider"])
    for role, status in (("anonymous", 401), ("outsider", 403), ("member", 200),
                         ("owner", 200), ("admin", 200)):
        assert client.get(path, headers=crew[role]).status_code == status, role
    assert client.get(f"/api/festivals/{draft['id']}/registrations",
                      headers=crew["outsider"]).status_code == 404
    bad = client.get(path, headers=crew["member"], query_string={"status": "confirmed"})
    assert bad.status_code == 400 and "status" in bad.get_json()["details"]
    clock.advance(days=4)  # ended
    assert register(client, fest, crew["author"], 409)["code"] == "CONFLICT"


def test_a_refusal_names_the_festival_in_words(client, crew, festival):
    fest = festival(status="DRAFT")
    path = f"/api/festivals/{fest['id']}/registrations"
    client.patch(f"/api/festivals/{fest['id']}", json={"status": "PUBLISHED"},
                 headers=crew["member"])
    refused = client.get(path, headers=crew["outsider"]).get_json()
    assert refused["message"] == "You may not list the registrations of this festival"
    missing = client.get("/api/festivals/nothing/registrations",
                         headers=crew["outsider"]).get_json()
    assert missing["message"] == "No such festival"


def test_the_callers_own_list_names_each_festival(app, client, crew, festival, clock):
    first, second = festival(capacity=1, name="One"), festival(capacity=1, name="Two")
    fan = people(app, 1)[0]
    register(client, first, crew["outsider"])
    register(client, first, fan)
    clock.advance(seconds=1)
    register(client, second, fan)
    assert client.get("/api/registrations").status_code == 401
    mine = client.get("/api/registrations", headers=fan).get_json()
    assert mine["meta"]["total"] == 2
    assert [(r["festival"]["name"], r["status"], r["position"]) for r in mine["data"]] == [
        ("Two", "CONFIRMED", None), ("One", "WAITLISTED", 1)]
    assert mine["data"][0]["festival"] == {"id": second["id"], "name": "Two",
                                           "startsAt": second["startsAt"]}
    waiting = client.get("/api/registrations", headers=fan,
                         query_string={"status": "WAITLISTED"}).get_json()
    assert [r["festivalId"] for r in waiting["data"]] == [first["id"]]
    assert client.get("/api/registrations", headers=crew["member"]).get_json()["data"] == []


def test_deleting_the_account_or_the_festival_takes_the_registrations(app, client, crew,
                                                                     festival, mail):
    fest = festival(capacity=1)
    register(client, fest, crew["outsider"])
    register(client, fest, crew["author"])
    mail.clear()
    gone = client.delete(f"/api/admin/users/{crew.ids['outsider']}", headers=crew["admin"])
    assert gone.status_code == 204, gone.get_json()
    assert counts(client, fest) == {"confirmed": 1, "waitlisted": 0}  # the queue moved up
    assert len(mail.to("author@example.com")) == 1
    assert client.delete(f"/api/festivals/{fest['id']}",
                         headers=crew["owner"]).status_code == 204
    assert client.get("/api/registrations", headers=crew["author"]).get_json()["data"] == []

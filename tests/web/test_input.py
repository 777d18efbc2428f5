"""Input the API must refuse cleanly, the same way on SQLite and PostgreSQL: option values out
of their bounds (a puzzle clock of 10**400 seconds broke every later listing) and text a
database refuses or that hides or reorders what others read (U+0000 answered 500 on
PostgreSQL; U+202E made "evil" read "live" in the lobby)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import create, frame, send_action

PUZZLE = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "Ann"}


def refused(response: Any, field: str, words: str) -> None:
    """A 422 whose message names `field` and says what was wrong, with no traceback."""
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert field in error and words in error, error
    assert "Traceback" not in response.text


def test_every_integer_option_shows_its_bounds(client: TestClient) -> None:
    integers = [
        (game["name"], option)
        for game in client.get("/api/games").json()
        for option in game["options"]
        if option["type"] in ("integer", "list of integer")
    ]
    assert {name for name, _ in integers} >= {"dicetime", "icecream", "likedice"}
    for _, option in integers:
        assert option["minimum"] <= option["maximum"], option
    time_limits = {name: option for name, option in integers if option["name"] == "time_limit"}
    assert (time_limits["dicetime"]["minimum"], time_limits["dicetime"]["maximum"]) == (0, 3600)


OUT_OF_BOUNDS: list[tuple[str, int, dict[str, Any], str]] = [
    ("dicetime", 1, {"mode": "puzzle", "time_limit": 10**400}, "time_limit"),
    ("dicetime", 1, {"mode": "puzzle", "time_limit": "1" + "0" * 400}, "time_limit"),
    ("dicetime", 1, {"mode": "puzzle", "time_limit": 3601}, "time_limit=3601"),
    ("dicetime", 1, {"mode": "puzzle", "time_limit": -1}, "time_limit=-1"),
    ("likedice", 2, {"time_limit": 3601}, "time_limit=3601"),
    ("likedice", 2, {"targets": [10, 11]}, "targets=10,11"),
    ("likedice", 2, {"targets": "0,5"}, "targets=0,5"),
    ("icecream", 3, {"first_dealer": 4}, "first_dealer=4"),
]


def test_an_option_out_of_bounds_is_a_422_and_stores_nothing(client: TestClient) -> None:
    for game, players, options, named in OUT_OF_BOUNDS:
        body = {"game": game, "players": players, "seats": ["person"] * players, "name": "Ann"}
        response = client.post("/api/tables", json={**body, "options": options})
        refused(response, named, "not allowed")
    listing = client.get("/api/tables")
    assert listing.status_code == 200 and listing.json() == []


BAD_NAMES = [
    ("A\u0000nn", "U+0000"),
    ("Ann\u0007", "U+0007"),
    ("An\nn", "U+000A"),
    ("\u202eevil", "U+202E"),
    ("e\u2066vi\u2069l", "U+2066"),
    ("An\u200bn", "U+200B"),
    ("Ann\u2028Bob", "U+2028"),
    ("", "at least 1 character"),
    ("   ", "empty or only spaces"),
    ("\u3000\t ", "empty or only spaces"),
    ("\u200d", "empty or only spaces"),
    ("x" * 41, "at most 40 characters"),
    ("\u0958" * 21, "at most 40 characters once normalised"),  # 42 characters in NFC
]


def test_a_bad_name_is_a_422_naming_the_field_on_both_databases(client: TestClient) -> None:
    open_table = create(client, "dicetime", ["person", "person"])
    table_id = open_table["table"]["id"]
    for name, words in BAD_NAMES:
        refused(client.post("/api/tables", json={**PUZZLE, "name": name}), "name", words)
        join = client.post(f"/api/tables/{table_id}/join", json={"name": name})
        refused(join, "name", words)
    assert not client.get(f"/api/tables/{table_id}").json()["seats"][1]["taken"]
    assert [table["id"] for table in client.get("/api/tables").json()] == [table_id]


GOOD_NAMES = [
    ("  Ame\u0301lie\t", "Am\u00e9lie"),  # trimmed, and composed (NFC)
    ("\u0646\u0627\u0645\u200c\u0647\u0627", "\u0646\u0627\u0645\u200c\u0647\u0627"),  # a ZWNJ
    ("\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    ("<b>Bob</b> \u00e9\u00e8", "<b>Bob</b> \u00e9\u00e8"),
    (" " + "x" * 38 + " ", "x" * 38),
]


def test_a_good_name_is_stored_normalised(client: TestClient) -> None:
    for name, stored in GOOD_NAMES:
        created = create(client, "dicetime", ["person", "person"], name=name)
        table_id = created["table"]["id"]
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": name})
        assert joined.status_code == 200, joined.text
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["name"] for seat in seats] == [stored, stored]


def test_an_action_with_refused_characters_is_a_422(client: TestClient) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    for action, words in [("roll\u0000", "U+0000"), ("\u202eroll", "U+202E")]:
        response = send_action(client, table_id, token, action, "a")
        refused(response, "action", words)
    rolled = send_action(client, table_id, token, " roll ", "b")
    assert rolled.status_code == 200, rolled.text


def test_a_like_dice_answer_in_other_digits_is_refused_naming_it(client: TestClient) -> None:
    """A superscript "²" answered 500 (int() refused what str.isdigit() passed): what is no
    decimal digit is refused, by name, as no legal action (409); a full-width 17 is read
    as 17, as int() and the other games read any script's digits."""
    created = create(client, "likedice", ["person", "random"])
    table_id, token = created["table"]["id"], created["token"]
    for number, action in enumerate(["\u00b2", "answer \u00b2", "\u00b9\u2077", "\u00bd"]):
        response = send_action(client, table_id, token, action, f"odd-{number}")
        assert response.status_code == 409, response.text
        assert action in response.json()["error"] and "Traceback" not in response.text
    answered = send_action(client, table_id, token, "answer \uff11\uff17", "wide")
    assert answered.status_code == 200, answered.text
    log = frame(client, table_id, token)["view"]["log"]
    assert {"seat": 0, "answer": 17} in [
        {"seat": e["seat"], "answer": e["answer"]} for e in log if e["event"] == "answer"
    ]

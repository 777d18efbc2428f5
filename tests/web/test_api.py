"""The HTTP API: tables, seats, actions, records, and every kind of bad input."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.boxes.likedice.rules import answer
from parlour.boxes.likedice.timing import situation
from parlour.web.app import Settings
from tests.web.conftest import create, frame, hdr, make_client, send_action


def play_until_over(client: TestClient, table_id: str, token: str, limit: float = 60) -> dict:
    """Play the token's seat with its last legal action until the game ends (bots answer)."""
    deadline = time.monotonic() + limit
    number = 0
    while time.monotonic() < deadline:
        current = frame(client, table_id, token)
        if current["view"]["over"]:
            return current
        if current["legal"]:
            action = current["legal"][-1]
            response = send_action(client, table_id, token, action, f"r{number}")
            assert response.status_code in (200, 409), response.text  # 409: a bot was quicker
            number += 1
        else:
            time.sleep(0.005)
    raise AssertionError("the game did not end")


def test_games_list_their_options_and_bots(client: TestClient) -> None:
    listing = {game["name"]: game for game in client.get("/api/games").json()}
    assert "dicetime" in listing
    assert {"greedy", "random"} <= {bot["name"] for bot in listing["dicetime"]["bots"]}
    assert listing["dicetime"]["default_bot"] == "greedy"


def test_a_bots_level_listed_by_its_game_can_take_a_seat(client: TestClient) -> None:
    listing = {game["name"]: game for game in client.get("/api/games").json()}
    assert listing["likedice"]["default_bot"] == "counter"
    assert listing["dicetime"]["advice"] and not listing["likedice"]["analysis"]
    levels = {
        level["name"]: level["label"]
        for bot in listing["likedice"]["bots"]
        for level in bot["levels"]
    }
    assert levels["counter:expert"] == "Expert"
    created = create(client, "likedice", ["person", "counter:expert"])
    assert created["table"]["seats"][1]["bot"] == "counter:expert"
    assert created["table"]["seats"][1]["label"] == "Counter (Expert)"


def test_the_listing_names_bots_and_options_in_players_words_in_german(
    client: TestClient,
) -> None:
    """/api/games names bots, levels, options and choices for players in the language asked
    for, beside the identifiers the API takes (`mcts:hard`, `start`, `first`)."""
    german = {"Accept-Language": "de"}
    listing = {game["name"]: game for game in client.get("/api/games", headers=german).json()}
    planner = next(bot for bot in listing["dicecream"]["bots"] if bot["name"] == "planner")
    assert planner["label"] == "Planer"
    assert [level["label"] for level in planner["levels"]] == [
        "Leicht",
        "Mittel",
        "Schwer",
        "Experte",
    ]
    assert [level["name"] for level in planner["levels"]][2] == "planner:hard"
    start = next(o for o in listing["dicetime"]["options"] if o["name"] == "start")
    assert (start["label"], start["value_labels"]) == (
        "Wer beginnt",
        {"first": "Platz 1", "race": "Ein Wettlauf"},
    )
    colours = next(o for o in listing["dicetime"]["options"] if o["name"] == "colours")
    assert colours["per_seat"] and colours["value_labels"]["red"] == "Rot"


def test_every_level_a_game_lists_takes_a_seat_and_fills_seats(settings: Settings) -> None:
    """A table is created with, and its host fills seats with, the registry's names of the
    levels the listing offers (`NAME:WORD`); a name with settings no menu offers is refused."""
    with make_client(settings, creates_per_minute=10**6) as client:
        every_level_seats_and_fills(client)


def every_level_seats_and_fills(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        players = max(2, game["min_players"])
        for level in (level for bot in game["bots"] for level in bot["levels"]):
            seated = create(
                client, game["name"], ["person", level["name"]] + ["person"] * (players - 2)
            )
            assert seated["table"]["seats"][1]["bot"] == level["name"]
            opened = create(client, game["name"], ["person"] * players)
            filled = client.post(
                f"/api/tables/{opened['table']['id']}/bots",
                json={"bot": level["name"]},
                headers=hdr(opened["token"]),
            )
            assert filled.status_code == 200, filled.text
            assert [s["bot"] for s in filled.json()["seats"][1:]] == [level["name"]] * (players - 1)
    body = {"game": "likedice", "players": 2, "seats": ["person", "counter:speed=9"], "name": "A"}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 422 and "counter:expert" in refused.json()["error"]


def test_a_committed_policy_is_seated_by_name_where_it_fits(client: TestClient) -> None:
    """A committed policy takes a seat by its name at the player count it was trained for,
    and is refused by name elsewhere, whether named at the creation or to fill the seats."""
    seated = create(client, "dicecream", ["person", "policy:dicecream-2p"])
    assert seated["table"]["seats"][1]["bot"] == "policy:dicecream-2p"
    body = {"game": "dicecream", "players": 3, "name": "A"}
    refused = client.post(
        "/api/tables", json={**body, "seats": ["person", "policy:dicecream-2p", "greedy"]}
    )
    assert refused.status_code == 422 and "for 2 players" in refused.json()["error"]
    opened = create(client, "dicecream", ["person"] * 3)
    filled = client.post(
        f"/api/tables/{opened['table']['id']}/bots",
        json={"bot": "policy:dicecream-2p"},
        headers=hdr(opened["token"]),
    )
    assert filled.status_code == 422 and "for 2 players" in filled.json()["error"]
    assert client.get(f"/api/tables/{opened['table']['id']}").json()["status"] == "open"


def test_a_table_against_bots_starts_and_plays_to_the_end(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "greedy"])
    assert created["table"]["status"] == "running" and created["seat"] == 0
    assert created["link"].endswith(f"/t/{created['table']['id']}")
    final = play_until_over(client, created["table"]["id"], created["token"])
    assert final["table"]["status"] == "finished"
    assert len(final["view"]["scores"]) == 2


def test_an_open_table_waits_for_people_and_the_host_can_fill_it(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "person", "person"])
    table_id, host = created["table"]["id"], created["token"]
    assert created["table"]["status"] == "open"
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1 and joined["token"] != host
    refused = client.post(f"/api/tables/{table_id}/bots", json={}, headers=hdr(joined["token"]))
    assert refused.status_code == 403 and "host" in refused.json()["error"]
    unknown = client.post(f"/api/tables/{table_id}/bots", json={"bot": "nobody"}, headers=hdr(host))
    assert unknown.status_code == 422 and unknown.json()["error"].startswith("bot: ")
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "open"
    started = client.post(f"/api/tables/{table_id}/bots", json={}, headers=hdr(host))
    assert started.status_code == 200
    seats = started.json()["seats"]
    assert started.json()["status"] == "running"
    assert [s["kind"] for s in seats] == ["person", "person", "bot"] and seats[2]["bot"] == "greedy"
    assert [s["name"] for s in seats[:2]] == ["Ann", "Bob"]


def test_one_browser_holds_one_seat_and_a_full_table_refuses(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "person"])
    table_id, host = created["table"]["id"], created["token"]
    again = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann"}, headers=hdr(host))
    assert again.status_code == 409 and "already have a seat" in again.json()["error"]
    assert client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).status_code == 200
    late = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert late.status_code == 409 and "started" in late.json()["error"]


def test_a_repeated_request_id_is_applied_once(client: TestClient) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    body = {"action": "roll", "request_id": "same-id"}
    first = client.post(f"/api/tables/{table_id}/actions", json=body, headers=hdr(token))
    second = client.post(f"/api/tables/{table_id}/actions", json=body, headers=hdr(token))
    assert first.json() == second.json() == {"number": 0, "version": first.json()["version"]}
    layer = client.app.state.tables  # type: ignore[attr-defined]
    assert layer.shelf.get(table_id).state.history == ((0, "roll"),)
    assert frame(client, table_id, token)["table"]["version"] == first.json()["version"]


def test_an_illegal_or_stale_action_is_refused_and_changes_nothing(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "person"])
    table_id, host = created["table"]["id"], created["token"]
    guest = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    before = frame(client, table_id, host)
    cases = [
        (host, "enter chance", "roll"),  # not before rolling
        (guest, "roll", "seat 1"),  # not their turn
        (host, "dance", "dance"),
    ]
    for number, (token, action, words) in enumerate(cases):
        response = send_action(client, table_id, token, action, f"x{number}")
        assert response.status_code == 409, response.text
        assert words in response.json()["error"]
        assert isinstance(response.json()["reason"]["code"], str)
    refused = send_action(client, table_id, guest, "roll", "x9").json()
    assert refused["reason"] == {"code": "not_your_turn", "params": {"seat": 1, "to_act": [0]}}
    after = frame(client, table_id, host)
    assert after["table"]["version"] == before["table"]["version"]
    assert after["view"] == before["view"]


def test_an_action_among_many_is_refused_in_the_apis_own_words(client: TestClient) -> None:
    """Among many legal actions, a refusal counts them and says where the API lists them, not
    the terminal's "type help"; a long action is repeated cut, in the words and the reason."""
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    assert send_action(client, table_id, token, "roll", "r0").status_code == 200
    legal = frame(client, table_id, token)["legal"]
    refused = send_action(client, table_id, token, "dance", "r1")
    assert refused.status_code == 409
    assert refused.json() == {
        "error": f"'dance' is not one of the {len(legal)} legal actions now"
        " (your seat's state lists them under `legal`)",
        "reason": {"code": "not_legal_many", "params": {"action": "dance", "count": len(legal)}},
    }
    long = send_action(client, table_id, token, "d" * 200, "r2").json()
    cut = "d" * 37 + "..."
    assert long["error"].startswith(f"'{cut}' is not one of the") and "d" * 38 not in long["error"]
    assert long["reason"]["params"]["action"] == cut


def test_bad_input_gets_a_clear_4xx_and_no_traceback(client: TestClient) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    act = f"/api/tables/{table_id}/actions"
    good = {"action": "roll", "request_id": "a"}
    checks = [
        (
            client.post(
                "/api/tables", content=b"{nope", headers={"content-type": "application/json"}
            ),
            422,
            "JSON",
        ),
        (
            client.post(
                "/api/tables",
                json={"game": "chess", "players": 2, "seats": ["person", "person"], "name": "A"},
            ),
            422,
            "unknown game",
        ),
        (
            client.post(
                "/api/tables",
                json={"game": "dicetime", "players": 2, "seats": ["person", "nobody"], "name": "A"},
            ),
            422,
            "no bot 'nobody'",
        ),
        (
            client.post(
                "/api/tables",
                json={
                    "game": "dokitto",
                    "players": 3,
                    "seats": ["person", "pimc:hard", "greedy"],
                    "name": "A",
                },
            ),
            422,
            "pimc plays two-player",
        ),
        (
            client.post(
                "/api/tables",
                json={
                    "game": "dicetime",
                    "players": 1,
                    "seats": ["person"],
                    "name": "A",
                    "options": {"mode": "fast"},
                },
            ),
            422,
            "mode",
        ),
        (
            client.post(
                "/api/tables",
                json={
                    "game": "dicetime",
                    "players": 1,
                    "seats": ["person"],
                    "name": "A",
                    "colour": 1,
                },
            ),
            422,
            "colour",
        ),
        (
            client.post(
                "/api/tables",
                json={"game": "dicetime", "players": 1, "seats": ["person"], "name": ""},
            ),
            422,
            "name",
        ),
        (
            client.post(
                "/api/tables",
                json={"game": "dicetime", "players": 1, "seats": ["greedy"], "name": "A"},
            ),
            422,
            "person",
        ),
        (
            client.post("/api/tables/nope/actions", json=good, headers=hdr(token)),
            404,
            "no such table",
        ),
        (client.post(act, json=good), 401, "token"),
        (client.post(act, json=good, headers=hdr("wrong")), 403, "no seat"),
        (
            client.post(act, json={"action": "roll", "request_id": "bad id!"}, headers=hdr(token)),
            422,
            "request_id",
        ),
        (client.post(act, json={"action": "roll"}, headers=hdr(token)), 422, "request_id"),
        (
            client.post(
                act,
                content=b"x" * 20_000,
                headers={**hdr(token), "content-type": "application/json"},
            ),
            413,
            "bytes",
        ),
        (client.get(f"/api/tables/{table_id}/record"), 403, "over"),
        (client.get("/api/nothing-here"), 404, "Not Found"),
    ]
    for response, status, words in checks:
        assert response.status_code == status, (status, response.text)
        body = response.json()
        assert words in body["error"], body
        assert "Traceback" not in response.text
    assert frame(client, table_id, token)["table"]["version"] == created["table"]["version"]


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/games", "/api/tables/nope"):
        headers = client.get(path).headers
        assert "default-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"


def test_the_api_has_an_openapi_description(client: TestClient) -> None:
    paths = client.app.openapi()["paths"]  # type: ignore[attr-defined]
    assert {"/api/tables", "/api/tables/{table_id}/actions", "/api/tables/{table_id}/join"} <= set(
        paths
    )


def test_a_finished_games_record_replays_and_steps(client: TestClient) -> None:
    from parlour import replay

    created = create(client, "dicetime", ["person"], options={"mode": "puzzle", "time_limit": 0})
    table_id, token = created["table"]["id"], created["token"]
    final = play_until_over(client, table_id, token)
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    state = replay(record.json())
    assert state.over and state.view(0) == final["view"]
    step = client.get(f"/api/tables/{table_id}/replay", params={"step": 2}).json()
    assert step["step"] == 2 and step["action"] == record.json()["actions"][1]
    assert step["steps"] == len(record.json()["actions"])
    moves = client.get(f"/api/tables/{table_id}/moves").json()["moves"]
    assert [[m["seat"], m["action"]] for m in moves] == record.json()["actions"]
    assert [m["step"] for m in moves] == list(range(1, len(moves) + 1))
    assert moves[0]["words"] == "Roll the five dice"
    entries = [m["words"] for m in moves if m["action"].startswith("enter ")]
    assert entries and all(words.startswith("Enter ") for words in entries)


def test_rematch_has_a_fresh_seed_and_the_same_tokens(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "greedy"])
    table_id, token = created["table"]["id"], created["token"]
    play_until_over(client, table_id, token)
    first = client.get(f"/api/tables/{table_id}/record").json()
    rematch = client.post(f"/api/tables/{table_id}/rematch", headers=hdr(token))
    assert rematch.status_code == 200, rematch.text
    new = rematch.json()["table"]
    assert new["options"]["start"] == "race" and new["status"] == "running"
    again = client.post(f"/api/tables/{table_id}/rematch", headers=hdr(token)).json()["table"]
    assert again["id"] == new["id"]  # one rematch per table
    mine = frame(client, new["id"], token)
    assert mine["seat"] == 0
    play_until_over(client, new["id"], token)
    second = client.get(f"/api/tables/{new['id']}/record").json()
    assert second["seed"] != first["seed"]


def test_the_lobby_lists_listed_tables_only(client: TestClient) -> None:
    listed = create(client, "dicetime", ["person", "person"])
    hidden = create(client, "dicetime", ["person", "person"], listed=False)
    ids = [table["id"] for table in client.get("/api/tables").json()]
    assert listed["table"]["id"] in ids and hidden["table"]["id"] not in ids
    assert client.get(f"/api/tables/{hidden['table']['id']}").status_code == 200


def test_no_response_reveals_a_token_or_an_unfinished_seed(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "person"])
    table_id, host = created["table"]["id"], created["token"]
    guest = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    from parlour.web.tables import Tables

    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    seed = str(layer.shelf.get(table_id).seed)
    texts = [
        client.get(f"/api/tables/{table_id}").text,
        client.get(f"/api/tables/{table_id}", headers=hdr(host)).text,
        client.get(f"/api/tables/{table_id}/state", headers=hdr(guest)).text,
        client.get(f"/api/tables/{table_id}/state").text,
        client.get("/api/tables").text,
    ]
    for text in texts:
        assert seed not in text and host not in text and guest not in text
    assert json.loads(texts[1])["seats"][0]["you"] is True


def test_requests_and_table_creation_are_rate_limited(settings: Settings) -> None:
    with make_client(settings, requests_per_10s=5, creates_per_minute=2) as client:
        codes = [client.get("/api/games").status_code for _ in range(7)]
        assert codes == [200] * 5 + [429] * 2
        assert "slow down" in client.get("/api/tables").json()["error"]
    with make_client(settings, creates_per_minute=2) as client:
        body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "A"}
        codes = [client.post("/api/tables", json=body).status_code for _ in range(3)]
        assert codes == [201, 201, 429]


def test_a_body_sent_without_a_length_is_limited_too(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b"x" * 1000

    response = client.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413 and "bytes" in response.json()["error"]
    assert "default-src" in response.headers["content-security-policy"]
    small = client.post(
        "/api/tables",
        content=iter([b'{"game": "dicetime"}']),
        headers={"content-type": "application/json"},
    )
    assert small.status_code == 422 and "players" in small.json()["error"]


def test_dicetime_hints_value_each_choice_of_the_pending_decision(
    client: TestClient, tiny_game: type[parlour.Game]
) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    hints = f"/api/tables/{table_id}/hints"
    nothing = {
        "choices": None,
        "measure": "points",
        "exact": True,
        "about": None,
    }  # nothing rolled yet
    assert client.get(hints, headers=hdr(token)).json() == nothing
    send_action(client, table_id, token, "roll", "1")
    choices = client.get(hints, headers=hdr(token)).json()["choices"]
    legal = frame(client, table_id, token)["legal"]
    assert {choice["action"] for choice in choices} == set(legal)  # every choice, valued
    assert choices[0]["loss"] == 0 and all(c["loss"] >= 0 for c in choices)
    assert choices[0]["expected"] == pytest.approx(choices[0]["banked"] + choices[0]["to_come"])
    assert client.get(hints).status_code == 401
    other = create(client, "tiny", ["person", "high"])  # Tiny Duel gives no advice
    refused = client.get(f"/api/tables/{other['table']['id']}/hints", headers=hdr(other["token"]))
    assert refused.status_code == 404 and "no hints" in refused.json()["error"]


def test_dokitto_hints_estimate_each_choices_chance_to_win(client: TestClient) -> None:
    """Issue 30: Dokitto's hints (at two players `pimc`'s judgement), from the seat's view, with
    margins; no analysis."""
    created = create(client, "dokitto", ["person", "greedy"])
    table_id, token = created["table"]["id"], created["token"]
    deadline = time.monotonic() + 30
    while not frame(client, table_id, token)["legal"]:  # the bot leads first at some deals
        assert time.monotonic() < deadline, "the bot never let the person act"
        time.sleep(0.01)
    legal = frame(client, table_id, token)["legal"]
    body = client.get(f"/api/tables/{table_id}/hints", headers=hdr(token)).json()
    assert (body["measure"], body["exact"]) == ("win", False)
    choices = body["choices"]
    if len(legal) == 1:
        assert choices is None  # no decision to advise
        return
    assert [choice["action"] for choice in choices] == sorted(
        legal, key=lambda action: -next(c["expected"] for c in choices if c["action"] == action)
    )
    assert set(legal) == {choice["action"] for choice in choices}
    for choice in choices:
        assert 0 <= choice["expected"] <= 1 and 0 <= choice["margin"] < 0.5
        assert choice["loss"] == pytest.approx(choices[0]["expected"] - choice["expected"])
        assert choice["banked"] is None and choice["words"]
    play_until_over(client, table_id, token)
    refused = client.get(f"/api/tables/{table_id}/analysis")
    assert refused.status_code == 404 and "no analysis" in refused.json()["error"]


def test_like_dice_hints_only_the_card_a_winner_takes(client: TestClient) -> None:
    """Issue 30: while a challenge runs nothing is hinted (a hint would be the answer); the
    person who answers right first and may take one of several cards is told each card's
    worth, by the expected cards at the end, the best first, with no margin. (A game where
    every card won was the only one it could take is dealt again.)"""
    deadline = time.monotonic() + 180
    found = None
    while found is None:
        assert time.monotonic() < deadline, "the person never chose among several cards"
        found = a_choice_of_cards(client, deadline)
    current, body = found
    assert (body["measure"], body["exact"]) == ("points", False) and "never hinted" in body["about"]
    choices = body["choices"]
    assert {choice["action"] for choice in choices} == set(current["legal"])
    assert [choice["loss"] for choice in choices] == sorted(choice["loss"] for choice in choices)
    assert all(choice["margin"] == 0 and choice["words"].startswith("take ") for choice in choices)
    held = current["view"]["seats"][0]["cards"]
    assert all(choice["expected"] >= held + 1 for choice in choices)  # and the card taken


def a_choice_of_cards(client: TestClient, deadline: float) -> tuple[dict, dict] | None:
    """Play a Like Dice table against a slow counter, answering every challenge right at once,
    until the person may take one of several cards: that frame and its hints; `None` if the
    game ends first. No hint is given while a challenge runs, nor for a single card."""
    created = create(client, "likedice", ["person", "counter:child"], options={"time_limit": 0})
    table_id, token = created["table"]["id"], created["token"]
    hints = f"/api/tables/{table_id}/hints"
    number = 0
    while time.monotonic() < deadline:
        current = frame(client, table_id, token)
        view = current["view"]
        if view["over"]:
            return None
        number += 1
        if view["phase"] == "answer" and current["legal"]:
            assert client.get(hints, headers=hdr(token)).json()["choices"] is None
            challenge, dice = situation(view, 0)
            send_action(client, table_id, token, f"answer {answer(challenge, dice)}", f"a{number}")
        elif view["phase"] == "take" and view["take"]["seat"] == 0:
            body = client.get(hints, headers=hdr(token)).json()
            if len(current["legal"]) > 1:
                return current, body
            assert body["choices"] is None  # one card: nothing to decide
            send_action(client, table_id, token, current["legal"][0], f"t{number}")
        else:
            time.sleep(0.01)
    return None


def analysis_of(client: TestClient, table_id: str) -> dict[str, Any]:
    """The analysis, once the solver's table is ready (202 and its progress until then)."""
    for _ in range(600):
        response = client.get(f"/api/tables/{table_id}/analysis")
        if response.status_code == 200:
            report: dict[str, Any] = response.json()
            return report
        assert response.status_code == 202, response.text
        assert 0 <= response.json()["progress"] <= 1
    raise AssertionError("the analysis was not ready in time")


def test_dicetime_analysis_of_a_finished_game(client: TestClient) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    assert client.get(f"/api/tables/{table_id}/analysis").status_code == 403  # not over yet
    play_until_over(client, table_id, token)
    report = analysis_of(client, table_id)
    assert report["optimal_expected_score"] == pytest.approx(245.904728, abs=1e-6)
    seat = report["seats"][0]
    assert seat["decisions"] and seat["lost"] >= 0
    assert 0 <= seat["proficiency"] <= 100
    decision = seat["decisions"][0]  # the shape the replay page draws
    assert {"number", "action", "best", "loss", "expected", "best_expected"} <= set(decision)


def test_the_analysis_answers_202_with_progress_while_the_table_is_built(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.boxes.dicetime.solver import analysis, store
    from parlour.boxes.dicetime.solver.build import MASKS

    built = threading.Event()
    real = store.table_for

    def slow_build(variant: Any, progress: Any) -> Any:
        progress(MASKS // 4)
        built.wait(10)
        return real(variant)

    monkeypatch.setattr(analysis, "table_for", slow_build)
    created = create(client, "dicetime", ["person"], options={"mode": "simultaneous"})
    table_id = created["table"]["id"]
    play_until_over(client, table_id, created["token"])
    for _ in range(2):  # one build however often the page asks
        waiting = client.get(f"/api/tables/{table_id}/analysis")
        assert waiting.status_code == 202 and waiting.json() == {"progress": 0.25}
    built.set()
    assert analysis_of(client, table_id)["seats"][0]["decisions"]


def test_a_bot_that_prepares_plays_once_ready(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "optimal"])  # loads its solved table first
    final = play_until_over(client, created["table"]["id"], created["token"])
    assert final["table"]["seats"][1]["bot"] == "optimal" and final["view"]["over"]


def test_a_rematch_of_a_simultaneous_game_keeps_its_mode(client: TestClient) -> None:
    created = create(client, "dicetime", ["person"], options={"mode": "simultaneous"})
    table_id, token = created["table"]["id"], created["token"]
    play_until_over(client, table_id, token)
    rematch = client.post(f"/api/tables/{table_id}/rematch", headers=hdr(token))
    assert rematch.status_code == 200, rematch.text
    assert rematch.json()["table"]["options"]["mode"] == "simultaneous"

"""Rated tables and OpenSkill ratings: who may sit at a rated table, the places a finished
game gives (ties shared, a seat the stand-in played to the end last), the ratings they change,
stored on both databases, shown beside names and ranked on each game's leaderboard."""

from __future__ import annotations

import itertools
import time
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from parlour.kernel import load
from parlour.web import ratings
from parlour.web.accounts import SESSION_COOKIE
from parlour.web.app import Settings
from parlour.web.live import LiveTable, SeatState
from parlour.web.ratings import BASE, MODEL, places, shown
from parlour.web.storage import SEATS
from parlour.web.tables import Tables
from tests.web.conftest import frame, hdr, make_client, send_action

DUEL = {
    "game": "dicetime",
    "players": 2,
    "seats": ["person", "person"],
    "rated": True,
    "turn_limit": 86_400,
}
"""A rated table of two people."""
REQUESTS = itertools.count()


def register(client: TestClient, name: str) -> str:
    """A new account, the client logged in to it; returns its session cookie."""
    client.cookies.clear()
    response = client.post("/api/account", json={"name": name, "password": "correct horse"})
    assert response.status_code == 201, response.text
    return str(client.cookies[SESSION_COOKIE])


def as_account(client: TestClient, session: str | None) -> TestClient:
    """The client logged in with `session` (None: logged out)."""
    client.cookies.clear()
    if session is not None:
        client.cookies.set(SESSION_COOKIE, session)
    return client


def rated_duel(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    """Ann creates a rated two-person table and Bob joins it: its id and their seat tokens."""
    ann, bob = register(client, "Ann"), register(client, "Bob")
    created = as_account(client, ann).post("/api/tables", json={**DUEL, "name": "Ann", **extra})
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    joined = as_account(client, bob).post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    return table_id, [created.json()["token"], joined.json()["token"]]


def play(client: TestClient, table_id: str, tokens: dict[int, str], limit: float = 60) -> None:
    """Play the first legal action for whichever of the `tokens`' seats is to act, until the
    game ends (other seats are left to their stand-ins)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for token in tokens.values():
            current = client.get(f"/api/tables/{table_id}/state", headers=hdr(token)).json()
            if current["view"]["over"]:
                return
            if current["legal"]:
                answer = send_action(
                    client, table_id, token, current["legal"][0], f"r{next(REQUESTS)}"
                )
                assert answer.status_code in (200, 409), answer.text  # 409: the clock moved on
        time.sleep(0.001)
    raise AssertionError("the game did not end")


def stored_seats(
    layer: Tables, table_id: str
) -> list[tuple[int | None, float | None, float | None]]:
    with layer.engine.connect() as db:
        rows = db.execute(
            select(SEATS.c.place, SEATS.c.rating_before, SEATS.c.rating_after)
            .where(SEATS.c.table_id == table_id)
            .order_by(SEATS.c.seat)
        ).all()
    return [tuple(row) for row in rows]


# -- places and the shown rating -------------------------------------------------------------


def test_winners_come_first_then_scores_and_ties_share_a_place() -> None:
    assert places([10, 30, 20], [1], [False] * 3) == [3, 1, 2]
    assert places([30, 30, 20, 20], [0, 1], [False] * 4) == [1, 1, 3, 3]
    assert places([50, 40], [1], [False, False]) == [2, 1]  # the game's tie-break decides


def test_a_seat_the_stand_in_played_to_the_end_is_last_whatever_it_scored() -> None:
    assert places([90, 10, 20], [0], [True, False, False]) == [3, 2, 1]
    assert places([90, 10, 20, 5], [0], [True, False, True, False]) == [3, 1, 3, 2]
    assert places([90, 10], [0], [True, True]) == [1, 1]  # nobody played: nobody is ahead


def test_a_new_account_shows_1500_provisionally_and_an_established_one_plainly() -> None:
    assert shown(MODEL.mu, MODEL.sigma, 0) == {"value": BASE, "provisional": True}
    assert shown(MODEL.mu, MODEL.sigma, 4)["provisional"]
    assert shown(MODEL.mu + 2, MODEL.sigma / 2, ratings.PROVISIONAL_GAMES) == {
        "value": round(BASE + ratings.POINTS_PER_MU * (MODEL.mu + 2 - 1.5 * MODEL.sigma)),
        "provisional": False,
    }


def test_200_points_between_settled_players_mean_what_they_mean_in_elo() -> None:
    """The stronger of two players whose ratings have settled (sigma small), 200 shown points
    apart, wins about 76 % of their games, as in Elo (1 / (1 + 10 ** (-200 / 400)))."""
    apart = 200 / ratings.POINTS_PER_MU
    stronger, weaker = MODEL.rating(MODEL.mu + apart, 0.01), MODEL.rating(MODEL.mu, 0.01)
    chance = MODEL.predict_win([[stronger], [weaker]])[0]
    assert chance == pytest.approx(1 / (1 + 10 ** (-200 / 400)), abs=0.01)


def test_three_players_tied_and_absent_are_rated_by_their_places(client: TestClient) -> None:
    """Seat 0 wins, seats 1 and 2 tie, seat 3 was played by its stand-in to the end."""
    names = ["Ann", "Bob", "Cy", "Di"]
    sessions = [register(client, name) for name in names]
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    ids = [client.app.state.accounts.account_of(s).id for s in sessions]  # type: ignore[attr-defined]
    seats = [
        SeatState(i, None, n, None, absent=i == 3, account_id=a)
        for i, (n, a) in enumerate(zip(names, ids, strict=True))
    ]
    state = load("dicetime", 4).new(1)
    table = LiveTable("t" * 8, "dicetime", 4, {}, 1, True, "running", 1, None, seats, state)
    table.rated = True
    final = SimpleNamespace(scores=(200, 150, 150, 250), winners=(0,))
    with layer.engine.begin() as db:
        ratings.finish(db, table, final)  # type: ignore[arg-type]
    with layer.engine.connect() as db:
        stored = dict(ratings._stored(db, "dicetime", ids))
    mus = [stored[a][0] for a in ids]
    assert mus[0] > MODEL.mu > mus[3] and mus[0] > mus[1] > mus[3]
    assert mus[1] == pytest.approx(mus[2])
    assert all(stored[a][1] < MODEL.sigma and stored[a][2] == 1 for a in ids)
    assert table.ratings[0]["value"] > table.ratings[1]["value"] > table.ratings[3]["value"]
    assert all(shown_["provisional"] for shown_ in table.ratings.values())


# -- who may sit at a rated table ------------------------------------------------------------


def test_a_rated_table_needs_its_creator_logged_in(client: TestClient) -> None:
    response = client.post("/api/tables", json={**DUEL, "name": "Ann"})
    assert response.status_code == 401 and "log in" in response.json()["error"]


def test_a_rated_table_seats_only_people_and_two_or_more(client: TestClient) -> None:
    register(client, "Ann")
    bots = client.post("/api/tables", json={**DUEL, "seats": ["person", "greedy"], "name": "A"})
    assert bots.status_code == 422
    assert "seat 2 is the bot greedy" in bots.json()["error"]
    solo = {**DUEL, "players": 1, "seats": ["person"], "name": "A"}
    alone = client.post("/api/tables", json=solo)
    assert alone.status_code == 422 and "at least 2 players" in alone.json()["error"]
    unlimited = client.post("/api/tables", json={**DUEL, "turn_limit": None, "name": "A"})
    assert unlimited.status_code == 422  # else whoever leaves a lost game would never lose it
    assert unlimited.json()["error"].startswith("turn_limit: a rated table needs one")


def test_an_accounts_seat_shows_the_accounts_name(client: TestClient) -> None:
    """Whatever name the request gives, at creation, joining or attaching at login: no
    account sits under another player's name (with its own rating beside it)."""
    register(client, "Ann")
    created = client.post("/api/tables", json={**DUEL, "name": "Bob"}).json()
    assert created["table"]["seats"][0]["name"] == "Ann"
    client.delete("/api/session")
    open_table = client.post("/api/tables", json={**DUEL, "rated": False, "name": "Ann"}).json()
    register(client, "Cy")
    joined = client.post(f"/api/tables/{created['table']['id']}/join", json={"name": "Ann"})
    assert joined.json()["table"]["seats"][1]["name"] == "Cy"
    login = {"name": "Cy", "password": "correct horse", "tokens": [open_table["token"]]}
    assert client.post("/api/session", json=login).json()["attached"] == 1
    seats = client.get(f"/api/tables/{open_table['table']['id']}").json()["seats"]
    assert seats[0]["name"] == "Cy" and seats[0]["rating"] is None  # no rating at stake


def test_ratings_show_only_at_rated_tables(client: TestClient) -> None:
    """A rating beside a name only where the game changes it: not at a solo or casual table
    of an account, nor in the daily challenge."""
    register(client, "Dee")
    solo = client.post(
        "/api/tables", json={"game": "dicetime", "players": 1, "seats": ["person"], "name": "A"}
    )
    casual = client.post("/api/tables", json={**DUEL, "rated": False, "name": "Dee"})
    challenge = client.post("/api/challenges/dicetime")
    for made in (solo, casual, challenge):
        assert made.status_code == 201, made.text
        assert made.json()["table"]["seats"][0]["rating"] is None
    table_id, _ = rated_duel(client)
    rated = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [seat["rating"]["value"] for seat in rated] == [1500, 1500]


def test_logging_in_keeps_the_name_of_a_seat_in_a_game_begun(client: TestClient) -> None:
    """The others know a seat by the name it sat down with: an account that takes it over
    in a running game leaves it so named (at a table still open it takes the account's)."""
    running = client.post(
        "/api/tables",
        json={"game": "dicetime", "players": 2, "seats": ["person", "greedy"], "name": "Anna"},
    ).json()
    table_id = running["table"]["id"]
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"
    client.post(
        "/api/account",
        json={"name": "Cy", "password": "correct horse", "tokens": [running["token"]]},
    )
    seat = client.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["name"] == "Anna"
    assert frame(client, table_id)["seat"] == 0  # the account holds it


def test_a_rated_table_is_not_filled_with_bots_and_joined_only_with_an_account(
    client: TestClient,
) -> None:
    register(client, "Ann")
    created = client.post("/api/tables", json={**DUEL, "name": "Ann"}).json()
    table_id, token = created["table"]["id"], created["token"]
    filled = client.post(f"/api/tables/{table_id}/bots", json={}, headers=hdr(token))
    assert filled.status_code == 409 and "rated" in filled.json()["error"]
    again = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann again"})
    assert again.status_code == 409  # one seat an account
    anonymous = as_account(client, None).post(f"/api/tables/{table_id}/join", json={"name": "Al"})
    assert anonymous.status_code == 401 and "log in" in anonymous.json()["error"]
    assert client.get(f"/api/tables/{table_id}").json()["rated"] is True


def test_a_rated_table_gives_no_hints_and_says_so(client: TestClient) -> None:
    """Rated play is without the solver's advice: the hints are refused with a 403 that says
    why, and the table's facts tell its page not to offer them (a casual table does)."""
    table_id, tokens = rated_duel(client)
    assert client.get(f"/api/tables/{table_id}").json()["hints"] is False
    for token in tokens:
        refused = client.get(f"/api/tables/{table_id}/hints", headers=hdr(token))
        assert refused.status_code == 403 and "rated" in refused.json()["error"]
    casual = client.post("/api/tables", json={**DUEL, "rated": False, "name": "Cy"}).json()
    assert casual["table"]["hints"] is True
    hints = client.get(f"/api/tables/{casual['table']['id']}/hints", headers=hdr(casual["token"]))
    assert hints.status_code == 200


def test_unrated_tables_still_seat_people_without_accounts(client: TestClient) -> None:
    body = {**DUEL, "rated": False, "name": "Ann"}
    created = client.post("/api/tables", json=body).json()
    joined = client.post(f"/api/tables/{created['table']['id']}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    assert all(seat["rating"] is None for seat in joined.json()["table"]["seats"])


# -- a rated game to the end ------------------------------------------------------------------


def test_a_finished_rated_game_changes_and_stores_both_ratings(settings: Settings) -> None:
    with make_client(settings) as client:
        table_id, tokens = rated_duel(client)
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["rating"] for s in seats] == [{"value": BASE, "provisional": True}] * 2
        play(client, table_id, dict(enumerate(tokens)))
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        state = layer.shelf.get(table_id).state
        winner = state.winners[0]
        shown_after = [s["rating"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]
        stored = stored_seats(layer, table_id)
        assert stored[winner][0] == 1 and stored[1 - winner][0] in (1, 2)
        assert [row[1] for row in stored] == [BASE, BASE]
        assert [row[2] for row in stored] == [s["value"] for s in shown_after]
        board = client.get("/api/ratings/dicetime").json()
        if stored[1 - winner][0] == 2:
            assert shown_after[winner]["value"] > BASE > shown_after[1 - winner]["value"]
            assert board["ratings"][0]["name"] == ["Ann", "Bob"][winner]
        assert [entry["games"] for entry in board["ratings"]] == [1, 1]
        assert all(entry["provisional"] for entry in board["ratings"])
        rematch = client.post(f"/api/tables/{table_id}/rematch", headers=hdr(tokens[0])).json()
        assert rematch["table"]["rated"] is True  # the same players, rated again
        assert [s["rating"] for s in rematch["table"]["seats"]] == shown_after
    with make_client(settings) as client:  # after a restart, from the database
        again = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["rating"] for s in again] == shown_after
        assert client.get("/api/ratings/dicetime").json() == board


def test_a_seat_the_stand_in_played_to_the_end_loses_the_rated_game(settings: Settings) -> None:
    """Bob never plays: after one turn limit the stand-in plays his seat to the end, and he is
    last whatever the stand-in scored."""
    with make_client(settings, min_turn_limit=0.1) as client:
        table_id, tokens = rated_duel(client, turn_limit=1.0)
        play(client, table_id, {0: tokens[0]})
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        assert layer.shelf.get(table_id).seats[1].absent
        assert [row[0] for row in stored_seats(layer, table_id)] == [1, 2]
        board = client.get("/api/ratings/dicetime").json()["ratings"]
        assert [entry["name"] for entry in board] == ["Ann", "Bob"]
        assert board[0]["value"] > BASE > board[1]["value"]


def test_the_leaderboard_of_an_unknown_game_is_a_404(client: TestClient) -> None:
    response = client.get("/api/ratings/chess")
    assert response.status_code == 404 and "dicetime" in response.json()["error"]
    assert client.get("/api/ratings/dicetime").json()["ratings"] == []

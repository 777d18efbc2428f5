"""The rules and the tutorial over the API: told in the request's language, stateless (the
learner's moves rebuild the lesson), and bad input answered with a clear error, never a 5xx."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.bots.registry import easiest_bot
from parlour.i18n import LANGUAGES, _, speaking
from parlour.kernel import FrontEnd, Game, Lesson, game_class
from tests.tiny.howto import HOW_TO_PLAY as RULES
from tests.tiny.tutorial import TUTORIAL

GAMES = sorted(info.name for info in parlour.games())
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def learn(client: TestClient, game: str, **body: Any) -> Any:
    return client.post(f"/api/learn/{game}", json=body)


@pytest.fixture
def tiny(tiny_game: type[Game]) -> str:
    """Tiny Duel's name, registered for one test, with its rules and tutorial."""
    return tiny_game.info.name


def test_the_rules_come_section_by_section(client: TestClient, tiny: str) -> None:
    answer = client.get(f"/api/games/{tiny}/rules")
    assert answer.status_code == 200
    assert answer.json() == [
        {"title": section.title, "paragraphs": list(section.paragraphs)} for section in RULES
    ]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_games_rules_are_told_in_the_requests_language(
    client: TestClient, game: str, code: str
) -> None:
    answer = client.get(f"/api/games/{game}/rules", headers={"Accept-Language": code})
    assert answer.status_code == 200
    with speaking(code):  # the page's own way of moving, never the terminal's commands
        wanted = [
            {"title": _(s.title), "paragraphs": [_(p) for p in s.paragraphs]}
            for s in game_class(game).info.how_to_play
            if s.front_end is not FrontEnd.TERMINAL
        ]
    assert answer.json() == wanted


def test_an_unknown_games_rules_and_tutorial_are_a_404(client: TestClient) -> None:
    for answer in (client.get("/api/games/nope/rules"), learn(client, "nope")):
        assert answer.status_code == 404
        assert "nope" in answer.json()["error"]


def test_the_tutorial_is_walked_by_its_moves(client: TestClient, tiny: str) -> None:
    first = learn(client, tiny).json()
    assert first["intro"] == TUTORIAL.intro
    assert first["say"] == TUTORIAL.steps[0].say
    assert first["said"] == [] and first["feedback"] is None and first["moves"] == []
    assert first["legal"] == ["play 1", "play 2"] and first["seat"] == 0
    assert first["view"]["hand"] == [1, 2] and not first["done"] and first["finale"] is None
    assert first["bot"] == easiest_bot(tiny)

    wrong = learn(client, tiny, attempt="play 1").json()
    assert wrong["feedback"] == {"accepted": False, "text": TUTORIAL.steps[0].wrong}
    assert wrong["moves"] == [] and wrong["say"] == first["say"]

    illegal = learn(client, tiny, attempt="play 9").json()
    assert not illegal["feedback"]["accepted"] and "9" in illegal["feedback"]["text"]

    right = learn(client, tiny, attempt="play 2").json()
    assert right["feedback"] == {"accepted": True, "text": ""}
    assert right["moves"] == ["play 2"]
    assert right["said"] == [TUTORIAL.steps[1].say] and right["say"] == TUTORIAL.steps[2].say
    assert right["legal"] == ["play 1"]

    end = learn(client, tiny, moves=right["moves"], attempt="play 1").json()
    assert end["done"] and end["say"] is None and end["legal"] == []
    assert end["finale"] == TUTORIAL.finale and end["said"] == [TUTORIAL.steps[3].say]
    assert end["view"]["over"]
    again = learn(client, tiny, moves=end["moves"], attempt="play 1").json()
    assert not again["feedback"]["accepted"]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_tutorial_plays_through_over_the_api_in_each_language(
    client: TestClient, game: str, code: str
) -> None:
    tutorial = game_class(game).info.tutorial
    assert tutorial is not None
    headers = {"Accept-Language": code}
    answer = client.post(f"/api/learn/{game}", json={}, headers=headers).json()
    assert answer["names"] == tutorial.seat_names()  # the page names the seats so
    with speaking(code):
        assert answer["intro"] == _(tutorial.intro)
    while not answer["done"]:
        step = Lesson.after(game, answer["moves"]).step
        assert step is not None and answer["say"] == _told(step.say, code)
        assert answer["press"] == (_told(step.press, code) if step.press else None)
        move = step.moves[0] if step.moves else answer["legal"][0]
        body = {"moves": answer["moves"], "attempt": move}
        answer = client.post(f"/api/learn/{game}", json=body, headers=headers).json()
        assert answer["feedback"]["accepted"], answer["feedback"]
    with speaking(code):
        assert answer["finale"] == _(tutorial.finale)


def test_the_real_game_after_a_lesson_played_alone_seats_a_bot(client: TestClient) -> None:
    """Dicetime's lesson is played alone: the answer says its real game has two seats, the
    learner's and the easiest bot's, which the page starts."""
    answer = learn(client, "dicetime").json()
    assert len(answer["view"]["scores"]) == 1
    assert answer["players"] == 2 and answer["bot"] == easiest_bot("dicetime")


def _told(text: str, code: str) -> str:
    with speaking(code):
        return _(text)


def test_the_lessons_own_words_follow_the_requests_language(client: TestClient, tiny: str) -> None:
    """Tiny Duel's texts are in no catalogue; the kernel's are."""
    over = {"moves": ["play 2", "play 1"], "attempt": "play 1"}
    english = learn(client, tiny, **over).json()["feedback"]["text"]
    german = client.post(f"/api/learn/{tiny}", json=over, headers=GERMAN).json()
    assert english == "The tutorial is over."
    assert german["feedback"]["text"] == "Das Tutorial ist zu Ende."
    refused = client.post(f"/api/learn/{tiny}", json={"moves": ["play 1"]}, headers=GERMAN)
    assert refused.status_code == 400 and "nicht der nächste Zug" in refused.json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        {"moves": "play 2"},
        {"moves": [1]},
        {"moves": ["play 2"] * 201},
        {"attempt": ""},
        {"attempt": "x" * 201},
        {"moves": [], "extra": 1},
        {"attempt": "play\u202e 2"},
    ],
)
def test_a_malformed_lesson_is_a_422(client: TestClient, tiny: str, body: Any) -> None:
    answer = learn(client, tiny, **body)
    assert answer.status_code == 422
    assert answer.json()["error"]


def test_moves_the_tutorial_did_not_ask_for_are_a_400(client: TestClient, tiny: str) -> None:
    for moves in (["play 1"], ["play 9"], ["play 2", "play 1", "play 1"]):
        answer = learn(client, tiny, moves=moves)
        assert answer.status_code == 400, moves
        assert answer.json()["error"]


def test_a_game_without_a_tutorial_is_a_404(
    client: TestClient, tiny_game: type[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tiny_game, "info", replace(tiny_game.info, tutorial=None))
    answer = learn(client, tiny_game.info.name)
    assert answer.status_code == 404 and "tutorial" in answer.json()["error"]

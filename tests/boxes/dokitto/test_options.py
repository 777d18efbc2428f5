"""Options: `flavours` (none: drawn at random; else distinct flavour names, as many as the
player count needs), `next_round_leader` (rotate or last_winner) and `max_rounds` (0: no cap);
bad values raise OptionError naming the option and what is allowed. A bad chance script fails
at the deal. The cap bounds a game's length; records made before the option replay."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour import OptionError, replay
from parlour.boxes.dokitto import Flavour


def test_the_defaults() -> None:
    game = parlour.load("dokitto", 4)
    assert game.options == {"flavours": [], "next_round_leader": "rotate", "max_rounds": 0}


@pytest.mark.parametrize(
    "given", ["vanilla,grape,matcha", ["vanilla", "grape", "matcha"], " Vanilla, GRAPE,matcha "]
)
def test_the_flavours_option_names_the_flavours_in_play(given: object) -> None:
    state = parlour.load("dokitto", 3, flavours=given).new(1)
    assert state.flavours == (Flavour.MATCHA, Flavour.GRAPE, Flavour.VANILLA)  # type: ignore[attr-defined]
    assert state.view(None)["flavours"] == ["matcha", "grape", "vanilla"]


@pytest.mark.parametrize(
    ("players", "given", "message"),
    [
        (2, "grape,matcha", "names 2 flavours; 2 players need 3"),
        (4, "grape,matcha,vanilla", "names 3 flavours; 4 players need 4"),
        (5, "grape,matcha,vanilla,chocolate", "5 players need 5"),
        (3, "grape,grape,matcha", "names grape twice: the flavours must be distinct"),
        (3, "grape,mint,matcha", "option flavours=grape,mint,matcha is not allowed: use a"),
        (3, "grape,matcha,vanilla,", "is not allowed"),
    ],
)
def test_bad_flavours_are_refused(players: int, given: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parlour.load("dokitto", players, flavours=given)


def test_the_flavour_error_says_what_is_allowed() -> None:
    with pytest.raises(OptionError) as error:
        parlour.load("dokitto", 2, flavours="grape")
    assert "none: drawn at random; else 3 for 2 or 3 players, 4 for 4, 5 for 5" in str(error.value)


def test_a_bad_leader_rule_is_refused() -> None:
    with pytest.raises(OptionError, match=r"next_round_leader=winner .* rotate, last_winner"):
        parlour.load("dokitto", 3, next_round_leader="winner")


def test_the_options_are_listed() -> None:
    info = next(info for info in parlour.games() if info.name == "dokitto")
    described = info.describe()
    assert (described["min_players"], described["max_players"]) == (2, 5)
    assert described["hidden_information"] is True
    options = {option["name"]: option for option in described["options"]}
    assert options["flavours"]["type"] == "list of choice" and options["flavours"]["default"] == []
    assert options["next_round_leader"]["choices"] == ["rotate", "last_winner"]


@pytest.mark.parametrize(
    "options", [{}, {"flavours": "grape,matcha,strawberry", "next_round_leader": "last_winner"}]
)
def test_records_replay_with_their_options(options: dict[str, object]) -> None:
    state = parlour.load("dokitto", 3, **options).new(4)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    again = replay(json.loads(json.dumps(state.record)))
    assert again.view(1) == state.view(1) and again.record == state.record


@pytest.mark.parametrize("script", [[0, 0, 0, 36], [0] * 12 + [3], [0] * 15 + [-1]])
def test_a_bad_chance_script_fails_at_the_deal(script: list[int]) -> None:
    """With the flavours named, the deal draws from 39 cards, then 38, ...; the stars from 3
    places. An outcome out of its range is refused when the game is dealt, even one for a
    later round, so no action can fail halfway."""
    game = parlour.load("dokitto", 2, flavours="grape,matcha,vanilla")
    game.new(1, chance=[38, 37, 36, 35, *[0] * 8, 2, 2, 2, 26])  # every one in range
    with pytest.raises(ValueError, match=r"scripted chance outcome -?\d+ is not in 0\.\.\d+"):
        game.new(1, chance=script)


@pytest.mark.parametrize(("players", "bound"), [(2, 5 * 6 * 3), (4, 5 * 10 * 5), (5, 5 * 13 * 6)])
def test_max_rounds_bounds_the_length(players: int, bound: int) -> None:
    """A round is a hand's worth of tricks, each a card a seat and at most one tile choice."""
    assert parlour.load("dokitto", players).length_bound() is None
    assert parlour.load("dokitto", players, max_rounds=5).length_bound() == bound


@pytest.mark.parametrize("given", [-1, 1001, "many"])
def test_a_bad_cap_is_refused(given: object) -> None:
    with pytest.raises(OptionError, match="max_rounds"):
        parlour.load("dokitto", 3, max_rounds=given)


def test_a_record_made_before_the_cap_replays() -> None:
    """Records made before `max_rounds` existed name only the two other options."""
    state = parlour.load("dokitto", 3).new(9)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    record = {**state.record, "options": {"flavours": [], "next_round_leader": "rotate"}}
    again = replay(json.loads(json.dumps(record)))
    assert again.view(0) == state.view(0) and again.scores == state.scores


@pytest.mark.parametrize(
    ("options", "count"), [({}, 65 + 5), ({"flavours": "grape,matcha,vanilla"}, 39 + 3)]
)
def test_every_action_of_the_game(options: dict[str, object], count: int) -> None:
    """The cards, then the tile choices, of the flavours that can be in play, in card order."""
    actions = parlour.load("dokitto", 3, **options).all_actions()
    assert len(actions) == count
    assert actions[0] == ("play matcha 1" if options else "play strawberry 1")
    assert actions[-1] == "take vanilla"

"""Undo (issue 31, item 11), the kernel's for every game: `State.apply(seat, UNDO)` takes back
the seat's last move of its turn where the game allows it (`Game.undoable`) and it drew no
chance; the undo is recorded like any action and records with undos replay. Checked on every
registered game and configuration, and through Dicecream (which allows some) for the reasons."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings

import parlour
from parlour import UNDO, IllegalAction, State, replay
from parlour.boxes.dicecream import Dicecream, DicecreamState
from parlour.i18n import speaking
from parlour.kernel import Action, Game, Rng, Seat
from parlour.kernel.records import moves_in_words

from ..helpers import snapshot
from .test_properties import (
    CONFIGS,
    IDS,
    POLICIES,
    PROPERTY,
    SEEDS,
    Config,
    cheap_snapshot,
    deal,
    pick,
)

CHECK_RATE = 0.3
"""How often the random player asks whether it may take back a move (each asking rebuilds)."""
UNDO_RATE = 0.5
"""How often it then takes the move back where it may."""
REFUSED_RATE = 0.2
"""How often it then tries an undo refused, to see that it changes nothing."""
FEWER = settings(PROPERTY, max_examples=6)
"""Fewer games than the other properties: a game here plays up to twice its length."""


def shown(state: State) -> dict[str, Any]:
    """All a state shows but its record and history (which keep the move and its undo)."""
    return {k: v for k, v in snapshot(state).items() if k not in ("record", "history")}


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@FEWER
@given(seed=SEEDS, policy=POLICIES)
def test_an_undo_restores_the_state_before_the_move(config: Config, seed: int, policy: int) -> None:
    """Along random play that takes moves back where the kernel allows: each undo gives back
    exactly the state before the move (several in a row too); a refused one raises and changes
    nothing; `is_legal` and `parse_action` agree with `undo_refusal`; the record, undos and
    all, replays through JSON to the same state, which plays on identically."""
    state = deal(config, seed)
    rnd = random.Random(policy)
    takes_back = type(state.game).undoable is not Game.undoable  # else no state is kept
    before: list[State] = []  # the states each standing move of the turn was played on
    for _ in range(config.max_actions * 2):
        if state.over:
            break
        seat = rnd.choice(state.to_act)
        if rnd.random() < CHECK_RATE:
            reason = state.undo_refusal(seat)
            assert state.is_legal(seat, UNDO) == (reason is None)
            if reason is None and rnd.random() < UNDO_RATE:
                assert state.parse_action(seat, " Undo ") == UNDO
                state.apply(seat, UNDO)
                assert shown(state) == shown(before.pop())
                assert state.history[-1] == (seat, UNDO)
                assert state.taken_back[-1] == (seat, len(state.view(None)["log"]))
                continue
            if reason is not None and rnd.random() < REFUSED_RATE:
                quick = cheap_snapshot(state)
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, UNDO)
                assert refused.value.reason == reason
                assert cheap_snapshot(state) == quick
        played_on = state.clone() if takes_back else state
        mover, action = pick(state, rnd)
        state.apply(mover, action)
        before = [*before, played_on] if state.to_act == (mover,) else [played_on]
    again = replay(json.loads(json.dumps(state.record)))
    assert snapshot(again) == snapshot(state)


class Careless(Dicecream):
    """Dicecream whose rules would let any move be taken back: the kernel's own checks remain."""

    def undoable(self, before: State, seat: int, action: Action) -> bool:
        return True


def rolled(game: Game | None = None) -> State:
    """A two-player Dicecream game after seat 1's roll of blue 6, yellow 2, red 3, green 1,
    white 2 (its stack from the seed)."""
    game = game or parlour.load("dicecream", 2)
    state = game.new(3, chance=[0] * 10 + [6, 2, 3, 1, 2])
    state.apply(0, "roll")
    return state


def code(state: State, seat: int | None) -> str | None:
    reason = state.undo_refusal(seat)
    return None if reason is None else reason.code


def test_nothing_to_take_back_at_the_start_and_the_roll_is_never_taken_back() -> None:
    state = parlour.load("dicecream", 2).new(3)
    assert code(state, 0) == "undo_nothing"
    state.apply(0, "roll")
    assert code(state, 0) == "undo_not_allowed"
    with pytest.raises(IllegalAction, match="'roll' cannot be taken back"):
        state.parse_action(0, "undo")


def test_only_the_seat_alone_to_act_may_undo_and_only_its_own_move() -> None:
    state = rolled()
    state.apply(0, "unlock blue")
    assert code(state, 0) is None
    assert code(state, 1) == "undo_turn_passed"  # not its turn
    assert code(state, None) == "undo_turn_passed"  # the table never takes back
    state.apply(0, "done")
    assert state.to_act == (1,)
    assert code(state, 0) == "undo_turn_passed"
    assert code(state, 1) == "undo_not_yours"


def test_several_undos_take_back_several_moves_of_the_turn_in_turn() -> None:
    state = rolled()
    after_roll = state.view(0)
    state.apply(0, "unlock blue")
    unlocked = state.view(0)
    placement = next(a for a in state.legal_actions(0) if a not in ("done",))
    state.apply(0, placement)
    state.apply(0, UNDO)
    assert state.view(0) == unlocked
    state.apply(0, UNDO)
    assert state.view(0) == after_roll
    assert code(state, 0) == "undo_not_allowed"  # the roll is next: never taken back
    assert [action for _, action in state.history] == [
        "roll",
        "unlock blue",
        placement,
        UNDO,
        UNDO,
    ]


def test_each_undo_is_noted_where_the_games_log_then_ends() -> None:
    """The move leaves the log; `taken_back` says who took a move back and where the log
    ended then, and records replay it."""
    state = rolled()
    logged = len(state.view(None)["log"])
    state.apply(0, "unlock blue")
    state.apply(0, next(a for a in state.legal_actions(0) if not a.startswith(("un", "do"))))
    state.apply(0, UNDO)
    state.apply(0, UNDO)
    assert state.taken_back == ((0, logged + 1), (0, logged))
    assert replay(state.record).taken_back == state.taken_back == state.clone().taken_back
    assert parlour.load("dicecream", 2).new(3).taken_back == ()


def test_a_move_that_drew_chance_is_never_taken_back_whatever_the_game_says() -> None:
    state = rolled(Careless(2, {}))
    state.apply(0, "unlock blue")
    assert code(state, 0) is None
    state.apply(0, UNDO)
    state.apply(0, "reroll white")  # draws a die
    assert code(state, 0) == "undo_chance"
    with pytest.raises(IllegalAction, match="chance was drawn since"):
        state.apply(0, UNDO)


def test_the_game_over_is_never_undone() -> None:
    state = parlour.load("dicecream", 2).new(1)
    rnd = random.Random(1)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert all(code(state, seat) == "game_over" for seat in (0, 1))


class Counting(DicecreamState):
    """A Dicecream state that notes how long the record was at each of its moves, as a game
    whose clock restarts does (`clock_since`)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.at: list[int] = []

    def _apply(self, seat: Seat, action: Action) -> None:
        self.at.append(len(self.history))
        super()._apply(seat, action)


class CountingGame(Dicecream):
    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> Counting:
        return Counting(self, rng, seed, chance)


def test_a_rebuilt_state_saw_each_move_where_the_record_made_it() -> None:
    """The moves that stand are replayed each at its own place in the record, the moves taken
    back and their undos counted: a game that counts the record counts as it did."""
    state = CountingGame(2, {}).new(3, chance=[0] * 10 + [6, 2, 3, 1, 2])
    state.apply(0, "roll")
    for action in ("unlock blue", UNDO, "unlock red"):
        state.apply(0, action)
    placement = next(a for a in state.legal_actions(0) if not a.startswith(("unlock", "done")))
    state.apply(0, placement)
    state.apply(0, UNDO)
    assert isinstance(state, Counting)
    assert state.at == [0, 3]  # the roll, then the unlock of red, the record's fourth action
    assert len(state.history) == 6


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_no_game_names_an_action_of_its_own_undo(config: Config) -> None:
    """`undo` is the kernel's, reserved in every game: none lists it among its actions."""
    game = parlour.load(config.game, config.players, **config.options)
    assert UNDO not in game.all_actions()


def test_a_replays_move_list_tells_an_undo_in_the_kernels_words() -> None:
    state = rolled()
    state.apply(0, "unlock blue")
    state.apply(0, UNDO)
    told = [move["words"] for move in moves_in_words(state.record)]
    assert told == ["roll", "unlock blue", "Take back the last move"]
    with speaking("de"):
        assert moves_in_words(state.record)[-1]["words"] == "Den letzten Zug zurücknehmen"

"""What a player may type for Dicetime actions: `state.parse_action` turns short forms,
English and German row names and unambiguous prefixes into the canonical action, and refuses
what is ambiguous, unknown or not legal now with IllegalAction."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.dicetime import DicetimeState

from .helpers import new_state, play_turn


def rolled_state() -> DicetimeState:
    """A one-player game right after its first roll, every row open."""
    state = new_state(1, seed=6)
    state.apply(0, "roll")
    return state


@pytest.mark.parametrize("text", ["r", "R", "roll", "ROLL", "  roll "])
def test_roll_short_forms(text: str) -> None:
    """r and roll, in any case and spacing, mean roll, before and after a first roll."""
    assert new_state(1).parse_action(0, text) == "roll"
    assert rolled_state().parse_action(0, text) == "roll"


@pytest.mark.parametrize(
    "text",
    ["135", "1 3 5", "1,3,5", "k135", "k 1 3 5", "keep 1,3,5", "keep 1, 3, 5", "hold 1,3,5",
     "h135", "531", "KEEP 5 3 1", "1135"],
)  # fmt: skip
def test_keep_short_forms(text: str) -> None:
    """Positions as digits, with or without k/keep/h/hold, spaces or commas, in any order
    (repeats ignored), mean `keep 1,3,5`, which then applies."""
    state = rolled_state()
    assert state.parse_action(0, text) == "keep 1,3,5"
    state.apply(0, state.parse_action(0, text))
    assert state.history[-1] == (0, "keep 1,3,5")


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("fh", "full_house"),
        ("full", "full_house"),
        ("full house", "full_house"),
        ("Full House", "full_house"),
        ("enter full_house", "full_house"),
        ("e fh", "full_house"),
        ("ss", "small_straight"),
        ("small", "small_straight"),
        ("ls", "large_straight"),
        ("3k", "three_of_a_kind"),
        ("4x", "four_of_a_kind"),
        ("5k", "five_of_a_kind"),
        ("yahtzee", "five_of_a_kind"),
        ("c", "chance"),
        ("chance", "chance"),
        ("aces", "ones"),
        ("1s", "ones"),
        ("6s", "sixes"),
        ("enter fu", "full_house"),
        ("enter la", "large_straight"),
        ("enter ch", "chance"),
    ],
)
def test_english_row_names(text: str, category: str) -> None:
    """English short names and unambiguous prefixes of the canonical text mean the entry."""
    assert rolled_state().parse_action(0, text) == f"enter {category}"


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("5er pasch", "five_of_a_kind"),
        ("5er Pasch", "five_of_a_kind"),
        ("5x (5er pasch)", "five_of_a_kind"),
        ("3er pasch", "three_of_a_kind"),
        ("4er Pasch", "four_of_a_kind"),
        ("kleine straße", "small_straight"),
        ("Kleine Strasse", "small_straight"),
        ("große straße", "large_straight"),
        ("GROSSE STRASSE", "large_straight"),
        ("sos", "chance"),
        ("SOS (Chance)", "chance"),
        ("1er", "ones"),
        ("5er", "fives"),
        ("6er", "sixes"),
    ],
)
def test_german_row_names(text: str, category: str) -> None:
    """The rulebook's German row names (ß or ss, any case) mean the entry."""
    assert rolled_state().parse_action(0, text) == f"enter {category}"


@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("enter f", ["enter fours", "enter fives", "enter four_of_a_kind", "enter full_house"]),
        ("enter s", ["enter sixes", "enter small_straight"]),
        ("enter t", ["enter twos", "enter threes", "enter three_of_a_kind"]),
    ],
)
def test_ambiguous_prefix_lists_the_options(text: str, options: list[str]) -> None:
    """A prefix matching several legal actions is refused, listing them, and nothing changes."""
    state = rolled_state()
    before = state.view(0)
    with pytest.raises(IllegalAction, match="could mean") as caught:
        state.parse_action(0, text)
    for option in options:
        assert option in str(caught.value)
    assert state.view(0) == before


def test_prefix_becomes_unambiguous_once_rows_are_used() -> None:
    """A prefix that matched two rows means the remaining one once the other is used."""
    state = new_state(1, [6, 6, 6, 6, 1, 1, 2, 3, 4, 5])
    play_turn(state, 0, (6, 6, 6, 6, 1), "sixes")
    state.apply(0, "roll")
    assert state.parse_action(0, "enter s") == "enter small_straight"


@pytest.mark.parametrize("text", ["xyz", "dance", "6", "enter nothing", "", "  ", "k9"])
def test_unknown_text_is_refused(text: str) -> None:
    """Text that is no action is refused with IllegalAction listing what is legal."""
    with pytest.raises(IllegalAction, match="legal"):
        rolled_state().parse_action(0, text)


def test_keep_all_five_or_bad_positions_is_refused() -> None:
    """12345 and keep 1,2,3,4,5 name no legal action (at least one die must be rolled), nor
    does a position outside 1 to 5."""
    for text in ("12345", "keep 1,2,3,4,5", "hold 5 4 3 2 1", "keep 6", "keep 0,1"):
        with pytest.raises(IllegalAction, match=r"at least one die.*positions are 1 to 5"):
            rolled_state().parse_action(0, text)


def test_short_forms_that_are_not_legal_now_are_refused() -> None:
    """A well-formed short form is still refused when the rules do not allow it now: keeping
    before the first roll, or a used row."""
    with pytest.raises(IllegalAction, match="roll first"):
        new_state(1).parse_action(0, "135")
    with pytest.raises(IllegalAction, match="roll first"):
        new_state(1).parse_action(0, "fh")
    state = new_state(1, [3, 3, 3, 2, 2])
    play_turn(state, 0, (3, 3, 3, 2, 2), "full_house")
    state.apply(0, "roll")
    with pytest.raises(IllegalAction, match="full_house is already used"):
        state.parse_action(0, "fh")


def test_a_seat_not_to_act_cannot_parse() -> None:
    """Parsing for a seat that may not act is refused, saying who is to act."""
    state = new_state(2, seed=1)
    with pytest.raises(IllegalAction, match="may not act now"):
        state.parse_action(1, "r")


def test_the_table_parses_timeout() -> None:
    """In a timed puzzle the table's `timeout` parses from a prefix."""
    state = new_state(1, mode="puzzle")
    assert state.parse_action(None, "time") == "timeout"
    assert state.parse_action(None, "TIMEOUT") == "timeout"


@pytest.mark.parametrize("word", ["three", "four", "five", "THREE", "Four", "enter five"])
def test_bare_counts_are_no_row(word: str) -> None:
    """`three`, `four` and `five` could mean threes or three of a kind: a slip would fill the
    wrong row, so they name no row (ambiguous or not legal) and nothing changes."""
    state = rolled_state()
    before = state.view(0)
    with pytest.raises(IllegalAction, match=r"legal|could mean"):
        state.parse_action(0, word)
    assert state.view(0) == before

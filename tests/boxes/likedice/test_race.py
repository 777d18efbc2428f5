"""The race, rule by rule: everyone answers at once, one answer each; answers are checked in
calling order and the first right one wins; the card the winner may take (ties included, a
decision only when there is a choice); nobody right; refilling; the table's timeout; the
challenge deck reshuffled; both ends of the game, Kidz Dice targets and the ranking."""

from __future__ import annotations

import pytest

import parlour
from parlour import IllegalAction, OptionError
from parlour.boxes.likedice import rules

from ...helpers import snapshot
from .helpers import (
    OWN_COMMON,
    Script,
    answer_all,
    deal,
    events,
    keys,
    new_game,
    nobody,
    win,
    wrong,
)

OWN, COMMON = OWN_COMMON


def test_everyone_may_answer_at_once_in_any_order() -> None:
    state = deal(OWN, COMMON, ["B"])
    assert state.to_act == (0, 1)
    assert state.legal_actions(0) == state.legal_actions(1)
    legal = state.legal_actions(0)
    assert len(legal) == 101 and legal[:2] == ("answer 0", "answer 1") and legal[-1] == "pass"
    assert "answer 99" in legal and "answer 100" not in legal
    state.apply(1, "answer 7")
    assert state.to_act == (0,)


@pytest.mark.parametrize("first", ["answer 3", "pass"])
def test_one_answer_per_player(first: str) -> None:
    """A second answer (after an answer or a pass) is refused and changes nothing."""
    state = deal(OWN, COMMON, ["B"])
    state.apply(0, first)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="exactly one answer per challenge"):
        state.apply(0, "answer 4")
    assert snapshot(state) == before


def test_answers_are_checked_in_calling_order() -> None:
    """Seat 1 calls first and is right: it wins though seat 0 is right too, and seat 0 is told
    that its later answer was right (it wins nothing)."""
    state = deal(OWN, COMMON, ["B"])
    answer_all(state, (1, 5), (0, 4))
    result = state.view(0)["result"]
    assert result["winner"] == 1
    checked = [(c["seat"], c["answer"], c["right"]) for c in result["checked"]]
    assert checked == [(1, 5, True), (0, 4, True)]
    assert state.scores == (1, 2)
    assert "Your 4 is right!" in [entry["text"] for entry in events(state, "check", 0)]


def test_a_wrong_answer_is_passed_over_and_each_player_counts_their_own_dice() -> None:
    """4 is wrong for seat 1 (its blue is 5) but right for seat 0, who called later."""
    state = deal(OWN, COMMON, ["B"])
    answer_all(state, (1, 4), (0, 4))
    result = state.view(None)["result"]
    assert [(c["seat"], c["answer"], c["correct"]) for c in result["checked"]] == [
        (1, 4, 5),
        (0, 4, 4),
    ]
    assert result["winner"] == 0 and state.scores == (2, 1)


def test_the_answers_after_the_first_right_one_are_checked_too() -> None:
    state = deal(OWN, COMMON, ["B"])
    answer_all(state, (0, 4), (1, 9))
    result = state.view(None)["result"]
    assert result["winner"] == 0
    assert [(c["seat"], c["right"]) for c in result["checked"]] == [(0, True), (1, False)]
    assert [e["seat"] for e in events(state, "check")] == [0, 1]


def test_a_pass_never_wins() -> None:
    state = deal(OWN, COMMON, ["B", "R"])
    answer_all(state, (0, None), (1, None))
    result = state.view(None)["result"]
    assert result["winner"] is None and result["checked"] == []


def test_nobody_right_no_card_moves_and_the_next_challenge_follows() -> None:
    state = deal(OWN, COMMON, ["B", "R"])
    before = state.view(None)
    answer_all(state, (0, 9), (1, 9))
    after = state.view(None)
    assert after["result"]["winner"] is None and after["result"]["took"] is None
    assert after["common"] == before["common"] and after["seats"] == before["seats"]
    assert after["dice_deck"] == before["dice_deck"] and state.scores == (1, 1)
    assert (after["number"], after["challenge"]["key"]) == (2, "R")
    assert state.to_act == (0, 1) and after["answers"] == []
    assert events(state, "nobody")[0]["text"] == "Nobody is right: no card moves."


def test_the_winner_takes_the_only_common_card_holding_a_counted_die() -> None:
    """Seat 0's blue is its own 1 and the common 3: the card B3 G3 moves without a decision,
    and the next card drawn refills its place."""
    state = Script().cards(*OWN, *COMMON).challenge("B").cards("R4 P1").challenge("G").new()
    answer_all(state, (0, 4), (1, None))
    view = state.view(None)
    assert keys(view["seats"][0]["display"]) == ["B1 R5", "B3 G3"]
    assert keys(view["common"]) == ["G4 Y5", "Y2 P6", "R4 P1"]
    assert view["dice_deck"] == 30 - 5 - 1
    assert view["result"]["took"]["key"] == "B3 G3"
    assert (view["phase"], view["challenge"]["key"]) == ("answer", "G")
    assert [e["text"] for e in events(state, "take")] == [
        "Seat 1 takes B3 G3 from place 3 of the common display."
    ]
    assert events(state, "refill")[0]["text"] == "R4 P1 refills place 3 of the common display."


def test_the_winner_chooses_among_the_cards_holding_counted_dice() -> None:
    """Yellow: the common Y5 (place 1) and Y2 (place 2) both count: seat 0 chooses; place 3
    is refused with the reason."""
    state = deal(OWN, COMMON, ["Y"])
    answer_all(state, (0, 7), (1, None))
    assert state.to_act == (0,) and state.view(0)["phase"] == "take"
    assert state.legal_actions(0) == ("take 1", "take 2")
    assert state.legal_actions(1) == () and state.legal_actions(None) == ()
    assert state.clock is None  # no clock while the winner chooses
    with pytest.raises(IllegalAction, match=r"card 3 \(B3 G3\) holds no die your answer counted"):
        state.apply(0, "take 3")
    state.apply(0, "take 2")
    assert keys(state.view(0)["seats"][0]["display"]) == ["B1 R5", "Y2 P6"]
    assert (
        events(state, "take", 0)[0]["text"]
        == "You choose Y2 P6 from place 2 of the common display."
    )


def test_equal_dice_tie_for_the_card_taken() -> None:
    """Big blue + small green: the highest blue, a 5, is on two common cards: either may be
    taken; the lowest green (1) is seat 0's own."""
    state = deal(["B1 G1", "R2 Y6"], ["B5 Y2", "B5 P5", "G4 Y5"], ["B/G"])
    assert state.solution(0) == 5 + 1
    answer_all(state, (0, 6), (1, None))
    assert state.legal_actions(0) == ("take 1", "take 2")


def test_any_common_card_when_none_was_counted() -> None:
    """Red: seat 0's only red die is its own 5, so any of the three common cards."""
    state = deal(OWN, COMMON, ["R"])
    answer_all(state, (0, 5), (1, None))
    assert state.legal_actions(0) == ("take 1", "take 2", "take 3")


def test_the_table_times_out_and_the_answers_given_are_checked() -> None:
    state = deal(OWN, COMMON, ["B", "R"], time_limit=30)
    assert state.clock == 30.0 and state.legal_actions(None) == ("timeout",)
    with pytest.raises(IllegalAction, match="only the table applies timeout"):
        state.apply(0, "timeout")
    state.apply(1, "answer 5")
    state.apply(None, "timeout")  # seat 0 never answered
    result = state.view(None)["result"]
    assert result["timed_out"] and result["winner"] == 1
    assert state.clock_since == len(state.history) == 2


def test_a_timeout_with_no_answers_moves_on() -> None:
    state = deal(OWN, COMMON, ["B", "R"])
    state.apply(None, "timeout")
    view = state.view(None)
    assert view["result"]["winner"] is None and view["challenge"]["key"] == "R"
    assert state.to_act == (0, 1)


def test_an_untimed_game_has_no_timeout() -> None:
    state = deal(OWN, COMMON, ["B"], time_limit=0)
    assert state.clock is None and state.legal_actions(None) == ()
    with pytest.raises(IllegalAction, match="untimed"):
        state.apply(None, "timeout")


def test_the_used_challenges_are_reshuffled_when_the_deck_runs_out() -> None:
    state = new_game(2, 4)
    seen = []
    for _ in range(20):
        seen.append(state.view(None)["challenge"]["key"])
        nobody(state)
    assert len(set(seen)) == 20  # each beginner card once
    assert events(state, "reshuffle")[0]["text"].startswith("The challenge deck is used up")
    assert state.view(None)["challenge_pile"] == 19


def test_the_game_ends_when_a_display_reaches_its_target() -> None:
    """Kidz Dice: seat 1 needs 2 cards; seat 0 (10) has 3 when seat 1 takes its second card:
    seat 1 wins."""
    state = new_game(2, 3, targets=[10, 2])
    win(state, 0)
    win(state, 0)
    assert not state.over
    win(state, 1)
    assert state.over and state.winners == (1,) and state.scores == (3, 2)
    assert state.to_act == () and state.legal_actions(None) == ()
    assert events(state, "end", 1)[0]["text"] == "Game over: You reached your target and win."
    assert state.view(None)["dice_deck"] == 30 - 5 - 2  # no refill after the last take


def test_the_game_ends_when_the_deck_cannot_refill_the_common_display() -> None:
    """Six players leave 21 cards in the deck: the 22nd card taken cannot be replaced. The
    most cards relative to the target win (Kidz: seat 5's 3 of 4 beats 5 of 10)."""
    state = new_game(6, 8, targets=[10] * 5 + [4])
    for _ in range(2):
        win(state, 5)
    for number in range(20):
        assert not state.over
        win(state, number % 5)
    assert state.over
    assert state.scores == (5, 5, 5, 5, 5, 3) and state.winners == (5,)
    view = state.view(None)
    assert view["dice_deck"] == 0 and len(view["common"]) == 2
    assert view["log"][-1]["end"] == "deck"
    assert "no dice card is left to refill the common display" in view["log"][-1]["text"]


def test_the_end_by_the_deck_breaks_ties_by_dots() -> None:
    """Equal shares of the targets: the winners are the rules' ranking (dots next)."""
    state = new_game(6, 11)
    for number in range(22):
        win(state, number % 6)
    assert state.over and state.scores == (5, 5, 5, 5, 4, 4)
    pips = [seat["pips"] for seat in state.view(None)["seats"]]
    assert state.winners == rules.final_winners(state.scores, [10] * 6, pips)
    assert len(state.winners) == 1 and pips[state.winners[0]] == max(pips[:4])


def test_the_target_is_checked_before_the_refill() -> None:
    """Three players leave 24 cards: after 8 wins each the deck is empty and everyone has 9;
    the next win reaches 10, a win by the target, not by the deck."""
    state = new_game(3, 5)
    for number in range(24):
        win(state, number % 3)
    assert state.view(None)["dice_deck"] == 0 and not state.over
    win(state, 2)
    assert state.winners == (2,) and state.view(None)["log"][-1]["end"] == "target"


def test_targets_default_and_validation() -> None:
    assert parlour.load("likedice", 3).options["targets"] == [10, 10, 10]
    assert parlour.load("likedice", 3, targets="10,5,5").options["targets"] == [10, 5, 5]
    with pytest.raises(OptionError, match=r"targets=10,5 has 2 values; 3 are needed"):
        parlour.load("likedice", 3, targets="10,5")
    for bad in ("10,0,5", "10,11,5", "10,x,5"):
        with pytest.raises(OptionError, match=r"option targets=.* integer from 1 to 10"):
            parlour.load("likedice", 3, targets=bad)


def test_levels_choose_the_challenge_cards() -> None:
    for level, cards in (("beginner", 20), ("intermediate", 25), ("advanced", 30)):
        state = new_game(2, 1, level=level)
        assert state.view(None)["challenge_pile"] == cards - 1
        assert len(state.challenge_pile) == cards - 1
    with pytest.raises(OptionError, match="option level=expert is not allowed"):
        parlour.load("likedice", 2, level="expert")
    with pytest.raises(OptionError, match="2 to 6 players"):
        parlour.load("likedice", 7)


def test_the_setup() -> None:
    """One own card each, three common cards, the rest in the deck; the first challenge is
    revealed; every seat may answer."""
    state = new_game(4, 2)
    view = state.view(None)
    assert [seat["cards"] for seat in view["seats"]] == [1, 1, 1, 1]
    assert len(view["common"]) == 3 and view["dice_deck"] == 30 - 4 - 3
    shown = {card["key"] for seat in view["seats"] for card in seat["display"]}
    shown |= {card["key"] for card in view["common"]}
    assert len(shown) == 7 and not shown & set(state.dice_deck)
    assert view["number"] == 1 and state.to_act == (0, 1, 2, 3)
    assert state.scores == (1, 1, 1, 1) and state.winners == ()


def test_wrong_is_wrong() -> None:
    """The helper used below gives a wrong result for each seat."""
    state = deal(OWN, COMMON, ["B"])
    assert wrong(state, 0) != state.solution(0) and wrong(state, 1) != state.solution(1)


@pytest.mark.parametrize(
    ("first", "moves"),
    [
        ("B", [(0, "answer 9"), (1, "answer 9")]),  # nobody right: the next challenge is bad
        ("B", [(1, "pass"), (0, "answer 4")]),  # a take without a choice: the refill is bad
        ("Y", [(1, "pass"), (0, "answer 7"), (0, "take 2")]),  # a chosen take: likewise
    ],
)
def test_a_bad_chance_script_changes_nothing(first: str, moves: list[tuple[int, str]]) -> None:
    """A scripted outcome out of range raises ValueError before anything changes."""
    script = Script().cards(*OWN, *COMMON).challenge(first)
    script.chance.append(99)
    state = script.new()
    for seat, action in moves[:-1]:
        state.apply(seat, action)
    before = snapshot(state)
    with pytest.raises(ValueError, match="scripted chance outcome 99"):
        state.apply(*moves[-1])
    assert snapshot(state) == before

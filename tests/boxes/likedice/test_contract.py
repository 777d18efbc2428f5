"""Like Dice on the kernel's contract: refusals as reasons (codes with parameters, told in
today's words), the full action list, the option `max_challenges` that bounds a game's length,
and the determinizer (the decks' cards are the real ones, the draws to come are dealt anew)."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour import IllegalAction, OptionError, Reason, Rng
from parlour.boxes.likedice import LikeDiceState, rules

from .helpers import OWN_COMMON, answer_all, deal, events, new_game, nobody, win

OWN, COMMON = OWN_COMMON


def test_a_second_answer_is_refused_by_a_reason_with_its_words() -> None:
    state = deal(OWN, COMMON, ["B"])
    state.apply(0, "answer 17")
    reason = state.refusal(0, "answer 4")
    assert reason == Reason("answered_already", {"answer": 17})
    assert state.explain(0, "answer 4") == (
        "you already answered 17: a player gives exactly one answer per challenge"
    )
    state = deal(OWN, COMMON, ["B"])
    state.apply(0, "pass")
    assert state.refusal(0, "pass") == Reason("passed_already")
    assert state.explain(0, "pass").startswith("you already passed: ")


@pytest.mark.parametrize(
    ("seat", "action", "code", "words"),
    [
        (0, "answer 100", "answer_range", "an answer is a whole number from 0 to 99"),
        (0, "take 1", "no_winner_yet", "nobody has won this challenge yet"),
        (0, "timeout", "table_only", "only the table applies timeout"),
        (None, "answer 3", "not_legal", "'answer 3' is not a legal action now; legal: timeout"),
        (0, "shout", "not_legal_many", "'shout' is not one of the 101 legal actions now"),
    ],
)
def test_refusals_while_the_race_runs(seat: int | None, action: str, code: str, words: str) -> None:
    state = deal(OWN, COMMON, ["B"])
    reason = state.refusal(seat, action)
    assert reason is not None and reason.code == code
    assert state.explain(seat, action).startswith(words)
    with pytest.raises(IllegalAction, match=words[:20]) as refused:
        state.apply(seat, action)
    assert refused.value.reason == reason


def test_refusals_while_the_winner_chooses() -> None:
    """Seat 0 won yellow: places 1 and 2 hold yellow dice; choices are told as alternatives."""
    state = deal(OWN, COMMON, ["Y"])
    answer_all(state, (0, 7), (1, None))
    assert state.refusal(0, "take 3") == Reason(
        "not_counted", {"place": 3, "card": "B3 G3", "choices": ["take 1", "take 2"]}
    )
    assert state.explain(0, "take 3") == (
        "card 3 (B3 G3) holds no die your answer counted; you may take 1 or take 2"
    )
    assert state.refusal(0, "answer 3") == Reason("must_take", {"choices": ["take 1", "take 2"]})
    assert state.explain(0, "pass") == "you won this challenge: choose a card (take 1, take 2)"
    assert state.refusal(1, "take 1") == Reason("choosing", {"winner": 0, "number": 1})
    assert state.explain(1, "take 1") == "Seat 1 won the challenge and is choosing a card"
    assert state.refusal(None, "timeout") == Reason("no_race")
    assert state.refusal(5, "pass") == Reason("no_seat", {"seat": "5", "seats": [0, 1]})


def test_the_table_after_the_end_and_in_an_untimed_game() -> None:
    state = deal(OWN, COMMON, ["B"], time_limit=0)
    assert state.refusal(None, "timeout") == Reason("untimed")
    state = new_game(2, 3, targets=[1, 1])
    win(state, 0)
    assert state.over
    assert state.refusal(None, "timeout") == Reason("game_over")
    assert state.refusal(0, "pass") == Reason("game_over")


def test_the_full_action_list() -> None:
    actions = parlour.load("likedice", 3).all_actions()
    assert actions[:2] == ("answer 0", "answer 1")
    assert actions[-5:] == ("answer 99", "pass", "take 1", "take 2", "take 3")
    assert len(actions) == 100 + 1 + 3


def test_no_cap_no_bound_and_the_cap_bounds_the_length() -> None:
    assert parlour.load("likedice", 3).options["max_challenges"] == 0
    assert parlour.load("likedice", 3).length_bound() is None
    assert parlour.load("likedice", 3, max_challenges=40).length_bound() == 40 * 4
    for bad in (-1, 10_001):
        with pytest.raises(OptionError, match="max_challenges"):
            parlour.load("likedice", 3, max_challenges=bad)


def test_the_game_ends_after_the_last_challenge_allowed_ranked_as_by_the_deck() -> None:
    """Three challenges: seat 1 wins the first (a card), nobody the second, seat 0 the third;
    then the game ends, shared by the cards for the target and then the dots."""
    state = new_game(2, 6, max_challenges=3, time_limit=0)
    win(state, 1)
    nobody(state)
    assert state.view(None)["number"] == 3 and not state.over
    win(state, 0)
    assert state.over and state.scores == (2, 2)
    view = state.view(0)
    pips = [seat["pips"] for seat in view["seats"]]
    assert state.winners == rules.final_winners((2, 2), (10, 10), pips) and view["number"] == 3
    end = view["log"][-1]
    assert end["end"] == "limit" and "the last challenge the game allows" in end["text"]
    assert [e["event"] for e in view["log"][-3:]] == ["take", "refill", "end"]


def test_a_challenge_nobody_wins_can_be_the_last() -> None:
    state = new_game(3, 1, max_challenges=2)
    nobody(state)
    state.apply(None, "timeout")
    assert state.over and len(state.history) == 4
    pips = [seat["pips"] for seat in state.view(None)["seats"]]
    assert state.winners == rules.final_winners((1, 1, 1), (10, 10, 10), pips)
    assert events(state, "end")[0]["end"] == "limit"


def played(seed: int, players: int = 3, **options: object) -> LikeDiceState:
    """A game some way in (after a reshuffle of the challenge deck), stopped while a winner
    chooses a card where that happens."""
    state = parlour.load("likedice", players, **options).new(seed)
    assert isinstance(state, LikeDiceState)
    rnd = random.Random(seed)
    while not state.over and (
        state.view(None)["number"] < 24 or state.view(None)["phase"] != "take"
    ):
        seat = rnd.choice(state.to_act)
        if state.view(None)["phase"] == "answer" and rnd.random() < 0.3:
            state.apply(seat, f"answer {state.solution(seat)}")
        else:
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_a_determinized_state_holds_the_real_cards_in_its_decks() -> None:
    state = played(2)
    assert events(state, "reshuffle") and state.view(None)["phase"] == "take"
    for seat in (0, 1, None):
        twin = state.game.determinize(state.view(seat), Rng(9))
        assert isinstance(twin, LikeDiceState)
        assert twin.dice_deck == state.dice_deck
        assert twin.challenge_pile == state.challenge_pile
        assert [twin.view(s) for s in (0, 1, 2, None)] == [state.view(s) for s in (0, 1, 2, None)]
        assert twin.history == () and twin.clock_since == 0


def test_the_draws_to_come_are_dealt_anew_and_uniformly() -> None:
    """After nobody answers, the next challenge is drawn from the real pile: different RNGs
    draw different ones, every one of the pile in the long run, and never a challenge that is
    not in it."""
    state = new_game(2, 4)
    for _ in range(5):
        nobody(state)
    view = state.view(1)
    pile = set(state.challenge_pile)
    drawn = []
    for k in range(200):
        twin = state.game.determinize(view, Rng(k))
        assert isinstance(twin, LikeDiceState)
        nobody(twin)
        drawn.append(twin.view(None)["challenge"]["key"])
    assert set(drawn) == pile


def test_an_action_that_is_no_text_is_not_legal() -> None:
    state = deal(OWN, COMMON, ["B"])
    assert not state.is_legal(0, ["answer 3"])  # type: ignore[arg-type]
    assert state.refusal(0, ["answer 3"]) == Reason("not_text", {"action": "['answer 3']"})

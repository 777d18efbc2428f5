"""Like Dice's advice (issue 30): hints only for the card a winner takes, valued by the
counter's race judgement (never the answer to a challenge), and the review of a seat's speed
and accuracy from the record's times: per kind of challenge, the answers, errors, passes,
median time and the `counter` preset counted like."""

from __future__ import annotations

import pytest

import parlour
from parlour.bots import make_bot
from parlour.boxes.likedice import LikeDiceState
from parlour.boxes.likedice.cards import race_values
from parlour.boxes.likedice.coach import JUDGE, CoachAdvice, answers, closest
from parlour.boxes.likedice.timing import PRESETS, looked_at, situation
from parlour.kernel import Objective

from .helpers import deal, wrong
from .test_cards import red_comes_next


def test_a_winner_is_told_each_cards_worth_and_the_counters_choice_is_best() -> None:
    state = red_comes_next()
    advice = state.game.advice()
    assert isinstance(advice, CoachAdvice) and advice.measure is Objective.POINTS
    choices = advice.choices(state.view(0), 0)
    assert choices is not None
    assert choices[0].action == "take 2"  # the race's pick (test_cards)
    values = race_values(state.view(0), 0, JUDGE)
    held = state.view(0)["seats"][0]["cards"] + 1
    for choice in choices:
        assert choice.expected == pytest.approx(held + values[choice.action])
        assert choice.loss == pytest.approx(choices[0].expected - choice.expected)
        assert choice.margin == 0
    assert advice.choices(state.view(1), 1) is None  # not its card to take
    words = state.game.action_words(state.view(0), 0, "take 2")
    assert words == "take B1 G1 (place 2)"


def test_an_answer_is_never_hinted() -> None:
    """Through a whole game of counters, no seat is advised while a challenge runs; a winner
    choosing among several cards is."""
    game = parlour.load("likedice", 3, max_challenges=12)
    state = game.new(4)
    advice = game.advice()
    assert advice is not None
    bots = [make_bot(game, "counter", seat, seat) for seat in range(3)]
    hinted = 0
    while not state.over:
        for seat in state.to_act:
            view = state.view(seat)
            choices = advice.choices(view, seat)
            assert choices is None or view["phase"] == "take"
            hinted += choices is not None
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert hinted > 0


def played_like(preset: str) -> tuple[LikeDiceState, list[float]]:
    """Four challenges: seat 0 answers blue right and green + yellow wrong in exactly
    `preset`'s planned seconds from each reveal, passes red, and answers big + small right;
    seat 1 passes each half a second later, and a card taken takes a second."""
    state = deal(["B1 R5", "B2 R1"], ["G4 Y5", "Y2 P6", "B3 G3"], ["B", "G+Y", "R", "B/G"])
    skill = PRESETS[preset]
    times: list[float] = []

    def challenge(answer: str) -> None:
        revealed = times[-1] if times else 0.0
        if answer != "pass":
            challenge, dice = situation(state.view(0), 0)
            times.append(revealed + skill.seconds(looked_at(challenge, dice)))
        else:
            times.append(revealed + 0.5)
        state.apply(0, answer)
        times.append(times[-1] + 0.5)
        state.apply(1, "pass")
        if state.view(0)["phase"] == "take":
            times.append(times[-1] + 1.0)
            state.apply(0, state.legal_actions(0)[0])

    challenge("answer 4")  # blue: 1 + 3
    challenge(f"answer {wrong(state, 0)}")
    challenge("pass")
    challenge(f"answer {state.solution(0)}")
    return state, times


@pytest.mark.parametrize("preset", ["child", "adult", "expert"])
def test_a_seats_speed_is_compared_with_the_counter_presets(preset: str) -> None:
    state, times = played_like(preset)
    advice = state.game.advice()
    assert advice is not None
    review = advice.review(state, 0, times=times)
    rows = {row["label"]: row for row in review["speed"]["rows"]}
    assert list(rows) == ["sums of colours", "big + small"]  # in the cards' order
    sums, big = rows["sums of colours"], rows["big + small"]
    assert (sums["answers"], sums["wrong"], sums["passed"]) == (2, 1, 1)
    assert (big["answers"], big["wrong"], big["passed"]) == (1, 0, 0)
    words = {"child": "Child", "adult": "Adult", "expert": "Expert"}[preset]
    assert sums["like"] == big["like"] == words
    assert f"like the counter's level {words}" in review["speed"]["summary"]
    assert "speed" not in advice.review(state, 0)  # no times, no speed
    passes = advice.review(state, 1, times=times)["speed"]["rows"]
    assert all(row["like"] is None and row["seconds"] is None for row in passes)
    assert "You gave no answer to time." in advice.review(state, 1, times=times)["speed"]["summary"]


def test_the_closest_preset_weighs_slow_and_fast_alike() -> None:
    """Twice an adult's time is as far as half of it: the nearest preset wins by logarithms."""
    adult = PRESETS["adult"].seconds(4)
    assert closest([(adult, 4)]) == "adult"
    assert closest([(PRESETS["teen"].seconds(4) * 1.05, 4)]) == "teen"
    assert closest([(100.0, 4)]) == "child" and closest([(0.0, 4)]) == "expert"
    assert closest([]) is None


def test_an_answer_is_timed_from_its_challenges_reveal() -> None:
    """The second challenge is revealed by the pass that settles the first, at 3 s: an
    answer to it at 9 s took 6 s, the first 2 s."""
    state = deal(["B1 R5", "B2 R1"], ["G4 Y5", "Y2 P6", "B3 G3"], ["B"])
    state.apply(0, "answer 4")
    state.apply(1, "pass")  # blue is settled: seat 0 takes the one blue card, a new challenge
    assert state.view(0)["phase"] == "answer" and state.clock_since == 2
    state.apply(0, f"answer {state.solution(0)}")
    timed = answers(state, 0, [2.0, 3.0, 9.0])
    assert [(seconds, right) for _, seconds, _, right in timed] == [(2.0, True), (6.0, True)]

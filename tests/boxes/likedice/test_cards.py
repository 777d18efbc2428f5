"""The `counter` bot's card choice: `cards=race` takes the card that leaves it the best chance
in the challenges still to come under the counting-time model (a card it takes stays in its
own display and slows it on every challenge that looks at its dice), `cards=dots` (the first
rule) the card with the most dots; the setting is parsed with the bot's name, and the choice
reproduces."""

from __future__ import annotations

import pytest

import parlour
from parlour import OptionError
from parlour.bots import make_bot
from parlour.boxes.likedice import LikeDiceState
from parlour.boxes.likedice.bots import CounterBot
from parlour.boxes.likedice.cards import Cards, horizon
from parlour.boxes.likedice.components import CHALLENGE_BY_KEY, CHALLENGES, DECKS, Level
from parlour.boxes.likedice.timing import PRESETS, first_right

from .helpers import deal, nobody

BEGINNER = [CHALLENGES[index].key for index in DECKS[Level.BEGINNER]]


def red_comes_next(target: int = 3) -> LikeDiceState:
    """Seat 0 (G4 Y5; seat 1 holds Y2 P6) wins the 19th challenge, blue, after nobody won
    the 18 before; the pile holds only red. It may take B6 R3 (9 dots), B1 G1 or B2 R1:
    taking a red card leaves it counting two red dice against one for seat 1; taking B1 G1
    leaves both counting the same two."""
    first = [key for key in BEGINNER if key not in ("B", "R")]
    state = deal(
        ["G4 Y5", "Y2 P6"], ["B6 R3", "B1 G1", "B2 R1"], [*first, "B"], targets=[target, target]
    )
    for _ in first:
        nobody(state)
    state.apply(0, f"answer {state.solution(0)}")
    state.apply(1, "pass")
    assert state.view(0)["phase"] == "take" and state.view(0)["challenge_pile"] == 1
    return state


def test_race_takes_the_card_that_keeps_it_fast_on_the_challenges_to_come() -> None:
    state = red_comes_next()
    view, legal = state.view(0), state.legal_actions(0)
    assert legal == ("take 1", "take 2", "take 3")
    assert make_bot("likedice", "counter:cards=race", 0, 1).choose(view, legal) == "take 2"
    assert make_bot("likedice", "counter:cards=dots", 0, 1).choose(view, legal) == "take 1"


def test_a_card_that_ends_the_game_leaves_only_the_dots_to_choose_by() -> None:
    """With targets of 2 the card taken wins the game: nothing is left to race for."""
    state = red_comes_next(target=2)
    assert horizon(state.view(0), 0) == {}
    bot = make_bot("likedice", "counter:cards=race", 0, 1)
    assert bot.choose(state.view(0), state.legal_actions(0)) == "take 1"


def test_the_horizon_weighs_the_pile_first_then_the_reshuffled_level() -> None:
    """After the take seat 0 needs 1 card and seat 1 needs 2: two challenges to come at most,
    the red one left in the pile, then one of the 20 reshuffled."""
    weights = horizon(red_comes_next().view(0), 0)
    red = CHALLENGE_BY_KEY["R"].index
    assert weights[red] == pytest.approx(1 + 1 / 20)
    assert sorted(weights) == sorted(DECKS[Level.BEGINNER])
    assert sum(weights.values()) == pytest.approx(2)


def test_the_chance_of_the_first_right_answer() -> None:
    """Counting as many dice as the rival: first half the time, and right; or second after a
    wrong rival. Far fewer dice: first always, so right is all it takes."""
    adult = PRESETS["adult"]
    assert first_right(adult, 5, [5]) == pytest.approx(0.9 * (0.5 + 0.5 * 0.1))
    assert first_right(adult, 0, [20, 20]) == pytest.approx(0.9)
    assert first_right(adult, 20, [0]) == pytest.approx(0.9 * 0.1)
    assert first_right(adult, 4, [6]) > first_right(adult, 5, [6]) > first_right(adult, 6, [6])


def test_the_card_rule_is_a_setting_and_race_is_every_presets_default() -> None:
    for name, rule in (
        ("counter", Cards.RACE),
        ("counter-child", Cards.RACE),
        ("counter:expert:cards=dots", Cards.DOTS),
        ("counter:cards=race:speed=2", Cards.RACE),
    ):
        bot = make_bot("likedice", name, 0, 1)
        assert isinstance(bot, CounterBot) and bot.cards is rule
    with pytest.raises(OptionError, match="cards=RULE \\(dots or race\\)"):
        make_bot("likedice", "counter:cards=best", 0, 1)


@pytest.mark.parametrize("rule", ["race", "dots"])
def test_games_of_counters_reproduce(rule: str) -> None:
    """The same seed and bot seeds play the same game again, card choices included."""
    records = []
    for _ in range(2):
        state = parlour.load("likedice", 3, targets=[5, 5, 5]).new(4)
        bots = [make_bot("likedice", f"counter:cards={rule}", seat, seat) for seat in range(3)]
        while not state.over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        records.append(state.history)
    assert records[0] == records[1] and any("take" in str(step) for step in records[0])

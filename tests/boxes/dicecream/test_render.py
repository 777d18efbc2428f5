"""The terminal renderer draws Dicecream from views alone: the sheets with their numbers and
ticks, the roll with what each die is used for and may do, the bonus cards, who is choosing,
and the end; through whole games it never fails."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

import parlour
from parlour.kernel import View
from parlour.terminal.renderers import renderer_for

from .helpers import new_state, play


def shown(view: View) -> str:
    """What the renderer prints for a view, as plain text."""
    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for("dicecream")(view))
    return console.export_text()


def test_the_roll_and_what_each_die_may_do() -> None:
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"))
    text = shown(state.view(0))
    assert "Dicecream  round 1 of 5" in text and "You: place dice" in text
    assert "unlocks the blue sundae" in text
    assert "on the red cube of blue" in text
    assert "→ unlock yellow · yellow cube of blue · yellow topping of blue" in text
    assert "→ left cream of blue" in text
    assert "r:2" in text  # the red cube of blue holds a 2
    assert "2/5" in text  # the blue bowl: 2 placed of 5
    assert "You unlocked the blue sundae with a 5." in text


def test_picks_bonus_and_the_end() -> None:
    state = new_state(
        2, dice=[6, 1, 1, 1, 2, 1, 1, 1, 1, 1], stack=["right-cream-4", "red-topping"]
    )
    play(state, (0, "roll"), (0, "unlock blue"), (0, "left cream of blue"), (0, "done"))
    text = shown(state.view(1))
    assert "may be taken" in text and "→ left cream of blue · left cream of yellow" in text
    play(state, (1, "take left cream of red"), (1, "roll"), (1, "done"))
    text = shown(state.view(0))
    assert "Enter a 4 in a right cream space on any sundae." in text
    assert "→ bonus 4 in right cream of blue" in text
    state.apply(0, "bonus 4 in right cream of blue")
    assert "You chose: bonus 4 in right cream of blue" in shown(state.view(0))
    assert "waiting for: Seat 2" in shown(state.view(0))


def test_whole_games_render_for_every_seat_and_a_spectator() -> None:
    rnd = random.Random(2)
    for players in (2, 3, 4):
        state = parlour.load("dicecream", players).new(players)
        while not state.over:
            if rnd.random() < 0.04:
                for seat in [*range(players), None]:
                    assert "Dicecream" in shown(state.view(seat))
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        text = shown(state.view(0))
        assert "Game over. Won:" in text
        assert f"total {state.scores[0]}" in text


def hint(view: View) -> str:
    """The renderer's line saying what to type (drawn wide, on one line)."""
    console = Console(width=400, record=True, color_system=None, file=io.StringIO())
    console.print(renderer_for("dicecream")(view))
    lines = console.export_text().splitlines()
    return next(line for line in lines if line.startswith(("Type ", "Nothing fits")))


def examples(line: str) -> list[tuple[str, str]]:
    """The hint's examples, each as the action named and its short form in brackets."""
    items = re.split(r",? or |, ", line)
    found = (re.fullmatch(r"(?:.*(?:Type|type|e\.g\.) )?(.+) \((.+)\)\.?", item) for item in items)
    return [(match[1], match[2]) for match in found if match]


def test_the_hint_follows_the_moment() -> None:
    """Before any sundae is unlocked the hint offers unlocking, the bean's reroll and done;
    with blue unlocked and a die placed it offers what is possible then, not `unlock blue`."""
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    play(state, (0, "roll"))
    first = hint(state.view(0))
    assert "unlock blue (ub)" in first and "reroll red,white (rr rw)" in first
    assert "cube of" not in first and "cream of" not in first and first.endswith("done (d).")
    play(state, (0, "unlock blue"), (0, "red cube of blue"))
    then = hint(state.view(0))
    assert "unlock blue" not in then and "reroll" not in then
    assert "unlock yellow (uy)" in then and "yellow cube of blue (ycb)" in then
    assert "left cream of blue (left b)" in then


def test_every_example_in_the_hint_is_legal_and_its_short_form_means_it() -> None:
    rnd = random.Random(4)
    seen: set[str] = set()
    for seed in (1, 2):
        state = parlour.load("dicecream", 2).new(seed)
        while not state.over:
            for seat in state.to_act:
                pairs = examples(hint(state.view(seat)))
                assert pairs, hint(state.view(seat))
                for named, short in pairs:
                    action = state.parse_action(seat, named)
                    assert state.is_legal(seat, action), (named, hint(state.view(seat)))
                    assert state.parse_action(seat, short) == action, (named, short)
                    seen.add(state.view(seat)["phase"])
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert seen == {"roll", "place", "take", "bonus"}

"""What a player types, fuzzed: every registered game's `parse_action`, at random states of
every configuration it declares, given arbitrary Unicode text (digit-like, combining and
full-width characters weighted in, alone or inside a legal action) answers nothing but a legal
action of that seat or the kernel's refusal, `IllegalAction`; never another error."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour import IllegalAction, State

from ..helpers import all_seats
from .test_properties import CONFIGS, IDS, SEEDS, Config, deal, walk

ODD = (
    "\u00b2\u00b3\u00b9\u2070\u2082\u00bd\u2153"  # super- and subscripts, fractions: not int()
    "\u0663\u06f4\u07c2\u0969\u09e9\u0e53"  # decimal digits of other scripts (int() reads them)
    "\uff10\uff11\uff15\uff19\uff41\uff34\uff21\u3000"  # full-width digits, letters, space
    "\u2460\u246b\u216b\u2163\U0001d7d9\U0001d7da"  # circled, Roman, mathematical numbers
    "\u0301\u0308\u20dd\u0338"  # combining marks
    "\u00a0\u2009\u200b\u200d\u2028\ufeff\t\n"  # odd spaces, joiners, line breaks
    "\u0130\u0131\u00df\ufb01\u01c5"  # letters whose case or normal form changes length
)
"""Characters that look like, or pass some test for, a digit, a space or a letter."""
ASCII = "0123456789 abcdefghijklmnopqrstuvwxyz=-,"
CHARACTERS = st.one_of(st.sampled_from(ODD), st.sampled_from(ASCII), st.characters())
TEXTS = st.one_of(st.text(CHARACTERS, max_size=20), st.text(max_size=20))
FUZZ = settings(
    max_examples=15,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MOST_STEPS = 150
"""The most random actions before the texts are tried (the longest games would take long)."""


def spoiled(action: str, rnd: random.Random) -> str:
    """`action` with one character replaced by, or followed by, an odd one."""
    where = rnd.randrange(len(action) + 1)
    odd = rnd.choice(ODD)
    if where < len(action) and action[where].isdigit():
        return action[:where] + odd + action[where + 1 :]
    return action[:where] + odd + action[where:]


def answers(state: State, seat: int | None, text: str) -> None:
    """`parse_action` answers a legal action of `seat` or refuses with `IllegalAction`."""
    try:
        action = state.parse_action(seat, text)
    except IllegalAction:
        return
    assert action in state.legal_actions(seat), (seat, text, action)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@FUZZ
@given(
    seed=SEEDS, steps=st.integers(0, MOST_STEPS), texts=st.lists(TEXTS, max_size=4), at=st.randoms()
)
def test_any_text_is_parsed_or_refused(
    config: Config, seed: int, steps: int, texts: list[str], at: random.Random
) -> None:
    state = deal(config, seed)
    walk(state, at, min(steps, config.max_actions))
    for seat in all_seats(state):
        legal = list(state.legal_actions(seat))
        tried = [*texts, *ODD, *(spoiled(at.choice(legal), at) for _ in range(4) if legal)]
        for text in tried:
            answers(state, seat, text)

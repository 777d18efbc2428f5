"""Reasons told in English: list parameters joined by commas, or by `or` where asked."""

from __future__ import annotations

from parlour import Reason
from parlour.kernel.reasons import tell

TEXTS = {"pick": "choose {choices:or}; seen: {seen}", "score": "{points:.1f} points"}


def test_lists_are_joined_by_commas_or_by_or_and_other_values_format_as_usual() -> None:
    reason = Reason("pick", {"choices": ["take 1", "take 2"], "seen": [3, 4]})
    assert tell(reason, TEXTS) == "choose take 1 or take 2; seen: 3, 4"
    assert tell(Reason("pick", {"choices": [], "seen": []}), TEXTS) == "choose none; seen: none"
    assert tell(Reason("score", {"points": 2}), TEXTS) == "2.0 points"
    assert tell(Reason("game_over"), TEXTS) == "the game is over"

"""Dicetime's choices in words (`Game.action_words`), as hints, analyses and replays show
them: a keep by the faces it keeps (its action names positions), an entry with its points."""

from __future__ import annotations

from parlour.i18n import speaking

from .helpers import new_state


def words(action: str, faces: list[int] | None = None) -> str:
    """`action` in words for seat 0 of a solo game, before its first roll or after rolling
    `faces`."""
    state = new_state(1, chance=faces or [])
    if faces:
        state.apply(0, "roll")
    return state.game.action_words(state.view(0), 0, action)


def test_a_keep_is_told_by_the_faces_it_keeps_not_their_positions() -> None:
    assert words("keep 1,2", [6, 6, 2, 3, 1]) == "Keep 6 6 and reroll the other 3 dice"
    assert words("keep 2,3,4,5", [1, 4, 4, 6, 5]) == "Keep 6 5 4 4 and reroll the other die"


def test_a_roll_and_an_entry_in_words() -> None:
    assert words("roll") == "Roll the five dice"
    assert words("roll", [2, 2, 2, 5, 5]) == "Reroll all five dice"
    assert words("enter full_house", [2, 2, 2, 5, 5]) == "Enter 25 in Full house"
    assert words("enter ones", [2, 2, 2, 5, 5]) == "Enter 0 in Ones"


def test_the_words_speak_german() -> None:
    with speaking("de"):
        assert words("keep 1,2", [6, 6, 2, 3, 1]) == "Behalte 6 6 und würfle die anderen 3 neu"
        assert words("enter full_house", [2, 2, 2, 5, 5]) == "Trage 25 bei Full House ein"


def test_the_default_is_the_action_itself() -> None:
    import parlour

    game = parlour.load("dokitto", 2)
    state = game.new(1)
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]
    assert game.action_words(state.view(seat), seat, action) == action

"""Why one card or tile would have been better than another, in words (`Game.contrast`): the
trick as it stands, the cone's fourth tile, the unseen higher cards of a lead, the star still
in a stack."""

from __future__ import annotations

from parlour.boxes.dokitto.contrast import contrast
from parlour.i18n import speaking
from tests.boxes.dokitto.helpers import Deal, new_state, play

FLAVOURS = ("grape", "matcha", "vanilla")


def last_to_play():
    """Seat 1 plays last to seat 0's grape 7, holding grape 10 (which takes) and grape 2."""
    deal = Deal(
        hands=(
            ("grape 7", "matcha 1", "matcha 2", "matcha 3", "vanilla 1", "vanilla 2"),
            ("grape 10", "grape 2", "grape 12", "matcha 11", "vanilla 11", "vanilla 12"),
        )
    )
    return play(new_state(FLAVOURS, deal), "grape 7")


def test_taking_the_trick_last_against_letting_it_pass() -> None:
    view = last_to_play().view(1)
    assert contrast(view, 1, "play grape 10", "play grape 2") == (
        "grape 10 took the trick and its tile; grape 2 would have let it pass."
    )
    assert contrast(view, 1, "play grape 2", "play grape 10") == (
        "grape 2 let the trick pass; grape 10 would have taken it, and a tile is a point."
    )


def test_two_cards_that_do_the_same_in_the_trick() -> None:
    view = last_to_play().view(1)
    assert contrast(view, 1, "play grape 10", "play grape 12") == (
        "grape 12 does in this trick what grape 10 does, and keeps grape 10 for a later one."
    )


def test_a_full_cone_is_warned_of() -> None:
    """Seat 1 takes three tricks, loses the fourth, and plays last to the fifth."""
    deal = Deal(
        hands=(
            ("grape 1", "matcha 2", "vanilla 3", "grape 12", "matcha 5", "vanilla 4"),
            ("grape 11", "matcha 12", "vanilla 13", "grape 2", "matcha 9", "matcha 1"),
        )
    )
    state = new_state(FLAVOURS, deal)
    play(state, "grape 1", "grape 11", "matcha 12", "matcha 2", "vanilla 13", "vanilla 3")
    play(state, "grape 2", "grape 12", "matcha 5")
    view = state.view(1)
    assert len(view["cones"][1]["tiles"]) == 3
    assert contrast(view, 1, "play matcha 9", "play matcha 1") == (
        "Your cone holds three tiles: a fourth ends your round at zero. "
        "matcha 9 took the trick and its tile; matcha 1 would have let it pass."
    )


def test_ahead_with_players_still_to_play() -> None:
    deal = Deal(
        hands=(
            (
                "grape 7",
                "matcha 1",
                "matcha 2",
                "matcha 3",
                "vanilla 1",
                "vanilla 2",
                "vanilla 3",
                "vanilla 4",
            ),
            (
                "grape 10",
                "grape 2",
                "matcha 11",
                "matcha 12",
                "vanilla 11",
                "vanilla 12",
                "vanilla 13",
                "matcha 13",
            ),
            (
                "grape 3",
                "grape 4",
                "grape 5",
                "matcha 4",
                "matcha 5",
                "matcha 6",
                "vanilla 5",
                "vanilla 6",
            ),
        )
    )
    view = play(new_state(FLAVOURS, deal), "grape 7").view(1)
    assert contrast(view, 1, "play grape 10", "play grape 2") == (
        "grape 10 put you ahead in the trick with 1 player still to play; grape 2 would have "
        "stayed under."
    )
    assert contrast(view, 1, "play grape 2", "play grape 10") == (
        "grape 2 stayed under in the trick; grape 10 would have put you ahead with 1 player "
        "still to play."
    )


def test_a_lead_is_told_by_the_higher_cards_unseen() -> None:
    deal = Deal(
        hands=(
            ("grape 5", "grape 13", "grape 9", "matcha 3", "vanilla 1", "vanilla 2"),
            ("grape 10", "grape 2", "grape 12", "matcha 11", "vanilla 11", "vanilla 12"),
        )
    )
    view = new_state(FLAVOURS, deal).view(0)
    assert contrast(view, 0, "play grape 5", "play grape 13") == (
        "Led, grape 5 is beaten by 6 unseen higher cards of its flavour, grape 13 by 0: when "
        "everyone follows, the highest card takes the trick."
    )


def test_a_tile_choice_is_told_by_the_star_left() -> None:
    """Seat 1 takes matcha's starred top tile; then seat 0, out of matcha, wins a mixed trick
    and chooses between matcha (its star gone) and grape (its star still in the stack)."""
    deal = Deal(
        hands=(
            ("matcha 5", "grape 3", "grape 4", "vanilla 1", "vanilla 2", "vanilla 3"),
            ("matcha 9", "matcha 10", "grape 9", "grape 10", "vanilla 9", "vanilla 10"),
        )
    )
    state = play(new_state(FLAVOURS, deal), "matcha 5", "matcha 9", "matcha 10", "grape 3")
    view = state.view(0)
    assert view["phase"] == "take"
    assert contrast(view, 0, "take matcha", "take grape") == (
        "The grape stack still holds its starred tile, which brings a Topping token (a point); "
        "the matcha stack's is gone."
    )
    assert contrast(view, 0, "take grape", "take matcha") is None


def test_the_words_are_the_language_of_the_moment() -> None:
    with speaking("de"):
        told = contrast(last_to_play().view(1), 1, "play grape 10", "play grape 2")
    assert told == "Traube 10 nahm den Stich und sein Plättchen; Traube 2 hätte ihn gehen lassen."

"""Dokitto! Ice's rules as plain functions: following the led flavour, who wins a trick, which
stacks the winner may take a tile from, the round's points, the end of the game and who leads
the next round.

Hands are bit masks over the cards (bit `card` set: the card is in the hand), so following a
flavour is one AND and the engine never sorts or searches a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from parlour.boxes.dokitto.components import (
    FLAVOUR_OF,
    FLAVOURS,
    NUMBER_OF,
    NUMBERS,
    TARGET,
    TILE_POINTS,
    TILES,
    TOPPING_POINTS,
    Card,
    Flavour,
)

Hand = int
"""A hand as a bit mask over the cards."""

SUIT_MASK = tuple(((1 << NUMBERS) - 1) << (flavour * NUMBERS) for flavour in FLAVOURS)
"""The bits of each flavour's 13 cards."""
FLAVOUR_BIT = tuple(1 << flavour for flavour in FLAVOUR_OF)
"""Each card's flavour as a bit (a set of flavours is a 5-bit mask)."""


class NextLeader(Enum):
    """Who plays first in the rounds after the first (option `next_round_leader`)."""

    ROTATE = "rotate"  # the next seat clockwise after the previous round's first player
    LAST_WINNER = "last_winner"  # the winner of the previous round's last trick


def cards_in(hand: Hand) -> list[Card]:
    """The cards of a hand, in card order (by flavour, then number)."""
    return [card for card in range(hand.bit_length()) if hand >> card & 1]


def playable(hand: Hand, led: Flavour | None) -> Hand:
    """The cards that may be played: any card to lead; the led flavour's cards when the hand
    holds one, else any card."""
    if led is None:
        return hand
    return hand & SUIT_MASK[led] or hand


def trick_winner(cards: Sequence[Card]) -> tuple[int, bool]:
    """Who wins a complete trick (the index of the winning card, in play order) and whether
    all its cards are of one flavour. One flavour: the highest number wins. Mixed: the lowest
    number wins, whatever its flavour, and of several equal lowest the last one played."""
    high, low = max(cards), min(cards)
    if FLAVOUR_OF[high] is FLAVOUR_OF[low]:  # cards of a flavour are consecutive integers
        return cards.index(high), True
    lowest, winner = NUMBERS + 1, 0
    for index, card in enumerate(cards):
        number = NUMBER_OF[card]
        if number <= lowest:
            lowest, winner = number, index
    return winner, False


def tile_flavours(
    cards: Sequence[Card], single_flavour: bool, left: Sequence[int], in_play: Sequence[Flavour]
) -> tuple[Flavour, ...]:
    """The stacks the trick's winner may take the top tile from: the winning card's flavour
    when all cards match, else any flavour played in the trick; if none of those stacks has a
    tile left, any stack that still has one. `left` counts each flavour's tiles."""
    if single_flavour:
        led = FLAVOUR_OF[cards[0]]
        if left[led]:
            return (led,)
    else:
        played = 0
        for card in cards:
            played |= FLAVOUR_BIT[card]
        allowed = [flavour for flavour in in_play if played >> flavour & 1 and left[flavour]]
        if allowed:
            return tuple(allowed)
    return tuple([flavour for flavour in in_play if left[flavour]])


def top_is_starred(left: int, star: int) -> bool:
    """Whether a stack's top tile carries the star: `left` tiles remain of `TILES`, and the
    star is the `star`-th tile from the top of the full stack (0, 1 or 2)."""
    return TILES - left == star


def star_taken(left: int, star: int) -> bool:
    """Whether a stack's starred tile (and so its Topping token) has been taken."""
    return TILES - left > star


def round_points(tiles: int, toppings: int, busted: bool) -> int:
    """A cone's points at a round's end: one a tile and one a Topping token; nothing for the
    player who had to take a fourth tile."""
    return 0 if busted else TILE_POINTS * tiles + TOPPING_POINTS * toppings


def game_over(totals: Sequence[int]) -> bool:
    """Whether the game ends after this round: someone has 10 points or more."""
    return max(totals) >= TARGET


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points; ties share the victory."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def next_first(rule: NextLeader, first: int, last_trick_winner: int, players: int) -> int:
    """Who plays first in the next round."""
    if rule is NextLeader.LAST_WINNER:
        return last_trick_winner
    return (first + 1) % players

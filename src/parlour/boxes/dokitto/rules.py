"""Dokitto! Ice's rules as plain functions: following the led flavour, who wins a trick, which
stacks the winner may take a tile from, why an action is refused, the round's points, the end
of the game and who leads the next round.

Hands are bit masks over the cards (bit `card` set: the card is in the hand), so following a
flavour is one AND and the engine never sorts or searches a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from parlour.boxes.dokitto.components import (
    CARD_NAMES,
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
from parlour.kernel import Reason

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
    """The cards of a hand, in card order (by flavour, then number). Visits only the set
    bits, lowest first: a flavour's cards sit up to 64 bits up the mask."""
    cards = []
    while hand:
        lowest = hand & -hand
        cards.append(lowest.bit_length() - 1)
        hand ^= lowest
    return cards


def playable(hand: Hand, led: Flavour | None) -> Hand:
    """The cards that may be played: any card to lead; the led flavour's cards when the hand
    holds one, else any card."""
    if led is None:
        return hand
    return hand & SUIT_MASK[led] or hand


def verify_play(
    card: Card,
    hand: Hand,
    led: Flavour | None,
    choosing: Sequence[Flavour],
    in_play: Sequence[Flavour],
) -> Reason | None:
    """Why the seat to act may not play `card` (None: it may; `led`: the trick's flavour,
    None to lead): it won the trick and must choose a tile first (`choosing`: the stacks it
    chooses from), the card's flavour is not in play, it does not hold the card, or it holds
    the led flavour and must follow it."""
    if choosing:
        return Reason("take_first", {"choices": [flavour.key for flavour in choosing]})
    allowed = playable(hand, led)
    if allowed >> card & 1:
        return None
    flavour = FLAVOUR_OF[card]
    if flavour not in in_play:
        return Reason("flavour_not_in_play", {"flavour": flavour.key})
    if not hand >> card & 1:
        return Reason("not_in_hand", {"card": CARD_NAMES[card]})
    assert led is not None  # a held card that may not be played: the led flavour is held
    cards = [CARD_NAMES[held] for held in cards_in(allowed)]
    return Reason("must_follow", {"flavour": led.key, "cards": cards})


def verify_take(
    flavour: Flavour, choosing: Sequence[Flavour], in_play: Sequence[Flavour], left: Sequence[int]
) -> Reason | None:
    """Why the seat to act may not take `flavour`'s top tile (None: it may): there is no tile
    to choose now, or the flavour is not in play, its stack is empty, or it was not played in
    the trick (`choosing`: the stacks the trick's winner chooses from, by `tile_flavours`)."""
    if flavour in choosing:
        return None
    if not choosing:
        return Reason("no_tile_to_choose")
    params = {"flavour": flavour.key, "choices": [choice.key for choice in choosing]}
    if flavour not in in_play:
        return Reason("stack_not_in_play", params)
    if not left[flavour]:
        return Reason("no_tile_left", params)
    return Reason("not_played", params)


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


def game_over(totals: Sequence[int], round_number: int, max_rounds: int) -> bool:
    """Whether the game ends after this round: someone has 10 points or more, or the round
    is the last one the option `max_rounds` allows (0: no cap)."""
    return max(totals) >= TARGET or 0 < max_rounds <= round_number


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points; ties share the victory."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def next_first(rule: NextLeader, first: int, last_trick_winner: int, players: int) -> int:
    """Who plays first in the next round."""
    if rule is NextLeader.LAST_WINNER:
        return last_trick_winner
    return (first + 1) % players

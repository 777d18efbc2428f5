"""Like Dice's rules as plain functions: the answer to each kind of challenge over the dice a
player sees (the common display plus their own), the dice that answer counts, the common cards
the winner may take, why an action is refused (the one source of legality: an action is legal
exactly when its verify function gives no reason), and who wins at the end."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from fractions import Fraction

from parlour.boxes.likedice.components import (
    CARDS,
    CHALLENGES,
    FACES,
    MAX_ANSWER,
    Challenge,
    DiceCard,
    Die,
    Kind,
)
from parlour.boxes.likedice.notation import TAKE_OF
from parlour.kernel import TABLE, Reason, Seat


class Phase(Enum):
    """What the game waits for."""

    ANSWER = "answer"  # everyone's answer to the challenge, at once
    TAKE = "take"  # the winner's choice of a common card
    OVER = "over"


def dice_of(cards: Iterable[DiceCard]) -> list[Die]:
    """Every die printed on these cards."""
    return [die for card in cards for die in card.dice]


def answer(challenge: Challenge, dice: Sequence[Die]) -> int:
    """The right answer to `challenge` for a player who sees `dice`. An absent colour counts 0;
    a sequence with fewer dice than its position gives 0."""
    kind = challenge.kind
    if kind is Kind.COLOURS:
        colours = challenge.colours
        return sum(die.pips for die in dice if die.colour in colours)
    if kind is Kind.WHITE:
        faces = challenge.faces
        return sum(die.pips for die in dice if die.pips in faces)
    return sum(die.pips for die in _extremes(challenge, dice))


# Tables for `answer_on`, per challenge and dice card (by index): what the card adds (colour
# and white dice cards add up die by die); its highest big and lowest small pips (big+small;
# 0 and 7 where it has no such die); or its dice's places in the sequence's order, as ranks
# (the colour's place x 6 + 6 - pips: sorting ranks orders the dice as the card asks).
_NO_SMALL = FACES + 1
_SUMS = {
    c.index: tuple(answer(c, card.dice) for card in CARDS)
    for c in CHALLENGES
    if c.kind is Kind.COLOURS or c.kind is Kind.WHITE
}
_BIG_SMALL = {
    c.index: tuple(
        (
            max((d.pips for d in card.dice if d.colour is c.colours[0]), default=0),
            min((d.pips for d in card.dice if d.colour is c.colours[1]), default=_NO_SMALL),
        )
        for card in CARDS
    )
    for c in CHALLENGES
    if c.kind is Kind.BIG_SMALL
}
_RANKS = {
    c.index: tuple(
        tuple(c.colours.index(d.colour) * FACES + FACES - d.pips for d in card.dice)
        for card in CARDS
    )
    for c in CHALLENGES
    if c.kind is Kind.SEQUENCE
}


def answer_on(challenge: Challenge, cards: Sequence[int]) -> int:
    """`answer` over the dice of these cards (indices into `CARDS`), from tables per card: the
    fast path of play (`answer` says what it computes)."""
    index = challenge.index
    if challenge.kind is Kind.BIG_SMALL:
        table = _BIG_SMALL[index]
        big = max((table[card][0] for card in cards), default=0)
        small = min((table[card][1] for card in cards), default=_NO_SMALL)
        return big + (small if small != _NO_SMALL else 0)
    if challenge.kind is Kind.SEQUENCE:
        ranks = sorted([rank for card in cards for rank in _RANKS[index][card]])
        position = challenge.position
        return FACES - ranks[position - 1] % FACES if len(ranks) >= position else 0
    return sum(map(_SUMS[index].__getitem__, cards))


def counted(challenge: Challenge, dice: Sequence[Die]) -> frozenset[Die]:
    """The dice (colour and pips) the right answer counts. Where equal dice tie (the highest
    big die, the lowest small die, the die at a sequence's position) every die equal to the
    one counted is in the set, so any card holding one of them may be taken."""
    kind = challenge.kind
    if kind is Kind.COLOURS:
        colours = challenge.colours
        return frozenset(die for die in dice if die.colour in colours)
    if kind is Kind.WHITE:
        faces = challenge.faces
        return frozenset(die for die in dice if die.pips in faces)
    return frozenset(_extremes(challenge, dice))


def _extremes(challenge: Challenge, dice: Sequence[Die]) -> list[Die]:
    """The one or two dice a big+small or sequence card asks for (none where they are absent)."""
    if challenge.kind is Kind.BIG_SMALL:
        big, small = challenge.colours
        bigs = [die for die in dice if die.colour is big]
        smalls = [die for die in dice if die.colour is small]
        chosen = [max(bigs, key=_pips)] if bigs else []
        if smalls:
            chosen.append(min(smalls, key=_pips))
        return chosen
    ordered = in_sequence(challenge, dice)
    position = challenge.position
    return [ordered[position - 1]] if len(ordered) >= position else []


def _pips(die: Die) -> int:
    return die.pips


def in_sequence(challenge: Challenge, dice: Sequence[Die]) -> list[Die]:
    """The dice ordered as a sequence card asks: by the card's colour order, within a colour
    from the highest pips to the lowest."""
    rank = {colour: place for place, colour in enumerate(challenge.colours)}
    return sorted(dice, key=lambda die: (rank[die.colour], -die.pips))


def takeable(common: Sequence[DiceCard], used: frozenset[Die]) -> tuple[int, ...]:
    """The places (0-based) of the common cards the winner may take: those holding a die the
    answer counted, or every card when the answer counted none of them."""
    places = tuple(
        place for place, card in enumerate(common) if any(die in used for die in card.dice)
    )
    return places or tuple(range(len(common)))


def verify_turn(
    seat: int,
    to_act: Sequence[int],
    winner: int | None,
    answers: Sequence[tuple[int, int, int | None]],
) -> Reason | None:
    """Why a player may do nothing now (None: it may act), while the game runs: another seat
    won the challenge and is choosing a card, or it already gave its one answer
    (`answers`: this challenge's, as (number, seat, answer), `None` for a pass)."""
    if seat in to_act:
        return None
    if winner is not None:
        return Reason("choosing", {"winner": winner, "number": winner + 1})
    said = next(value for _, who, value in answers if who == seat)
    if said is None:
        return Reason("passed_already")
    return Reason("answered_already", {"answer": said})


def verify_answer(value: int | None, phase: Phase, choices: Sequence[int]) -> Reason | None:
    """Why a player to act may not call out `value` (None: pass) now: it won the challenge
    and must choose a card (`choices`: the places it may take), or the answer is not a
    number from 0 to 99."""
    if phase is Phase.TAKE:
        return Reason("must_take", {"choices": [TAKE_OF[place] for place in choices]})
    if value is not None and value > MAX_ANSWER:
        return Reason("answer_range", {"most": MAX_ANSWER})
    return None


def verify_take(
    place: int, phase: Phase, choices: Sequence[int], common: Sequence[int]
) -> Reason | None:
    """Why a player to act may not take the common card at `place` (0-based) now: nobody
    has won the challenge yet, or the card holds no die the winner's answer counted
    (`choices`: the places it may take; `common`: the cards by place)."""
    if phase is Phase.ANSWER:
        return Reason("no_winner_yet", {"most": MAX_ANSWER})
    if place in choices:
        return None
    return Reason(
        "not_counted",
        {
            "place": place + 1,
            "card": CARDS[common[place]].key,
            "choices": [TAKE_OF[choice] for choice in choices],
        },
    )


def verify_timeout(seat: Seat, phase: Phase, time_limit: int) -> Reason | None:
    """Why `seat` may not apply `timeout` now: only the table does, while a challenge runs in
    a timed game."""
    if seat is not TABLE:
        return Reason("table_only")
    if phase is Phase.OVER:
        return Reason("game_over")
    if phase is Phase.TAKE:
        return Reason("no_race")
    if not time_limit:
        return Reason("untimed")
    return None


def reached(cards: int, target: int) -> bool:
    """Whether a display of `cards` cards has reached its player's target."""
    return cards >= target


def final_winners(
    cards: Sequence[int], targets: Sequence[int], pips: Sequence[int]
) -> tuple[int, ...]:
    """When the dice deck runs out: the most cards relative to each player's target (ruling),
    ties to the highest dot total of the own display; players still tied share the win."""
    keys = [
        (Fraction(count, target), total)
        for count, target, total in zip(cards, targets, pips, strict=True)
    ]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)

"""An exact solver of the rest of a two-player Dokitto! Ice round with every card known: the
perfect-information search under each sampled world of the `pimc` bot.

The round is searched to its end by alpha-beta (negamax: a value is always the mover's), with
a transposition table, over a compact copy of the state: hands as bit masks over the cards in
play (local cards `flavour index * 13 + number - 1`, flavours numbered in their order in
play), the tiles left in each stack and whether its star is still in it, and each cone's tiles
and Topping tokens. The trick's winner choosing a stack is a node of its own. Where a star
lies is known to nobody until its tile is taken, so the search does not take it from the world
dealt: taking from a stack that still holds its star is a chance node (the top tile is the
starred one with odds 1 in the tiles left), averaged exactly. A round's end is valued by `Leaf`:
the seat's chance to win the game from the totals it leaves, less the other's (1 or -1 when
it ends the game). The rules stay the kernel's: `tests/boxes/dokitto/test_solver.py` plays this
model against the engine move by move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit

from parlour.boxes.dokitto.components import (
    BUST_TILE,
    FLAVOUR_OF,
    NUMBER_OF,
    NUMBERS,
    TARGET,
    Flavour,
)
from parlour.boxes.dokitto.rules import star_taken
from parlour.boxes.dokitto.state import DokittoState

EXACT, LOWER, UPPER = 0, 1, 2
"""A transposition-table entry's value is exact, a lower bound or an upper bound."""
TABLE_BITS = 18
"""The transposition table holds 2**18 entries (about 7 MB), replaced on collision."""
WORST = -2.0
"""Below every value (values lie in [-1, 1])."""
MIX1, MIX2 = -7046029254386353131, -4417276706812531889
"""Odd 64-bit multipliers (the golden ratio's and MurmurHash3's, as signed integers: numba
would otherwise mix unsigned and signed into floats) that spread a key over the table."""
MOST_POINTS = 2 * (BUST_TILE - 1)
"""A cone's most points in a round: three tiles, each with its Topping token."""
ROUND_POINTS = (0.37, 0.08, 0.10, 0.16, 0.20, 0.08, 0.00)
"""How often a seat scores 0 to 6 points in a two-player round: the model of the rounds to
come behind `win_chance`. Measured over 3,786 seat-rounds of `pimc:normal` against
`mcts:normal` (400 games, `benchmarks/dokitto_round_points.py --games 400`)."""


@njit(cache=True)
def _lowest(bits: int) -> int:
    """The index of the lowest set bit of a non-zero mask."""
    index = 0
    while not bits >> index & 1:
        index += 1
    return index


@njit(cache=True)
def _leaf(leaf: np.ndarray, tiles: np.ndarray, tops: np.ndarray, busted: int, seat: int) -> float:
    """The round's end valued for `seat`: `leaf` by both cones' points (seat 0's value)."""
    points0 = 0 if busted == 0 else tiles[0] + tops[0]
    points1 = 0 if busted == 1 else tiles[1] + tops[1]
    value = float(leaf[points0, points1])
    return value if seat == 0 else -value


@njit(cache=True)
def _take(
    left: np.ndarray,
    star: np.ndarray,
    tiles: np.ndarray,
    tops: np.ndarray,
    stack: int,
    seat: int,
    starred: int,
    way: int,
) -> None:
    """`seat` takes the top tile of `stack` (`way` 1) or puts it back (-1); `starred` is 1
    when it carries the stack's star (and its Topping token)."""
    left[stack] -= way
    star[stack] -= way * starred
    tiles[seat] += way
    tops[seat] += way * starred


CARD, TAKE, CHANCE = 0, 1, 2
"""A node where a card is played, one where the trick's winner chooses a stack, and one where
the tile taken turns out starred or not."""
STARRED, PLAIN = 0, 1
"""A chance node's outcomes: the tile taken is the stack's starred one, or not."""
DEPTH = 2 * 6 + 2 * 6 + 2
"""The deepest search: a round's twelve cards, six tiles each taken and turned up, the root."""


@njit(cache=True)
def _probe(
    hands: np.ndarray,
    left: np.ndarray,
    star: np.ndarray,
    tiles: np.ndarray,
    tops: np.ndarray,
    leader: int,
    led: int,
) -> tuple[int, int, int]:
    """A card node's two keys and its slot in the transposition table."""
    packed = 0
    for flavour in range(left.size):
        packed = packed << 3 | left[flavour] << 1 | star[flavour]
    key1 = hands[0] | (led + 1) << 40 | leader << 47 | packed << 48
    key2 = hands[1] | tiles[0] << 40 | tiles[1] << 42 | tops[0] << 44 | tops[1] << 46
    mixed = (key1 * MIX1 ^ key2 * MIX2) & 0x7FFFFFFFFFFFFFFF
    return key1, key2, mixed >> (63 - TABLE_BITS)


@njit(cache=True)
def _solve(
    hands: np.ndarray,
    left: np.ndarray,
    star: np.ndarray,
    tiles: np.ndarray,
    tops: np.ndarray,
    kind: int,
    mover: int,
    leader: int,
    led: int,
    only: int,
    leaf: np.ndarray,
    table: np.ndarray,
    values: np.ndarray,
    generation: int,
) -> float:
    """The exact value for `mover` of its choice `only` (a local card at a CARD node, where
    `led` is the leader's card or -1; a local flavour at a TAKE node) with the rest of the
    round played best by both and each star's place averaged: negamax alpha-beta with chance
    nodes, on an explicit stack of nodes (numba cannot cache a recursive function). `star`
    says which stacks still hold their star. Arrays are changed and restored."""
    f_kind = np.zeros(DEPTH, np.int64)
    f_mover = np.zeros(DEPTH, np.int64)
    f_leader = np.zeros(DEPTH, np.int64)
    f_led = np.zeros(DEPTH, np.int64)
    f_moves = np.zeros(DEPTH, np.int64)
    f_first = np.zeros(DEPTH, np.int64)
    f_move = np.zeros(DEPTH, np.int64)
    f_starred = np.zeros(DEPTH, np.int64)
    f_slot = np.zeros(DEPTH, np.int64)
    f_key1 = np.zeros(DEPTH, np.int64)
    f_key2 = np.zeros(DEPTH, np.int64)
    f_best_move = np.zeros(DEPTH, np.int64)
    f_alpha = np.zeros(DEPTH)
    f_beta = np.zeros(DEPTH)
    f_start = np.zeros(DEPTH)
    f_best = np.zeros(DEPTH)
    f_odds = np.zeros(DEPTH)

    # the root: its one move
    f_kind[0], f_mover[0], f_leader[0], f_led[0] = kind, mover, leader, led
    f_moves[0], f_first[0], f_slot[0] = 1 << only, -1, -1
    f_alpha[0], f_beta[0], f_start[0], f_best[0] = -1.5, 1.5, -1.5, WORST
    depth = 0
    returned, returner, returning = 0.0, 0, False
    while True:
        me = f_mover[depth]
        if returning and f_kind[depth] == CHANCE:  # an outcome's value: undo it, weigh it
            returning = False
            stack, starred = f_led[depth], 1 - f_move[depth]
            _take(left, star, tiles, tops, stack, me, starred, -1)
            odds = f_odds[depth] if starred else 1 - f_odds[depth]
            f_best[depth] += odds * (returned if returner == me else -returned)
            if starred:  # could any plain value, -1 to 1, still bring the mean inside?
                rest = 1 - odds
                if f_best[depth] + rest <= f_alpha[depth]:
                    f_best[depth] += rest  # an upper bound at or below alpha: a cut
                    f_moves[depth] = 0
                elif f_best[depth] - rest >= f_beta[depth]:
                    f_best[depth] -= rest  # a lower bound at or above beta: a cut
                    f_moves[depth] = 0
        elif returning:  # a child's value: undo the move to it and keep the best
            returning = False
            move = f_move[depth]
            if f_kind[depth] == CARD:
                hands[me] ^= 1 << move
            elif f_starred[depth] >= 0:
                _take(left, star, tiles, tops, move, me, f_starred[depth], -1)
            value = returned if returner == me else -returned
            if value > f_best[depth]:
                f_best[depth], f_best_move[depth] = value, move
                if value > f_alpha[depth]:
                    f_alpha[depth] = value
                if f_alpha[depth] >= f_beta[depth]:
                    f_moves[depth] = 0
        if not f_moves[depth]:  # every move tried, or a cut: the node's value
            best = f_best[depth]
            slot = f_slot[depth]
            if slot >= 0:
                table[slot, 0], table[slot, 1], table[slot, 2] = (
                    f_key1[depth],
                    f_key2[depth],
                    generation,
                )
                if best <= f_start[depth]:
                    table[slot, 3] = UPPER
                elif best >= f_beta[depth]:
                    table[slot, 3] = LOWER
                else:
                    table[slot, 3] = EXACT
                table[slot, 4] = f_best_move[depth]
                values[slot] = best
            if depth == 0:
                return float(best)
            returned, returner, returning = best, me, True
            depth -= 1
            continue
        child = -1  # what the move leads to: a child node (`child` its mover), or a value
        if f_kind[depth] == CHANCE:  # the next outcome: the top tile starred, then plain
            outcome = _lowest(f_moves[depth])
            f_moves[depth] &= ~(1 << outcome)
            f_move[depth] = outcome
            stack, starred = f_led[depth], 1 if outcome == STARRED else 0
            _take(left, star, tiles, tops, stack, me, starred, 1)
            if hands[0] == 0 and hands[1] == 0:
                returned, returner, returning = _leaf(leaf, tiles, tops, -1, me), me, True
                continue
            # the outcome's window: the values of it that keep the average inside the node's
            # (Ballard's Star1), the plain outcome's after the starred one's is known
            odds = f_odds[depth] if starred else 1 - f_odds[depth]
            if starred:
                spread = 1 - odds
                alpha = (f_alpha[depth] - spread) / odds
                beta = (f_beta[depth] + spread) / odds
            else:
                alpha = (f_alpha[depth] - f_best[depth]) / odds
                beta = (f_beta[depth] - f_best[depth]) / odds
            child, child_kind, child_leader, child_led = me, CARD, me, -1
        else:  # the next move: the table's best first, then lowest first
            first = f_first[depth]
            moves = f_moves[depth]
            move = first if first >= 0 and moves >> first & 1 else _lowest(moves)
            f_first[depth] = -1
            f_moves[depth] &= ~(1 << move)
            f_move[depth] = move
            alpha, beta = f_alpha[depth], f_beta[depth]
        if f_kind[depth] == CARD:
            hands[me] ^= 1 << move
            node_led, node_leader = f_led[depth], f_leader[depth]
            if node_led < 0:  # the lead: the other seat follows
                child, child_kind, child_leader, child_led = 1 - me, CARD, me, move
            else:  # the trick is complete
                single = node_led // NUMBERS == move // NUMBERS
                if single:
                    winner = node_leader if node_led > move else me
                else:
                    winner = node_leader if node_led % NUMBERS < move % NUMBERS else me
                if tiles[winner] == BUST_TILE - 1:
                    returned, returner, returning = (
                        _leaf(leaf, tiles, tops, winner, winner),
                        winner,
                        True,
                    )
                    continue
                choices = 0
                if left[node_led // NUMBERS]:
                    choices |= 1 << (node_led // NUMBERS)
                if not single and left[move // NUMBERS]:
                    choices |= 1 << (move // NUMBERS)
                if not choices:
                    for flavour in range(left.size):
                        if left[flavour]:
                            choices |= 1 << flavour
                child, child_kind, child_leader, child_led = winner, TAKE, winner, choices
        elif f_kind[depth] == TAKE and star[move] and left[move] > 1:  # is it the starred one?
            f_starred[depth] = -1  # the chance node takes the tile
            child, child_kind, child_leader, child_led = me, CHANCE, me, move
        elif f_kind[depth] == TAKE:  # take the top tile of stack `move`: its star is known
            starred = star[move]  # (still in a stack of one tile: this one; else taken)
            f_starred[depth] = starred
            _take(left, star, tiles, tops, move, me, starred, 1)
            if hands[0] == 0 and hands[1] == 0:
                returned, returner, returning = _leaf(leaf, tiles, tops, -1, me), me, True
                continue
            child, child_kind, child_leader, child_led = me, CARD, me, -1
        if child != me:
            alpha, beta = -beta, -alpha
        depth += 1
        f_kind[depth], f_mover[depth], f_leader[depth] = child_kind, child, child_leader
        f_alpha[depth], f_beta[depth], f_start[depth], f_best[depth] = alpha, beta, alpha, WORST
        f_first[depth], f_slot[depth], f_best_move[depth] = -1, -1, -1
        if child_kind == TAKE:
            f_led[depth], f_moves[depth] = -1, child_led
            continue
        if child_kind == CHANCE:  # `child_led`: the stack taken from
            f_led[depth], f_moves[depth] = child_led, 1 << STARRED | 1 << PLAIN
            f_odds[depth], f_best[depth] = 1.0 / left[child_led], 0.0
            continue
        f_led[depth] = child_led
        hand = hands[child]
        moves = hand
        if child_led >= 0:
            suit = hand & (((1 << NUMBERS) - 1) << (child_led // NUMBERS * NUMBERS))
            if suit:
                moves = suit
        f_moves[depth] = moves
        key1, key2, slot = _probe(hands, left, star, tiles, tops, child_leader, child_led)
        f_key1[depth], f_key2[depth], f_slot[depth] = key1, key2, slot
        if table[slot, 0] == key1 and table[slot, 1] == key2 and table[slot, 2] == generation:
            stored, flag = values[slot], table[slot, 3]
            if flag == LOWER and stored > alpha:
                f_alpha[depth] = alpha = stored
            elif flag == UPPER and stored < beta:
                f_beta[depth] = beta = stored
            if flag == EXACT or alpha >= beta:
                returned, returner, returning = stored, child, True
                depth -= 1
                continue
            f_first[depth] = table[slot, 4]


@cache
def _chances(target: int) -> np.ndarray:
    """Seat 0's chance to win less seat 1's from totals (a, b) below `target`, rounds scored
    by `ROUND_POINTS` independently; the game ends once a total reaches `target`."""
    odds = np.array(ROUND_POINTS) / sum(ROUND_POINTS)
    table = np.zeros((target, target))
    stay = odds[0] * odds[0]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            total = 0.0
            for x, px in enumerate(odds):
                for y, py in enumerate(odds):
                    if x == y == 0:
                        continue
                    na, nb = a + x, b + y
                    if max(na, nb) >= target:
                        total += px * py * np.sign(na - nb)
                    else:
                        total += px * py * table[na, nb]
            table[a, b] = total / (1 - stay)
    return table


def win_chance(totals: tuple[int, int], rounds_left: int | None) -> float:
    """Seat 0's chance to win less seat 1's with these totals before a round (`rounds_left`:
    the rounds a `max_rounds` cap leaves, None without one; at 0 the game is over)."""
    a, b = totals
    if max(a, b) >= TARGET or rounds_left == 0:
        return float(np.sign(a - b))
    if rounds_left is None:
        return float(_chances(TARGET)[a, b])
    odds = np.array(ROUND_POINTS) / sum(ROUND_POINTS)
    return float(
        sum(
            px * py * win_chance((a + x, b + y), rounds_left - 1)
            for x, px in enumerate(odds)
            for y, py in enumerate(odds)
        )
    )


@cache
def leaf_table(totals: tuple[int, int], rounds_left: int | None) -> np.ndarray:
    """Seat 0's value of the round's end by each seat's points this round (the totals before
    it, `rounds_left` counting this one); memoised, never to be changed."""
    after = None if rounds_left is None else rounds_left - 1
    table = np.empty((MOST_POINTS + 1, MOST_POINTS + 1))
    for x in range(MOST_POINTS + 1):
        for y in range(MOST_POINTS + 1):
            table[x, y] = win_chance((totals[0] + x, totals[1] + y), after)
    return table


@dataclass
class Position:
    """A two-player round in compact form, from a determinized state: what `Solver` searches."""

    flavours: tuple[Flavour, ...]
    hands: np.ndarray
    left: np.ndarray
    star: np.ndarray
    """1 where the stack still holds its star (where in it, nobody knows), else 0."""
    tiles: np.ndarray
    tops: np.ndarray
    leader: int
    led: int
    choosing: tuple[int, ...]
    """The stacks (local flavour indexes) the trick's winner chooses from; empty when a card
    is to be played."""
    mover: int
    leaf: np.ndarray

    @classmethod
    def of(cls, state: DokittoState) -> Position:
        """The compact form of `state`, a two-player game not over."""
        flavours = state.flavours
        local = {flavour: index for index, flavour in enumerate(flavours)}
        hands = np.array([local_hand(hand, local) for hand in state._hands], dtype=np.int64)
        trick = state._trick
        cones = state._cones
        rounds_left = None
        if state.game.max_rounds:
            rounds_left = state.game.max_rounds - state._round + 1
        return cls(
            flavours=flavours,
            hands=hands,
            left=np.array([state._left[f] for f in flavours], dtype=np.int64),
            star=np.array(
                [0 if star_taken(state._left[f], state._star[f]) else 1 for f in flavours],
                dtype=np.int64,
            ),
            tiles=np.array([len(cone) for cone in cones], dtype=np.int64),
            tops=np.array([sum(t.starred for t in cone) for cone in cones], dtype=np.int64),
            leader=state._leader,
            led=local_card(trick[0], local) if trick else -1,
            choosing=tuple(local[flavour] for flavour in state._choices),
            mover=state._seat,
            leaf=leaf_table((state._totals[0], state._totals[1]), rounds_left),
        )


def local_card(card: int, local: dict[Flavour, int]) -> int:
    """A card's index among the cards in play."""
    return local[FLAVOUR_OF[card]] * NUMBERS + NUMBER_OF[card] - 1


def local_hand(hand: int, local: dict[Flavour, int]) -> int:
    """A hand's mask over the cards in play."""
    masked = 0
    for flavour, index in local.items():
        masked |= (hand >> (flavour * NUMBERS) & ((1 << NUMBERS) - 1)) << (index * NUMBERS)
    return masked


class Solver:
    """Exact values of a seat's choices in two-player positions, one transposition table
    reused from position to position (a new position bumps its generation)."""

    def __init__(self) -> None:
        self.table = np.zeros((1 << TABLE_BITS, 5), dtype=np.int64)
        self.values = np.zeros(1 << TABLE_BITS)
        self.generation = 0

    def values_of(self, position: Position, choices: list[int]) -> list[float]:
        """The exact value for the mover of each choice: a local card to play or, while it
        chooses a stack, a local flavour index to take from."""
        self.generation += 1
        p = position
        kind = TAKE if p.choosing else CARD
        state = (p.hands, p.left, p.star, p.tiles, p.tops, kind, p.mover, p.leader, p.led)
        memo = (p.leaf, self.table, self.values, self.generation)
        return [_solve(*state, choice, *memo) for choice in choices]

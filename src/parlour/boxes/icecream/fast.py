"""Ice Cream's rules on a flat array, compiled: the inner loop of the `vendor` bot's playouts.

A state is one int64 row (`from_state` copies a kernel state into it; the offsets below name
its fields), cones are indices into `rules.KINDS`, hands the kernel's bit masks, and actions
their index in `notation.ACTIONS`. `step` applies an action exactly as the kernel does, with
each chance draw taken from a script first (the differential test replays the kernel's own
draws) and then from numba's generator; `greedy` is Ice Cream's greedy playout policy. The
rules keep one source of truth: `tests/boxes/icecream/test_fast.py` plays this model against
the engine step by step, states, legal actions, greedy's choices and results alike.

numba caches the compiled code by this file's date, and freezes the globals it reads: so all
of the compiled code is in this file, and the weights that live elsewhere (greedy's weight of
the others' gain, the reward's weight of the margin) are arguments. The tables below come
from `rules.KINDS`: after changing the components or the rules, run the tests afresh (or
delete this folder's `__pycache__`), which the differential test then checks.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from parlour.boxes.icecream import rules
from parlour.boxes.icecream.bots import worth
from parlour.boxes.icecream.components import (
    CONES,
    DAYS,
    FLAVOURS,
    MAX_SCOOPS,
    REMOVED,
    SCOOP_CARDS,
)
from parlour.boxes.icecream.notation import ACTIONS
from parlour.boxes.icecream.rules import Phase
from parlour.boxes.icecream.state import IcecreamState

F = len(FLAVOURS)
SEATS = max(REMOVED)
"""The most players (the player counts' keys): every per-seat field has room for this many."""
KEEP, DISCARD, NEW_CONE, DRAW = 0, 1, ACTIONS.index("new cone"), ACTIONS.index("draw")
CONE0, SERVE0 = ACTIONS.index("cone 1"), ACTIONS.index("serve 1")
"""Action codes: `cone N` is `CONE0 + N - 1`, `serve N` is `SERVE0 + N - 1`."""
DELIVERIES, PLACING, SERVING, OVER = 0, 1, 2, 3
PHASES = {
    Phase.DELIVERIES: DELIVERIES,
    Phase.CONES: PLACING,
    Phase.SERVING: SERVING,
    Phase.OVER: OVER,
}

# The row's fields: single values, then blocks of six flavours or five seats.
PLAYERS, DAY, PHASE, ACTIVE, LAST, DEALER, SCOOP, SCOOPS_LEFT, STARTED, SCRIPT = range(10)
CHOOSING_N = 10  # how many seats are yet to keep or discard
ICE = 11  # the Ice Cream deck, by flavour
SCOOPS = ICE + F  # today's Scoop deck, by flavour
OUT = SCOOPS + F  # the scoops removed from the game
DISCARDS = OUT + F  # today's discarded deliveries, set aside
CONE = DISCARDS + F  # cone N's kind at CONE + N - 1, -1 once served or not started
FACE_DOWN = CONE + CONES  # each seat's delivery, -1 for none
CHOOSING = FACE_DOWN + SEATS  # the seats yet to keep or discard, in order, then -1
HANDS = CHOOSING + SEATS
BANKED = HANDS + SEATS
WINNER = BANKED + SEATS  # 1 for each winner once the game is over
CARDS = WINNER + SEATS  # seat s's cards of flavour f at CARDS + s * F + f
SERVED = CARDS + SEATS * F  # seat s's scoops served today on flavour f, likewise
SIZE = SERVED + SEATS * F

KIND_SIZE = np.array([cone.size for cone in rules.KINDS], dtype=np.int64)
FITS = np.array([[int(fit) for fit in cone.fits] for cone in rules.KINDS], dtype=np.int64)
WORTH = np.array(
    [[worth(cone, hand) for hand in range(1 << F)] for cone in rules.KINDS], dtype=np.int64
)
ADD = np.array(
    [
        [-1 if (more := rules.add(cone, scoop)) is None else more.index for scoop in FLAVOURS]
        for cone in rules.KINDS
    ],
    dtype=np.int64,
)
KIND_SCOOPS = np.array(
    [[*cone.scoops, *[-1] * (MAX_SCOOPS - cone.size)] for cone in rules.KINDS], dtype=np.int64
)
EXACT, NEAR = int(rules.Fit.EXACT), int(rules.Fit.NEAR)
NO_SCRIPT = np.zeros(0, dtype=np.int64)


def from_state(state: IcecreamState) -> np.ndarray:
    """The row of a kernel state (a determinized one, for search): every field it holds."""
    row = np.full(SIZE, -1, dtype=np.int64)
    players = state.game.players
    row[PLAYERS], row[DAY], row[PHASE] = players, state._day, PHASES[state._phase]
    row[ACTIVE], row[LAST], row[DEALER] = state._active, state._last, state._dealer
    row[SCOOP] = -1 if state._scoop is None else state._scoop
    row[SCOOPS_LEFT], row[STARTED], row[SCRIPT] = state._scoops_left, state._started, 0
    row[CHOOSING_N] = len(state._choosing)
    row[CHOOSING : CHOOSING + len(state._choosing)] = state._choosing
    row[ICE : ICE + F] = state._ice
    row[SCOOPS : SCOOPS + F] = state._scoops
    row[OUT : OUT + F] = state._removed
    row[DISCARDS : DISCARDS + F] = state._discards
    for number, cone in state._cones.items():
        row[CONE + number - 1] = cone.index
    row[FACE_DOWN : FACE_DOWN + players] = [-1 if c is None else c for c in state._face_down]
    row[HANDS : HANDS + players] = state._hands
    row[BANKED : BANKED + players] = state._banked
    row[WINNER : WINNER + players] = [seat in state._winners for seat in range(players)]
    for seat in range(players):
        row[CARDS + seat * F : CARDS + seat * F + F] = state._cards[seat]
        row[SERVED + seat * F : SERVED + seat * F + F] = state._served[seat]
    return row


@njit(cache=True)
def _draw(row: np.ndarray, script: np.ndarray, deck: int) -> int:
    """A card drawn from the deck at `deck` (counts by flavour), which loses it: the card
    at a uniform index in flavour order, the index from `script` while it lasts."""
    total = 0
    for flavour in range(F):
        total += row[deck + flavour]
    if row[SCRIPT] < len(script):
        index = script[row[SCRIPT]]
        row[SCRIPT] += 1
    else:
        index = np.random.randint(0, total)
    for flavour in range(F):
        if index < row[deck + flavour]:
            row[deck + flavour] -= 1
            return flavour
        index -= row[deck + flavour]
    return -1


@njit(cache=True)
def _deck(row: np.ndarray) -> int:
    return int(row[ICE] + row[ICE + 1] + row[ICE + 2] + row[ICE + 3] + row[ICE + 4] + row[ICE + 5])


@njit(cache=True)
def _gain(row: np.ndarray, seat: int, card: int) -> None:
    row[CARDS + seat * F + card] += 1
    row[HANDS + seat] |= 1 << card


@njit(cache=True)
def legal(row: np.ndarray, out: np.ndarray) -> int:
    """Write the active seat's legal actions into `out` in the kernel's order; their count."""
    phase = row[PHASE]
    count = 0
    if phase == DELIVERIES:
        out[0] = KEEP
        if _deck(row):
            out[1] = DISCARD
            return 2
        return 1
    if phase == PLACING:
        for number in range(CONES):
            kind = row[CONE + number]
            if kind >= 0 and KIND_SIZE[kind] < MAX_SCOOPS:
                out[count] = CONE0 + number
                count += 1
        if row[STARTED] < CONES:
            out[count] = NEW_CONE
            count += 1
        return count
    if phase == SERVING:
        return int(_serving(row, row[ACTIVE], out))
    return 0


@njit(cache=True)
def _serving(row: np.ndarray, seat: int, out: np.ndarray) -> int:
    """Case A: the exact cones; else case B: the near cones and a draw while the deck has one."""
    hand = row[HANDS + seat]
    count = 0
    for number in range(CONES):
        kind = row[CONE + number]
        if kind >= 0 and FITS[kind, hand] == EXACT:
            out[count] = SERVE0 + number
            count += 1
    if count:
        return count
    for number in range(CONES):
        kind = row[CONE + number]
        if kind >= 0 and FITS[kind, hand] == NEAR:
            out[count] = SERVE0 + number
            count += 1
    if _deck(row):
        out[count] = DRAW
        count += 1
    return count


@njit(cache=True)
def step(row: np.ndarray, action: int, script: np.ndarray) -> None:
    """Apply the active seat's legal `action`, and everything up to the next decision."""
    seat = row[ACTIVE]
    phase = row[PHASE]
    if phase == PLACING:
        scoop = row[SCOOP]
        if action == NEW_CONE:
            number = row[STARTED]
            row[STARTED] += 1
            row[CONE + number] = ADD[0, scoop]
        else:
            number = action - CONE0
            row[CONE + number] = ADD[row[CONE + number], scoop]
        row[LAST] = seat
        if row[SCOOPS_LEFT]:
            _turn_over(row, script, (seat + 1) % row[PLAYERS])
        else:
            row[SCOOP] = -1
            _begin_serving(row, script)
    elif phase == DELIVERIES:
        if action == DISCARD:
            card = row[FACE_DOWN + seat]
            row[FACE_DOWN + seat] = _draw(row, script, ICE)
            row[DISCARDS + card] += 1
        chosen = row[CHOOSING_N] = row[CHOOSING_N] - 1
        row[CHOOSING : CHOOSING + chosen] = row[CHOOSING + 1 : CHOOSING + chosen + 1]
        row[CHOOSING + chosen] = -1
        _next_delivery(row, script)
    elif action == DRAW:
        _gain(row, seat, _draw(row, script, ICE))
        _after_serving_turn(row, script, seat)
    else:
        number = action - SERVE0
        kind = row[CONE + number]
        row[CONE + number] = -1
        hand = row[HANDS + seat]
        for at in range(KIND_SIZE[kind]):
            scoop = KIND_SCOOPS[kind, at]
            if hand >> scoop & 1:
                row[SERVED + seat * F + scoop] += 1
        _after_serving_turn(row, script, seat)


@njit(cache=True)
def _turn_over(row: np.ndarray, script: np.ndarray, seat: int) -> None:
    row[SCOOP] = _draw(row, script, SCOOPS)
    row[SCOOPS_LEFT] -= 1
    row[ACTIVE] = seat


@njit(cache=True)
def _begin_day(row: np.ndarray, script: np.ndarray) -> None:
    """Deal the deliveries from the dealer on while the deck has cards."""
    players = row[PLAYERS]
    left = 0
    for flavour in range(F):
        row[SCOOPS + flavour] = SCOOP_CARDS - row[OUT + flavour]
        left += row[SCOOPS + flavour]
        row[DISCARDS + flavour] = 0
    row[SCOOPS_LEFT] = left
    row[SCOOP] = -1
    row[STARTED] = 0
    for number in range(CONES):
        row[CONE + number] = -1
    row[CHOOSING_N] = 0
    for at in range(players):
        row[FACE_DOWN + at] = -1
    for turn in range(players):
        seat = (row[DEALER] + turn) % players
        if not _deck(row):
            break
        row[FACE_DOWN + seat] = _draw(row, script, ICE)
        row[CHOOSING + row[CHOOSING_N]] = seat
        row[CHOOSING_N] += 1
    row[PHASE] = DELIVERIES
    _next_delivery(row, script)


@njit(cache=True)
def _next_delivery(row: np.ndarray, script: np.ndarray) -> None:
    if row[CHOOSING_N]:
        row[ACTIVE] = row[CHOOSING]
        return
    for flavour in range(F):
        row[ICE + flavour] += row[DISCARDS + flavour]
        row[DISCARDS + flavour] = 0
    row[PHASE] = PLACING
    _turn_over(row, script, row[DEALER])


@njit(cache=True)
def _begin_serving(row: np.ndarray, script: np.ndarray) -> None:
    for seat in range(row[PLAYERS]):
        card = row[FACE_DOWN + seat]
        if card >= 0:
            _gain(row, seat, card)
            row[FACE_DOWN + seat] = -1
    row[PHASE] = SERVING
    _offer(row, script, row[DEALER])


@njit(cache=True)
def _offer(row: np.ndarray, script: np.ndarray, seat: int) -> None:
    """`seat`'s turn to serve, or the end of the day if it has no action."""
    if _deck(row):
        row[ACTIVE] = seat
        return
    hand = row[HANDS + seat]
    for number in range(CONES):
        kind = row[CONE + number]
        if kind >= 0 and FITS[kind, hand] >= NEAR:
            row[ACTIVE] = seat
            return
    _end_day(row, script)


@njit(cache=True)
def _after_serving_turn(row: np.ndarray, script: np.ndarray, seat: int) -> None:
    row[LAST] = seat
    for number in range(CONES):
        if row[CONE + number] >= 0:
            _offer(row, script, (seat + 1) % row[PLAYERS])
            return
    _end_day(row, script)


@njit(cache=True)
def _end_day(row: np.ndarray, script: np.ndarray) -> None:
    """Score the day as `rules.score_day` does, then the next day or the end."""
    players = row[PLAYERS]
    for seat in range(players):
        hand = 0
        for flavour in range(F):
            count = row[CARDS + seat * F + flavour]
            scoops = row[SERVED + seat * F + flavour]
            unopened = count - 1 if scoops else count
            row[BANKED + seat] += scoops
            if unopened:
                row[BANKED + seat] += unopened - 1
                row[ICE + flavour] += count - 1
                row[CARDS + seat * F + flavour] = 1
                hand |= 1 << flavour
            else:
                row[ICE + flavour] += count
                row[CARDS + seat * F + flavour] = 0
            row[SERVED + seat * F + flavour] = 0
        row[HANDS + seat] = hand
    for number in range(CONES):
        row[CONE + number] = -1
    if row[DAY] == DAYS:
        _finish(row)
        return
    lowest = row[BANKED]
    for seat in range(1, players):
        lowest = min(lowest, row[BANKED + seat])
    for at in range(1, players + 1):
        seat = (row[LAST] + at) % players
        if row[BANKED + seat] == lowest:
            row[DEALER] = seat
            break
    row[DAY] += 1
    _begin_day(row, script)


@njit(cache=True)
def _finish(row: np.ndarray) -> None:
    """The most points win, ties going to the most unopened cards left."""
    players = row[PLAYERS]
    row[PHASE] = OVER
    best = -1
    for seat in range(players):
        best = max(best, _key(row, seat))
    for seat in range(players):
        row[WINNER + seat] = 1 if _key(row, seat) == best else 0


@njit(cache=True)
def _key(row: np.ndarray, seat: int) -> int:
    unopened = 0
    for flavour in range(F):
        unopened += row[CARDS + seat * F + flavour]
    return int(row[BANKED + seat] * 64 + unopened)


@njit(cache=True)
def greedy(row: np.ndarray, moves: np.ndarray, count: int, others: float) -> int:
    """Greedy's choice among the `count` legal `moves` (`bots.GreedyBot`'s rules, read from
    the whole row as `playout.playout` reads a determinized state; `others` is its
    `bots.OTHERS_WEIGHT`)."""
    seat = row[ACTIVE]
    phase = row[PHASE]
    if phase == DELIVERIES:
        card = row[FACE_DOWN + seat]
        return DISCARD if count > 1 and row[HANDS + seat] >> card & 1 else KEEP
    if phase == PLACING:
        return int(_place(row, moves, count, seat, others))
    return int(_serve(row, moves, count, seat))


@njit(cache=True)
def _place(row: np.ndarray, moves: np.ndarray, count: int, seat: int, others: float) -> int:
    """Where the scoop adds most to what the seat could serve (its delivery included), less
    `others` times the most it adds to another's face-up hand; the first such."""
    players = row[PLAYERS]
    scoop = row[SCOOP]
    mine = row[HANDS + seat]
    if row[FACE_DOWN + seat] >= 0:
        mine |= 1 << row[FACE_DOWN + seat]
    best, chosen = -1e9, moves[0]
    for at in range(count):
        move = moves[at]
        before = 0 if move == NEW_CONE else row[CONE + move - CONE0]
        after = ADD[before, scoop]
        lost = -1e9
        for other in range(players):
            if other != seat:
                hand = row[HANDS + other]
                lost = max(lost, float(WORTH[after, hand] - WORTH[before, hand]))
        value = WORTH[after, mine] - WORTH[before, mine] - others * lost
        if value > best:
            best, chosen = value, move
    return int(chosen)


@njit(cache=True)
def _serve(row: np.ndarray, moves: np.ndarray, count: int, seat: int) -> int:
    """The largest cone it can serve (first of equals); a near one only if it scores 2 or more
    or nothing else is legal, else a draw."""
    hand = row[HANDS + seat]
    best, chosen = -1, DRAW
    for at in range(count):
        move = moves[at]
        if move != DRAW:
            points = WORTH[row[CONE + move - SERVE0], hand]
            if points > best:
                best, chosen = points, move
    if chosen == DRAW:
        return DRAW
    kind = row[CONE + chosen - SERVE0]
    if FITS[kind, hand] == EXACT or best >= 2 or moves[count - 1] != DRAW:
        return int(chosen)
    return DRAW


@njit(cache=True)
def scores(row: np.ndarray, out: np.ndarray) -> None:
    """Each seat's points so far: the days scored and today's scoops (`State.scores`)."""
    for seat in range(row[PLAYERS]):
        total = row[BANKED + seat]
        for flavour in range(F):
            total += row[SERVED + seat * F + flavour]
        out[seat] = total


@njit(cache=True)
def reward(row: np.ndarray, seat: int, margin: float) -> float:
    """`search.rewards` of a finished game for `seat`: its share of the win plus `margin`
    (`search.MARGIN`) times its score margin over the best other seat, scaled into (-1, 1)."""
    winners = 0
    best = -1
    for other in range(row[PLAYERS]):
        winners += row[WINNER + other]
        if other != seat:
            best = max(best, row[BANKED + other])
    score = row[BANKED + seat]
    share = 1.0 / winners if row[WINNER + seat] else 0.0
    return float(share + margin * (score - best) / (abs(score) + abs(best) + 1))


@njit(cache=True)
def play_out(row: np.ndarray, others: float) -> None:
    """Greedy play at every seat to the end of the game (chance from numba's generator)."""
    moves = np.empty(CONES + 1, dtype=np.int64)
    while row[PHASE] != OVER:
        count = legal(row, moves)
        move = moves[0] if count == 1 else greedy(row, moves, count, others)
        step(row, move, NO_SCRIPT)


@njit(cache=True)
def rollouts(
    worlds: np.ndarray,
    moves: np.ndarray,
    seat: int,
    seeds: np.ndarray,
    totals: np.ndarray,
    margin: float,
    others: float,
) -> None:
    """Add to `totals[m]` the rewards of `moves[m]` played out in every world once for each
    of its seeds (`seeds[w, r]`), every move on the same chance."""
    for world in range(worlds.shape[0]):
        for rep in range(seeds.shape[1]):
            for at in range(len(moves)):
                row = worlds[world].copy()
                np.random.seed(seeds[world, rep])
                step(row, moves[at], NO_SCRIPT)
                play_out(row, others)
                totals[at] += reward(row, seat, margin)

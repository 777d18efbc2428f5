"""Self-play at a batch of tables: who sits where (the learner, the game's bots, past
learners), every row's action, and each ended game's learner decisions with their return.
The DMC trainer plays its own tables with it, and each Ray actor (`parlour.learn.actors`)
plays its tables the same way with the learner's latest weights."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.bots.registry import Bot, make_bot
from parlour.envs.vector import Decisions, Tables
from parlour.kernel import Game
from parlour.learn.policy import Policy

if TYPE_CHECKING:
    from parlour.learn.dmc import Settings

LEARNER = "learner"
"""The seating's name of a seat the learner plays."""

Values = Callable[[np.ndarray], np.ndarray]
"""The learner: rows of observations to each action's value."""


@dataclass(frozen=True)
class Episode:
    """One learner seat's decisions in one game and what it got: its return, whether it
    played against opponents (not only itself), and whether it won."""

    observations: np.ndarray
    actions: np.ndarray
    value: float
    met: bool


Ended = Callable[[list[Episode]], None]
"""Told of each ended game (its learner seats' episodes) before its table is seated again."""


def seating(
    game: Game, settings: Settings, rng: np.random.Generator, pool: list[Policy]
) -> list[Any]:
    """Who plays each seat at a newly dealt table: the learner everywhere, or (at the
    `opponent_share` of tables) the learner at one seat and at each other seat one of the
    game's bots (`bot_share` of them, all of them while the pool is empty) or a past learner."""
    players = settings.players
    if players == 1 or rng.random() >= settings.opponent_share:
        return [LEARNER] * players
    learner = int(rng.integers(players))
    seats: list[Any] = []
    for seat in range(players):
        if seat == learner:
            seats.append(LEARNER)
            continue
        if settings.opponents and (not pool or rng.random() < settings.bot_share):
            name = settings.opponents[int(rng.integers(len(settings.opponents)))]
            seats.append(make_bot(game, name, seat, int(rng.integers(2**31))))
        elif pool:
            seats.append(pool[int(rng.integers(len(pool)))])
        else:
            seats.append(LEARNER)
    return seats


def act(
    tables: Tables,
    decisions: Decisions,
    seatings: list[list[Any]],
    values: Values,
    explore: tuple[np.random.Generator, float] | None = None,
) -> np.ndarray:
    """Every row's action: the learner's (in one call of `values`; with `explore = (rng,
    epsilon)` a random legal one at that rate), the pool's policies', and the bots' from
    their seat's view."""
    masks = decisions.action_mask
    actions = np.zeros(len(masks), dtype=np.int64)
    rows = zip(decisions.table, decisions.seat, strict=True)
    players = [seatings[table][seat] for table, seat in rows]
    learner = np.array([who == LEARNER for who in players], dtype=bool)
    if learner.any():
        found = values(decisions.observation[learner])
        chosen = np.where(masks[learner] > 0, found, -np.inf).argmax(axis=1)
        if explore is not None:
            rng, epsilon = explore
            tried = rng.random(len(chosen)) < epsilon
            noise = rng.random((int(tried.sum()), masks.shape[1])) * masks[learner][tried]
            chosen[tried] = noise.argmax(axis=1)
        actions[learner] = chosen
    index = {action: number for number, action in enumerate(tables.actions)}
    for row in np.flatnonzero(~learner):
        who = players[row]
        if isinstance(who, Policy):
            one = slice(row, row + 1)
            actions[row] = who.choose(decisions.observation[one], masks[one])[0]
        else:
            bot: Bot = who
            table = tables.tables[int(decisions.table[row])]
            seat = int(decisions.seat[row])
            actions[row] = index[bot.choose(table.state.view(seat), table.legal(seat))]
    return actions


class SelfPlay:
    """`settings.tables` tables played on and on: seated anew as each game ends, the
    learner exploring, its decisions kept per seat until the game's end hands them on."""

    def __init__(
        self, game: Game, settings: Settings, rng: np.random.Generator, pool: list[Policy]
    ) -> None:
        self.game, self.settings, self.rng, self.pool = game, settings, rng, pool
        self.tables = Tables(
            settings.game, settings.players, num_tables=settings.tables, **settings.options
        )
        self.seatings: list[list[Any]] = []
        self.decisions: Decisions | None = None
        self.kept: dict[tuple[int, int], tuple[list[np.ndarray], list[int]]] = {}

    def reset(self) -> None:
        """Seat every table and deal (from the generator: a resumed run deals as it would
        have)."""
        self.seatings = [
            seating(self.game, self.settings, self.rng, self.pool)
            for _ in range(self.settings.tables)
        ]
        self.kept = {}
        self.decisions = self.tables.reset(seed=int(self.rng.integers(2**31)))

    def step(self, values: Values, ended: Ended) -> None:
        """One step of every table; `ended` hears of each game that ended."""
        decisions = self.decisions
        assert decisions is not None, "reset() first"
        explore = (self.rng, self.settings.epsilon)
        actions = act(self.tables, decisions, self.seatings, values, explore)
        for row, (table, seat) in enumerate(zip(decisions.table, decisions.seat, strict=True)):
            if self.seatings[table][seat] == LEARNER:
                seen, done = self.kept.setdefault((int(table), int(seat)), ([], []))
                seen.append(decisions.observation[row])
                done.append(int(actions[row]))
        step = self.tables.step(actions)
        for table in np.flatnonzero(step.terminated):
            ended(self._episodes(int(table), step.rewards[table]))
            self.seatings[table] = seating(self.game, self.settings, self.rng, self.pool)
        self.decisions = step.decisions

    def _episodes(self, table: int, rewards: np.ndarray) -> list[Episode]:
        """The learner seats' decisions of the game just ended at `table`."""
        seats = self.seatings[table]
        met = any(who != LEARNER for who in seats)
        episodes = []
        for seat, who in enumerate(seats):
            if who != LEARNER:
                continue
            seen, done = self.kept.pop((table, seat), ([], []))
            observations = np.stack(seen) if seen else np.zeros((0, 0), dtype=np.float32)
            episodes.append(
                Episode(observations, np.array(done, dtype=np.int64), float(rewards[seat]), met)
            )
        return episodes


EVALUATION_SEED = 10**6
"""The evaluation deals' seeds start here, apart from the seeds training draws."""


def win_share(game: Game, values: Values, opponent: str, deals: int) -> float:
    """The win share (a tie shares the win) of the argmax of `values` against `opponent` at
    every other seat, on `deals` deals seeded from `EVALUATION_SEED` on, each dealt once
    with the network at every seat: the yardstick that does not move as training goes on."""
    players, options = game.players, dict[str, Any](game.options)
    tables = Tables(game.name, players, num_tables=deals * players, **options)
    seatings = [
        [
            LEARNER if seat == number % players else make_bot(game, opponent, seat, number)
            for seat in range(players)
        ]
        for number in range(deals * players)
    ]
    won = np.full(deals * players, np.nan)
    decisions = tables.reset(seed=[EVALUATION_SEED + n // players for n in range(len(won))])
    while np.isnan(won).any():
        step = tables.step(act(tables, decisions, seatings, values))
        for number in np.flatnonzero(step.terminated & np.isnan(won)):
            winners = tables.tables[number].state.winners
            won[number] = (number % players in winners) / max(1, len(winners))
        decisions = step.decisions
    return float(won.mean())

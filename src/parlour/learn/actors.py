"""Ray actors that play a DMC run's self-play games on other cores or machines: each keeps its
own tables (`SelfPlay`, seated as the trainer's), plays `actor_games` games with the copy of
the learner's weights it was last sent (numpy inference: the actors need no PyTorch of their
own), and hands back the games' learner episodes, which the trainer adds to its buffer as they
arrive. The trainer's own tables play on meanwhile, so a run with actors is faster but not
reproducible game for game (who finishes first decides the order)."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.backends import load_ray, ray_arguments
from parlour.kernel import OptionError, load
from parlour.learn.policy import Policy
from parlour.learn.selfplay import Episode, SelfPlay

if TYPE_CHECKING:
    from parlour.learn.dmc import Settings


class Player:
    """An actor's body: its tables and its copy of the pool, dealt from its own seed."""

    def __init__(self, settings: dict[str, Any], seed: int) -> None:
        from parlour.learn.dmc import Settings

        config = Settings.from_dict(settings)
        self.pool: list[Policy] = []
        game = load(config.game, config.players, **config.options)
        self.play = SelfPlay(game, config, np.random.default_rng(seed), self.pool)
        self.play.reset()

    def games(self, learner: Policy, joined: list[Policy], count: int) -> list[list[Episode]]:
        """Play until `count` games have ended with `learner` (the pool grown by `joined`):
        each game's learner episodes."""
        self.pool.extend(joined)
        ended: list[list[Episode]] = []
        while len(ended) < count:
            self.play.step(learner.values, ended.append)
        return ended


class Actors:
    """`workers` Ray actors playing for one run: on the Ray this process joined, else the
    cluster at `address`, else a new local Ray (shut down by `close`)."""

    def __init__(self, settings: Settings, workers: int, address: str | None = None) -> None:
        if workers < 1:
            raise OptionError(f"--workers must be at least 1, not {workers}")
        self.ray = load_ray()
        self.started = not self.ray.is_initialized()
        if self.started:
            self.ray.init(**ray_arguments(workers, address))
        remote = self.ray.remote(num_cpus=1)(Player)
        self.settings = settings
        self.handles = [
            remote.remote(asdict(settings), settings.seed + 1 + number) for number in range(workers)
        ]
        self.sent = [0] * workers
        self.pending: dict[Any, int] = {}

    def send(self, number: int, learner: Policy, pool: list[Policy]) -> None:
        """Ask actor `number` for its next games with these weights (and the pool's members
        it has not been sent yet)."""
        joined, self.sent[number] = pool[self.sent[number] :], len(pool)
        games = self.handles[number].games.remote(learner, joined, self.settings.actor_games)
        self.pending[games] = number

    def arrived(self, wait: bool = False) -> list[tuple[int, list[list[Episode]]]]:
        """The games of every actor that has finished since the last call; with `wait`, of
        every actor asked, once all have finished."""
        pending = list(self.pending)
        timeout = None if wait else 0
        ready, _ = self.ray.wait(pending, num_returns=len(pending), timeout=timeout)
        return [(self.pending.pop(ref), self.ray.get(ref)) for ref in ready]

    def close(self) -> None:
        """Stop the actors (their games in progress are dropped) and a Ray started here."""
        for handle in self.handles:
            self.ray.kill(handle)
        self.pending.clear()
        if self.started:
            self.ray.shutdown()

"""Bots thinking in worker processes (`bots.pool`): every bot of every game, and every level
it offers, travels there and back with its RNG state; in a worker it decides as it would in
the caller's process and comes back advanced as it would be; a worker's death breaks only the
questions then in flight; the workers end with the process that owns their pool."""

from __future__ import annotations

import asyncio
import pickle
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

import parlour
from parlour.bots.pool import BotPool
from parlour.bots.registry import Bot, bots_for, make_bot, offered_bots
from parlour.bots.schedule import Pending, answer, ask
from parlour.kernel import Rng
from tests.leftovers import left_behind, running_parents
from tests.web.gated_bots import CrashingBot

QUESTIONS = 3
"""Decisions of seat 0 compared per bot: each game's bots without settings, but those that
prepare a table first (Dicetime's optimal, which would load its solution in the worker: seconds
for a bot that holds no RNG state)."""


def next_draw(bot: Bot) -> int:
    """What the bot's RNG gives next (without advancing it)."""
    return bot.rng.copy().below(10**9)


@pytest.mark.every_game
def test_every_offered_bot_pickles_with_its_rng_state() -> None:
    for info in parlour.games():
        for name in offered_bots(info.name):
            bot = make_bot(info.name, name, 0, 11)
            bot.rng.below(6)
            copy = pickle.loads(pickle.dumps(bot))
            assert type(copy) is type(bot) and next_draw(copy) == next_draw(bot), name


async def compare_in_a_worker(pool: BotPool) -> int:
    """Play a game of each game with each of its bots in seat 0 (`random` in the others:
    their moves only vary the positions); each decision of seat 0 is also made by a twin in a
    worker. Returns how many were compared."""
    compared = 0
    for info in parlour.games():
        players = min(max(2, info.min_players), info.max_players)
        for bot_info in (
            bot for bot in bots_for(info.name) if bot.prepare is None and not bot.needs_settings
        ):
            state = parlour.load(info.name, players).new(3)
            bots = [make_bot(state.game, bot_info.name, 0, 0)]
            bots += [make_bot(state.game, "random", seat, seat) for seat in range(1, players)]
            twin = make_bot(state.game, bot_info.name, 0, 0)
            asked_here = 0
            while asked_here < QUESTIONS and not state.over:
                seat = state.to_act[0]
                asked = ask(state, seat, 0.0)
                if isinstance(asked, Pending):
                    state.apply(seat, asked.action)
                    continue
                mine = answer(bots[seat], asked)
                if seat == 0:
                    theirs, twin = await pool.think(twin, asked)
                    assert theirs == mine, (info.name, bot_info.name)
                    assert next_draw(twin) == next_draw(bots[0]), (info.name, bot_info.name)
                    asked_here += 1
                    compared += 1
                state.apply(seat, mine.action)
    return compared


def test_a_bot_decides_in_a_worker_as_here_and_comes_back_advanced() -> None:
    pool = BotPool(1)
    try:
        compared = asyncio.run(compare_in_a_worker(pool))
    finally:
        pool.close()
    assert compared >= QUESTIONS * len(parlour.games())


def test_a_worker_that_dies_fails_its_question_and_the_next_is_answered(tmp_path: Path) -> None:
    state = parlour.load("dicetime", 2).new(1)
    state.apply(0, "roll")
    asked = ask(state, 0, 0.0)
    assert not isinstance(asked, Pending)
    crashing = CrashingBot(0, Rng(1), tmp_path)
    pool = BotPool(1)

    async def twice() -> Pending:
        with pytest.raises(BrokenProcessPool):
            await pool.think(crashing, asked)
        decision, _ = await pool.think(crashing, asked)  # a fresh worker; it crashed once
        return decision

    try:
        assert asyncio.run(twice()).action == asked.legal[0]
    finally:
        pool.close()


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least one worker"):
        BotPool(0)


OWNER = """
import sys
from parlour.bots.pool import BotPool

pool = BotPool(1)
pool.start()
print("started", flush=True)
sys.stdin.read()
"""
"""A process that owns a pool whose worker has started, until it is killed."""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_the_workers_end_with_the_process_that_owns_their_pool() -> None:
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # its resource tracker, left behind, warns
        text=True,
    )
    try:
        assert owner.stdout is not None and owner.stdout.readline() == "started\n"
        workers = left_behind(owner.pid)  # the fork server's children
        assert workers
    finally:
        owner.kill()
        owner.wait()
    deadline = time.monotonic() + 60
    while set(workers) & running_parents().keys():
        assert time.monotonic() < deadline, "a worker outlived its pool's owner"
        time.sleep(0.05)

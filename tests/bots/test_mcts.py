"""The `mcts` bot: reproducible from its seed, deciding on the view alone, always legal in
every game that offers it, decoupled where seats choose at once, and strict about settings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pytest

import parlour
from parlour import OptionError, State
from parlour.bots import make_bot
from parlour.bots.mcts import LEVEL_NAMES, MctsBot, Settings, parse
from parlour.bots.registry import bot_info, bots_for
from parlour.bots.search import Search, random_playout, rewards
from parlour.boxes.dokitto.playout import LEVELS
from parlour.kernel import (
    Action,
    Encoding,
    Feature,
    Game,
    GameInfo,
    Rng,
    Seat,
    View,
    game_class,
    games,
)

OFFERING = [info.name for info in games() if "mcts" in {b.name for b in bots_for(info.name)}]


def midgame(game: Game, seed: int, steps: int) -> State:
    """A state `steps` random actions into a game, at a seat with a choice."""
    state = game.new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    while len(state.legal_actions(state.to_act[0])) < 2:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.every_game
def test_offered_where_the_game_declares_it() -> None:
    """Dicecream, Ice Cream and Dokitto offer mcts (as any game may) and its four levels;
    Dicetime and Like Dice do not."""
    assert {"dicecream", "dokitto", "icecream"} <= set(OFFERING)
    assert not {"dicetime", "likedice"} & set(OFFERING)
    for name in OFFERING:
        info = bot_info(name, "mcts")
        assert info.levels == tuple(f"mcts:{level}" for level in LEVEL_NAMES)


@pytest.mark.parametrize("name", OFFERING)
def test_reproducible_and_decided_on_the_view_alone(name: str) -> None:
    """The same seed and budget give the same search; a determinized copy of the real state
    (other hidden cards, the same view) gets the same decision as the real state."""
    game = parlour.load(name, max(2, game_class(name).info.min_players))
    bound = game.length_bound()
    state = midgame(game, 4, 9 if bound is None else min(9, bound // 2))
    seat = state.to_act[0]
    twin = game.determinize(state.view(seat), Rng(99))
    assert twin.view(seat) == state.view(seat)
    decisions = []
    for position in (state, state, twin):
        bot = make_bot(game, "mcts:iterations=15", seat, 7)
        decisions.append(bot.choose(position.view(seat), position.legal_actions(seat)))
    assert decisions[0] == decisions[1] == decisions[2]
    searches = []
    for _ in range(2):
        search = Search(game, state.view(seat), seat, Rng(3), 0.7, random_playout)
        search.run(15, None)
        searches.append({a: (e.visits, e.reward) for a, e in search.root.edges[seat].items()})
    assert searches[0] == searches[1]


def test_the_hidden_parts_differ_between_the_twins() -> None:
    """The twin of the test above really hides something else: the others' cards differ."""
    game = parlour.load("dokitto", 2)
    state = midgame(game, 4, 9)
    twin = game.determinize(state.view(state.to_act[0]), Rng(99))
    assert twin.hands != state.hands  # type: ignore[attr-defined]


@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("name", OFFERING)
def test_never_illegal(name: str, policy: str) -> None:
    """Over whole games at the largest and smallest tables, with short budgets, every action
    mcts proposes is legal (it plays every seat, choices made at once included)."""
    info = game_class(name).info
    for players in sorted({info.min_players, 2 if name == "dokitto" else info.max_players}):
        game = parlour.load(name, players)
        state = game.new(players)
        bots = [make_bot(game, f"mcts:iterations=1:policy={policy}", s, s) for s in range(players)]
        while not state.over:
            seat = state.to_act[-1]  # the last of seats acting at once, to vary who goes first
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal)
            assert action in legal, (seat, action, legal)
            state.apply(seat, action)


def test_a_time_budget_searches_at_least_once() -> None:
    """`seconds=T` stops on time, after at least one iteration."""
    game = parlour.load("dokitto", 2)
    state = midgame(game, 1, 3)
    search = Search(game, state.view(state.to_act[0]), state.to_act[0], Rng(1), 0.7, random_playout)
    search.run(None, 0.0)
    assert search.iterations == 1


def test_the_advisors_prior_is_tried_first_and_wins_ties() -> None:
    """With a prior (the default bot's choice, `bias=X`), the search tries it first and,
    among equally visited actions, plays it; the bot asks the game's default bot for it."""
    game = parlour.load("dokitto", 2)
    state = midgame(game, 3, 4)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    prior = legal[-1]
    search = Search(game, state.view(seat), seat, Rng(1), 0.7, random_playout, prior, 1.0)
    search.run(1, None)
    assert list(search.root.edges[seat]) == [prior]
    search.run(len(legal) - 1, None)  # every action tried once: a tie
    assert search.best(legal) == prior
    bot = make_bot(game, "mcts:iterations=1:bias=1", seat, 5)
    greedy = make_bot(game, "greedy", seat, 0).choose(state.view(seat), legal)
    assert bot.choose(state.view(seat), legal) == greedy


def test_rewards_favour_the_win_over_the_margin() -> None:
    """A win (shared among winners) outweighs any score margin; the margin breaks ties."""
    game = parlour.load("dokitto", 3)
    state = game.new(1)
    rng = random.Random(1)
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    reward = rewards(state)
    winners = set(state.winners)
    assert min(reward[s] for s in winners) > max(
        (reward[s] for s in range(3) if s not in winners), default=-1.0
    )
    assert all(-0.1 < reward[s] < 0.1 for s in range(3) if s not in winners)


def test_a_bot_without_the_game_refuses_to_search() -> None:
    """Made from the game's name alone, mcts cannot determinize: it says so."""
    state = midgame(parlour.load("dokitto", 2), 2, 2)
    seat = state.to_act[0]
    bot = make_bot("dokitto", "mcts:easy", seat, 1)
    with pytest.raises(RuntimeError, match="loaded game"):
        bot.choose(state.view(seat), state.legal_actions(seat))


def test_settings_parse_and_errors_name_the_bad_setting() -> None:
    """Levels, budgets, constants and policies parse; a bad setting is named."""
    assert parse("hard", LEVELS) == LEVELS["hard"]
    assert parse("", LEVELS) == LEVELS["normal"]
    assert parse("iterations=400:c=0.5:policy=random", LEVELS) == Settings(
        iterations=400, c=0.5, policy="random"
    )
    timed = parse("expert:seconds=0.5", LEVELS)
    assert (timed.seconds, timed.iterations, timed.c) == (0.5, None, LEVELS["expert"].c)
    assert parse("easy:bias=0.5", LEVELS).bias == 0.5
    for bad in ["iterations=0", "iterations=x", "c=-1", "policy=smart", "genius", "bias=-1"]:
        with pytest.raises(OptionError, match=bad.split("=")[0]):
            parse(bad, LEVELS)
    with pytest.raises(OptionError, match="'depth=3'"):
        bot_info("dokitto", "mcts:easy:depth=3")
    bot = make_bot(parlour.load("dokitto", 2), "mcts:iterations=7:policy=random", 0, 1)
    assert isinstance(bot, MctsBot) and bot.settings.iterations == 7


# -- a simultaneous game: matching pennies --------------------------------------------------

PENNIES = GameInfo("pennies", "Pennies", "matching pennies", 2, 2, (), "", True, ())
COINS = ("heads", "tails")


def observe_pennies(state: PenniesState, seat: Seat, out: np.ndarray) -> None:
    """The viewer's coin, one-hot, straight from the state."""
    mine = state.shown.get(seat or 0)
    if mine is not None:
        out[COINS.index(mine)] = 1.0


PENNIES_ENCODING = Encoding(
    "pennies",
    (Feature("mine", 2, 0, 1, "one-hot of the viewer's coin: heads, tails (0: none)"),),
    lambda view: [float(view["mine"] == coin) for coin in COINS],
    observe_pennies,
)


class PenniesState(State):
    """Both seats show heads or tails at once, sealed; seat 0 wins on a match."""

    def __init__(self, game: Game, rng: Rng, shown: dict[int, Action]) -> None:
        super().__init__(game, rng, 0, ())
        self.shown = dict(shown)

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(seat for seat in (0, 1) if seat not in self.shown)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        return ("heads", "tails") if seat in self.to_act else ()

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        self.shown[seat] = action

    def view(self, seat: Seat) -> View:
        return {"seat": seat, "to_act": list(self.to_act), "mine": self.shown.get(seat or 0)}

    @property
    def over(self) -> bool:
        return len(self.shown) == 2

    @property
    def scores(self) -> tuple[int, ...]:
        if not self.over:
            return (0, 0)
        match = self.shown[0] == self.shown[1]
        return (1, 0) if match else (0, 1)

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.scores.index(1),) if self.over else ()


class Pennies(Game):
    """Matching pennies; its determinizer deals the other seat's sealed coin at random."""

    info: ClassVar[GameInfo] = PENNIES

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> State:
        return PenniesState(self, rng, {})

    def determinize(self, view: View, rng: Rng) -> State:
        shown: dict[int, Any] = {}
        for seat in (0, 1):
            if seat == view["seat"] and view["mine"] is not None:
                shown[seat] = view["mine"]
            elif seat not in view["to_act"]:
                shown[seat] = ("heads", "tails")[rng.below(2)]
        return PenniesState(self, Rng(rng.seed()), shown)

    def encoding(self) -> Encoding:
        """The viewer's own coin, one-hot (none yet: zeros)."""
        return PENNIES_ENCODING

    def all_actions(self) -> tuple[Action, ...]:
        return ("heads", "tails")

    def length_bound(self) -> int:
        """Each seat shows one coin."""
        return 2


def test_seats_choosing_at_once_are_decoupled() -> None:
    """At a node where both seats choose, each picks from its own statistics at that node and
    the joint choice leads to the child: seat 1 cannot react to seat 0's sealed coin, so
    every coin of seat 0 wins about half the time (a sequential tree would let seat 1 match
    and leave seat 0 near nothing)."""
    game = Pennies(2, {})
    state = game.new(1)
    search = Search(game, state.view(0), 0, Rng(5), 0.7, random_playout)
    search.run(400, None)
    root = search.root
    assert set(root.edges) == {0, 1}
    assert set(root.children) == {
        ((0, mine), (1, theirs)) for mine in ("heads", "tails") for theirs in ("heads", "tails")
    }
    for child in root.children.values():
        assert not child.edges  # nobody acts after the joint choice
    for edge in root.edges[0].values():
        assert 0.3 < edge.reward / edge.visits < 0.8
    # A node where both chose in one determinization may see one seat alone in another:
    # UCB1 then treats the edges Exp3 made but never tried as untried.
    search._select(root.edges[1], ("heads", "tails"), None)
    fresh = Search(game, state.view(0), 0, Rng(5), 0.7, random_playout)
    fresh.run(1, None)
    unvisited = [edge for edge in fresh.root.edges[1].values() if not edge.visits]
    assert len(unvisited) == 1
    fresh._select(fresh.root.edges[1], ("heads", "tails"), None)
    brief = Search(game, state.view(0), 0, Rng(5), 0.7, random_playout)
    brief.run(1, None)  # Exp3 made edges for both coins; one is untried
    assert len(brief.root.edges[0]) == 2
    assert brief.best(("heads", "tails")) in ("heads", "tails")

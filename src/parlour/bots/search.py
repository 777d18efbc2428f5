"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 2012), single observer, on any game of the kernel.

Each iteration deals one determinization of the searching seat's view (`Game.determinize`),
walks the one tree down it and plays out to the end with a playout policy; the result is
backed up along the path. A node is reached by the actions taken so far (keyed by seat and
action, forced actions skipped); chance is sampled by the determinized state's own RNG, so a
node stands for every outcome of the dice and draws on the way (an open-loop tree).

- Sequential decisions: UCB1 over the legal actions with availability counts (the paper's
  subset-armed bandit): an action's `available` counts the visits on which it was legal, and
  stands for the parent's visits in the exploration term.
- Seats choosing at once and in secret (`to_act` holds several): decoupled selection with
  Exp3 (Auer et al. 2002, as in Lanctot et al.'s simultaneous-move MCTS, 2013). Each seat
  samples from its own statistics at the node, blind to the others' picks; the joint action
  then leads to the child, so no seat sees another's sealed choice. A randomised rule,
  because decoupled UCB1 is deterministic: two seats can lock into step (in matching pennies
  one seat would always lose), which a test shows Exp3 avoids.
- More than two players: every seat's reward is backed up; the seat acting at an edge
  maximises its own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from parlour.kernel import Action, Game, Rng, State, View

Playout = Callable[[State, int, Sequence[Action], Rng], Action]
"""A playout policy: the action `seat` takes among `legal` (more than one) in a
determinized state; it may read the whole state, which is a sample, never the real one."""


class Leaf(Protocol):
    """Where a playout may stop short of the game's end, and what each seat is worth there: a
    game whose playouts to the end are long and noisy (Dokitto!'s rounds to 10 points) plays
    out one stage (`stage`: the playout stops once it changes) and judges the rest (`value`)."""

    def stage(self, state: State) -> int:
        """A number that changes where a playout may stop (Dokitto!: the round)."""

    def value(self, state: State) -> list[float]:
        """Each seat's reward at a stage's end, on the scale of `rewards`."""


MARGIN = 0.1
"""Weight of the score margin in a playout's reward, beside the win: it breaks flat regions
(every line lost, or every line won) toward the better score without trading a win for it."""


EXPLORE = 0.1
"""Exp3's share of uniform exploration at nodes where seats choose at once (its gamma)."""
_UNIT = 1 << 30
"""Uniform draws in [0, 1) are `Rng.below(_UNIT) / _UNIT`."""


def random_playout(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The uniform playout policy: any legal action alike."""
    return legal[rng.below(len(legal))]


def step(state: State, playout: Playout, rng: Rng) -> None:
    """Play the next action of `state` with `playout` (a forced action needs no policy)."""
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[0] if len(legal) == 1 else playout(state, seat, legal, rng))


def play_out(state: State, playout: Playout, rng: Rng) -> None:
    """Play `state` to the end with `playout`."""
    while not state.over:
        step(state, playout, rng)


def play_stage(state: State, playout: Playout, rng: Rng, leaf: Leaf) -> list[float]:
    """Play `state` with `playout` to the end of its stage (`leaf`), or of the game, and
    each seat's reward there."""
    stage = leaf.stage(state)
    while not state.over and leaf.stage(state) == stage:
        step(state, playout, rng)
    return rewards(state) if state.over else leaf.value(state)


def margins(scores: Sequence[float]) -> list[float]:
    """Each seat's score margin over the best other seat, scaled into (-1, 1)."""
    result = []
    for seat, score in enumerate(scores):
        best = max(other for at, other in enumerate(scores) if at != seat)
        result.append((score - best) / (abs(score) + abs(best) + 1))
    return result


def rewards(state: State) -> list[float]:
    """Each seat's reward for a finished game: a win (shared among the winners) plus
    `MARGIN` times its score margin (`margins`)."""
    winners = state.winners
    share = 1.0 / len(winners) if winners else 0.0
    return [
        (share if seat in winners else 0.0) + MARGIN * margin
        for seat, margin in enumerate(margins(state.scores))
    ]


class Edge:
    """One seat's statistics for one action at a node."""

    __slots__ = ("available", "estimate", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.estimate = 0.0
        """Exp3's importance-weighted sum of rewards (at nodes where seats choose at once)."""


class Node:
    """A point of the tree: per seat, its actions' statistics; the children by joint action
    (`(seat, action)` pairs, in seat order)."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[int, dict[Action, Edge]] = {}
        self.children: dict[tuple[tuple[int, Action], ...], Node] = {}


class Search:
    """One decision's search for `seat` of `game` from `view`: `run` it, then read `best`."""

    def __init__(
        self,
        game: Game,
        view: View,
        seat: int,
        rng: Rng,
        c: float,
        playout: Playout,
        prior: Action | None = None,
        bias: float = 0.0,
        leaf: Leaf | None = None,
        deal: Callable[[Rng], State] | None = None,
    ) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.rng = rng
        self.c = c
        self.playout = playout
        self.prior = prior
        """An action the seat's advisor prefers at the root: tried first, and favoured by
        `bias / (visits + 1)` (progressive bias, Chaslot et al. 2008), which fades as the
        search learns."""
        self.bias = bias
        self.leaf = leaf
        """Where playouts stop and are judged (`None`: they play to the game's end)."""
        self.deal = deal
        """Each iteration's world (`None`: the game's determinizer on the view)."""
        self.root = Node()
        self.iterations = 0

    def run(self, iterations: int | None, seconds: float | None) -> None:
        """Iterate `iterations` times, or until `seconds` have passed (at least once)."""
        if iterations is not None:
            for _ in range(iterations):
                self.iterate()
            return
        assert seconds is not None
        deadline = time.perf_counter() + seconds
        self.iterate()
        while time.perf_counter() < deadline:
            self.iterate()

    def best(self, legal: Sequence[Action]) -> Action:
        """The searching seat's most visited action among `legal` (ties: the prior, then the
        higher mean reward, then the first listed)."""
        edges = self.root.edges.get(self.seat, {})

        def robustness(action: Action) -> tuple[int, bool, float]:
            edge = edges.get(action)
            if edge is None or not edge.visits:  # Exp3 lists every action, tried or not
                return (0, action == self.prior, 0.0)
            return (edge.visits, action == self.prior, edge.reward / edge.visits)

        return max(legal, key=robustness)

    def iterate(self) -> None:
        """One determinization: select and expand down the tree, play out, back up."""
        self.iterations += 1
        state = self.deal(self.rng) if self.deal else self.game.determinize(self.view, self.rng)
        path: list[tuple[int, Edge, float]] = []
        node: Node | None = self.root
        while node is not None and not state.over:
            acting = [(seat, state.legal_actions(seat)) for seat in state.to_act]
            choosing = [(seat, legal) for seat, legal in acting if len(legal) > 1]
            if not choosing:
                for seat, legal in acting:
                    state.apply(seat, legal[0])
                continue
            joint: list[tuple[int, Action]] = []
            fresh = False
            for seat, legal in choosing:
                edges = node.edges.setdefault(seat, {})
                if len(choosing) > 1:
                    action, edge, chance = self._sample(edges, legal)
                else:
                    prior = self.prior if node is self.root and seat == self.seat else None
                    action, edge, chance = self._select(edges, legal, prior)
                joint.append((seat, action))
                path.append((seat, edge, chance))
                fresh = fresh or edge.visits == 0
            for seat, legal in acting:
                if len(legal) == 1:
                    state.apply(seat, legal[0])
            for seat, action in joint:
                if state.is_legal(seat, action):  # a choice sealed at once stays legal
                    state.apply(seat, action)
            key = tuple(joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = None if fresh else child
        reward = self._play_out(state)
        for seat, edge, chance in path:
            edge.visits += 1
            edge.reward += reward[seat]
            if chance:
                edge.estimate += reward[seat] / chance

    def _select(
        self, edges: dict[Action, Edge], legal: Sequence[Action], prior: Action | None
    ) -> tuple[Action, Edge, float]:
        """UCB1 with availability counts over `legal` (the `prior` favoured), or an untried
        action (the `prior` first, else at random): the action and its edge (0: no Exp3
        chance to weigh by)."""
        untried: list[Action] = []
        best: Action | None = None
        best_value = -math.inf
        c, log, sqrt = self.c, math.log, math.sqrt
        for action in legal:
            edge = edges.get(action)
            if edge is not None:
                edge.available += 1
            if edge is None or not edge.visits:  # Exp3 makes edges it has not tried yet
                untried.append(action)
                continue
            if untried:
                continue
            visits = edge.visits
            value = edge.reward / visits + c * sqrt(log(edge.available) / visits)
            if action == prior:
                value += self.bias / (visits + 1)
            if value > best_value:
                best, best_value = action, value
        if untried:
            action = prior if prior in untried else untried[self.rng.below(len(untried))]
            edge = edges.setdefault(action, Edge())
            return action, edge, 0.0
        assert best is not None
        return best, edges[best], 0.0

    def _sample(
        self, edges: dict[Action, Edge], legal: Sequence[Action]
    ) -> tuple[Action, Edge, float]:
        """Exp3 over `legal`: an action drawn from the seat's exponential weights mixed with
        `EXPLORE` of uniform; the action, its edge and the chance it had."""
        count = len(legal)
        pairs = []
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                edge = edges[action] = Edge()
            else:
                edge.available += 1
            pairs.append((action, edge))
        eta = EXPLORE / count
        top = max(edge.estimate for _, edge in pairs)
        weights = [math.exp(eta * (edge.estimate - top)) for _, edge in pairs]
        total = sum(weights)
        draw = self.rng.below(_UNIT) / _UNIT
        chances = [(1 - EXPLORE) * weight / total + EXPLORE / count for weight in weights]
        index = 0
        while index < count - 1 and draw >= chances[index]:
            draw -= chances[index]
            index += 1
        action, edge = pairs[index]
        return action, edge, chances[index]

    def _play_out(self, state: State) -> list[float]:
        """Play to the end (or the leaf's stage's end) with the playout policy: the rewards."""
        if self.leaf is not None:
            return play_stage(state, self.playout, self.rng, self.leaf)
        play_out(state, self.playout, self.rng)
        return rewards(state)

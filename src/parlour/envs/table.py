"""The engine under every learning environment (PettingZoo AEC and Parallel, Gymnasium): one
game played in rounds through the kernel, with a fixed action space, masks, forced moves,
rewards, the illegal-action policy and, for races, a step clock. It names no game.

A round is what the seats to act do at once: each chooses an action (an index into
`actions`), then the chosen actions apply in a random order drawn from the environment's RNG
(of two right answers given in one round of a race, either may come first); one that a seat
applied earlier in the round made illegal, or that follows an action restarting the clock,
is dropped (that seat is asked again if it still acts). Between rounds the table plays what
nobody decides: every forced move (a seat with exactly one legal action), and the table's own
action when no seat may act.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import index as as_index
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from parlour.kernel import TABLE, Action, Game, IllegalAction, OptionError, Reason, Seat, State
from parlour.kernel.returns import result, returns

if TYPE_CHECKING:
    from parlour.kernel.encoding import Encoding

WAIT = "wait"
"""The environment's own action in a race (see `Table.stepped`): not this step. It is last in
the action space and never reaches the kernel."""
TIMEOUT = "timeout"
"""The table's action when its clock runs out (the kernel's convention)."""
DEFAULT_CLOCK_STEPS = 10
"""Rounds a race's clock allows by default, counted from when the clock starts."""
REWARDS = ("objective", "score", "result")
"""The reward conventions: the game's return at the end (`parlour.kernel.returns`), the score's
change every round, or the old +1 / -1 result at the end."""
ILLEGAL = ("replace", "raise")
_MASK_CACHE = 4096
"""Masks kept by legal actions (the same lists recur); cleared past this many."""


class Choice(NamedTuple):
    """A seat's action for the round, and the index it sent when that was illegal (replaced)."""

    seat: int
    action: Action
    illegal: int | None = None


class Table:
    """One game for an environment: the state, the round's seats, their legal actions, views,
    masks and observations (cached until the state changes), and `play` for a round."""

    def __init__(
        self,
        game: Game,
        *,
        rewards: str = "objective",
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
        clock_steps: int = DEFAULT_CLOCK_STEPS,
    ) -> None:
        if rewards not in REWARDS:
            raise OptionError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, int | float):
            raise OptionError(f"illegal_penalty must be a number, not {illegal_penalty!r}")
        if type(clock_steps) is not int or clock_steps < 0:
            raise OptionError(f"clock_steps must be an integer >= 0, not {clock_steps!r}")
        self.game = game
        self.rewards = rewards
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.clock_steps = clock_steps
        self.encoding: Encoding = game.encoding()
        state = game.new(0)
        self.stepped = clock_steps > 0 and game.players > 1 and state.clock is not None
        """A race: several players and a clock from the deal. Then `WAIT` joins the actions,
        legal while the clock runs, and after `clock_steps` rounds the table times out."""
        self.actions: tuple[Action, ...] = (*game.all_actions(), *((WAIT,) if self.stepped else ()))
        self.index = {action: number for number, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game.name}: all_actions() lists an action twice")
        self.rng = np.random.default_rng(0)
        self.state: State = state
        self.rounds = 0
        self.acting: tuple[int, ...] = ()
        self._scores = state.scores
        self._clock_mark = 0
        self._clock_rounds = 0
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._views: dict[Seat, Any] = {}
        self._masks: dict[tuple[Action, ...], np.ndarray] = {}

    # -- a game -----------------------------------------------------------------------------

    def reset(self, seed: int, rng: np.random.Generator) -> None:
        """Deal a new game with `seed`; `rng` orders rounds and draws replacements."""
        self.rng = rng
        self.state = self.game.new(seed)
        self.rounds = 0
        self._scores = self.state.scores
        self._clock_mark = self.state.clock_since
        self._clock_rounds = 0
        self._changed()
        self._settle()

    @property
    def over(self) -> bool:
        return self.state.over

    # -- what a seat sees and may do ---------------------------------------------------------

    def legal(self, seat: int) -> tuple[Action, ...]:
        """`seat`'s legal actions this round (`WAIT` included in a race while the clock runs);
        none for a seat that does not act."""
        legal = self._legal.get(seat)
        if legal is None:
            state = self.state
            legal = tuple(state.legal_actions(seat)) if seat in state.to_act else ()
            if legal and self.stepped and state.clock is not None:
                legal = (*legal, WAIT)
            self._legal[seat] = legal
        return legal

    def mask(self, seat: int) -> np.ndarray:
        """A fresh int8 array over `actions`: 1 for each legal action of `seat`."""
        legal = self.legal(seat)
        mask = self._masks.get(legal)
        if mask is None:
            mask = np.zeros(len(self.actions), dtype=np.int8)
            mask[[self.index[action] for action in legal]] = 1
            if len(self._masks) >= _MASK_CACHE:
                self._masks.clear()
            self._masks[legal] = mask
        return mask.copy()

    def view(self, seat: int) -> Any:
        """`seat`'s view of the state (the kernel's, built once a state)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """`{"observation": the encoded view, "action_mask": the mask}`, fresh arrays; the
        encoding is written straight from the state, never through the view."""
        return {
            "observation": self.encoding.observe(self.state, seat),
            "action_mask": self.mask(seat),
        }

    # -- a round -----------------------------------------------------------------------------

    def choose(self, seat: int, sent: object, agent: str) -> Choice:
        """`seat`'s action for the round from the index it `sent` (called `agent` in errors).
        An index outside the space raises `ValueError`; an illegal one is replaced by a legal
        action drawn uniformly (policy `replace`) or raises `IllegalAction` (policy `raise`)."""
        if seat not in self.acting:
            raise ValueError(f"{agent} does not act now; acting: {list(self.acting)}")
        try:
            number = as_index(sent)  # type: ignore[arg-type]
        except TypeError:
            number = -1
        if isinstance(sent, bool) or not 0 <= number < len(self.actions):
            raise ValueError(
                f"{agent}: action {sent!r} is not an index of this game's actions "
                f"(0 to {len(self.actions) - 1})"
            )
        action = self.actions[number]
        legal = self.legal(seat)
        if action in legal:
            return Choice(seat, action)
        if self.illegal == "raise":
            reason = self.state.refusal(seat, action) or Reason("not_legal_many", {})
            told = self.state.explain(seat, action) if action != WAIT else "the clock is stopped"
            raise IllegalAction(f"{agent}: action {number} ({action}) is illegal: {told}", reason)
        return Choice(seat, legal[int(self.rng.integers(len(legal)))], number)

    def play(self, choices: Sequence[Choice]) -> list[float]:
        """Apply one round's choices (one per acting seat) in a random order, then count the
        race's clock and play the forced moves; return each seat's reward for the round."""
        seats = [choice.seat for choice in choices]
        if seats != list(self.acting) and sorted(seats) != sorted(self.acting):
            raise ValueError(f"a round needs one choice from each acting seat {self.acting}")
        self._apply_at_once([(choice.seat, choice.action) for choice in choices])
        self.rounds += 1
        self._tick()
        self._settle()
        rewards = self._rewards()
        for choice in choices:
            if choice.illegal is not None:
                rewards[choice.seat] += self.illegal_penalty
        return rewards

    def _apply_at_once(self, actions: list[tuple[int, Action]]) -> None:
        """Apply actions given at once, in a random order; drop those no longer legal or made
        after the clock restarted (and `WAIT`)."""
        state = self.state
        if len(actions) == 1:  # legal: the state is the one its choice was checked on
            if actions[0][1] != WAIT:
                state.apply(*actions[0])
                self._changed()
            return
        since = state.clock_since
        for number in self.rng.permutation(len(actions)):
            seat, action = actions[number]
            if action == WAIT or state.clock_since != since or not state.is_legal(seat, action):
                continue
            state.apply(seat, action)
        self._changed()

    def _tick(self) -> None:
        """In a race, a round while the clock runs uses one of its `clock_steps`; the last
        one used, the table applies its timeout."""
        state = self.state
        if not self.stepped or state.over or state.clock is None:
            return
        if state.clock_since != self._clock_mark:
            self._clock_mark, self._clock_rounds = state.clock_since, 0
            return
        self._clock_rounds += 1
        if self._clock_rounds >= self.clock_steps and TIMEOUT in state.legal_actions(TABLE):
            state.apply(TABLE, TIMEOUT)
            self._changed()

    def _settle(self) -> None:
        """Play what nobody decides: the table's action where no seat may act, and forced
        moves (all seats with one legal action, at once); then note the round's seats."""
        state = self.state
        while not state.over:
            to_act = state.to_act
            if not to_act:
                table = state.legal_actions(TABLE)
                if not table:
                    raise RuntimeError(f"{self.game.name}: nobody may act and the table cannot")
                state.apply(TABLE, table[0])
                self._changed()
                continue
            forced = [(seat, legal[0]) for seat in to_act if len(legal := self.legal(seat)) == 1]
            if not forced:
                break
            self._apply_at_once(forced)
        if self.stepped and state.clock_since != self._clock_mark:
            self._clock_mark, self._clock_rounds = state.clock_since, 0
        self.acting = () if state.over else tuple(state.to_act)

    def _changed(self) -> None:
        self._legal.clear()
        self._views.clear()

    def _rewards(self) -> list[float]:
        """Each seat's reward since the last round: its score's change (`score`), else 0
        until the game is over, then its return (`objective`) or its result (`result`)."""
        state = self.state
        if self.rewards == "score":
            scores = state.scores
            rewards = [float(new - old) for new, old in zip(scores, self._scores, strict=True)]
            self._scores = scores
            return rewards
        if not state.over:
            return [0.0] * self.game.players
        return returns(state) if self.rewards == "objective" else result(state)

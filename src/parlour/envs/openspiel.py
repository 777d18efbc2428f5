"""Parlour's games as OpenSpiel Python games (`python_parlour_NAME`), for OpenSpiel's
algorithms and checks.

`register()` registers every game whose seats never race (Like Dice is left out). A game's
parameters are `players` and its options (a list option as text joined by `+`). Its game
type comes from the kernel: `Game.concurrency()` says sequential or simultaneous (a race is
refused), `GameInfo.hidden_information` the information, and chance is explicit: every draw
of the kernel's RNG is a chance node, found by replaying the action on a strictly scripted
clone (`State.scripted`) until it needs no more outcomes. Action ids index
`game.all_actions()`. Information states and observations are both the seat's view: as JSON
(keys sorted) for strings, as the game's encoding of it (`game.encoding()`) for tensors.
Rewards are terminal and follow the game's objective (`parlour.kernel.returns`, as in every
adapter): a game played to win is zero-sum, a win shared among tied winners (two players:
+1 / -1, a tie 0 / 0); a points game (solo Dicetime) returns its final score, within the
game's `score_bounds()`. In a simultaneous game every decision node is simultaneous, as
OpenSpiel's `rl_environment` expects (it asks every seat for an action at every step of such
a game): a seat that does not act there has the one legal action 0, which is ignored.
The table's clock is not modelled: a timed game (Dicetime's puzzle) never times out. For
IS-MCTS, `determinizer(seed)` gives `ISMCTSBot.set_resampler` the game's determinizer, and a
state's `resample_from_infostate` uses it too.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from parlour.kernel import (
    Action,
    ChanceNeeded,
    Concurrency,
    Encoding,
    Game,
    GameInfo,
    Objective,
    Option,
    OptionError,
    Rng,
    State,
    game_class,
    games,
    load,
)
from parlour.kernel.returns import returns

PREFIX = "python_parlour_"
"""OpenSpiel's name of a Parlour game is this prefix and the game's name."""

Params = Mapping[str, int | bool | str | float]

SEPARATOR = "+"
"""Separates a list option's values in OpenSpiel's parameters (its game strings keep commas
for themselves): `flavours=grape+matcha+vanilla`."""


def register() -> list[str]:
    """Register every game OpenSpiel can play with its default options (again: no change);
    return the OpenSpiel names of all registered."""
    known = set(pyspiel.registered_names())
    names = []
    for info in games():
        spec = parameters(info)
        try:
            game = _kernel_game(info.name, spec, spec)
        except OptionError:
            continue  # a race, or unbounded with no cap: OpenSpiel cannot play it
        name = PREFIX + info.name
        if name not in known:
            pyspiel.register_game(_game_type(info, game, spec), _game_class(info.name))
        names.append(name)
    return names


def parameters(info: GameInfo) -> dict[str, int | bool | str]:
    """The OpenSpiel parameters of a game and their defaults: `players` (the kernel's default,
    the fewest), each option (a list as text joined by `SEPARATOR`; "" for a default that
    depends on the player count), and the length cap's adapter value where the rules set no
    bound."""
    spec: dict[str, int | bool | str] = {"players": info.min_players}
    for option in info.options:
        spec[option.name] = _text(option)
    if info.length_cap is not None:
        cap, value = info.length_cap
        spec[cap] = value
    return spec


def _text(option: Option) -> int | bool | str:
    default = option.default
    if callable(default):
        return ""
    if isinstance(default, list):
        return SEPARATOR.join(str(item) for item in default)
    return default


def _kernel_game(name: str, params: Params, spec: Params) -> Game:
    """The kernel game for OpenSpiel's parameters: options left at their OpenSpiel default are
    left out (so one that does not apply is omitted), the length cap is always given."""
    info = game_class(name).info
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise OptionError(f"{PREFIX}{name} has no parameter {unknown[0]!r}")
    cap = info.length_cap[0] if info.length_cap else None
    options: dict[str, object] = {
        option.name: params[option.name]
        for option in info.options
        if option.name == cap or params[option.name] != spec[option.name]
    }
    for option in info.options:
        value = options.get(option.name)
        if option.is_list and isinstance(value, str):
            options[option.name] = value.split(SEPARATOR) if value else []
    game = load(name, int(params["players"]), **options)
    if game.concurrency() is Concurrency.RACE:
        raise OptionError(
            f"{name} with these options is a race (the first seat to act changes what the "
            "others may do): real time decides it, which OpenSpiel does not model"
        )
    if game.length_bound() is None:
        raise OptionError(
            f"{name} with these options has no length bound, which OpenSpiel needs "
            f"(max_game_length): {f'set {cap} above 0' if cap else 'it offers no cap'}"
        )
    if game.objective() is Objective.POINTS and game.score_bounds() is None:
        raise OptionError(f"{name} is played for points and declares no Game.score_bounds")
    if game.chance_bound() is None:
        raise OptionError(f"{name} declares no chance bound (Game.chance_bound)")
    return game


def _game_type(info: GameInfo, game: Game, spec: Params) -> pyspiel.GameType:
    """The game type of `game`: its dynamics from its concurrency, its information from its
    hidden information (simultaneous moves are hidden too), chance explicit, rewards terminal."""
    simultaneous = game.concurrency() is Concurrency.SEALED
    kind = pyspiel.GameType
    hidden = info.hidden_information or simultaneous
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"Parlour {info.title}",
        dynamics=kind.Dynamics.SIMULTANEOUS if simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            kind.Information.IMPERFECT_INFORMATION
            if hidden
            else kind.Information.PERFECT_INFORMATION
        ),
        utility=(
            kind.Utility.ZERO_SUM if game.objective() is Objective.WIN else kind.Utility.GENERAL_SUM
        ),
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec),
    )


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """One Parlour game with its players and options, as an OpenSpiel game."""

    def __init__(self, name: str, params: Params) -> None:
        info = game_class(name).info
        spec = parameters(info)
        game = _kernel_game(name, {**spec, **params}, spec)
        players = game.players
        points = game.score_bounds() if game.objective() is Objective.POINTS else None
        low, high = points or (-1.0 / (players - 1), 1.0)
        bound = game.chance_bound()
        length = game.length_bound()
        assert bound is not None and length is not None
        super().__init__(
            _game_type(info, game, spec),
            pyspiel.GameInfo(
                num_distinct_actions=len(game.all_actions()),
                max_chance_outcomes=bound,
                num_players=players,
                min_utility=low,
                max_utility=high,
                utility_sum=None if points else 0.0,
                max_game_length=length,
            ),
            {**spec, **params},
        )
        self.kernel = game
        """The Parlour game OpenSpiel plays."""
        self._table = _Table(game)
        self.action_ids = self._table.ids
        """Each action's OpenSpiel id: its index in `all_actions()`."""
        self._start = _Progress(self._table, None, (), [])

    def new_initial_state(self) -> ParlourState:
        return ParlourState(self, copy.deepcopy(self._start))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"{PREFIX}{self.kernel.name} observers take no parameters")
        return ViewObserver(self.kernel.encoding())


def _game_class(name: str) -> type[ParlourGame]:
    """The class OpenSpiel calls with a game's parameters: a class rather than a closure,
    since OpenSpiel keeps it until the process ends (a class outlives the interpreter's
    finalisation; a closure freed then aborts the process)."""

    def __init__(self: ParlourGame, params: Params) -> None:
        ParlourGame.__init__(self, name, params)

    return type(f"Parlour_{name}", (ParlourGame,), {"__init__": __init__})


class _Table:
    """What every state of one OpenSpiel game shares: the kernel game, its actions by id and
    the ids by action, its chance bound, and whether its type is simultaneous."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.simultaneous = game.concurrency() is Concurrency.SEALED
        self.names = game.all_actions()
        self.ids = {action: index for index, action in enumerate(self.names)}
        self.bound = game.chance_bound() or 0


class _Progress:
    """Where a game stands: the kernel state settled after the last whole step (`None`
    while dealing), the step of player actions under way, and the chance outcomes drawn for
    that step so far; `need` is the draw the step waits for (a chance node): its number of
    outcomes and the first one's scripted value."""

    def __init__(
        self,
        table: _Table,
        state: State | None,
        step: tuple[tuple[int, Action], ...],
        script: list[int],
    ) -> None:
        self.table = table
        self.state = state
        self.step = step
        self.script = script
        self.need: tuple[int, int] | None = None
        self.advance()

    def advance(self) -> None:
        """Try the step with the outcomes drawn so far: settle it, or wait for a draw."""
        try:
            if self.state is None:
                settled = self.table.game.new(0, chance=self.script, strict=True)
            else:
                settled = self.state.scripted(self.script)
                for seat, action in self.step:
                    if not settled.is_legal(seat, action):
                        raise OptionError(
                            f"seat {seat}'s {action!r} became illegal by the others' actions "
                            "at once: the game declared its concurrency wrongly"
                        )
                    settled.apply(seat, action)
        except ChanceNeeded as need:
            if need.outcomes > self.table.bound:
                raise OptionError(
                    f"{self.table.game.name} drew among {need.outcomes} outcomes, more than "
                    f"its chance bound {self.table.bound}"
                ) from None
            self.need = need.outcomes, need.first
            return
        self.state, self.step, self.script, self.need = settled, (), [], None
        if not (settled.over or settled.to_act):
            raise OptionError(
                f"{self.table.game.name} waits for the table (a timeout) alone, which OpenSpiel "
                "does not model"
            )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Progress:
        twin = _Progress.__new__(_Progress)
        twin.table = self.table
        twin.state = None if self.state is None else self.state.clone()
        twin.step = self.step
        twin.script = list(self.script)
        twin.need = self.need
        return twin


class ParlourState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a Parlour state: chance nodes while a step draws, else the
    seats to act (all at once where several are)."""

    def __init__(self, game: ParlourGame, progress: _Progress) -> None:
        super().__init__(game)
        self._progress = progress

    @property
    def kernel(self) -> State | None:
        """The Parlour state after the last whole step (`None` while the first deal is
        drawn), for Parlour's own bots and tools; not to be changed."""
        return self._progress.state

    # -- whose turn and what they may do ------------------------------------------------------

    def current_player(self) -> int:
        """Chance, the end, or in a simultaneous game every decision node (all seats give an
        action there, as `rl_environment` expects); else the one seat to act."""
        progress = self._progress
        if progress.need is not None:
            return int(pyspiel.PlayerId.CHANCE)
        state = progress.state
        assert state is not None
        if state.over:
            return int(pyspiel.PlayerId.TERMINAL)
        to_act = state.to_act
        if len(to_act) == 1 and not progress.table.simultaneous:
            return to_act[0]
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        """The player's action ids; in a simultaneous game a seat that does not act has the
        one action 0, which is ignored (every seat gives an action at every node there)."""
        state = self._progress.state
        assert state is not None
        if player not in state.to_act:
            return [0] if self._progress.table.simultaneous else []
        ids = self._progress.table.ids
        return sorted(ids[action] for action in state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        need = self._progress.need
        assert need is not None
        outcomes = need[0]
        return [(outcome, 1.0 / outcomes) for outcome in range(outcomes)]

    def _apply_action(self, action: int) -> None:
        progress = self._progress
        if progress.need is not None:
            progress.script.append(progress.need[1] + action)
        else:
            assert progress.state is not None
            seat = progress.state.to_act[0]
            progress.step = ((seat, progress.table.names[action]),)
        progress.advance()

    def _apply_actions(self, actions: list[int]) -> None:
        progress = self._progress
        assert progress.state is not None
        names = progress.table.names
        progress.step = tuple((seat, names[actions[seat]]) for seat in progress.state.to_act)
        progress.advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return self._progress.table.names[action]

    # -- the end --------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        state = self._progress.state
        return self._progress.need is None and state is not None and state.over

    def returns(self) -> list[float]:
        """Terminal rewards by the game's objective (`parlour.kernel.returns`); 0 before the end."""
        state = self._progress.state
        if state is None or not state.over:
            return [0.0] * self._progress.table.game.players
        return returns(state)

    # -- what a seat knows ----------------------------------------------------------------------

    def view_text(self, seat: int | None) -> str:
        """What `seat` sees, as JSON (keys sorted); empty while the first deal is drawn."""
        state = self._progress.state
        return "" if state is None else json.dumps(state.view(seat), sort_keys=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A state `player_id` cannot tell from this one, from the game's determinizer (its
        RNG seeded by the sampler), as OpenSpiel's IS-MCTS asks."""
        seed = int(probability_sampler() * 2**53)
        return self.resample(player_id, Rng(seed))

    def resample(self, player_id: int, rng: Rng) -> ParlourState:
        """A state `player_id` cannot tell from this one: `determinize(view, rng)`."""
        progress = self._progress
        if progress.state is None or progress.need is not None:
            raise ValueError("a state can be resampled only between steps, not at chance")
        table = progress.table
        dealt = table.game.determinize(progress.state.view(player_id), rng)
        return ParlourState(self.get_game(), _Progress(table, dealt, (), []))

    def __str__(self) -> str:
        """The kernel state's summary and the step under way (cheap: OpenSpiel's checks ask
        for it at every node)."""
        progress = self._progress
        text = "dealing" if progress.state is None else repr(progress.state)
        if progress.need is not None:
            text += f", drawing for {list(progress.step)}: {progress.script}"
        return text


class ViewObserver:
    """OpenSpiel's observer of a Parlour game: the seat's view as JSON, and as the game's
    encoding of it (`game.encoding()`, written straight from the state: one tensor `view`,
    zero while the first deal is drawn)."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: ParlourState, player: int) -> None:
        kernel = state.kernel
        if kernel is None:
            self.tensor.fill(0.0)
        else:
            self.encoding.observe_into(kernel, player, self.tensor)

    def string_from(self, state: ParlourState, player: int) -> str:
        return state.view_text(player)


def determinizer(seed: int) -> Callable[[ParlourState, int], ParlourState]:
    """A resampler for OpenSpiel's Python `ISMCTSBot.set_resampler`: the game's determinizer
    with its own RNG, seeded by `seed`."""
    rng = Rng(seed)

    def resample(state: ParlourState, player: int) -> ParlourState:
        return state.resample(player, rng)

    return resample

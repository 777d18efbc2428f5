"""Every decision of stored or simulated games as Parquet, one row a decision, for imitation
and offline learning: who decided, the seat's observation, the legal mask over
`game.all_actions()`, whether the move was forced, the action taken, the seat's final result
and return, (from a game's solver) every choice's value and (from a bot asked beside the
players) the choice that bot makes at each decision (docs/research.md, "Datasets")."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from parlour.bots.registry import Bot, make_bot
from parlour.datasets import load_pyarrow
from parlour.kernel import (
    ExactAdvice,
    Game,
    ParlourError,
    State,
    exact_advice_of,
    load,
    replay,
    standing,
)
from parlour.kernel.returns import returns
from parlour.sim import SimSpec, derived_seed, play_game

COLUMNS = (
    "game",
    "record",
    "seed",
    "step",
    "seat",
    "bot",
    "view",
    "legal",
    "forced",
    "action",
    "action_text",
    "score",
    "won",
    "reward",
)
VALUES = "values"
"""The column added when every choice's value is asked for (`values=True`)."""
LABEL = "label"
"""The column added when a bot is asked beside the players (`label=BOT`)."""
LABEL_VALUES = "label_values"
"""The column added when that bot also judges (`Bot.judge`): its value of each legal action."""


class Decision(NamedTuple):
    """One player's decision: before the record's action `step`, what `seat` (played by `bot`,
    when known) saw (encoded), could do (a 0/1 mask over `game.all_actions()`; `forced` when
    one action alone was legal) and did (its index and text), how that seat's game ended
    (score, win, the learning adapters' return), from the game's solver, each legal
    action's expected final score (NaN elsewhere; `None` without a solver or a decision), and
    the index of the action a labelling bot chooses there (`None` without one) and, if it
    judges, its value of each legal action (NaN elsewhere)."""

    game: str
    record: str
    seed: str
    step: int
    seat: int
    bot: str | None
    view: np.ndarray
    legal: np.ndarray
    forced: bool
    action: int
    action_text: str
    score: int
    won: bool
    reward: float
    values: np.ndarray | None
    label: int | None = None
    label_values: np.ndarray | None = None


def decisions(
    record: Mapping[str, Any],
    record_id: str,
    bots: Sequence[str | None] | None = None,
    advice: ExactAdvice | None = None,
    labellers: Sequence[Bot] | None = None,
) -> list[Decision]:
    """A record's player decisions in order (the table's actions, such as `timeout`, are
    applied but are nobody's decision, and so are a person's undo and the move it took back:
    only the moves that stand are decisions); `bots` names who played each seat, `advice`
    values the choices, `labellers` (a bot for each seat) say what they would have chosen.
    A bad record raises `RecordError`."""
    final = replay(record)
    game = final.game
    encoding = game.encoding()
    space = action_index(game)
    state = game.new(record["seed"], chance=record.get("chance", []))
    seed = str(record["seed"])
    worth = returns(final)
    rows = []
    stands = set(standing(record["actions"]))
    for step, (seat, action) in enumerate(record["actions"]):
        if seat is not None and step in stands:
            choices = state.legal_actions(seat)
            legal = np.zeros(len(space), dtype=np.int8)
            legal[[_index(space, game, choice) for choice in choices]] = 1
            label, judged = (None, None)
            if labellers is not None:
                label, judged = _labelled(labellers[seat], space, state, seat)
            rows.append(
                Decision(
                    game.name,
                    record_id,
                    seed,
                    step,
                    seat,
                    None if bots is None else bots[seat],
                    encoding.observe(state, seat),
                    legal,
                    len(choices) == 1,
                    _index(space, game, action),
                    action,
                    final.scores[seat],
                    seat in final.winners,
                    worth[seat],
                    None if advice is None else _values(advice, space, state, seat),
                    label,
                    judged,
                )
            )
        state.apply(seat, action)
    return rows


def _values(
    advice: ExactAdvice, space: dict[str, int], state: State, seat: int
) -> np.ndarray | None:
    """Each of the seat's choices' expected final score by its action's index (NaN for the
    actions it cannot take); `None` where it has no decision."""
    choices = advice.choices(state.view(seat), seat)
    if choices is None:
        return None
    values = np.full(len(space), np.nan, dtype=np.float32)
    for choice in choices:
        values[space[choice.action]] = choice.expected
    return values


def _labelled(
    bot: Bot, space: dict[str, int], state: State, seat: int
) -> tuple[int, np.ndarray | None]:
    """The index of the action `bot` chooses for `seat` from its view (the only one, forced)
    and, for a bot that judges, its value of each legal action by index (NaN elsewhere; none
    for a forced move). A judge's choice is the action it values most (the first of equals)."""
    choices = state.legal_actions(seat)
    if len(choices) == 1:
        return space[choices[0]], None
    view = state.view(seat)
    judged = bot.judge(view, choices)
    if judged is None:
        return space[bot.choose(view, choices)], None
    values = np.full(len(space), np.nan, dtype=np.float32)
    values[[space[choice] for choice in choices]] = judged
    return space[choices[max(range(len(choices)), key=judged.__getitem__)]], values


def action_index(game: Game) -> dict[str, int]:
    """Each action of `game.all_actions()` by its position."""
    return {action: number for number, action in enumerate(game.all_actions())}


def _index(space: dict[str, int], game: Game, action: str) -> int:
    if action not in space:
        raise ParlourError(f"{game.name}'s all_actions() lacks {action!r}, a player's action")
    return space[action]


def simulated(
    spec: SimSpec, values: bool, start: int, stop: int, label: str | None = None
) -> list[list[Decision]]:
    """The decisions of each game `start .. stop-1` of a `parlour sim` run (a worker's chunk),
    with each seat's bot, with `values` the game's solver's values, and with `label` the
    choices of that bot (one a seat, seeded apart from the players) at every decision; a game's
    record id is its number in the run."""
    game = load(spec.game, spec.players, **spec.options)
    advice = exact_advice_of(game) if values else None
    games = []
    for index in range(start, stop):
        bots: list[str | None] = [None] * spec.players
        for bot, seat in enumerate(spec.seating(index)):
            bots[seat] = spec.bots[bot]
        labellers = None
        if label is not None:
            labellers = [
                make_bot(game, label, seat, derived_seed(spec.seed, index, seat, "label"))
                for seat in range(spec.players)
            ]
        record = play_game(spec, index).record
        games.append(decisions(record, str(index), bots, advice, labellers))
    return games


def decisions_table(rows: Sequence[Decision], sources: Iterable[Game]) -> Any:
    """The rows of one game set-up as a `pyarrow.Table`, its arrays of fixed size (`view`
    float32, `legal` int8, `values` float32 where the rows have them); the schema's metadata
    `parlour` holds the set-up: its options, the names of its actions (the mask's order) and
    its encoding's features. Rows of several set-ups are refused, naming them."""
    pa = load_pyarrow()
    setup = describe(sources)
    if len(setup["setups"]) > 1:
        found = "; ".join(_label(entry) for entry in setup["setups"])
        raise ParlourError(
            f"a dataset holds one game set-up (its arrays have one size), and these games have "
            f"{len(setup['setups'])}: {found}. Export them apart (--game, --players)"
        )
    (only,) = setup["setups"]
    actions, size = len(only["actions"]), sum(feature["size"] for feature in only["encoding"])

    def arrays(name: str, kind: Any, width: int) -> Any:
        cells = [getattr(row, name) for row in rows]
        flat = np.zeros((len(rows), width), dtype=kind.to_pandas_dtype())
        for number, cell in enumerate(cells):
            if cell is not None:
                flat[number] = cell
        missing = [cell is None for cell in cells]
        mask = pa.array(missing) if any(missing) else None
        return pa.FixedSizeListArray.from_arrays(pa.array(flat.ravel(), kind), width, mask=mask)

    columns = {
        "game": pa.array([row.game for row in rows], pa.string()),
        "record": pa.array([row.record for row in rows], pa.string()),
        "seed": pa.array([row.seed for row in rows], pa.string()),
        "step": pa.array([row.step for row in rows], pa.int32()),
        "seat": pa.array([row.seat for row in rows], pa.int8()),
        "bot": pa.array([row.bot for row in rows], pa.string()),
        "view": arrays("view", pa.float32(), size),
        "legal": arrays("legal", pa.int8(), actions),
        "forced": pa.array([row.forced for row in rows], pa.bool_()),
        "action": pa.array([row.action for row in rows], pa.int32()),
        "action_text": pa.array([row.action_text for row in rows], pa.string()),
        "score": pa.array([row.score for row in rows], pa.int64()),
        "won": pa.array([row.won for row in rows], pa.bool_()),
        "reward": pa.array([row.reward for row in rows], pa.float64()),
    }
    if any(row.values is not None for row in rows):
        columns[VALUES] = arrays(VALUES, pa.float32(), actions)
    if any(row.label is not None for row in rows):
        columns[LABEL] = pa.array([row.label for row in rows], pa.int32())
    if any(row.label_values is not None for row in rows):
        columns[LABEL_VALUES] = arrays(LABEL_VALUES, pa.float32(), actions)
    table = pa.table(columns)
    return table.replace_schema_metadata({"parlour": json.dumps(setup)})


def _label(setup: Mapping[str, Any]) -> str:
    options = ", ".join(f"{name}={value}" for name, value in setup["options"].items())
    return f"{setup['game']} with {setup['players']} players ({options})"


def describe(games: Iterable[Game]) -> dict[str, Any]:
    """Each distinct game set-up: name, players, options, actions and encoding features."""
    setups: dict[str, dict[str, Any]] = {}
    for game in games:
        key = json.dumps([game.name, game.players, game.options], sort_keys=True)
        if key not in setups:
            setups[key] = {
                "game": game.name,
                "players": game.players,
                "options": game.options,
                "actions": list(game.all_actions()),
                "encoding": game.encoding().describe(),
            }
    return {"setups": list(setups.values())}


def write_decisions(rows: Sequence[Decision], sources: Iterable[Game], path: Path) -> None:
    """Write `decisions_table(rows, sources)` to a Parquet file."""
    load_pyarrow().parquet.write_table(decisions_table(rows, sources), path)

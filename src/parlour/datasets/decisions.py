"""Every decision of stored or simulated games as Parquet, one row a decision, for imitation
learning: the seat's view encoding, the legal mask over `game.all_actions()`, the action
taken and the seat's final result (documented in docs/research.md, "Datasets")."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from parlour.datasets import load_pyarrow
from parlour.kernel import Game, ParlourError, replay
from parlour.sim import SimSpec, play_game

COLUMNS = (
    "game",
    "record",
    "seed",
    "step",
    "seat",
    "view",
    "legal",
    "action",
    "action_text",
    "score",
    "won",
)


class Decision(NamedTuple):
    """One player's decision: before the record's action `step`, what `seat` saw (encoded),
    could do (a 0/1 mask over `game.all_actions()`) and did (its index and text), and how that
    seat's game ended."""

    game: str
    record: str
    seed: str
    step: int
    seat: int
    view: np.ndarray
    legal: np.ndarray
    action: int
    action_text: str
    score: int
    won: bool


def decisions(record: Mapping[str, Any], record_id: str) -> list[Decision]:
    """A record's player decisions in order (the table's actions, such as `timeout`, are
    applied but are nobody's decision); a bad record raises `RecordError`."""
    final = replay(record)
    game = final.game
    encoding = game.encoding()
    space = action_index(game)
    state = game.new(record["seed"], chance=record.get("chance", []))
    seed = str(record["seed"])
    rows = []
    for step, (seat, action) in enumerate(record["actions"]):
        if seat is not None:
            legal = np.zeros(len(space), dtype=np.int8)
            legal[[_index(space, game, choice) for choice in state.legal_actions(seat)]] = 1
            rows.append(
                Decision(
                    game.name,
                    record_id,
                    seed,
                    step,
                    seat,
                    encoding.encode(state.view(seat)),
                    legal,
                    _index(space, game, action),
                    action,
                    final.scores[seat],
                    seat in final.winners,
                )
            )
        state.apply(seat, action)
    return rows


def action_index(game: Game) -> dict[str, int]:
    """Each action of `game.all_actions()` by its position."""
    return {action: number for number, action in enumerate(game.all_actions())}


def _index(space: dict[str, int], game: Game, action: str) -> int:
    if action not in space:
        raise ParlourError(f"{game.name}'s all_actions() lacks {action!r}, a player's action")
    return space[action]


def simulated(spec: SimSpec, start: int, stop: int) -> list[list[Decision]]:
    """The decisions of each game `start .. stop-1` of a `parlour sim` run (a worker's chunk);
    a game's record id is its number in the run."""
    return [decisions(play_game(spec, index).record, str(index)) for index in range(start, stop)]


def decisions_table(rows: Sequence[Decision], sources: Iterable[Game]) -> Any:
    """The rows as a `pyarrow.Table` (`view` list<float32>, `legal` list<int8>); the schema's
    metadata `parlour` holds, for each game set-up exported, its options, the names of its
    actions (the mask's order) and its encoding's features."""
    pa = load_pyarrow()

    def lists(arrays: list[np.ndarray], kind: Any, dtype: type) -> Any:
        offsets = np.cumsum([0, *(len(array) for array in arrays)], dtype=np.int32)
        values: np.ndarray = np.concatenate(arrays).astype(dtype) if arrays else np.zeros(0, dtype)
        return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, type=kind))

    columns = {
        "game": pa.array([row.game for row in rows], pa.string()),
        "record": pa.array([row.record for row in rows], pa.string()),
        "seed": pa.array([row.seed for row in rows], pa.string()),
        "step": pa.array([row.step for row in rows], pa.int32()),
        "seat": pa.array([row.seat for row in rows], pa.int8()),
        "view": lists([row.view for row in rows], pa.float32(), np.float32),
        "legal": lists([row.legal for row in rows], pa.int8(), np.int8),
        "action": pa.array([row.action for row in rows], pa.int32()),
        "action_text": pa.array([row.action_text for row in rows], pa.string()),
        "score": pa.array([row.score for row in rows], pa.int64()),
        "won": pa.array([row.won for row in rows], pa.bool_()),
    }
    table = pa.table(columns)
    return table.replace_schema_metadata({"parlour": json.dumps(describe(sources))})


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

"""Hints for a pending decision and the analysis of a whole game, from the solved tables.

A decision is a seat's action when it had more than one legal action (the first roll of a turn
and the table's timeout are not decisions). Values are expected final scores of that seat's
sheet with optimal play afterwards; a choice's loss is what it gives up to the best.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import Any

from parlour.boxes.dicetime.solver.advisor import (
    Choice,
    advisor_for,
    position_from_view,
    variant_of,
)
from parlour.boxes.dicetime.solver.build import MASKS
from parlour.boxes.dicetime.solver.store import table_for
from parlour.kernel import OptionError, State, load, replay


def _require_dicetime(state: State) -> None:
    if state.game.name != "dicetime":
        raise OptionError(f"hints and analysis exist for dicetime only, not {state.game.name}")


def prepare(options: Mapping[str, Any], report: Callable[[float], None]) -> None:
    """Load the solved table that hints and analyses of a game with `options` read, or build
    it (seconds to a minute, once per variant), calling `report` with the fraction built."""
    built = 0

    def masks_done(count: int) -> None:
        nonlocal built
        built += count
        report(built / MASKS)

    table_for(variant_of(dict(options)), masks_done)


def choices_for(state: State, seat: int) -> list[Choice] | None:
    """Every choice of `seat`'s pending decision, best first; `None` if it has none."""
    if len(state.legal_actions(seat)) < 2:
        return None
    position = position_from_view(state.view(seat), seat)
    if position is None:
        return None
    return advisor_for(state.game.options).advise(position)


def hints(state: State) -> list[dict[str, Any]]:
    """For each seat with a pending decision: its choices, best first (JSON-ready)."""
    _require_dicetime(state)
    pending = []
    for seat in state.to_act:
        choices = choices_for(state, seat)
        if choices is not None:
            pending.append({"seat": seat, "choices": [asdict(choice) for choice in choices]})
    return pending


def analyse(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a game and judge every decision of every seat against the optimum."""
    final = replay(record)
    _require_dicetime(final)
    game = load(record["game"], record["players"], **record["options"])
    state = game.new(record["seed"], chance=record.get("chance", []))
    advisor = advisor_for(game.options)
    optimal = advisor.table.expected_score
    seats: list[dict[str, Any]] = [
        {"seat": seat, "decisions": [], "lost": 0.0} for seat in range(game.players)
    ]
    for number, (seat, action) in enumerate(final.history, start=1):
        if seat is not None:
            choices = choices_for(state, seat)
            if choices is not None:
                chosen = next(choice for choice in choices if choice.action == action)
                seats[seat]["decisions"].append(
                    {
                        "number": number,
                        "action": action,
                        "best": choices[0].action,
                        "expected": chosen.expected,
                        "best_expected": choices[0].expected,
                        "loss": chosen.loss,
                    }
                )
                seats[seat]["lost"] += chosen.loss
        state.apply(seat, action)
    for entry in seats:
        entry["score"] = state.scores[entry["seat"]]
        entry["proficiency"] = 100 * (optimal - entry["lost"]) / optimal
    return {
        "game": "dicetime",
        "options": dict(game.options),
        "optimal_expected_score": optimal,
        "over": state.over,
        "seats": seats,
    }

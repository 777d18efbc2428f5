"""Dicetime's advice (the kernel's `ExactAdvice`): hints, the analysis of a game and the exact
solver, all from the solved tables. Listings make one for every game, so this module stays
light: the solver's modules (numpy, numba) load when a value is first asked for."""

from __future__ import annotations

from parlour.kernel import Choice, ExactAdvice, Progress, Solution, View
from parlour.kernel.advice import ignore


class DicetimeAdvice(ExactAdvice):
    """The solved tables of the game's variant, read by the kernel's generic advice."""

    def solve(self, rebuild: bool, progress: Progress) -> Solution:
        from parlour.boxes.dicetime.solver.analysis import solve

        table = solve(self.game.options, rebuild, progress)
        return Solution(
            table.expected_score,
            table.sd_score,
            table.seconds,
            table.cached,
            table.path,
            table.table_bytes,
        )

    def prepare(self, progress: Progress) -> None:
        """The table loaded (or built) once per process, for hints and analyses."""
        from parlour.boxes.dicetime.solver.analysis import prepare

        prepare(self.game.options, progress)

    def optimum(self) -> float:
        from parlour.boxes.dicetime.solver.analysis import prepare

        return prepare(self.game.options, ignore).expected_score

    def choices(self, view: View, seat: int) -> list[Choice] | None:
        from parlour.boxes.dicetime.solver.analysis import choices_for

        return choices_for(view, seat)

    def simulate(self, games: int, seed: int, progress: Progress) -> list[int]:
        """Optimal solo games in bulk, in compiled code (`solver/bulk.py`): the same decisions
        as the kernel's way, many times faster."""
        from parlour.boxes.dicetime.solver.analysis import prepare
        from parlour.boxes.dicetime.solver.bulk import simulate

        played = 0

        def games_done(count: int) -> None:
            nonlocal played
            played += count
            progress(played / games)

        table = prepare(self.game.options, ignore)
        scores: list[int] = simulate(table, games, seed, games_done).tolist()
        return scores

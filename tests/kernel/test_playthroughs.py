"""Each golden playthrough in tests/golden/ (one seeded game per game and mode, as text) matches a
fresh one, so any change of behaviour shows as a diff; regenerate on purpose with the command."""

from __future__ import annotations

import difflib

import pytest

from parlour.playthrough import COMMAND, FOLDER, Playthrough, playthroughs, render

EXCERPT = 40
"""The most diff lines a failure shows."""


@pytest.mark.parametrize("play", playthroughs(), ids=lambda play: play.filename)
def test_playthrough_matches_its_golden_file(play: Playthrough) -> None:
    path = FOLDER / play.filename
    assert path.exists(), f"no golden playthrough {path.name}; run {COMMAND}"
    expected, actual = path.read_text(), render(play)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), path.name, "now", n=1, lineterm=""
        )
        shown = [line[:300] for line in diff][:EXCERPT]
        pytest.fail(
            f"{path.name} differs from a fresh playthrough (behaviour changed?):\n"
            + "\n".join(shown)
            + f"\nIf the change is intended, run {COMMAND} and commit the diff."
        )


@pytest.mark.every_game
@pytest.mark.usefixtures("tiny_game")  # Tiny Duel's file too (tests/tiny, registered here)
def test_every_golden_file_has_a_playthrough() -> None:
    names = {play.filename for play in playthroughs()}
    stale = sorted(path.name for path in FOLDER.glob("*.txt") if path.name not in names)
    assert not stale, f"golden files no playthrough makes: {stale}; delete them"

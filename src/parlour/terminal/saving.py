"""Saving a terminal game: a new game's own file, named after the game and the time it began
(so it never replaces another game's save), a question before replacing any other file, and
records written whole or not at all."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from parlour.i18n import _
from parlour.kernel import State, timed_record
from parlour.terminal.commands import yes
from parlour.terminal.prompt import Prompt


def default_save_path(game: str, began: datetime, folder: Path = Path()) -> Path:
    """`parlour-GAME-YYYYMMDD-HHMM.json` in `folder`, with `-2`, `-3`, ... if that is taken."""
    return unused(folder / f"parlour-{game}-{began:%Y%m%d-%H%M}.json")


def unused(path: Path) -> Path:
    """`path`, or where it is taken the first free `NAME-2.json`, `NAME-3.json`, ... beside it."""
    found, number = path, 2
    while found.exists():
        found, number = path.with_name(f"{path.stem}-{number}{path.suffix}"), number + 1
    return found


def save_record(
    state: State,
    seats: list[str],
    path: Path,
    clock_used: float | None = None,
    times: Sequence[float] | None = None,
) -> Path:
    """Write the game's record, with who sits where, the seconds used of a running clock
    (read back on resume) and each action's time where they were kept (`timed_record`), as
    JSON; the file is replaced only once the whole record is written (`OSError` if it
    cannot be)."""
    record = state.record if times is None else timed_record(state, times)
    record["meta"] = {"seats": seats}
    if clock_used is not None:
        record["meta"]["clock_used"] = clock_used
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(json.dumps(record, indent=1) + "\n")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return path


def why_not(error: OSError) -> str:
    """What the system said about a file that could not be written, in words."""
    return (error.strerror or str(error)).lower()


def may_replace(prompt: Prompt, path: Path) -> bool:
    """Whether `path` may be written: it holds no file yet, or the person says so (no answer,
    as at the end of the input, keeps the file)."""
    if not path.is_file():
        return True
    try:
        question = _("{path} exists (another game's save?). Replace it? (y/n, Enter: n) ")
        answer = prompt.ask(question.format(path=path))
    except (EOFError, KeyboardInterrupt):
        return False
    return yes(answer)

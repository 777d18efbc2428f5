"""`parlour ARGS` run in this process exactly as `python -m parlour` runs it (its handling of
errors included), for the many checks of what the command says: a subprocess costs a second
and a half of imports each; a few tests still start a real one."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from unittest.mock import patch

from parlour.cli.app import main


@dataclass(frozen=True)
class Ran:
    """What the command returned and printed (lines joined as one, so no wrap splits them)."""

    returncode: int
    stdout: str
    stderr: str


def parlour_main(*args: str) -> Ran:
    """Run `parlour ARGS` through its `main`; an exception it lets out fails the test, as a
    traceback would."""
    out, err = io.StringIO(), io.StringIO()
    with patch.object(sys, "argv", ["parlour", *args]), redirect_stdout(out), redirect_stderr(err):
        try:
            main()
            code = 0
        except SystemExit as exited:
            code = exited.code if isinstance(exited.code, int) else int(exited.code is not None)
    return Ran(code, " ".join(out.getvalue().split()), " ".join(err.getvalue().split()))

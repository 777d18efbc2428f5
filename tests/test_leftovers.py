"""The check of `tests/leftovers.py`: a session whose test leaves a process running fails and
names it, an orphaned one included, and the process is ended; a tidy session passes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")

LEAVES = """
import subprocess


def test_leaves_a_child():
    subprocess.Popen(["sleep", "{marker}"])


def test_orphans_a_grandchild():
    subprocess.run(["sh", "-c", "sleep {orphan} &"], check=True)
"""
QUICK = """
from tests import leftovers

leftovers.GRACE_SECONDS = 0.5
"""
"""The inner sessions' conftest: the processes they leave are not on their way out."""
TIDY = """
import subprocess


def test_waits_for_its_child():
    subprocess.run(["sleep", "0"], check=True)
"""


def session(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """A pytest session of `source` alone, with the check."""
    (tmp_path / "test_inner.py").write_text(source)
    (tmp_path / "conftest.py").write_text(QUICK)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["-p", "tests.leftovers", "--rootdir", str(tmp_path), str(tmp_path)]
    environment = {
        **os.environ,
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")]),
    }
    return subprocess.run(
        command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120
    )


def running(command: str) -> bool:
    found = subprocess.run(["pgrep", "-f", f"^{command}$"], capture_output=True, check=False)
    return found.returncode == 0


def test_a_process_left_running_fails_the_session_and_is_ended(tmp_path: Path) -> None:
    marker, orphan = f"{os.getpid()}.5", f"{os.getpid()}.25"  # sleeps only these tests start
    done = session(tmp_path, LEAVES.format(marker=marker, orphan=orphan))
    assert done.returncode != 0, done.stdout
    assert "the tests left processes running" in done.stdout, done.stdout
    assert f"sleep {marker}" in done.stdout and f"sleep {orphan}" in done.stdout, done.stdout
    assert not running(f"sleep {marker}") and not running(f"sleep {orphan}")


def test_a_tidy_session_passes(tmp_path: Path) -> None:
    done = session(tmp_path, TIDY)
    assert done.returncode == 0, done.stdout + done.stderr

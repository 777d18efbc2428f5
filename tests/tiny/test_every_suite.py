"""Every generic suite passes on a game it has never heard of: `pytest --game tiny` in a child
process registers Tiny Duel and runs every suite on it alone. A generic suite is a test module
with cases for each of the other registered games (or a test marked `every_game`); each must
have cases for Tiny Duel too, and they must pass. The browser suites count where Chromium is
found, the PostgreSQL cases where PARLOUR_TEST_PG is set; elsewhere they may skip, saying why."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

import pytest

from tests import one_game

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium")
POSTGRESQL = os.environ.get("PARLOUR_TEST_PG")
MISSING = {"Chromium": not CHROMIUM, "Playwright": not CHROMIUM, "PostgreSQL": not POSTGRESQL}
"""The words of the skips allowed: a missing browser or database, where it is missing."""

pytestmark = pytest.mark.skipif(
    one_game.chosen is not None, reason="this test runs the --game session itself"
)


def outcomes(junit: Path) -> dict[str, list[tuple[str, str]]]:
    """Each test module's cases as (outcome, message): passed, failed or skipped."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for case in ElementTree.parse(junit).iter("testcase"):
        parts = case.get("classname", "").split(".")
        while parts and not (ROOT / "/".join(parts)).with_suffix(".py").is_file():
            parts.pop()  # a test class's name
        module = "/".join(parts) + ".py"
        marks = [child for child in case if child.tag in ("failure", "error", "skipped")]
        outcome = "passed" if not marks else "skipped" if marks[0].tag == "skipped" else "failed"
        message = marks[0].get("message", "") if marks else ""
        found[module].append((outcome, message))
    return found


def test_every_generic_suite_runs_and_passes_on_tiny_duel(tmp_path: Path) -> None:
    report, junit = tmp_path / "suites.json", tmp_path / "junit.xml"
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])  # a session of its own
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "tests"]
    command += ["--game", "tiny", "--suites-report", str(report), "--junitxml", str(junit)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    suites: dict[str, bool] = json.loads(report.read_text())
    assert {"tests/kernel/test_contract.py", "tests/web/test_browser.py"} <= set(suites)
    assert [suite for suite, covered in suites.items() if not covered] == []
    ran = outcomes(junit)
    for suite in suites:
        cases = ran[suite]
        assert not [case for case in cases if case[0] == "failed"], suite
        skipped = [message for outcome, message in cases if outcome == "skipped"]
        allowed = [word for word, missing in MISSING.items() if missing]
        unexplained = [text for text in skipped if not any(word in text for word in allowed)]
        assert not unexplained, f"{suite}: skipped {unexplained[:3]}"
        assert cases, f"{suite} ran no case on Tiny Duel"

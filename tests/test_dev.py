"""`dev.py`: `run` becomes Parlour (stopping its process id stops the server), installing
Debian's packages waits for apt's lock and tries again, the tests run on one worker more than
the cores unless told otherwise, and Python keeps the bytecode it compiles."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import dev
import httpx2
import pytest

from tests.web.live_server import free_port

ROOT = Path(dev.__file__).parent


@pytest.mark.skipif(os.name == "nt", reason="Windows has no exec that keeps the process id")
def test_stopping_dev_run_by_its_pid_stops_the_server(tmp_path: Path) -> None:
    parlour = tmp_path / "parlour"  # stands for .venv/bin/parlour: this interpreter's Parlour
    parlour.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m parlour "$@"\n')
    parlour.chmod(0o755)
    port = free_port()
    script = (
        "import sys, pathlib, dev\n"
        "dev.ensure_venv = lambda extras: None\n"
        f"dev.BIN = pathlib.Path({str(tmp_path)!r})\n"
        f"sys.exit(dev.run(['serve', '--port', '{port}', '--db', "
        f"'sqlite:///{tmp_path / 'dev.db'}']))\n"
    )
    runner = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")])},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group, to clean up whatever it started
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                assert httpx2.get(base + "/healthz", timeout=1).status_code == 200
                break
            except httpx2.HTTPError:
                time.sleep(0.1)
        else:
            raise AssertionError("dev.py run did not start the server")
        os.kill(runner.pid, signal.SIGTERM)
        runner.wait(timeout=30)
        time.sleep(0.5)
        with pytest.raises(httpx2.ConnectError):
            httpx2.get(base + "/healthz", timeout=2)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(runner.pid, signal.SIGKILL)
        runner.wait(timeout=10)


def test_installing_packages_waits_for_apts_lock_and_tries_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[list[str]] = []
    installs = iter([100, 0])  # apt-get failed once (the lock was never freed), then worked

    def apt(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        calls.append(command)
        code = next(installs) if "install" in command else 0
        return subprocess.CompletedProcess(command, code)

    monkeypatch.setattr(dev.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(dev.os, "geteuid", lambda: 0)
    monkeypatch.setattr(dev.subprocess, "run", apt)
    monkeypatch.setattr(dev.time, "sleep", lambda seconds: None)
    assert dev.apt_install(["chromium"])
    assert [c[3] for c in calls] == ["update", "install", "update", "install"]
    assert all(c[:3] == ["apt-get", "-o", "DPkg::Lock::Timeout=600"] for c in calls)
    out = capsys.readouterr().out
    assert "waits up to 10 minutes" in out and "trying again" in out


def test_the_tests_run_on_one_worker_more_than_the_cores_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert str((os.cpu_count() or 1) + 1) == dev.TEST_WORKERS
    monkeypatch.delenv("PARLOUR_TEST_WORKERS", raising=False)
    assert dev.pytest_args(["-x"]) == ["-n", dev.TEST_WORKERS, "--dist", "loadscope", "-x"]
    monkeypatch.setenv("PARLOUR_TEST_WORKERS", "3")
    assert dev.pytest_args([]) == ["-n", "3", "--dist", "loadscope"]
    monkeypatch.setenv("PARLOUR_TEST_WORKERS", "0")
    assert dev.pytest_args(["tests/kernel"]) == ["tests/kernel"]
    monkeypatch.setenv("PARLOUR_TEST_WORKERS", "3")
    for told in (["-n", "1"], ["-n4"], ["--numprocesses=auto"], ["--numprocesses", "2"]):
        assert dev.pytest_args(told) == told


def test_the_test_command_lets_python_keep_bytecode_where_the_machine_forbids_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With PYTHONDONTWRITEBYTECODE set, every process compiled every module it imported
    again (a worker's collection: 27 s of CPU, not 9): ruff, mypy and pytest run without it."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setattr(dev, "ensure_venv", lambda extras: None)
    monkeypatch.setattr(dev, "services", dict)
    seen: list[str | None] = []

    def call(step: list[str], cwd: Path) -> int:
        seen.append(os.environ.get("PYTHONDONTWRITEBYTECODE"))
        return 0

    monkeypatch.setattr(dev.subprocess, "call", call)
    assert dev.test([]) == 0
    assert seen == [None, None, None]

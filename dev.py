#!/usr/bin/env python3
"""Set up and run Parlour on a machine that has only python3.

    python3 dev.py run [ARGS...]   create or reuse .venv, install Parlour, run `parlour ARGS...`
                                   (no ARGS: `parlour serve`, the web app on 127.0.0.1:8000)
    python3 dev.py test [ARGS...]  the same set-up with the dev tools, then ruff, mypy and pytest
                                   ARGS (on one worker process more than the cores;
                                   PARLOUR_TEST_WORKERS=N for N, 0 for one process; `-n` in
                                   ARGS decides instead)

The virtual environment lives in `.venv` next to this file and is reinstalled only when
`pyproject.toml` changes (a stamp file records its hash).
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_venv(extras: str) -> None:
    """Create `.venv` if missing and (re)install the project when its metadata changed."""
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".parlour-installed{'-' + extras if extras else ''}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print(f"Installing Parlour{' with ' + extras if extras else ''} into .venv ...", flush=True)
    target = f".[{extras}]" if extras else "."
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True, cwd=ROOT)
    # No bytecode at install: compiling every file of PyTorch and the rest took a third of a
    # fresh set-up; Python compiles (and caches: `caching_bytecode`) the modules it imports as
    # it meets them.
    subprocess.run([*pip, "--no-compile", "-e", target], check=True, cwd=ROOT)
    stamp.write_text(digest)


def caching_bytecode() -> None:
    """Let Python keep the bytecode of what it imports (in `__pycache__`, as it does by default),
    for this process and what it starts. A machine that sets PYTHONDONTWRITEBYTECODE makes every
    process compile every module it imports again: a test worker's collection took 27 s of
    CPU, not 9, and each server or command a test starts paid seconds more."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def run(args: list[str]) -> int:
    """Start Parlour with the given arguments (no arguments: the web server). On POSIX this
    process becomes Parlour (exec), so stopping its process id stops the server."""
    ensure_venv("")
    caching_bytecode()
    command = [str(BIN / "parlour"), *(args or ["serve"])]
    if os.name == "nt":  # Windows has no exec that keeps the process id
        return subprocess.call(command)
    os.execv(command[0], command)


LINTED = ("src", "tests", "benchmarks", "examples", "tools", "dev.py")
"""What ruff checks (mypy's files are in pyproject.toml: the examples need the `learn` extra)."""

APT_LOCK_SECONDS = 600
"""How long apt waits for another apt or dpkg (an upgrade running, say) to free its lock."""
APT_ATTEMPTS = 3
APT_RETRY_SECONDS = 10.0

PG_ROLE = "parlour"
PG_URL = f"postgresql+psycopg://{PG_ROLE}:{PG_ROLE}@127.0.0.1:5432/postgres"


def apt_install(packages: list[str]) -> bool:
    """Install Debian packages (as root, where apt-get exists); whether it worked."""
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        return False
    print(
        f"Installing {', '.join(packages)} from Debian's packages (if another apt or dpkg "
        f"holds the lock, this waits up to {APT_LOCK_SECONDS // 60} minutes for it) ...",
        flush=True,
    )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    out = subprocess.DEVNULL
    apt = ["apt-get", "-o", f"DPkg::Lock::Timeout={APT_LOCK_SECONDS}"]
    for attempt in range(1, APT_ATTEMPTS + 1):
        subprocess.run([*apt, "update", "-qq"], check=False, env=env, stdout=out)
        install = [*apt, "install", "-y", "-qq", *packages]
        if subprocess.run(install, check=False, env=env, stdout=out).returncode == 0:
            return True
        if attempt < APT_ATTEMPTS:
            print(f"apt-get failed; trying again in {APT_RETRY_SECONDS:.0f} s ...", flush=True)
            time.sleep(APT_RETRY_SECONDS)
    print(f"Could not install {', '.join(packages)}; the tests that need them skip.", flush=True)
    return False


def chromium() -> str | None:
    """Debian's Chromium for the browser tests, installed when missing."""
    found = shutil.which("chromium")
    if found is None and apt_install(["chromium"]):
        found = shutil.which("chromium")
    return found


def postgresql() -> str | None:
    """A running PostgreSQL with a `parlour` role that may create databases (the tests make
    one per test); installed and started when missing. Its admin URL, or None."""
    if not glob.glob("/usr/lib/postgresql/*/bin/postgres") and not apt_install(["postgresql"]):
        return None
    clusters = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True, check=False)
    for line in clusters.stdout.splitlines():
        version, name, _port, status = line.split()[:4]
        if status != "online":
            subprocess.run(["pg_ctlcluster", version, name, "start"], check=False)
    create = (
        f"DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{PG_ROLE}') THEN "
        f"CREATE ROLE {PG_ROLE} LOGIN PASSWORD '{PG_ROLE}' CREATEDB; END IF; END$$;"
    )
    made = subprocess.run(  # SQL on stdin: no shell quoting of its $$
        ["su", "postgres", "-c", "psql -q -v ON_ERROR_STOP=1"],
        input=create,
        capture_output=True,
        text=True,
        check=False,
    )
    return PG_URL if made.returncode == 0 else None


def services() -> dict[str, str]:
    """What the browser and PostgreSQL tests need, as environment variables; a missing piece
    makes those tests skip and say why."""
    env = {}
    browser = chromium()
    if browser:
        env["PARLOUR_CHROMIUM"] = browser
    database = postgresql()
    if database:
        env["PARLOUR_TEST_PG"] = database
    return env


TEST_WORKERS = str((os.cpu_count() or 1) + 1)
"""pytest-xdist workers by default: one more than the cores, because a good part of the suite
waits on browsers, servers and the database (docs/performance.md has the figures)."""


def pytest_args(args: list[str]) -> list[str]:
    """pytest's arguments: `args`, run on `PARLOUR_TEST_WORKERS` processes (default
    `TEST_WORKERS`; 0 for this one), a module's tests kept on one worker (they share its
    fixtures); `-n` in `args` decides instead."""
    if any(a in {"-n", "--numprocesses"} or a.startswith(("-n", "--numprocesses=")) for a in args):
        return args
    workers = os.environ.get("PARLOUR_TEST_WORKERS", TEST_WORKERS).strip() or TEST_WORKERS
    if workers == "0":
        return args
    return ["-n", workers, "--dist", "loadscope", *args]


def test(args: list[str]) -> int:
    """Lint, type-check and run the whole test suite; stop at the first failing step."""
    ensure_venv("dev")
    caching_bytecode()
    os.environ.update(services())
    steps = [
        [str(PYTHON), "-m", "ruff", "check", *LINTED],
        [str(PYTHON), "-m", "mypy"],
        [str(PYTHON), "-m", "pytest", *pytest_args(args)],
    ]
    for step in steps:
        print("$", " ".join(Path(step[0]).name if i == 0 else s for i, s in enumerate(step)))
        code = subprocess.call(step, cwd=ROOT)
        if code:
            return code
    return 0


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test"}:
        print(__doc__)
        return 2
    command, rest = sys.argv[1], sys.argv[2:]
    return run(rest) if command == "run" else test(rest)


if __name__ == "__main__":
    sys.exit(main())

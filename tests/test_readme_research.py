"""The README's section for researchers runs as written: its Python example, and each of its
commands through the CLI (in a scratch folder, on a local Ray joined once for the module)."""

from __future__ import annotations

import logging
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from parlour.cli.app import app

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = README.read_text(encoding="utf-8").split("## For researchers", 1)[1].split("\n## ")[0]
PYTHON = re.findall(r"```python\n(.*?)```", SECTION, re.DOTALL)
COMMANDS = [
    line.strip()
    for block in re.findall(r"```sh\n(.*?)```", SECTION, re.DOTALL)
    for line in block.splitlines()
    if line.startswith("parlour ")
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray the `--backend ray` command joins (starting one takes seconds)."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield
    ray.shutdown()


def test_the_section_shows_each_interface() -> None:
    assert len(PYTHON) == 1
    for name in ("pettingzoo.env", "Dicetime-v0", "openspiel.register"):
        assert name in PYTHON[0]
    assert [command.split()[1] for command in COMMANDS] == [
        "export",
        "sim",
        "report",
        "train",
        "train",
        "imitate",
    ]


def test_the_python_example_runs() -> None:
    exec(compile(PYTHON[0], str(README), "exec"), {})


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.split()[1])
def test_the_command_runs(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_ray: None
) -> None:
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command, comments=True)
    if "--data" in words:  # the dataset it learns from, written by the section's export
        data = words[words.index("--data") + 1]
        export = next(line for line in COMMANDS if line.split()[1:3] == ["export", data])
        assert CliRunner().invoke(app, shlex.split(export, comments=True)[1:]).exit_code == 0
    done = CliRunner().invoke(app, words[1:])
    assert done.exit_code == 0, done.output
    written = [word for word in words if word.endswith((".parquet", ".html"))]
    if "--folder" in words:  # a training run: its policy
        written.append(f"{words[words.index('--folder') + 1]}/policy.npz")
    assert written and all((tmp_path / name).stat().st_size > 0 for name in written)

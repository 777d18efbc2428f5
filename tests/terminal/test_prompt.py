"""The keyboard prompt, driven through a pseudo-terminal: the line being typed survives what
is printed meanwhile (a bot's call) and is shown again after the prompt; what was typed before
a new question (a line begun, a line typed ahead) is dropped, and the person told; keys edit
the line; a pipe's lines are a script and all count. Then through the runner: a key typed for
a Like Dice challenge that has just ended does not answer the next one."""

from __future__ import annotations

import io
import os
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from tests.boxes.likedice.helpers import OWN_COMMON, deal

from parlour.terminal.prompt import ConsolePrompt
from parlour.terminal.runner import Quit, TerminalGame

Keys = Callable[[str], None]


@pytest.fixture
def keyboard(monkeypatch: pytest.MonkeyPatch) -> Iterator[Keys]:
    """Standard input is a pseudo-terminal; the fixture types keys into it."""
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r")
    monkeypatch.setattr(sys, "stdin", stdin)

    def type_keys(keys: str) -> None:
        os.write(master, keys.encode())
        time.sleep(0.05)  # the terminal passes them on

    yield type_keys
    stdin.close()
    os.close(master)


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=80, color_system=None), out


def soon(seconds: float = 0.3) -> float:
    return time.monotonic() + seconds


def test_the_line_being_typed_is_shown_again_after_a_bots_line(keyboard: Keys) -> None:
    """`2` typed, then a bot's line is printed while the person thinks: the prompt comes back
    with the `2`, so the `1` typed next makes the 21 the person sees."""
    shown, out = console()
    prompt = ConsolePrompt(shown)
    keyboard("2")
    assert prompt.ask("You > ", soon()) is None
    shown.print("· Seat 2 calls 5.")
    keyboard("1\r")
    assert prompt.ask("You > ", soon(5)) == "21"
    assert out.getvalue() == "You > 2\n· Seat 2 calls 5.\nYou > 21\n"


def test_input_typed_before_a_new_question_is_dropped(keyboard: Keys) -> None:
    shown, out = console()
    prompt = ConsolePrompt(shown)
    keyboard("1")
    assert prompt.ask("You > ", soon()) is None  # a `1` begun; then the question changes
    keyboard("3\r")  # typed ahead, before the new question is shown
    prompt.new_question()
    assert 'Dropped "13": typed before this question.' in out.getvalue()
    keyboard("7\r")
    assert prompt.ask("You > ", soon(5)) == "7"
    prompt.new_question()  # nothing was typed ahead: nothing said
    assert out.getvalue().count("Dropped") == 1


def test_keys_edit_the_line_and_the_terminal_is_left_as_it_was(keyboard: Keys) -> None:
    prompt = ConsolePrompt(console()[0])
    before = termios.tcgetattr(sys.stdin.fileno())
    keyboard("12\x7f3\x1b[D\x1b[1;5C4\r")  # Backspace, the arrows ignored
    assert prompt.ask("You > ", soon(5)) == "134"
    keyboard("oops\x15pass\r")  # Ctrl-U erases the line
    assert prompt.ask("You > ", soon(5)) == "pass"
    threading.Timer(0.2, keyboard, ["\x04"]).start()  # Ctrl-D at the prompt: the input ends
    with pytest.raises(EOFError):
        prompt.ask("You > ", soon(5))
    assert termios.tcgetattr(sys.stdin.fileno()) == before


def test_at_a_terminal_the_prompt_gives_way_and_comes_back(keyboard: Keys) -> None:
    """With a terminal as output, the prompt and the line are erased at the deadline (so a bot's
    line takes their place, not a second prompt) and drawn again with the next question."""
    out = io.StringIO()
    prompt = ConsolePrompt(Console(file=out, width=80, color_system=None, force_terminal=True))
    keyboard("4")
    assert prompt.ask("You > ", soon()) is None
    assert out.getvalue() == "You > 4\r\x1b[2K"
    keyboard("2\r")
    assert prompt.ask("You > ", soon(5)) == "42"
    assert out.getvalue().endswith("\r\x1b[2KYou > 42\n")


def test_a_pipes_lines_are_a_script(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    os.write(write, b"17\npass\n")
    os.close(write)
    with os.fdopen(read, "r") as stdin:
        monkeypatch.setattr(sys, "stdin", stdin)
        prompt = ConsolePrompt(console()[0])
        prompt.new_question()
        assert prompt.ask("You > ") == "17"
        prompt.new_question()
        assert prompt.ask("You > ") == "pass"
        with pytest.raises(EOFError):
            prompt.ask("You > ")


def test_a_key_for_a_challenge_just_ended_does_not_answer_the_next(
    keyboard: Keys, tmp_path: Path
) -> None:
    """The person begins typing `1` for the first challenge; the quick counter calls the right
    count, and the time runs out: the counter wins it. At the next challenge the `1` is dropped
    (and the person told), so the `p` typed then is a pass, not `1p`."""
    state = deal(*OWN_COMMON, ["B", "R", "G"], time_limit=2)
    shown, out = console()
    seats = ["human", "counter:speed=2:error=0"]  # about a second a count
    game = TerminalGame(state, seats, shown, ConsolePrompt(shown), tmp_path / "save.json")
    ended: list[BaseException] = []

    def play() -> None:
        try:
            game.play()
        except BaseException as error:  # handed to the test's thread
            ended.append(error)

    runner = threading.Thread(target=play, daemon=True)
    runner.start()
    wait_for(lambda: "Seat 1 > " in out.getvalue())
    keyboard("1")
    wait_for(lambda: "Dropped" in out.getvalue())
    keyboard("p\r")
    wait_for(lambda: (0, "pass") in state.history)
    while runner.is_alive():
        keyboard("\x04")  # Ctrl-D, until one meets a prompt: leave
        runner.join(0.2)
    assert len(ended) == 1 and isinstance(ended[0], Quit)
    assert state.history[:3] == ((1, "answer 5"), (None, "timeout"), (0, "pass"))
    assert 'Dropped "1": typed before this question.' in out.getvalue()


def wait_for(condition: Callable[[], bool], seconds: float = 10) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)

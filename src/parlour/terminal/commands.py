"""The words a person types at the terminal besides moves: `help`, `rules`, `quit` (English in
every language, with German aliases that no game's action uses) and the answers that say yes."""

from __future__ import annotations

from parlour.i18n import N_

WORDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?", "hilfe"),
    "rules": ("rules", "regeln"),
    "quit": ("quit", "exit", "ende"),
}
"""Each command and every word that types it."""
YES = ("y", "yes", "j", "ja")
"""The answers that say yes to a question (y/n in English, j/n in German)."""
HELP = N_("Type an action (help lists them), rules, save [FILE], or quit.")
"""What `help` says the prompt takes besides a move (in German, with the German words)."""


def command(text: str) -> str | None:
    """The command `text` types (`help`, `rules`, `quit`), or `None` for anything else."""
    typed = text.strip().lower()
    return next((name for name, words in WORDS.items() if typed in words), None)


def yes(answer: str | None) -> bool:
    """Whether `answer` says yes (no answer does not)."""
    return (answer or "").strip().lower() in YES

"""Dicetime as a kernel game: its metadata, its options and their cross-checks, and what it
offers beyond play (the determinizer, its full action list, its length bound)."""

from __future__ import annotations

from datetime import date
from typing import cast

from parlour.boxes.dicetime import rules
from parlour.boxes.dicetime.components import CATEGORY, COLOUR_NAMES, COLOURS, FACES, MODES
from parlour.boxes.dicetime.determinize import determinize as rebuild
from parlour.boxes.dicetime.encoding import MOST_TOTAL, encoding
from parlour.boxes.dicetime.fixed import DICE_MODES
from parlour.boxes.dicetime.howto import HOW_TO_PLAY
from parlour.boxes.dicetime.notation import ACTIONS
from parlour.boxes.dicetime.solver.advice import DicetimeAdvice
from parlour.boxes.dicetime.state import DicetimeState
from parlour.boxes.dicetime.tutorial import TUTORIAL
from parlour.boxes.dicetime.views import DicetimeView
from parlour.boxes.dicetime.words import REASON_TEXTS, action_words
from parlour.i18n import N_, _
from parlour.kernel import (
    Action,
    Balance,
    Challenge,
    Comparison,
    Concurrency,
    Configuration,
    Encoding,
    Game,
    GameInfo,
    Option,
    OptionError,
    OptionType,
    Rng,
    View,
    day_number,
    register,
)
from parlour.kernel.options import Value

TIME_LIMIT_MAX = 3600
"""The longest puzzle clock: an hour, six times the default; longer is study (0: untimed)."""

OPTIONS = (
    Option(
        "mode",
        OptionType.CHOICE,
        "turns",
        N_(
            "Taking turns: rounds in seat order. All at once: everyone fills their own sheet "
            "at the same time. Puzzle: alone, with 26 rerolls for the whole game."
        ),
        choices=MODES,
        label=N_("Mode"),
        value_labels={
            "turns": N_("Taking turns"),
            "simultaneous": N_("All at once"),
            "puzzle": N_("Puzzle"),
        },
    ),
    Option(
        "start",
        OptionType.CHOICE,
        "first",
        N_(
            "Seat 1 rolls first, or a race: everyone may roll first, and whoever rolls first "
            "begins (the rulebook's Revanche)."
        ),
        choices=("first", "race"),
        label=N_("Who begins"),
        value_labels={"first": N_("Seat 1"), "race": N_("A race")},
        applies_when=("mode", ("turns",)),
    ),
    Option(
        "five_of_a_kind_is_full_house",
        OptionType.BOOLEAN,
        True,
        N_("Five dice of one number may also be entered as a full house, for 25 points."),
        label=N_("Five of a kind is a full house"),
    ),
    Option(
        "time_limit",
        OptionType.INTEGER,
        600,
        N_("How many seconds the puzzle lasts, up to an hour; 0 for no time limit."),
        label=N_("Puzzle time in seconds"),
        minimum=0,
        maximum=TIME_LIMIT_MAX,
        applies_when=("mode", ("puzzle",)),
    ),
    Option(
        "colours",
        OptionType.CHOICE,
        [],
        N_("Each player's colour (the rulebook's spaceships), all different."),
        choices=COLOURS,
        is_list=True,
        per_seat=True,
        label=N_("Colours"),
        value_labels=COLOUR_NAMES,
        length_text=N_("none, or one per seat"),
    ),
    Option(
        "dice",
        OptionType.CHOICE,
        "drawn",
        N_(
            "Random: every roll is left to chance. Fixed: the game's seed decides every die, "
            "so games with the same seed roll the same dice (the daily challenge)."
        ),
        choices=DICE_MODES,
        label=N_("Dice"),
        value_labels={"drawn": N_("Random"), "fixed": N_("Fixed")},
    ),
)


# Each bound is the game's length bound (`rules.length_bound`): at most 13 x (3 rolls + 1 entry)
# actions a seat, or in the puzzle 13 first rolls, 26 pooled rerolls and 13 entries, the table's
# timeout included (it comes before the last entry).
CONFIGURATIONS = (
    Configuration(1, {}, 52),
    Configuration(2, {}, 2 * 52),
    Configuration(3, {"start": "race"}, 3 * 52),
    Configuration(4, {"mode": "simultaneous"}, 4 * 52),
    Configuration(1, {"mode": "puzzle"}, 52),
    Configuration(1, {"mode": "puzzle", "time_limit": 0}, 52),
    Configuration(2, {"five_of_a_kind_is_full_house": False}, 2 * 52),
    Configuration(2, {"dice": "fixed"}, 2 * 52),
    Configuration(1, {"mode": "puzzle", "dice": "fixed"}, 52),
)


@register
class Dicetime(Game):
    """Dicetime (elo Games): a Yahtzee-like game with five dice, multiplayer or a timed puzzle."""

    info = GameInfo(
        name="dicetime",
        title="Dicetime",
        summary=N_(
            "Roll five dice up to three times a turn and fill a 13-row sheet; "
            "or solve the timed puzzle with 26 pooled rerolls."
        ),
        min_players=1,
        max_players=len(COLOURS),
        options=OPTIONS,
        rulebook="docs/rules/dicetime.md",
        hidden_information=False,
        configurations=CONFIGURATIONS,
        balance=Balance(
            players=2, bot="optimal", compare=(Comparison("five_of_a_kind_is_full_house"),)
        ),
        how_to_play=HOW_TO_PLAY,
        tutorial=TUTORIAL,
    )
    reason_texts = REASON_TEXTS
    view_type = DicetimeView

    @classmethod
    def check(cls, players: int, options: dict[str, Value]) -> None:
        if options["mode"] == "puzzle" and players != 1:
            raise OptionError(
                _("the puzzle (mode=puzzle) is solo: players must be 1, not {players}").format(
                    players=players
                )
            )
        chosen = cast(list[str], options["colours"])
        if chosen and len(chosen) != players:
            raise OptionError(
                _(
                    "option colours={chosen} names {count} colours for {players} players: "
                    "give one per seat, or none for {palette}"
                ).format(
                    chosen=",".join(chosen),
                    count=len(chosen),
                    players=players,
                    palette=", ".join(COLOURS[:players]),
                )
            )
        twice = next((colour for colour in chosen if chosen.count(colour) > 1), None)
        if twice is not None:
            raise OptionError(
                _(
                    "option colours={chosen} gives {colour} twice: each player chooses "
                    "a colour of their own"
                ).format(chosen=",".join(chosen), colour=twice)
            )

    @classmethod
    def challenge(cls, day: date) -> Challenge:
        """One solo game on fixed dice: the standard game on even day numbers (`day_number`),
        the puzzle (its default clock) on odd ones."""
        if day_number(day) % 2:
            return Challenge(1, {"mode": "puzzle", "dice": "fixed"}, N_("Puzzle"))
        return Challenge(1, {"dice": "fixed"}, N_("Standard game"))

    def colours(self) -> tuple[str, ...]:
        """Each seat's colour, seat 0 first: the ones chosen, else the palette in seat order."""
        return tuple(cast(list[str], self.options["colours"])) or COLOURS[: self.players]

    def rematch_options(self) -> dict[str, Value]:
        """The rulebook's Revanche: in a game of turns, a rematch begins with the race
        (whoever rolls first begins)."""
        options = dict(self.options)
        if options["mode"] == "turns":
            options["start"] = "race"
        return options

    def advice(self) -> DicetimeAdvice:
        """Hints, analysis and the exact solver, from the solved tables (`solver/`)."""
        return DicetimeAdvice(self)

    def confirm(self, view: View, action: Action) -> str | None:
        """Before entering 0 in a row while another open row would score (a slip, such as
        `ls` for `ss`): the question, from what the view says each open row would score now."""
        seat = view["seat"]
        turn = None if seat is None else view["seats"][seat]["turn"]
        would = cast(dict[str, int], turn.get("would_score", {})) if turn else {}
        row = action.removeprefix("enter ")
        best = max(would, key=would.__getitem__, default=row)
        if would.get(row) != 0 or would[best] == 0:
            return None
        return _("Enter 0 in {row}? {best} would score {points}.").format(
            row=CATEGORY[row].title, best=CATEGORY[best].title, points=would[best]
        )

    def action_words(self, view: View, seat: int, action: Action) -> str:
        """A keep by its faces, an entry with its points and row (`words.action_words`)."""
        return action_words(view, seat, action)

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> DicetimeState:
        return DicetimeState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> DicetimeState:
        """The state `view` shows: Dicetime hides nothing but the dice to come."""
        return rebuild(self, view, rng)

    def encoding(self) -> Encoding:
        """Every seat's sheet and turn, the viewer's first (`encoding.py`)."""
        return encoding(self.players, self.options["mode"] == "puzzle")

    def all_actions(self) -> tuple[Action, ...]:
        """`roll`, the 30 keeps and the 13 entries, in every mode."""
        return ACTIONS

    def length_bound(self) -> int:
        return rules.length_bound(self.players, self.options["mode"] == "puzzle")

    def concurrency(self) -> Concurrency:
        """The race start is a race (the first to roll begins); in the simultaneous mode each
        seat plays its own sheet, whatever the others do."""
        if self.options.get("start") == "race":
            return Concurrency.RACE
        if self.options["mode"] == "simultaneous":
            return Concurrency.SEALED
        return Concurrency.ONE

    def score_bounds(self) -> tuple[float, float]:
        """From an empty sheet to every row at its most with the upper bonus."""
        return (0.0, float(MOST_TOTAL))

    def chance_bound(self) -> int:
        """Dice are the only chance."""
        return FACES

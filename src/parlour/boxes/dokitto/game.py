"""Dokitto! Ice as a kernel game: its metadata, its options and their cross-checks, its full
list of actions, its length bound, its determinizer and its words for refusals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from parlour.boxes.dokitto import contrast, views, words
from parlour.boxes.dokitto.components import (
    FLAVOUR_NAMES,
    FLAVOURS,
    FLAVOURS_IN_PLAY,
    HAND_SIZE,
    TILES,
    cards_of,
)
from parlour.boxes.dokitto.determinize import determinize
from parlour.boxes.dokitto.encoding import encoding
from parlour.boxes.dokitto.howto import HOW_TO_PLAY
from parlour.boxes.dokitto.notation import PLAYS, TAKES
from parlour.boxes.dokitto.rules import NextLeader
from parlour.boxes.dokitto.state import DokittoState
from parlour.boxes.dokitto.tutorial import TUTORIAL
from parlour.i18n import N_, _
from parlour.kernel import (
    Action,
    Advice,
    Balance,
    Comparison,
    Configuration,
    Encoding,
    Game,
    GameInfo,
    Option,
    OptionError,
    OptionType,
    Rng,
    View,
    register,
)
from parlour.kernel.options import Value

NEEDED_TEXT = N_("none: drawn at random; else 3 for 2 or 3 players, 4 for 4, 5 for 5")

OPTIONS = (
    Option(
        "flavours",
        OptionType.CHOICE,
        [],
        N_(
            "The flavours in play, all different, as many as the player count needs; none "
            "chosen: drawn at random."
        ),
        choices=tuple(flavour.key for flavour in FLAVOURS),
        label=N_("Flavours"),
        value_labels=words.FLAVOUR_WORDS,
        is_list=True,
        length_text=NEEDED_TEXT,
    ),
    Option(
        "next_round_leader",
        OptionType.CHOICE,
        NextLeader.ROTATE.value,
        N_(
            "Who plays the first card from the second round on: the next player clockwise, "
            "or whoever won the last trick of the round before."
        ),
        choices=tuple(rule.value for rule in NextLeader),
        label=N_("Who leads the next round"),
        value_labels={
            NextLeader.ROTATE.value: N_("The next player clockwise"),
            NextLeader.LAST_WINNER.value: N_("The winner of the last trick"),
        },
    ),
    Option(
        "max_rounds",
        OptionType.INTEGER,
        0,
        N_(
            "The game ends after this many rounds even if nobody has 10 points; the most "
            "points win. 0: no limit, as in the rulebook."
        ),
        label=N_("Most rounds"),
        minimum=0,
        maximum=1000,
    ),
)


# No hard bound: a round may score nothing (one seat wins four tricks in a row), so rounds can
# repeat. A round is at most hand x (players + 1) actions (a card a seat and a tile choice a
# trick). In 20,000 random games of each size the longest took 16 rounds (2 players; 10 with
# 5), each further round about half as likely as the one before, so 30 rounds has a chance
# below 1e-9 a game: 30 x hand x (players + 1). With `max_rounds` the bound is a hard one.
CONFIGURATIONS = (
    Configuration(2, {}, 30 * 6 * 3),
    Configuration(3, {"flavours": ["grape", "matcha", "vanilla"]}, 30 * 8 * 4),
    Configuration(3, {"next_round_leader": "last_winner"}, 30 * 8 * 4),
    Configuration(4, {}, 30 * 10 * 5),
    Configuration(5, {}, 30 * 13 * 6),
    Configuration(4, {"max_rounds": 2}, 2 * 10 * 5),
)


@register
class Dokitto(Game):
    """Dokitto! Ice: a trick-taking game; take Ice tiles for your cone, but never a fourth."""

    info = GameInfo(
        name="dokitto",
        title="Dokitto! Ice",
        summary=N_(
            "Trick-taking with flavour cards: one flavour, the highest wins; mixed, the "
            "lowest wins. Each trick's winner takes an Ice tile; a fourth one spoils its round. "
            "Rounds until someone has 10 points; the most points win."
        ),
        min_players=min(FLAVOURS_IN_PLAY),
        max_players=max(FLAVOURS_IN_PLAY),
        options=OPTIONS,
        rulebook="docs/rules/dokitto.md",
        hidden_information=True,
        configurations=CONFIGURATIONS,
        balance=Balance(
            players=2,
            bot="mcts:normal",
            compare=(Comparison("players"), Comparison("next_round_leader")),
        ),
        length_cap=("max_rounds", 30),
        how_to_play=HOW_TO_PLAY,
        tutorial=TUTORIAL,
    )
    reason_texts = words.REASON_TEXTS
    view_type = views.DokittoView

    @classmethod
    def check(cls, players: int, options: dict[str, Value]) -> None:
        named = options["flavours"]
        assert isinstance(named, list)
        needed = FLAVOURS_IN_PLAY[players]
        text = ",".join(str(name) for name in named)
        if named and len(named) != needed:
            raise OptionError(
                _(
                    "option flavours={text} names {count} flavours; {players} players need "
                    "{needed} ({rule})"
                ).format(
                    text=text, count=len(named), players=players, needed=needed, rule=_(NEEDED_TEXT)
                )
            )
        repeated = sorted({str(name) for name in named if named.count(name) > 1})
        if repeated:
            raise OptionError(
                _(
                    "option flavours={text} names {flavour} twice: the flavours must be distinct"
                ).format(text=text, flavour=repeated[0])
            )

    def __init__(self, players: int, options: dict[str, Value]) -> None:
        super().__init__(players, options)
        named = options["flavours"]
        assert isinstance(named, list)
        self.named_flavours = tuple(sorted(FLAVOUR_NAMES[str(name)] for name in named))
        """The flavours the option names, in flavour order (empty: drawn at random)."""
        self.next_round_leader = NextLeader(options["next_round_leader"])
        max_rounds = options["max_rounds"]
        assert isinstance(max_rounds, int)
        self.max_rounds = max_rounds
        """The most rounds a game lasts (0: no cap)."""

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> DokittoState:
        return DokittoState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> DokittoState:
        return determinize(self, view, rng)

    def encoding(self) -> Encoding:
        """The viewer's hand, the tricks and every cone, the viewer's first (`encoding.py`)."""
        return encoding(self.players)

    def contrast(self, view: View, seat: int, chosen: Action, better: Action) -> str | None:
        """By the trick as it stands, the cone's room, a lead's higher cards unseen, or the
        star left in a stack (`contrast.py`)."""
        return contrast.contrast(cast(views.DokittoView, view), seat, chosen, better)

    def advice(self) -> Advice:
        """Hints from the seat's view: each choice's chance of winning, at two players by
        `pimc`'s exact solve of the round in worlds dealt from the view, at more by playing
        each choice out in such worlds with the search bots' policy."""
        if self.players == 2:
            from parlour.boxes.dokitto.pimc import PimcAdvice

            return PimcAdvice(self)
        from parlour.bots.advice import SearchAdvice
        from parlour.boxes.dokitto.playout import playout

        return SearchAdvice(self, playout)

    def all_actions(self) -> tuple[Action, ...]:
        """Every card play, then every tile choice, of the flavours that can be in play: the
        named ones, or all five when they are drawn."""
        flavours = self.named_flavours or FLAVOURS
        return (*(PLAYS[card] for card in cards_of(flavours)), *(TAKES[f] for f in flavours))

    def length_bound(self) -> int | None:
        """With `max_rounds`, a card a seat and at most one tile choice a trick, for a hand's
        worth of tricks a round; without it the rules set no bound (rounds may score
        nothing)."""
        if not self.max_rounds:
            return None
        return self.max_rounds * HAND_SIZE[self.players] * (self.players + 1)

    def chance_bound(self) -> int:
        """A card dealt from the deck (at most every card of the flavours that can be in
        play), a flavour drawn, or a stack's star among its tiles."""
        flavours = self.named_flavours or FLAVOURS
        return max(len(cards_of(flavours)), len(FLAVOURS), TILES)

    def reason_words(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return words.reason_words(params)

"""Like Dice's advice (`Game.advice`). A hint is only ever about the card a winner takes (an
answer is never hinted): each card is valued by the challenges the seat expects to win after
taking it (`cards.race_ranking`, the `counter` bot's own judgement, at an adult's speed). The
review of a seat's game is about speed and accuracy: for each kind of challenge, its answer
times (read from the record's `times`) and errors against the `counter` presets ("you count
like an adult on sums of colours"), and each card it took against the one that would have left
it faster at the challenges after."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from statistics import median
from typing import Any

from parlour.boxes.likedice import rules
from parlour.boxes.likedice.bots import PRESET_WORDS
from parlour.boxes.likedice.cards import race_ranking
from parlour.boxes.likedice.components import Kind
from parlour.boxes.likedice.notation import ANSWERS
from parlour.boxes.likedice.timing import PRESETS, looked_at, situation
from parlour.i18n import N_, _
from parlour.kernel import Advice, Choice, Objective, Pace, State, View
from parlour.kernel.records import replayed

JUDGE = PRESETS["adult"]
"""The counting speed at which cards are valued: every rival counts at the same speed, so the
cards' order barely depends on it."""

KIND_WORDS = {
    Kind.COLOURS: N_("sums of colours"),
    Kind.BIG_SMALL: N_("big + small"),
    Kind.WHITE: N_("white dice"),
    Kind.SEQUENCE: N_("sequences"),
}
"""Each kind of challenge as a review names it."""


class CoachAdvice(Advice):
    """Which card to take, valued as the seat's expected cards at the game's end (those it
    holds, the one taken and the challenges it expects to win after), and a review of speed."""

    version = "1"
    about = N_(
        "Each card is valued by the cards you can expect to hold at the end if you take it: "
        "the dice it moves change what everyone must count, and every player is taken to count "
        "at an adult's speed. An answer is never hinted."
    )

    @property
    def measure(self) -> Objective:
        return Objective.POINTS

    def choices(self, view: View, seat: int) -> list[Choice] | None:
        take = view["take"]
        if take is None or take["seat"] != seat or len(take["choices"]) < 2:
            return None
        held = view["seats"][seat]["cards"] + 1
        ranking = race_ranking(view, seat, JUDGE)
        best = ranking[0][1]
        return [Choice(action, held + value, best - value) for action, value in ranking]

    def reviewed(
        self, final: State, seat: int, judged: list[dict[str, Any]], times: Sequence[float] = ()
    ) -> dict[str, Any]:
        review = super().reviewed(final, seat, judged, times)
        if times:
            rows = paces(answers(final, seat, times))
            review["speed"] = {"rows": [asdict(row) for row in rows], "summary": summary(rows)}
        return review


Answer = tuple[Kind, float, int, bool | None]
"""One of a seat's answers: the challenge's kind, the seconds from its reveal, the dice the
seat had to look at, and whether it was right (`None`: a pass)."""


def answers(final: State, seat: int, times: Sequence[float]) -> list[Answer]:
    """`seat`'s answers in the game that led to `final`, timed from each challenge's reveal
    (the time of the action that revealed it, or the game's start)."""
    found = []
    for number, actor, action, state in replayed(final):
        if actor == seat and action in ANSWERS:
            challenge, dice = situation(state.view(seat), seat)
            since = state.clock_since
            revealed = times[since - 1] if since else 0.0
            given = ANSWERS[action]
            right = None if given is None else given == rules.answer(challenge, dice)
            seconds = times[number - 1] - revealed
            found.append((challenge.kind, seconds, looked_at(challenge, dice), right))
    return found


def paces(found: list[Answer]) -> list[Pace]:
    """A row for each kind of challenge the seat met, in the cards' order."""
    rows = []
    for kind in Kind:
        mine = [answer for answer in found if answer[0] is kind]
        if not mine:
            continue
        given = [answer for answer in mine if answer[3] is not None]
        like = closest([(seconds, dice) for _, seconds, dice, _ in given])
        rows.append(
            Pace(
                label=_(KIND_WORDS[kind]),
                answers=len(given),
                wrong=sum(1 for answer in given if not answer[3]),
                passed=len(mine) - len(given),
                seconds=round(median(answer[1] for answer in given), 2) if given else None,
                like=None if like is None else _(PRESET_WORDS[like]),
            )
        )
    return rows


def closest(timed: list[tuple[float, int]]) -> str | None:
    """The preset whose planned times (`Skill.seconds` for the dice looked at) are nearest the
    seat's, by the squared difference of their logarithms (a count twice as slow is as far as
    one twice as fast); `None` without an answer."""
    if not timed:
        return None

    def distance(preset: str) -> float:
        skill = PRESETS[preset]
        return sum(
            math.log(max(seconds, 0.05) / skill.seconds(dice)) ** 2 for seconds, dice in timed
        )

    return min(PRESETS, key=distance)


def summary(rows: list[Pace]) -> str:
    """The review in a sentence per kind of challenge answered."""
    said = [
        _(
            "On {kind} you count like the counter's level {level}: {seconds} s at the median, "
            "{wrong} wrong of {answers}."
        ).format(
            kind=row.label,
            level=row.like,
            seconds=f"{row.seconds:.1f}",
            wrong=row.wrong,
            answers=row.answers,
        )
        for row in rows
        if row.like is not None
    ]
    return " ".join(said) or _("You gave no answer to time.")

"""Ice Cream's tutorial (`GameInfo.tutorial`): the first day of a three-player game, the
fewest the game allows, dealt so that each of the learner's moves shows one rule: discarding a
delivery, starting and building cones, a full cone, spoiling another's cone, the exact serve
one must make, drawing, and the serve with one scoop missing. The others' moves are steps too.

The chance script is written as the flavours drawn (`_drawn`), in the order the game draws
them (`docs/rules/icecream.md`): the scoops removed at setup, the face-up cards from the
dealer on, the deliveries, the card taken for a discard, the day's scoops, then the cards
drawn while serving."""

from __future__ import annotations

from parlour.boxes.icecream.components import FLAVOURS, ICE_CREAM_CARDS, SCOOP_CARDS, Flavour
from parlour.i18n import N_
from parlour.kernel import Step, Tutorial

S = Flavour.STRAWBERRY
BR = Flavour.BLACK_RASPBERRY
CC = Flavour.CHOCOLATE_CHIP
CH = Flavour.CHOCOLATE
P = Flavour.PISTACHIO
V = Flavour.VANILLA


def _drawn(*draws: tuple[str, Flavour]) -> tuple[int, ...]:
    """The chance outcomes that draw these cards: ("ice", f) and ("scoop", f) draw a card of
    flavour f from the Ice Cream or the Scoop deck, ("back", f) puts an Ice Cream card back.
    An outcome is the card's index in the deck taken in flavour order (`rules.card_at`)."""
    decks = {"ice": [ICE_CREAM_CARDS] * len(FLAVOURS), "scoop": [SCOOP_CARDS] * len(FLAVOURS)}
    chance = []
    for deck, flavour in draws:
        if deck == "back":
            decks["ice"][flavour] += 1
            continue
        chance.append(sum(decks[deck][:flavour]))
        decks[deck][flavour] -= 1
    return tuple(chance)


SCOOPS = (S, CH, P, V, BR, CC, CH, CH, P, S, BR, CC, V, BR, P, S, BR, P, V, CH, CC, S, CC, V)
"""The day's 24 scoops in the order they are turned over: the learner (Seat 1) turns over
the 1st, 4th, 7th ..., Ben the 2nd, 5th ..., Tom the 3rd, 6th ..."""
CHANCE = _drawn(
    *(("scoop", flavour) for flavour in FLAVOURS),  # one of each removed at setup
    ("ice", S),  # face up: you strawberry, Ben chocolate, Tom pistachio
    ("ice", CH),
    ("ice", P),
    ("ice", S),  # deliveries: you a second strawberry, Ben black raspberry, Tom chip
    ("ice", BR),
    ("ice", CC),
    ("ice", V),  # the card you take for your discard
    ("back", S),  # your discard goes back into the deck
    *(("scoop", flavour) for flavour in SCOOPS),
    ("ice", CC),  # serving: you draw chocolate chip, Ben chocolate, Tom pistachio
    ("ice", CH),
    ("ice", P),
)

STEPS = (
    Step(
        N_(
            "Deliveries. You hold a strawberry Ice Cream card face up, and were dealt another "
            "strawberry face down (only you see it). A second card of a flavour you hold adds "
            "nothing to what you can serve. Discard it to take the next card face down "
            "instead."
        ),
        ("discard",),
        wrong=N_(
            "Keeping it is allowed, but a second strawberry serves nothing more. Discard it "
            "and take the next card: that one you must keep."
        ),
        press=N_("Press Discard on your face-down card."),
    ),
    Step(N_("Ben kept his delivery."), ("keep",), seat=1),
    Step(N_("Tom kept his delivery."), ("keep",), seat=2),
    Step(
        N_(
            "Cones. You took a vanilla card face down, so you hold strawberry and vanilla. "
            "Now each player in turn turns over a scoop and places it. Your scoop is "
            "strawberry, and the day's first scoop always starts a cone: start one."
        ),
        ("new cone",),
        press=N_("Press Start here."),
    ),
    Step(N_("Ben turned over chocolate and started cone 2."), ("new cone",), seat=1),
    Step(N_("Tom turned over pistachio and started cone 3."), ("new cone",), seat=2),
    Step(
        N_(
            "Your scoop is vanilla. Build cones of the flavours you hold: put it on cone 1 "
            "with your strawberry."
        ),
        ("cone 1",),
        wrong=N_(
            "You hold strawberry and vanilla: vanilla belongs on cone 1, the strawberry cone "
            "you can serve."
        ),
        press=N_("Press Put here on cone 1."),
    ),
    Step(N_("Ben put black raspberry on cone 2."), ("cone 2",), seat=1),
    Step(N_("Tom put chocolate chip on cone 3."), ("cone 3",), seat=2),
    Step(
        N_(
            "Your scoop is chocolate, a flavour you do not hold. On cone 1 it would spoil "
            "your own cone, on cone 2 it would help Ben, who holds chocolate. Start a new "
            "cone with it instead."
        ),
        ("new cone",),
        wrong=N_("Chocolate would spoil your cone 1 or help Ben with cone 2. Start a new cone."),
        press=N_("Press Start here."),
    ),
    Step(N_("Ben put chocolate on cone 2."), ("cone 2",), seat=1),
    Step(N_("Tom put pistachio on cone 3."), ("cone 3",), seat=2),
    Step(
        N_("Strawberry again: put it on cone 1."),
        ("cone 1",),
        wrong=N_("Strawberry is yours: put it on cone 1."),
        press=N_("Press Put here on cone 1."),
    ),
    Step(N_("Ben put black raspberry on cone 2: it has four scoops now."), ("cone 2",), seat=1),
    Step(N_("Tom put chocolate chip on cone 3: it has four scoops now."), ("cone 3",), seat=2),
    Step(
        N_(
            "Vanilla: put it on cone 1, its fourth scoop. A cone holds at most four scoops, "
            "so cone 1 will then be full."
        ),
        ("cone 1",),
        wrong=N_("Vanilla is yours: make it cone 1's fourth scoop."),
        press=N_("Press Put here on cone 1."),
    ),
    Step(N_("Ben turned over black raspberry and started cone 5."), ("new cone",), seat=1),
    Step(N_("Tom turned over pistachio and started cone 6."), ("new cone",), seat=2),
    Step(
        N_(
            "Cone 1 is full, so it is not offered any more. Put this strawberry on cone 4, "
            "next to the chocolate: a cone with just one scoop of a flavour you lack can still "
            "be served, for a point less."
        ),
        ("cone 4",),
        wrong=N_("Put the strawberry on cone 4 this time."),
        press=N_("Press Put here on cone 4."),
    ),
    Step(N_("Ben put black raspberry on cone 5."), ("cone 5",), seat=1),
    Step(N_("Tom put pistachio on cone 6."), ("cone 6",), seat=2),
    Step(
        N_("Vanilla: put it on cone 4 too."),
        ("cone 4",),
        wrong=N_("Put the vanilla on cone 4."),
        press=N_("Press Put here on cone 4."),
    ),
    Step(N_("Ben put chocolate on cone 5."), ("cone 5",), seat=1),
    Step(N_("Tom put chocolate chip on cone 6."), ("cone 6",), seat=2),
    Step(
        N_(
            "Cone 5 (black raspberry, black raspberry, chocolate) fits Ben's cards "
            "exactly. Spoil it: with your strawberry on it, Ben lacks one scoop and loses "
            "a point."
        ),
        ("cone 5",),
        wrong=N_("Put the strawberry where it hurts: cone 5 is Ben's exact cone."),
        press=N_("Press Put here on cone 5."),
    ),
    Step(N_("Ben put chocolate chip on cone 4."), ("cone 4",), seat=1),
    Step(N_("Tom turned over vanilla and started cone 7."), ("new cone",), seat=2),
    Step(
        N_(
            "Serving. The face-down cards are turned up. You can serve cone 1 and cone 7 "
            "exactly (you hold every flavour in them), so you must serve one of them. Take "
            "the bigger one: cone 1, four scoops, four points."
        ),
        ("serve 1",),
        wrong=N_("Cone 7 is exact too, but it gives one point and cone 1 gives four."),
        press=N_("Press Serve on cone 1."),
    ),
    Step(N_("Ben served cone 2 exactly: four points."), ("serve 2",), seat=1),
    Step(N_("Tom served cone 3 exactly: four points."), ("serve 3",), seat=2),
    Step(
        N_("One action a turn. Cone 7 (vanilla) still fits you exactly, so you must serve it."),
        ("serve 7",),
        press=N_("Press Serve on cone 7."),
    ),
    Step(
        N_("Ben served cone 5 with the strawberry scoop missing: three points."),
        ("serve 5",),
        seat=1,
    ),
    Step(N_("Tom served cone 6 exactly: three points."), ("serve 6",), seat=2),
    Step(
        N_(
            "Only cone 4 is left, and you lack two of its flavours (chocolate and chocolate "
            "chip). With no cone to serve, you draw an Ice Cream card face up."
        ),
        ("draw",),
        press=N_("Press the Ice Cream deck."),
    ),
    Step(N_("Ben cannot serve cone 4 and drew a card."), ("draw",), seat=1),
    Step(N_("Tom cannot serve cone 4 and drew a card."), ("draw",), seat=2),
    Step(
        N_(
            "You drew chocolate chip: now cone 4 lacks only your chocolate. Serve it with one "
            "scoop missing: the chocolate scoop goes back and you score the other three."
        ),
        ("serve 4",),
        wrong=N_("Drawing is allowed, but serving cone 4 now scores three points."),
        press=N_("Press Serve on cone 4."),
    ),
)

TUTORIAL = Tutorial(
    intro=N_(
        "Welcome to Ice Cream. You and two other players run an ice cream stand: you build "
        "cones together from the same scoops, then serve them with the flavours on your Ice "
        "Cream cards, a point a scoop. This lesson plays the first day; you are Seat 1 and deal."
    ),
    steps=STEPS,
    finale=N_(
        "That was a day: the scoops you served scored a point each, and unused cards of a "
        "flavour you hold twice would have scored a point more. A game lasts four days, and "
        "the most points wins. Now play a real game against the easy bots."
    ),
    players=3,
    names=("", "Ben", "Tom"),
    chance=CHANCE,
)
"""One scripted day of Ice Cream that teaches its rules one at a time."""

"""Dokitto! Ice's tutorial: one scripted round for two, seven moves of the learner that show
the rules one at a time (leading, one flavour, mixed tricks, choosing a tile, following,
dodging the fourth tile), as data marked for the catalogues."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.boxes.dokitto.components import CARD_NAMES, FLAVOUR_NAMES, cards_of
from parlour.i18n import N_
from parlour.kernel import Step, Tutorial

FLAVOURS = ("matcha", "grape", "vanilla")
LEARNER_HAND = ("matcha 2", "matcha 3", "grape 2", "grape 12", "vanilla 4", "vanilla 13")
OTHER_HAND = ("grape 1", "grape 5", "grape 9", "vanilla 8", "vanilla 9", "vanilla 10")
STARS = (0, 0, 0)
"""Each stack's star on its top tile (matcha, grape, vanilla): the learner's first tile of
each flavour is the starred one."""


def deal(
    flavours: Sequence[str], hands: Sequence[Sequence[str]], stars: Sequence[int]
) -> tuple[int, ...]:
    """The chance script that deals `hands` (seat 0's first) from the deck of `flavours`,
    then puts each stack's star at its place (`docs/rules/dokitto.md`, scripted chance)."""
    deck = list(cards_of(tuple(sorted(FLAVOUR_NAMES[key] for key in flavours))))
    script = []
    for hand in hands:
        for name in hand:
            card = CARD_NAMES.index(name)
            script.append(deck.index(card))
            deck.remove(card)
    return (*script, *stars)


TUTORIAL = Tutorial(
    intro=N_(
        "Dokitto! Ice is a trick-taking game: everyone plays a card, and the trick's winner "
        "takes an Ice tile for their cone. Each tile is a point, but a fourth tile spoils "
        "your round. You play against Ben, with matcha, grape and vanilla, for one "
        "round of six tricks."
    ),
    steps=(
        Step(
            N_(
                "You lead the first trick, and the leader may play any card. When every card "
                "is of one flavour, the highest number wins. Lead your grape 12."
            ),
            ("play grape 12",),
            press=N_("Press your grape 12."),
            wrong=N_(
                "Any card may lead, but this lesson shows a high card winning: lead grape 12."
            ),
        ),
        Step(
            N_(
                "Ben had to follow grape and played grape 5: your 12 is higher, so you won "
                "and took the grape stack's top tile. It has the star, so the grape Topping "
                "token came with it: two points."
            ),
            ("play grape 5",),
            seat=1,
        ),
        Step(
            N_(
                "The winner leads the next trick. When a trick holds another flavour than the "
                "one led, the lowest number wins, whatever its flavour. Lead matcha 3."
            ),
            ("play matcha 3",),
            press=N_("Press your matcha 3."),
            wrong=N_(
                "Lead matcha 3 this time: it shows what a low card does when the other player "
                "cannot follow."
            ),
        ),
        Step(
            N_(
                "Ben had no matcha and played vanilla 10: a mixed trick, so the lowest "
                "number wins, your 3."
            ),
            ("play vanilla 10",),
            seat=1,
        ),
        Step(
            N_(
                "After a mixed trick the winner chooses the stack: any flavour played in the "
                "trick. Take a matcha or a vanilla tile."
            ),
            ("take matcha", "take vanilla"),
            press=N_("Press the matcha or the vanilla stack."),
        ),
        Step(
            N_(
                "You have two tiles. A cone holds three: whoever must take a fourth scores "
                "nothing this round. Let Ben have this trick: lead your low grape 2."
            ),
            ("play grape 2",),
            press=N_("Press your grape 2."),
            wrong=N_(
                "That card could win you a tile you do not need yet: lead grape 2, which any "
                "higher grape beats."
            ),
        ),
        Step(
            N_("Ben followed with grape 9, won the trick and took a grape tile."),
            ("play grape 9",),
            seat=1,
        ),
        Step(
            N_("Ben won, so Ben leads: vanilla 8."),
            ("play vanilla 8",),
            seat=1,
        ),
        Step(
            N_(
                "You hold vanilla, the flavour led, so you must play a vanilla card: your "
                "matcha 2 is refused. A third tile is still safe: win with vanilla 13."
            ),
            ("play vanilla 13",),
            press=N_("Press your vanilla 13."),
            wrong=N_(
                "Vanilla 4 is lower than 8 and loses. A third tile is still worth a point: "
                "win it with vanilla 13."
            ),
        ),
        Step(
            N_(
                "Your cone is full: three tiles. Win one more trick and you must take a "
                "fourth, ending the round with nothing for you. Lead vanilla 4: Ben still "
                "has to follow vanilla if he can."
            ),
            ("play vanilla 4",),
            press=N_("Press your vanilla 4."),
            wrong=N_(
                "Careful: Ben showed he has no matcha, and in a mixed trick the lowest "
                "number wins. Your matcha 2 could win you a fourth tile: lead vanilla 4."
            ),
        ),
        Step(
            N_("Ben followed with vanilla 9, won the trick and took a vanilla tile."),
            ("play vanilla 9",),
            seat=1,
        ),
        Step(
            N_("Ben leads the last trick: grape 1."),
            ("play grape 1",),
            seat=1,
        ),
        Step(
            N_(
                "You have no grape, so any card will do, and your last card is matcha 2. "
                "Mixed trick: the lowest, grape 1, wins it for Ben. Play matcha 2."
            ),
            ("play matcha 2",),
            press=N_("Press your matcha 2."),
        ),
        Step(
            N_(
                "Ben took a grape tile: three tiles, three points. Your three tiles and "
                "their Topping tokens score more: you win the round and the game."
            ),
            ("take grape",),
            seat=1,
        ),
    ),
    finale=N_(
        "That is all of Dokitto! Ice: follow the flavour led, one flavour goes to the "
        "highest, mixed tricks to the lowest, and never take a fourth tile. A real game "
        "plays rounds until someone has 10 points. Now play one against an easy bot."
    ),
    players=2,
    names=("", "Ben"),
    options={"flavours": list(FLAVOURS), "max_rounds": 1},
    chance=deal(FLAVOURS, (LEARNER_HAND, OTHER_HAND), STARS),
)
"""The tutorial: the learner (Seat 1) wins two tricks, gives two away, follows, fills the
cone and then dodges the fourth tile; it ends with the round's scoring, 5 or 6 to 3."""

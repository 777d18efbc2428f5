"""Dokitto! Ice's reasons in words: why one choice would have served a seat better than
another (`Game.contrast`, the review's costliest decisions), from what its view shows: the
trick so far, its cone, and the cards it has not seen."""

from __future__ import annotations

from parlour.boxes.dokitto.components import CARD_NAMES, CARD_OF_NAME, NUMBERS, Card
from parlour.boxes.dokitto.notation import CARD_OF_PLAY
from parlour.boxes.dokitto.rules import trick_winner
from parlour.boxes.dokitto.views import DokittoView
from parlour.boxes.dokitto.words import card_word, flavour_word
from parlour.i18n import _, ngettext
from parlour.kernel import Action


def contrast(view: DokittoView, seat: int, chosen: Action, better: Action) -> str | None:
    """Why `better` beat `chosen` for `seat`: at a tile choice, the star still in a stack; at a
    lead, the higher cards of each one's flavour still unseen; following, whether each puts the
    seat ahead in the trick (and, last to play, takes it)."""
    if view["phase"] == "take":
        return _take(view, chosen.removeprefix("take "), better.removeprefix("take "))
    played = [CARD_OF_NAME[play["card"]] for play in view["trick"]["plays"]]
    mine, other = CARD_OF_PLAY[chosen], CARD_OF_PLAY[better]
    words = {"chosen": card_word(CARD_NAMES[mine]), "better": card_word(CARD_NAMES[other])}
    if not played:
        return _lead(view, seat, mine, other, words)
    full = len(view["cones"][seat]["tiles"]) >= view["cone_limit"]
    warning = _("Your cone holds three tiles: a fourth ends your round at zero. ") if full else ""
    still = view["players"] - len(played) - 1
    ahead, ahead_better = _ahead(played, mine), _ahead(played, other)
    if ahead == ahead_better:
        return _(
            "{better} does in this trick what {chosen} does, and keeps {chosen} for a later one."
        ).format(**words)
    if still == 0:
        told = (
            _("{chosen} took the trick and its tile; {better} would have let it pass.")
            if ahead
            else _(
                "{chosen} let the trick pass; {better} would have taken it, and a tile is a point."
            )
        )
        return warning + told.format(**words)
    told = (
        ngettext(
            "{chosen} put you ahead in the trick with {count} player still to play; {better} "
            "would have stayed under.",
            "{chosen} put you ahead in the trick with {count} players still to play; {better} "
            "would have stayed under.",
            still,
        )
        if ahead
        else ngettext(
            "{chosen} stayed under in the trick; {better} would have put you ahead with {count} "
            "player still to play.",
            "{chosen} stayed under in the trick; {better} would have put you ahead with {count} "
            "players still to play.",
            still,
        )
    )
    return warning + told.format(count=still, **words)


def _ahead(played: list[Card], card: Card) -> bool:
    """Whether `card`, played after `played`, would win the trick as it stands."""
    return trick_winner([*played, card])[0] == len(played)


def _lead(view: DokittoView, seat: int, mine: Card, other: Card, words: dict[str, str]) -> str:
    """Leads compared by the higher cards of their flavour the seat has not seen: when everyone
    follows, the highest card takes the trick."""
    seen = {CARD_OF_NAME[name] for name in view["hand"] or ()}
    seen |= {CARD_OF_NAME[play["card"]] for trick in view["tricks"] for play in trick["plays"]}

    def higher(card: Card) -> int:  # a flavour's cards are consecutive, lowest first
        top = (card // NUMBERS + 1) * NUMBERS
        return sum(1 for above in range(card + 1, top) if above not in seen)

    return _(
        "Led, {chosen} is beaten by {count} unseen higher cards of its flavour, {better} by "
        "{count_better}: when everyone follows, the highest card takes the trick."
    ).format(count=higher(mine), count_better=higher(other), **words)


def _take(view: DokittoView, chosen: str, better: str) -> str | None:
    """Tile choices compared by the star: a starred tile brings a Topping token, a point."""
    if better in view["toppings"] and chosen not in view["toppings"]:
        return _(
            "The {better} stack still holds its starred tile, which brings a Topping token (a "
            "point); the {chosen} stack's is gone."
        ).format(better=flavour_word(better), chosen=flavour_word(chosen))
    return None

"""Dokitto! Ice's determinizer: a state consistent with what one seat sees, for search bots.

A view hides the other seats' hands, the cards set aside and where each stack's star lies.
The determinizer deals them uniformly among the deals that agree with every public fact: the
hand sizes and the number of cards set aside, the cards seen played this round, and the
flavours a seat has shown it lacks (it did not follow the led flavour, so it held none of it
then, and so none now). A star not yet taken lies uniformly among the stack's tiles left.

The state is then set at the round's deal (each hand being its cards now and those it played
this round) and the round's public actions are replayed by the engine itself, so the trick,
cones, stacks and log are the rules' own. Earlier rounds leave only their log and the totals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from math import factorial, prod
from typing import TYPE_CHECKING, Any

from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import (
    CARD_OF_NAME,
    FLAVOUR_NAMES,
    FLAVOUR_OF,
    FLAVOURS,
    HAND_SIZE,
    TILES,
    Card,
    Flavour,
    Trick,
    cards_of,
)
from parlour.boxes.dokitto.events import Event, Played, RoundDealt, Scored, Won
from parlour.boxes.dokitto.notation import PLAYS, TAKES
from parlour.boxes.dokitto.state import DokittoState
from parlour.kernel import Action, Rng, View

if TYPE_CHECKING:
    from parlour.boxes.dokitto.game import Dokitto


Watch = Callable[[DokittoState, int, Action], None]
"""Told each action of the round as it is replayed, before it is applied: the state, the seat
and the action (how `pimc` reads what opponents chose in the world dealt)."""


def determinize(game: Dokitto, view: View, rng: Rng, watch: Watch | None = None) -> DokittoState:
    """A state of `game` that shows `view`'s seat exactly `view`, its hidden cards and stars
    drawn uniformly from `rng`, its own RNG freshly seeded from `rng`; its history is empty.
    `watch`, if given, is told each of the round's actions as it is replayed."""
    players = game.players
    seat = view["seat"]
    flavours = tuple(FLAVOUR_NAMES[key] for key in view["flavours"])
    tricks = [
        (trick["leader"], [CARD_OF_NAME[play["card"]] for play in trick["plays"]], trick["tile"])
        for trick in view["tricks"]
    ]
    current = [CARD_OF_NAME[play["card"]] for play in view["trick"]["plays"]]
    played, lacks = [0] * players, [0] * players
    for leader, cards, _ in [*tricks, (view["trick"]["leader"], current, None)]:
        for index, card in enumerate(cards):
            player = (leader + index) % players
            played[player] |= 1 << card
            if FLAVOUR_OF[card] is not FLAVOUR_OF[cards[0]]:
                lacks[player] |= 1 << FLAVOUR_OF[cards[0]]
    hands = [0] * players
    if view["hand"] is not None:
        hands[seat] = mask(CARD_OF_NAME[name] for name in view["hand"])
    seen = hands[seat] if view["hand"] is not None else 0
    for gone in played:
        seen |= gone
    hidden = [player for player in range(players) if view["hand"] is None or player != seat]
    bins = [(view["hand_sizes"][player], lacks[player]) for player in hidden]
    unseen = [card for card in cards_of(flavours) if not seen >> card & 1]
    *dealt, aside = deal(unseen, [*bins, (view["aside"], 0)], rng)
    for player, cards in zip(hidden, dealt, strict=True):
        hands[player] = mask(cards)
    stars = draw_stars(flavours, [trick[2] for trick in tricks], view["stacks"], rng)

    fresh = rng.seed()
    state = game.new(fresh)
    assert isinstance(state, DokittoState)
    entries = view["log"]
    begun = max(index for index, entry in enumerate(entries) if entry["event"] == "round")
    totals = list(view["scores"])
    last = view["last_round"]
    if view["over"]:  # the round shown was scored: its points are not in the totals before it
        totals = [total - points for total, points in zip(totals, last["points"], strict=True)]
    state._resume(
        flavours,
        view["round"],
        totals,
        # its totals are the view's, or, once over, the replay scores that round anew
        Scored(last["round"], tuple(last["points"]), tuple(totals), last["busted"])
        if last
        else None,
        earlier_events(entries[:begun], flavours, players),
        (
            view["first"],
            [hand | cards for hand, cards in zip(hands, played, strict=True)],
            tuple(aside),
            stars,
        ),
    )
    for leader, cards, tile in tricks:
        replay(state, leader, cards, watch)
        if state._choices:  # the winner chose the tile it took
            take = TAKES[FLAVOUR_NAMES[tile["flavour"]]]
            if watch is not None:
                watch(state, state.to_act[0], take)
            state._apply(state.to_act[0], take)
    replay(state, view["trick"]["leader"], current, watch)
    return state


def mask(cards: Iterator[Card] | Sequence[Card]) -> rules.Hand:
    """Cards as a hand's bit mask."""
    hand = 0
    for card in cards:
        hand |= 1 << card
    return hand


def replay(
    state: DokittoState, leader: int, cards: Sequence[Card], watch: Watch | None = None
) -> None:
    """Play `cards` in `state` as they were played, from `leader` on (telling `watch`)."""
    for index, card in enumerate(cards):
        seat = (leader + index) % state.game.players
        if watch is not None:
            watch(state, seat, PLAYS[card])
        state._apply(seat, PLAYS[card])


def draw_stars(
    flavours: Sequence[Flavour],
    taken: Sequence[Mapping[str, Any] | None],
    left: Mapping[str, int],
    rng: Rng,
) -> list[int]:
    """Each stack's star (its place from the top; -1 for the flavours not in play): where a
    tile taken this round (`taken`, in order) showed it, else uniformly among the tiles left."""
    stars = [-1] * len(FLAVOURS)
    for flavour in flavours:
        shown = [tile["star"] for tile in taken if tile and tile["flavour"] == flavour.key]
        gone = TILES - left[flavour.key]
        if True in shown:
            stars[flavour] = shown.index(True)
        else:
            stars[flavour] = gone + rng.below(TILES - gone)
    return stars


def earlier_events(
    entries: Sequence[Mapping[str, Any]], flavours: tuple[Flavour, ...], players: int
) -> list[Event]:
    """The events told by the log entries of the rounds before the current one. An entry
    names what it shows; a trick's winning card, its leader and the round's points follow
    from the plays and tiles before them, by the rules."""
    events: list[Event] = []
    trick: list[Card] = []
    leader = 0
    tiles, toppings, totals = [0] * players, [0] * players, [0] * players
    busted: int | None = None
    for entry in entries:
        kind, number = entry["event"], entry["round"]
        if kind == "round":
            events.append(RoundDealt(number, entry["seat"], flavours, HAND_SIZE[players]))
            tiles, toppings, busted = [0] * players, [0] * players, None
        elif kind == "play":
            if isinstance(events[-1], Trick | RoundDealt):  # a trick's first card
                trick, leader = [], entry["seat"]
            trick.append(CARD_OF_NAME[entry["card"]])
            events.append(Played(number, entry["seat"], trick[-1]))
        elif kind == "won":
            index, single = rules.trick_winner(trick)
            events.append(Won(number, entry["seat"], trick[index], single))
        elif kind in ("take", "bust"):
            seat, taken = entry["seat"], kind == "take"
            tile = FLAVOUR_NAMES[entry["flavour"]] if taken else None
            starred = bool(taken and entry["star"])
            events.append(Trick(number, leader, tuple(trick), seat, tile, starred))
            if taken:
                tiles[seat] += 1
                toppings[seat] += starred
            else:
                busted = seat
        else:  # score: the game's end is never before the current round
            points = tuple(
                rules.round_points(tiles[player], toppings[player], player == busted)
                for player in range(players)
            )
            totals = [total + gained for total, gained in zip(totals, points, strict=True)]
            events.append(Scored(number, points, tuple(totals), busted))
    return events


# -- a uniform deal under voids ---------------------------------------------------------------


def deal(cards: Sequence[Card], bins: Sequence[tuple[int, int]], rng: Rng) -> list[list[Card]]:
    """`cards` dealt uniformly among every way to fill the bins (each a size and the
    flavours it may not get, as a bit mask; the sizes add up to the cards).

    Bins that lack the same flavours are pooled into groups, and cards of a flavour no group
    lacks are free. How many cards of each constrained flavour each group gets is drawn with
    weight the number of deals that give it (counted exactly, flavour by flavour, the most
    constrained first, by regions of alike groups, see `Counter`); then the cards themselves,
    the free ones and each group's split among its bins are uniform."""
    groups: dict[int, list[int]] = {}
    for index, (_, lacking) in enumerate(bins):
        groups.setdefault(lacking, []).append(index)
    masks = list(groups)
    caps = tuple(sum(bins[index][0] for index in groups[lacking]) for lacking in masks)
    by_flavour: dict[Flavour, list[Card]] = {}
    for card in cards:
        by_flavour.setdefault(FLAVOUR_OF[card], []).append(card)
    lacked = 0
    for lacking in masks:
        lacked |= lacking
    constrained = sorted(
        (flavour for flavour in by_flavour if lacked >> flavour & 1),
        key=lambda flavour: (sum(not lacking >> flavour & 1 for lacking in masks), flavour),
    )
    allowed = [tuple(not lacking >> flavour & 1 for lacking in masks) for flavour in constrained]
    sizes = [len(by_flavour[flavour]) for flavour in constrained]
    counter = Counter(sizes, allowed)
    assert counter.ways(0, caps), "no deal agrees with the view"
    held: list[list[Card]] = [[] for _ in masks]
    for step, flavour in enumerate(constrained):
        shares = counter.draw(step, caps, rng)
        pile = list(by_flavour[flavour])
        rng.shuffle(pile)
        for group, share in enumerate(shares):
            held[group] += pile[:share]
            del pile[:share]
        caps = tuple(cap - share for cap, share in zip(caps, shares, strict=True))
    free = [
        card for flavour, pile in by_flavour.items() if flavour not in constrained for card in pile
    ]
    rng.shuffle(free)
    dealt: list[list[Card]] = [[] for _ in bins]
    for group, lacking in enumerate(masks):
        pile = held[group] + free[: caps[group]]
        del free[: caps[group]]
        rng.shuffle(pile)
        for index in groups[lacking]:
            size = bins[index][0]
            dealt[index] = pile[:size]
            del pile[:size]
    return dealt


class Counter:
    """Counts the deals of the constrained flavours (in order) into groups of given
    capacities, the free cards filling what is left; memoised for one deal.

    From a step on, groups that allow the same remaining flavours are alike: the deals into
    them are the deals into their union (a region) times the ways to split each region's
    cards among its groups. So the count is kept by region, whose number shrinks step by
    step, and a flavour's share of a region is spread over its groups by their places left
    (hypergeometric), which is exactly what the deals' count weighs."""

    def __init__(self, sizes: Sequence[int], allowed: Sequence[tuple[bool, ...]]) -> None:
        self.sizes = sizes
        self.allowed = allowed
        groups = len(allowed[0]) if allowed else 0
        self.regions: list[list[list[int]]] = []
        """For each step (and one past the last), the groups that allow the same remaining
        flavours, in order of their first group."""
        for step in range(len(sizes) + 1):
            found: dict[tuple[bool, ...], list[int]] = {}
            for group in range(groups):
                found.setdefault(tuple(flags[group] for flags in allowed[step:]), []).append(group)
            self.regions.append(list(found.values()))
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(self, step: int, caps: Sequence[int]) -> int:
        """The deals of the flavours from `step` on (and the free cards) into `caps`."""
        totals = [sum(caps[group] for group in region) for region in self.regions[step]]
        spread = prod(
            multinomial([caps[group] for group in region]) for region in self.regions[step]
        )
        return self.core(step, tuple(totals)) * spread

    def core(self, step: int, totals: tuple[int, ...]) -> int:
        """The deals from `step` on into the step's regions with these totals."""
        if step == len(self.sizes):
            return 1  # one region: the free cards fill it
        key = (step, totals)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = sum(weight for _, weight in self.options(step, totals))
        return found

    def options(self, step: int, totals: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way to share the `step`-th flavour's cards among the regions allowed it, with
        the number of deals it leads to."""
        regions = self.regions[step]
        open_ = [self.allowed[step][region[0]] for region in regions]
        following = self.regions[step + 1]
        for shares in split(self.sizes[step], totals, open_):
            rest = [total - share for total, share in zip(totals, shares, strict=True)]
            # the next step's regions are unions of this step's: by their first group
            where = {group: index for index, region in enumerate(regions) for group in region}
            merged = []
            spread = 1
            for region in following:
                parts = [
                    rest[where[group]] for group in region if regions[where[group]][0] == group
                ]
                merged.append(sum(parts))
                spread *= multinomial(parts)
            weight = self.core(step + 1, tuple(merged))
            if weight:
                yield shares, multinomial(shares) * spread * weight

    def draw(self, step: int, caps: Sequence[int], rng: Rng) -> tuple[int, ...]:
        """A share of the `step`-th flavour's cards for each group, with weight the deals it
        leads to: the regions' shares so drawn, each spread over its groups' places."""
        regions = self.regions[step]
        totals = tuple(sum(caps[group] for group in region) for region in regions)
        pick = rng.exact_below(self.core(step, totals))
        for region_shares, weight in self.options(step, totals):
            if pick < weight:
                return spread(regions, region_shares, caps, rng)
            pick -= weight
        raise AssertionError("the weights add up to the count")


def spread(
    regions: Sequence[Sequence[int]], shares: Sequence[int], caps: Sequence[int], rng: Rng
) -> tuple[int, ...]:
    """Each region's share of cards spread over its groups: uniform places among theirs."""
    counts = [0] * len(caps)
    for region, share in zip(regions, shares, strict=True):
        places = [group for group in region for _ in range(caps[group])]
        rng.shuffle(places)
        for group in places[:share]:
            counts[group] += 1
    return tuple(counts)


def split(count: int, caps: Sequence[int], allowed: Sequence[bool]) -> Iterator[tuple[int, ...]]:
    """Every way to share `count` cards among groups, each at most its cap, none to a group
    not allowed."""
    if not caps:
        if count == 0:
            yield ()
        return
    most = min(count, caps[0]) if allowed[0] else 0
    for first in range(most + 1):
        for rest in split(count - first, caps[1:], allowed[1:]):
            yield (first, *rest)


def multinomial(parts: Sequence[int]) -> int:
    """The ways to share labelled cards into piles of these sizes."""
    return factorial(sum(parts)) // prod(factorial(part) for part in parts)

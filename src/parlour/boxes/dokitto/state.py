"""Dokitto! Ice's state machine: rounds of tricks until someone has 10 points.

A round: the deal, then tricks. The seat to act plays a card (of the led flavour if it holds
one); when every seat has played, the trick's winner takes the top tile of a stack it may take
from, choosing with `take FLAVOUR` only when it may take from more than one. A winner who must
take a fourth tile ends the round at once. Otherwise the winner leads the next trick, and the
round ends when the hands are empty. After the round's scoring the game ends if someone has 10
points or more; else the next round is dealt.

Actions (canonical text):
    play grape 7     (the seat to act) play that card
    take grape       (the trick's winner, when it may choose) the top tile of the grape stack

Chance, in the order it is drawn (`game.new(seed, chance=[...])` scripts it): the flavours in
play, unless the option names them, one at a time (an index into the flavours not yet drawn,
in flavour order); then for each round the deal, seat 0 first, one card at a time (an index
into the cards not yet dealt, in card order), and for each stack in play, in flavour order, the
star's place in it from the top (0, 1 or 2).

This module changes the state and nothing else: the rules (and the reasons an action is
refused) are `rules`' plain functions, what a seat sees is `views`', the action texts are
`notation`'s. Random play is the benchmark's hot path, so the engine is lean: cards are small
integers and hands bit masks; action texts are precomputed; each legal list is built once,
when the seat to act changes, mostly as one look-up of a shared tuple.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from parlour.boxes.dokitto import breakdown, events, rules, views
from parlour.boxes.dokitto.components import (
    BUST_TILE,
    FLAVOUR_OF,
    FLAVOURS,
    FLAVOURS_IN_PLAY,
    HAND_SIZE,
    NUMBERS,
    PLAYER_COUNTS,
    TILE_OF,
    TILES,
    Card,
    Flavour,
    Tile,
    Trick,
    cards_of,
)
from parlour.boxes.dokitto.events import Ended, RoundDealt, Scored
from parlour.boxes.dokitto.notation import (
    CARD_OF_PLAY,
    FLAVOUR_OF_TAKE,
    TAKES,
    flavour_named,
    normalise,
    plays_of,
)
from parlour.boxes.dokitto.rules import playable
from parlour.boxes.dokitto.words import describe
from parlour.kernel import Action, Breakdown, IllegalAction, Reason, Rng, Seat, State
from parlour.kernel.log import EventLog, new_record

if TYPE_CHECKING:
    from parlour.boxes.dokitto.game import Dokitto

SEATS = tuple((seat,) for seat in range(max(PLAYER_COUNTS)))
"""`to_act` when seat i is to act."""
NEXT_SEAT = {
    players: tuple((seat + 1) % players for seat in range(players)) for players in PLAYER_COUNTS
}
"""The next seat clockwise, by player count."""


def draw_flavours(rng: Rng, count: int) -> tuple[Flavour, ...]:
    """`count` flavours drawn one at a time from those not yet drawn, in flavour order."""
    pool = list(FLAVOURS)
    return tuple(sorted(pool.pop(rng.below(len(pool))) for _ in range(count)))


def check_script(chance: Sequence[int], players: int, drawn_flavours: bool) -> None:
    """Refuse a chance script with an outcome out of its draw's range (`ValueError`), so
    that a bad script fails when the game is dealt, never halfway through an action."""
    flavours = FLAVOURS_IN_PLAY[players]
    ranges = list(range(len(FLAVOURS), len(FLAVOURS) - flavours, -1)) if drawn_flavours else []
    deck = flavours * NUMBERS
    one_round = [*range(deck, deck - players * HAND_SIZE[players], -1), *[TILES] * flavours]
    while len(ranges) < len(chance):
        ranges += one_round
    for value, size in zip(chance, ranges, strict=False):
        if not 0 <= value < size:
            raise ValueError(f"scripted chance outcome {value!r} is not in 0..{size - 1}")


class DokittoState(State):
    """A Dokitto! Ice game in progress: the hands, the stacks, the cones, the trick and the
    totals.

    `to_act` and `over` are plain attributes rather than properties: every decision of a
    simulation reads them, and an attribute is read three times faster.
    """

    game: Dokitto
    to_act: tuple[int, ...] = ()
    over = False

    def __init__(self, game: Dokitto, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        players = self._players = game.players
        named = game.named_flavours
        if chance:
            check_script(chance, players, drawn_flavours=not named)
        self._flavours = named or draw_flavours(rng, FLAVOURS_IN_PLAY[players])
        self._deck = cards_of(self._flavours)  # looked up once: hashing flavours is slow
        self._next_seat = NEXT_SEAT[players]
        self._totals = [0] * players
        self._round = 0
        # The round's events, shared by the rounds of its number (set by `_begin_round`):
        self._played: tuple[tuple[events.Played, ...], ...] = ()
        self._won: tuple[tuple[tuple[events.Won, ...], ...], ...] = ()
        self._seat = 0  # the seat to act; -1 once the game is over
        self._legal: tuple[Action, ...] = ()  # its legal actions
        self._choices: tuple[Flavour, ...] = ()  # the stacks a trick's winner chooses from
        self._last_round: events.Scored | None = None  # the last round's scoring
        self._events: EventLog[events.Event] = EventLog(describe)
        # The round's and the trick's, set afresh by `_begin_round` and `_begin_trick`:
        self._first = 0  # the seat that leads the round
        self._hands: list[rules.Hand] = []
        self._aside: tuple[Card, ...] = ()  # the cards not dealt this round
        self._star: tuple[int, ...] = ()  # each stack's starred tile (-1: not in play)
        self._left: list[int] = []  # the tiles left in each stack
        self._cones: list[list[Tile]] = []
        self._tricks: list[Trick] = []
        self._leader = 0  # the seat that leads the trick
        self._trick: list[Card] = []
        self._begin_round(0, *self._draw_round())

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, DokittoState)
        twin._hands = list(self._hands)
        twin._left = list(self._left)
        twin._cones = [list(cone) for cone in self._cones]
        twin._trick = list(self._trick)
        twin._tricks = list(self._tricks)
        twin._totals = list(self._totals)
        twin._events = self._events.copy()

    # -- rounds and tricks --------------------------------------------------------------------

    def _draw_round(self) -> tuple[list[rules.Hand], tuple[Card, ...], list[int]]:
        """A round's chance: the hands, the cards set aside and each stack's star (-1 for
        the flavours not in play)."""
        below = self._rng.below
        deck = list(self._deck)
        pop = deck.pop
        undealt = len(deck)
        hands = []
        for _ in range(self._players):
            hand = 0
            for _ in range(HAND_SIZE[self._players]):
                hand |= 1 << pop(below(undealt))
                undealt -= 1
            hands.append(hand)
        stars = [-1] * len(FLAVOURS)
        for flavour in self._flavours:
            stars[flavour] = below(TILES)
        return hands, tuple(deck), stars

    def _begin_round(
        self, first: int, hands: list[rules.Hand], aside: tuple[Card, ...], stars: list[int]
    ) -> None:
        """Deal a round: new hands, full stacks, empty cones; `first` leads."""
        self._round += 1
        self._played = events.played_events(self._round, self._players)
        self._won = events.won_events(self._round, self._players)
        self._first = first
        self._hands = hands
        self._aside = aside
        self._star = tuple(stars)  # never changes in a round: shared by clones
        self._left = [TILES if star >= 0 else 0 for star in stars]
        self._cones = [[] for _ in range(self._players)]
        self._tricks = []
        size = HAND_SIZE[self._players]
        self._events.append(new_record(RoundDealt, (self._round, first, self._flavours, size)))
        self._begin_trick(first)

    def _resume(
        self,
        flavours: tuple[Flavour, ...],
        round_number: int,
        totals: list[int],
        last_round: events.Scored | None,
        events: Sequence[events.Event],
        deal: tuple[int, list[rules.Hand], tuple[Card, ...], list[int]],
    ) -> None:
        """Set the game at the deal of round `round_number` with these flavours, and the
        totals, last result and log before it, dealt as `deal` (who leads, the hands, the
        cards set aside, the stars): how a determinized state begins, before it replays the
        round's actions."""
        self._flavours = flavours
        self._deck = cards_of(flavours)
        self._round = round_number - 1
        self._totals = totals
        self._last_round = last_round
        self._events = EventLog(describe, events)
        self._begin_round(*deal)

    def _begin_trick(self, leader: int) -> None:
        self._leader = self._seat = leader
        self.to_act = SEATS[leader]
        self._trick = []
        self._legal = plays_of(playable(self._hands[leader], None))

    # -- who acts and what they may do --------------------------------------------------------

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        return self._legal if seat == self._seat else ()

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """The kernel's test (`refusal` finds no reason) at the speed of the hot path: the
        legal list and `_verify` follow the same rules (`playable`, `tile_flavours`), and
        the contract tests check that they agree on every action."""
        return seat == self._seat and action in self._legal

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        """The rules' reason to refuse the seat to act this card or tile (see
        `rules.verify_play` and `rules.verify_take`); the table (`None`) has no actions."""
        if seat is not None:
            card = CARD_OF_PLAY.get(action)
            if card is not None:
                trick = self._trick
                led = FLAVOUR_OF[trick[0]] if trick else None
                hand, choosing = self._hands[seat], self._choices
                return rules.verify_play(card, hand, led, choosing, self._flavours)
            flavour = FLAVOUR_OF_TAKE.get(action)
            if flavour is not None:
                return rules.verify_take(flavour, self._choices, self._flavours, self._left)
        return self._not_legal(seat, action)

    def parse_action(self, seat: Seat, text: str) -> Action:
        """The canonical text, a short form (see `notation`), or a bare number or flavour
        standing for the one legal action it can mean (`7`: the only 7 you may play; `g`:
        `take grape`, or the only grape card you may play)."""
        wanted = normalise(text)
        legal = self.legal_actions(seat)
        if wanted in legal or " " in wanted:
            return super().parse_action(seat, wanted)
        if wanted.isdigit():
            matches = [a for a in legal if a.startswith("play ") and a.split()[2] == wanted]
        else:
            flavour = flavour_named(wanted)
            matches = [a for a in legal if flavour is not None and a.split()[1] == flavour.key]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            reason = Reason("ambiguous", {"text": text, "matches": matches})
            raise IllegalAction(self.game.tell(reason), reason)
        return super().parse_action(seat, wanted)

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        card = CARD_OF_PLAY.get(action)
        if card is None:  # `take FLAVOUR`: the trick's winner chooses a stack
            self._choices = ()
            self._take(seat, FLAVOUR_OF_TAKE[action])
            return
        hands = self._hands
        hands[seat] ^= 1 << card
        trick = self._trick
        trick.append(card)
        self._events.append(self._played[seat][card])
        if len(trick) == self._players:
            self._end_trick()
            return
        seat = self._seat = self._next_seat[seat]
        self.to_act = SEATS[seat]
        self._legal = plays_of(playable(hands[seat], FLAVOUR_OF[trick[0]]))

    def _end_trick(self) -> None:
        """Every seat has played: the winner busts, takes a tile, or chooses a stack."""
        trick = self._trick
        index, single = rules.trick_winner(trick)
        winner = (self._leader + index) % self._players
        self._events.append(self._won[single][winner][trick[index]])
        if len(self._cones[winner]) == BUST_TILE - 1:
            done = new_record(Trick, (self._round, self._leader, tuple(trick), winner, None, False))
            self._tricks.append(done)
            self._events.append(done)
            self._end_round(busted=winner)
            return
        choices = rules.tile_flavours(trick, single, self._left, self._flavours)
        if len(choices) == 1:
            self._take(winner, choices[0])
            return
        self._choices = choices
        self._seat = winner
        self.to_act = SEATS[winner]
        self._legal = tuple(TAKES[flavour] for flavour in choices)

    def _take(self, winner: int, flavour: Flavour) -> None:
        """The winner takes the top tile of `flavour`'s stack (with its Topping token if it
        carries the star); then the next trick, or the round's end."""
        left = self._left
        starred = rules.top_is_starred(left[flavour], self._star[flavour])
        left[flavour] -= 1
        self._cones[winner].append(TILE_OF[flavour][starred])
        done = new_record(
            Trick, (self._round, self._leader, tuple(self._trick), winner, flavour, starred)
        )
        self._tricks.append(done)
        self._events.append(done)
        if self._hands[winner]:
            self._begin_trick(winner)
        else:  # every hand is empty
            self._end_round(busted=None)

    def _end_round(self, busted: int | None) -> None:
        """Score the cones; then the game ends or the next round is dealt."""
        points = tuple(
            rules.round_points(len(cone), sum(starred for _, starred in cone), seat == busted)
            for seat, cone in enumerate(self._cones)
        )
        totals = self._totals
        for seat, gained in enumerate(points):
            totals[seat] += gained
        scored = self._last_round = new_record(Scored, (self._round, points, tuple(totals), busted))
        self._events.append(scored)
        if rules.game_over(totals, self._round, self.game.max_rounds):
            self._finish()
            return
        last_winner = self._tricks[-1].winner
        rule = self.game.next_round_leader
        first = rules.next_first(rule, self._first, last_winner, self._players)
        self._begin_round(first, *self._draw_round())

    def _finish(self) -> None:
        self.over = True
        self._seat = -1
        self.to_act = ()
        self._legal = ()
        self._trick = []
        self._events.append(Ended(self._round, self.winners, tuple(self._totals)))

    # -- results and secrets ------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._totals)

    @property
    def winners(self) -> tuple[int, ...]:
        return rules.winners(self._totals) if self.over else ()

    @property
    def flavours(self) -> tuple[Flavour, ...]:
        """The flavours in play (public)."""
        return self._flavours

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        """Every seat's hand, by card name: never in another seat's view (for tests and
        tools)."""
        return tuple(tuple(views.names(rules.cards_in(hand))) for hand in self._hands)

    @property
    def aside(self) -> tuple[str, ...]:
        """The cards set aside this round, by name: the table's secret (for tests and tools)."""
        return tuple(views.names(self._aside))

    @property
    def stacks(self) -> dict[str, tuple[bool, ...]]:
        """Each stack in play, top first, as whether each tile carries the star: the table's
        secret (for tests and tools)."""
        stacks = {}
        for flavour in self._flavours:
            taken = TILES - self._left[flavour]
            star = self._star[flavour]
            stacks[flavour.key] = tuple(place == star for place in range(taken, TILES))
        return stacks

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        return breakdown.breakdowns(self)

    def view(self, seat: Seat) -> views.DokittoView:
        return views.view_of(self, seat)

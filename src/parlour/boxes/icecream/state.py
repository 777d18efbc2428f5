"""Ice Cream's state machine: four days, each of deliveries, cones, serving and scoring.

Every phase is a sequence of single turns from the day's dealer clockwise:
- deliveries: each player dealt a face-down card keeps it, or discards it and takes the next
  card face down, which is kept by force; the discards go back into the deck afterwards;
- cones: at the start of each turn a Scoop card is turned over (drawn at random from the rest
  of the Scoop deck at that moment, so it is public and no deck order exists to leak), and the
  player puts it on a cone or starts a new one, until every scoop is placed;
- serving: one action a turn, round after round, until the last cone is served or the player
  to act has no action;
then the day is scored, and the next day begins with its dealer or, after the fourth, the game
ends. Ice Cream cards too are drawn at random from the deck when they are dealt or drawn.

Actions (canonical text):
    keep / discard        (deliveries) keep the face-down card, or discard it for the next one
    cone 3 / new cone     (cones) put the turned-over scoop on cone 3, or start a new cone
    serve 2               (serving) serve cone 2, exactly or with one scoop missing
    draw                  (serving, no cone to serve exactly) take an Ice Cream card face up
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from parlour.boxes.icecream import breakdown, rules, views
from parlour.boxes.icecream.components import (
    DAYS,
    FACE_UP_AT_SETUP,
    FLAVOURS,
    ICE_CREAM_CARDS,
    MAX_SCOOPS,
    REMOVED,
    SCOOP_CARDS,
    Flavour,
)
from parlour.boxes.icecream.events import (
    DayBegan,
    Dealt,
    Discarded,
    Drew,
    Ended,
    Event,
    Kept,
    Placed,
    Revealed,
    Scored,
    Secret,
    Served,
    Stuck,
    WentBack,
)
from parlour.boxes.icecream.notation import (
    CONE_ACTIONS,
    CONE_OF,
    DISCARD,
    DRAW,
    KEEP,
    NEW_CONE,
    SERVE_ACTIONS,
    SERVE_OF,
    normalise,
)
from parlour.boxes.icecream.rules import EMPTY, PHASE_OF, Cone, Phase, clockwise
from parlour.boxes.icecream.views import IcecreamView
from parlour.boxes.icecream.words import describe
from parlour.kernel import TABLE, Action, Breakdown, Reason, Rng, Seat, State
from parlour.kernel.log import EventLog, new_record

if TYPE_CHECKING:
    from parlour.boxes.icecream.game import Icecream

_KEEP_OR_DISCARD = (KEEP, DISCARD)
_KEEP_ONLY = (KEEP,)
_EXACT, _NEAR = rules.Fit.EXACT, rules.Fit.NEAR
SEATS = tuple((seat,) for seat in range(max(REMOVED)))
"""`to_act` of each seat acting alone, made once."""


_CONES, _DELIVERIES = Phase.CONES, Phase.DELIVERIES


class IcecreamState(State):
    """An Ice Cream game in progress: the decks, every player's cards, the cones and the turn.

    `to_act` and `over` are plain attributes rather than properties (as in Dokitto): every
    decision of a simulation reads them. The active seat's legal actions are listed as its
    turn begins (`_legal`), and the placements kept from turn to turn until a cone is started
    or filled.
    """

    game: Icecream
    to_act: tuple[int, ...] = ()
    over = False

    def __init__(self, game: Icecream, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        players = self._players = game.players
        first = game.options["first_dealer"]
        assert isinstance(first, int)
        self._dealer = first - 1
        pool = [SCOOP_CARDS] * len(FLAVOURS)
        removed = [0] * len(FLAVOURS)
        for _ in range(REMOVED[players]):
            removed[self._take(pool)] += 1
        self._removed = tuple(removed)  # out of the game, unseen
        self._ice = [ICE_CREAM_CARDS] * len(FLAVOURS)  # the Ice Cream deck, by flavour
        self._cards = [[0] * len(FLAVOURS) for _ in range(players)]  # face up, by flavour
        self._hands = [0] * players  # the flavours each seat holds face up, as `rules.Hand`
        for seat in clockwise(self._dealer, players):
            for _ in range(FACE_UP_AT_SETUP):
                self._gain(seat, self._take(self._ice))
        self._banked = [0] * players  # totals of the days scored
        self._served = [[0] * len(FLAVOURS) for _ in range(players)]  # today's scoops, by card
        self._day = 1
        self._phase = Phase.DELIVERIES
        self._active = self._last = self._dealer
        self._legal: tuple[Action, ...] = ()  # the active seat's
        self._winners: tuple[int, ...] = ()
        self._events: EventLog[Event] = EventLog(describe)
        # The day's table, set afresh by `_begin_day`:
        self._scoops: list[int] = []  # the Scoop deck, by flavour
        self._scoops_left = 0
        self._scoop: Flavour | None = None  # the turned-over scoop, to be placed
        self._cones: dict[int, Cone] = {}  # the cones not yet served, by number
        self._started = 0  # cones started today
        self._may_start = True  # whether `rules.verify_new_cone` allows another
        self._room: list[Action] = []  # `cone N` for each cone with fewer than four scoops
        self._face_down: list[Flavour | None] = []  # each seat's delivery, until revealed
        self._discards: list[int] = []  # set aside until all have chosen, by flavour
        self._choosing: list[int] = []  # the seats yet to keep or discard
        self._begin_day()

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, IcecreamState)
        twin._ice = list(self._ice)
        twin._scoops = list(self._scoops)
        twin._cards = [list(cards) for cards in self._cards]
        twin._hands = list(self._hands)
        twin._banked = list(self._banked)
        twin._served = [list(served) for served in self._served]
        twin._face_down = list(self._face_down)
        twin._discards = list(self._discards)
        twin._choosing = list(self._choosing)
        twin._cones = dict(self._cones)
        twin._room = list(self._room)
        twin._events = self._events.copy()

    # -- who acts and what they may do --------------------------------------------------------

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        return self._legal if seat == self._active else ()

    def _legal_now(self) -> tuple[Action, ...]:
        """The active seat's actions that the rules' `verify_*` functions do not refuse (what
        `_legal` holds; the determinizer asks it)."""
        if not self.to_act:
            return ()
        if self._phase is Phase.DELIVERIES:
            return self._delivery_choices()
        if self._phase is Phase.CONES:
            return self._placements()
        return self._serving_actions(self._active)

    def _delivery_choices(self) -> tuple[Action, ...]:
        """Keep, and discard if `rules.verify_discard` allows."""
        return _KEEP_OR_DISCARD if rules.verify_discard(sum(self._ice)) is None else _KEEP_ONLY

    def _placements(self) -> tuple[Action, ...]:
        """The cones with room for the scoop (kept as cones are started and filled), then a new
        cone if `rules.verify_new_cone` allows one (asked as cones are started)."""
        if self._may_start:
            return (*self._room, NEW_CONE)
        return tuple(self._room)

    def _serving_actions(self, seat: int) -> tuple[Action, ...]:
        """Case A: the cones `seat` can serve exactly, one of which it must serve. Case B: the
        cones it can serve with one scoop missing, and `draw` if `rules.verify_draw` allows.
        None: the seat has no action. (`rules.verify_serve` says the same of each cone.)"""
        hand = self._hands[seat]
        exact: list[Action] = []
        near: list[Action] = []
        for number, cone in self._cones.items():
            match = cone.fits[hand]
            if match is _EXACT:
                exact.append(SERVE_ACTIONS[number - 1])
            elif match is _NEAR:
                near.append(SERVE_ACTIONS[number - 1])
        if exact:
            return tuple(exact)
        if rules.verify_draw(sum(self._ice), ()) is None:
            near.append(DRAW)
        return tuple(near)

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """The kernel's "no reason", answered by the listing that has none (a fast path; the
        contract tests check that the listing and `_verify` agree on every action)."""
        return seat == self._active and action in self._legal

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        """No reason for a legal action (listed by the same rules); otherwise the rule's."""
        if action in self.legal_actions(seat):
            return None
        phase = PHASE_OF.get(action)
        if seat is TABLE or phase is None:
            return self._not_legal(seat, action)
        if phase is not self._phase:
            return Reason(f"wait_{self._phase.value}")
        if action == DISCARD:
            return rules.verify_discard(sum(self._ice))
        if action == NEW_CONE:
            return rules.verify_new_cone(self._started)
        if action in CONE_OF:
            return rules.verify_cone(CONE_OF[action], self._cones)
        assert seat is not None
        hand = self._hands[seat]
        exact = rules.exact_cones(self._cones, hand)
        if action == DRAW:
            return rules.verify_draw(sum(self._ice), exact)
        return rules.verify_serve(SERVE_OF[action], self._cones, hand, exact)

    def parse_action(self, seat: Seat, text: str) -> Action:
        """The canonical text, a short form (see `notation`), or a cone's number alone: the
        cone to put the scoop on, or to serve."""
        wanted = normalise(text)
        if wanted.isdigit():
            legal = self.legal_actions(seat)
            cone, serve = f"cone {wanted}", f"serve {wanted}"
            if cone in legal or serve in legal:
                return cone if cone in legal else serve
            wanted = serve if self._phase is Phase.SERVING else cone
        return super().parse_action(seat, wanted)

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        phase = self._phase
        if phase is _CONES:  # the most frequent phase first
            self._place(seat, action)
        elif phase is _DELIVERIES:
            self._deliver(seat, action)
        elif action == DRAW:
            card = self._take(self._ice)
            self._gain(seat, card)
            self._events.append(new_record(Drew, (seat, card)))
            self._after_serving_turn(seat)
        else:
            self._serve(seat, SERVE_OF[action])

    def _take(self, deck: list[int]) -> Flavour:
        """A card drawn at random from `deck` (counts by flavour), which loses it."""
        card = rules.card_at(deck, self._rng.below(sum(deck)))
        deck[card] -= 1
        return card

    def _gain(self, seat: int, card: Flavour) -> None:
        self._cards[seat][card] += 1
        self._hands[seat] |= 1 << card

    def _turn(self, seat: int, legal: tuple[Action, ...]) -> None:
        self._active = seat
        self.to_act = SEATS[seat]
        self._legal = legal

    def _begin_day(self) -> None:
        """Deal the deliveries, one face down to each player from the dealer on while the deck
        has cards; then the first of them keeps or discards."""
        players = self.game.players
        self._events.append(DayBegan(self._day, self._dealer))
        self._scoops = [SCOOP_CARDS - removed for removed in self._removed]
        self._scoops_left = sum(self._scoops)
        self._scoop = None
        self._cones = {}
        self._room = []
        self._started = 0
        self._may_start = rules.verify_new_cone(0) is None
        self._face_down = [None] * players
        self._discards = [0] * len(FLAVOURS)
        order = clockwise(self._dealer, players)
        secrets = []
        for seat in order:
            if not any(self._ice):
                break
            card = self._face_down[seat] = self._take(self._ice)
            secrets.append(new_record(Secret, (seat, card)))
        self._events.append(Dealt(order, tuple(secrets)))
        self._choosing = [secret.owner for secret in secrets]
        self._phase = Phase.DELIVERIES
        self._next_delivery()

    def _deliver(self, seat: int, action: Action) -> None:
        card = self._face_down[seat]
        assert card is not None
        if action == DISCARD:
            new = self._face_down[seat] = self._take(self._ice)
            self._discards[card] += 1
            self._events.append(
                new_record(
                    Discarded,
                    (seat, new_record(Secret, (seat, card)), new_record(Secret, (seat, new))),
                )
            )
        else:
            self._events.append(new_record(Kept, (seat, new_record(Secret, (seat, card)))))
        del self._choosing[0]
        self._next_delivery()

    def _next_delivery(self) -> None:
        if self._choosing:
            self._turn(self._choosing[0], self._delivery_choices())
            return
        returned = sum(self._discards)
        if returned:
            self._ice = [deck + back for deck, back in zip(self._ice, self._discards, strict=True)]
            self._discards = [0] * len(FLAVOURS)
            self._events.append(WentBack(returned))
        self._phase = Phase.CONES
        self._legal = self._placements()
        self._turn_over(self._dealer)

    def _turn_over(self, seat: int) -> None:
        """`seat`'s turn to place: the next scoop is turned over for all to see, drawn at
        random from the Scoop deck (`_scoops_left` cards). The placements stay listed."""
        left = self._scoops_left
        scoop = self._scoop = rules.card_at(self._scoops, self._rng.below(left))
        self._scoops[scoop] -= 1
        self._scoops_left = left - 1
        self._active = seat
        self.to_act = SEATS[seat]

    def _place(self, seat: int, action: Action) -> None:
        scoop = self._scoop
        assert scoop is not None
        new = action == NEW_CONE
        if new:
            number = self._started = self._started + 1
            self._may_start = rules.verify_new_cone(number) is None
            cone = rules.add(EMPTY, scoop)
            self._room.append(CONE_ACTIONS[number - 1])
            self._legal = self._placements()
        else:
            number = CONE_OF[action]
            cone = rules.add(self._cones[number], scoop)
            assert cone is not None
            if cone.size == MAX_SCOOPS:
                self._room.remove(action)
                self._legal = self._placements()
        assert cone is not None
        self._cones[number] = cone
        self._last = seat
        self._events.append(new_record(Placed, (seat, scoop, number, new, cone)))
        if self._scoops_left:
            self._turn_over((seat + 1) % self._players)
        else:
            self._scoop = None
            self._begin_serving()

    def _begin_serving(self) -> None:
        """Reveal the face-down cards; the dealer serves first."""
        shown = []
        for seat in clockwise(self._dealer, self.game.players):
            card = self._face_down[seat]
            if card is not None:
                self._gain(seat, card)
                self._face_down[seat] = None
                shown.append((seat, card))
        self._events.append(Revealed(tuple(shown)))
        self._phase = Phase.SERVING
        self._offer(self._dealer)

    def _offer(self, seat: int) -> None:
        """`seat`'s turn to serve, or the end of serving if it has no action."""
        legal = self._serving_actions(seat)
        if legal:
            self._turn(seat, legal)
        else:
            self._events.append(Stuck(seat))
            self._end_day()

    def _serve(self, seat: int, number: int) -> None:
        """Every scoop goes on the seat's card of its flavour; a scoop of a flavour it lacks
        (at most one) goes back to the Scoop deck unscored."""
        cone = self._cones.pop(number)
        hand = self._hands[seat]
        served = self._served[seat]
        returned = None
        for scoop in cone.scoops:
            if hand >> scoop & 1:
                served[scoop] += 1
            else:
                returned = scoop
        points = cone.size - (returned is not None)
        self._events.append(new_record(Served, (seat, number, cone, returned, points)))
        self._after_serving_turn(seat)

    def _after_serving_turn(self, seat: int) -> None:
        self._last = seat
        if self._cones:
            self._offer((seat + 1) % self._players)
        else:
            self._end_day()

    def _end_day(self) -> None:
        """Phase 4: score, discard into the deck, and begin the next day or end the game."""
        scores = list(map(rules.score_day, self._served, self._cards))
        for seat, score in enumerate(scores):
            self._banked[seat] += score.points
            self._cards[seat] = list(score.kept)
            self._hands[seat] = rules.hand_of(compress(FLAVOURS, score.kept))
            self._served[seat] = [0] * len(FLAVOURS)
        discarded = zip(self._ice, *(score.discarded for score in scores), strict=True)
        self._ice = [sum(cards) for cards in discarded]
        self._cones = {}
        scoops = tuple(score.scoops for score in scores)
        duplicates = tuple(score.duplicates for score in scores)
        self._events.append(Scored(self._day, scoops, duplicates, tuple(self._banked)))
        if self._day == DAYS:
            self._finish()
            return
        self._dealer = rules.next_dealer(self._banked, self._last)
        self._day += 1
        self._begin_day()

    def _finish(self) -> None:
        self._phase = Phase.OVER
        self.over = True
        self.to_act = ()
        self._legal = ()
        unopened = tuple(sum(cards) for cards in self._cards)
        self._winners = rules.winners(self._banked, unopened)
        self._events.append(Ended(self._winners, tuple(self._banked), unopened))

    # -- results --------------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """The points so far: the days scored, plus the scoops served today (each scores 1;
        the duplicates count when the day is scored)."""
        pairs = zip(self._banked, self._served, strict=True)
        return tuple(banked + sum(served) for banked, served in pairs)

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        return breakdown.breakdowns(self)

    def view(self, seat: Seat) -> IcecreamView:
        return views.view_of(self, seat)

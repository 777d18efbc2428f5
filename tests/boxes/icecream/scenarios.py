"""Whole days set up card by card, for the tests of serving, scoring and the next dealer.

`rulebook_serving()`: the rulebook's Case A and Case B examples need Dan to hold one strawberry,
one chocolate chip and two chocolate cards, and Joe a strawberry and a chocolate chip card, when
three cones are left: (strawberry, strawberry, chocolate chip), (chocolate) and (pistachio,
chocolate, strawberry, strawberry). Four cards cannot be in one hand at a first turn to serve on
the first day (face up and delivery make two, and a draw is possible only with no exact cone),
so the examples happen on day 2 of a five-player game: day 1 leaves Dan his three flavours
unopened and Joe a strawberry; day 2 delivers Dan his second chocolate and Joe his chocolate
chip.

`stuck_day()`: three players who never hold both flavours of any cone draw the whole Ice Cream
deck; the next player to act then has no action.
"""

from __future__ import annotations

from parlour.boxes.icecream import IcecreamState

from .helpers import BR, CC, CH, ONE_OF_EACH, P, S, Shoe, V, cone_plan, keep_all, new_game, play

Q0, Q1, Q2, DAN, JOE = range(5)

DAY_ONE_CONES = cone_plan(
    (S, S),  # 1: Joe's, exact (he holds two strawberry cards)
    (CC, CC, CH, CH),  # 2: Q0's, exact
    (V, V, P, P),  # 3: Q1's, exact
    (S, S, BR, BR),  # 4: Q2's, exact
    (S, BR),  # 5: Joe's near serve on day 1 (the black raspberry goes back)
    (CC, CC, CH, CH),  # 6: Q0's, exact
    (CC, V, P, P),  # 7: Q1's near serve (the chocolate chip goes back)
    (CH,),  # 8: Q2's near serve, 0 points
)
DAY_TWO_CONES = cone_plan(
    (S, S, CC),  # 1: the rulebook's first cone
    (CH,),  # 2: the second
    (P, CH, S, S),  # 3: the third
    (CH, CH, CH, CC),  # 4: Dan serves it first
    (S, CC, CC, CC),  # 5: Joe serves it first
    (BR, BR, BR),  # 6: Q0's
    (V, V, V),  # 7: Q1's
    (P, P, P),  # 8: Q2's
)


def rulebook_serving() -> IcecreamState:
    """Five players, Joe (seat 5) deals first. At the end: day 2's serving, Dan (seat 4) to
    act with cones 1, 2 and 3 left (the rulebook's three), holding strawberry, chocolate chip
    and two chocolate cards; Joe next, with strawberry and chocolate chip. The Ice Cream cards
    drawn next: Joe's pistachio, then black raspberry, vanilla and vanilla for seats 1 to 3."""
    shoe = Shoe(removed=(BR, BR, V, V, P))
    shoe.ice(S, CC, V, S, S)  # face up, from Joe: Joe, Q0, Q1, Q2, Dan
    shoe.ice(S, CH, P, BR, CC)  # day 1 deliveries, from Joe
    shoe.scoops(*DAY_ONE_CONES[0])
    shoe.ice(CH)  # Dan's draw on day 1
    shoe.back(S, CC, CH, V, P, S, BR)  # the cards opened on day 1
    shoe.new_day()
    shoe.ice(CH, CC, BR, V, P)  # day 2 deliveries, from Dan
    shoe.scoops(*DAY_TWO_CONES[0])
    shoe.ice(P, BR, V, V)  # day 2 draws: Joe, Q0, Q1, Q2
    state = new_game(5, shoe, first_dealer=5)
    keep_all(state)
    play(state, *DAY_ONE_CONES[1])
    # Day 1: Joe, Q0, Q1, Q2 serve; Dan has no exact cone and draws; Joe serves nearly, then
    # Q0, Q1 and Q2 serve the last three cones.
    play(state, "serve 1", "serve 2", "serve 3", "serve 4", "draw")
    play(state, "serve 5", "serve 6", "serve 7", "serve 8")
    keep_all(state)  # Dan, the single lowest, deals day 2
    play(state, *DAY_TWO_CONES[1])
    play(state, "serve 4", "serve 5", "serve 6", "serve 7", "serve 8")
    return state


def stuck_day() -> IcecreamState:
    """Three players; the six cones pair strawberry with chocolate chip, black raspberry with
    vanilla, and chocolate with pistachio (two of each flavour a cone), and nobody ever holds
    both flavours of a pair, so nobody can serve any cone, exactly or nearly. Everyone draws
    until the deck is empty. At the end seat 3 is to draw the 24th and last card; after it
    seat 1 is to act, with no action."""
    shoe = Shoe(removed=ONE_OF_EACH)
    shoe.ice(S, CC, V)  # face up
    shoe.ice(BR, P, CH)  # deliveries
    cones = cone_plan(*[(S, S, CC, CC)] * 2, *[(BR, BR, V, V)] * 2, *[(CH, CH, P, P)] * 2)
    shoe.scoops(*cones[0])
    draws = (
        [BR, BR, BR, BR, S, S, CH, CH],  # seat 1: strawberry, black raspberry, chocolate
        [CC, CC, CC, CC, P, P, P, P],  # seat 2: chocolate chip, pistachio
        [V, V, V, V, S, S, CH, CH],  # seat 3: vanilla, chocolate, strawberry
    )
    for turn in zip(*draws, strict=True):
        shoe.ice(*turn)
    state = new_game(3, shoe)
    keep_all(state)
    play(state, *cones[1])
    play(state, *["draw"] * 23)
    return state

"""Phase 4 and the end: a point a served scoop; opened cards are discarded; among the unopened
ones each duplicate of a flavour is discarded for a point; the discards go back into the deck.
The next dealer is the single lowest total, or among the tied lowest the first clockwise from
the seat after the last player to act in serving (or to place a scoop), that player last.
After day four the highest total wins; ties go to the most unopened cards left; then all tied
players win."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.boxes.icecream import IcecreamState, rules

from .helpers import events, hand, random_step
from .scenarios import DAN, rulebook_serving, stuck_day


def cards(**counts: int) -> list[int]:
    """Counts by flavour, in flavour order, from keyword counts (`chocolate=3`)."""
    names = ["strawberry", "black_raspberry", "chocolate_chip", "chocolate", "pistachio"]
    return [counts.get(name, 0) for name in [*names, "vanilla"]]


def test_the_rulebooks_scoring_example() -> None:
    """Dan has 6 scoops and three unopened chocolate cards: 6 + 2 = 8, keeping one chocolate.
    Larry has 4 scoops and two unopened vanilla cards: 4 + 1 = 5, keeping one vanilla."""
    dan = rules.score_day(cards(strawberry=6), cards(strawberry=1, chocolate=3))
    assert (dan.scoops, dan.duplicates, dan.points) == (6, 2, 8)
    assert dan.kept == tuple(cards(chocolate=1))
    assert dan.discarded == tuple(cards(strawberry=1, chocolate=2))
    larry = rules.score_day(cards(pistachio=4), cards(pistachio=1, vanilla=2))
    assert (larry.scoops, larry.duplicates, larry.points) == (4, 1, 5)
    assert larry.kept == tuple(cards(vanilla=1))


def test_an_opened_card_is_not_a_duplicate() -> None:
    """Two strawberry cards, one of them opened: the opened one is discarded, the other is the
    only unopened strawberry and stays, for no point."""
    score = rules.score_day(cards(strawberry=3), cards(strawberry=2))
    assert (score.points, score.kept, score.discarded) == (
        3,
        tuple(cards(strawberry=1)),
        tuple(cards(strawberry=1)),
    )


def test_a_day_scored_in_play() -> None:
    """Day 1 of the rulebook scenario: seat 1 served 8 scoops, seat 2 7, seat 3 4, Dan none
    and Joe 3; nobody kept a duplicate. The opened cards went back into the deck: only Dan's
    three and Joe's unopened strawberry stayed out, before day 2's five deliveries."""
    state = rulebook_serving()
    assert events(state, "score", None)[0]["text"] == (
        "Day 1 scores (scoops + duplicates): Seat 1 8 + 0 = 8 (total 8); Seat 2 7 + 0 = 7 "
        "(total 7); Seat 3 4 + 0 = 4 (total 4); Seat 4 0 + 0 = 0 (total 0); Seat 5 3 + 0 = 3 "
        "(total 3)."
    )
    assert state.view(None)["ice_cream_deck"] == 30 - 4 - 5  # 4 cards kept, 5 delivered


def test_duplicates_scored_in_play() -> None:
    """The stuck day: nobody served; seat 1 holds 3 strawberry, 5 black raspberry and 2
    chocolate cards (7 duplicates), seat 2 5 chocolate chip and 5 pistachio (8), seat 3 5
    vanilla, 3 chocolate and 2 strawberry (7). One of each flavour stays."""
    state = stuck_day()
    state.apply(2, "draw")
    assert state.scores == (7, 8, 7)
    assert [hand(state, seat) for seat in range(3)] == [
        {"strawberry": 1, "black raspberry": 1, "chocolate": 1},
        {"chocolate chip": 1, "pistachio": 1},
        {"strawberry": 1, "chocolate": 1, "vanilla": 1},
    ]
    assert state.view(None)["ice_cream_deck"] == 30 - 8 - 3  # 8 kept, 3 delivered


@pytest.mark.parametrize(
    ("totals", "last", "dealer"),
    [
        ((5, 3, 9), 2, 1),  # a single lowest deals, whoever acted last
        ((5, 3, 9, 3), 0, 1),  # tied: the first of them clockwise after the last to act
        ((5, 3, 9, 3), 1, 3),  # ... the last to act, if tied, comes last
        ((5, 3, 9, 3), 3, 1),
        ((3, 3, 3, 4, 3), 2, 4),  # ... around the table
        ((3, 3, 3, 4, 3), 4, 0),
        ((3, 3, 3), 0, 1),
    ],
)
def test_the_next_dealer(totals: tuple[int, ...], last: int, dealer: int) -> None:
    assert rules.next_dealer(totals, last) == dealer


def test_the_next_dealer_in_play() -> None:
    """Dan (0 points) is the single lowest after the rulebook scenario's day 1. After the stuck
    day seats 1 and 3 tie lowest with 7; seat 3 acted last, so the search starts at seat 1."""
    assert rulebook_serving().view(None)["dealer"] == DAN
    state = stuck_day()
    state.apply(2, "draw")
    assert state.view(None)["dealer"] == 0
    assert events(state, "day", None)[-1]["text"] == "Day 2 begins; Seat 1 deals."


def play_random_games(players: int, games: int, seed: int) -> list[IcecreamState]:
    rnd = random.Random(seed)
    finished = []
    for _ in range(games):
        state = parlour.load("icecream", players).new(rnd.getrandbits(64))
        assert isinstance(state, IcecreamState)
        while not state.over:
            random_step(state, rnd)
        finished.append(state)
    return finished


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_dealer_follows_the_rule(players: int) -> None:
    """In random games each new day's dealer is the rule's, from the totals after scoring and
    the last seat to place a scoop or act in serving (some days tie for lowest)."""
    rnd = random.Random(players)
    ties = 0
    for _ in range(25):
        state = parlour.load("icecream", players).new(rnd.getrandbits(64))
        assert isinstance(state, IcecreamState)
        day, last = 1, -1
        while not state.over:
            seat = state.to_act[0]
            phase = state.view(None)["phase"]
            random_step(state, rnd)
            if phase != "deliveries":
                last = seat
            view = state.view(None)
            if view["day"] != day and not state.over:
                day = view["day"]
                totals = view["scores"]
                assert view["dealer"] == rules.next_dealer(totals, last)
                ties += totals.count(min(totals)) > 1
    assert ties >= 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_game_ends_after_day_four_and_the_tie_break(players: int) -> None:
    """Random games end right after day four is scored; the winners have the highest total,
    ties going to the most unopened cards left (the cards kept after day four's discards)."""
    tied = 0
    for state in play_random_games(players, 40, players):
        log = state.view(None)["log"]
        assert [entry["event"] for entry in log].count("score") == 4
        assert log[-2]["event"] == "score" and log[-1]["event"] == "end"
        view = state.view(None)
        unopened = [seat["unopened"] for seat in view["seats"]]
        assert unopened == [len(seat["cards"]) for seat in view["seats"]]
        totals = list(state.scores)
        best = max(totals)
        leaders = [seat for seat in range(players) if totals[seat] == best]
        most = max(unopened[seat] for seat in leaders)
        assert list(state.winners) == [seat for seat in leaders if unopened[seat] == most]
        tied += len(leaders) > 1
    assert tied >= 2


def test_the_winners_rule() -> None:
    assert rules.winners((20, 25, 24), (3, 0, 5)) == (1,)
    assert rules.winners((25, 25, 24), (1, 2, 5)) == (1,)  # most unopened cards
    assert rules.winners((25, 25, 25), (2, 2, 1)) == (0, 1)  # still tied: both win

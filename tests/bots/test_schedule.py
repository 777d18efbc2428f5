"""The one scheduler of bot decisions (`bots.schedule`), shared by the simulator, the terminal
and the web: seats acting at once are served in the order of their think times (ties: the
lower seat), a decision made for another version is never applied and is made again keeping
its time, and a clock restart drops every decision pending."""

from __future__ import annotations

from collections.abc import Sequence

import parlour
from parlour.bots import Bot
from parlour.bots.schedule import Pending, Schedule
from parlour.kernel import TABLE, Action, Rng, View


class Thinker(Bot):
    """Plays the first legal action after `seconds`; counts how often it was asked."""

    def __init__(self, seat: int, seconds: float) -> None:
        super().__init__(seat, Rng(seat))
        self.seconds = seconds
        self.asked = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.asked += 1
        return legal[-1]

    def think_time(self, view: View, legal: Sequence[Action]) -> float:
        return self.seconds


def test_seats_acting_at_once_are_served_by_think_time_then_by_seat() -> None:
    state = parlour.load("dicetime", 3, mode="simultaneous").new(1)
    assert state.to_act == (0, 1, 2)
    bots = [Thinker(0, 2.0), Thinker(1, 1.0), Thinker(2, 1.0)]
    schedule = Schedule()
    schedule.plan(state, 10.0, bots.__getitem__)
    order = []
    while (first := schedule.next()) is not None:
        order.append((first.seat, first.ready))
        del schedule[first.seat]
    assert order == [(1, 11.0), (2, 11.0), (0, 12.0)]


def test_a_stale_decision_is_never_offered_and_is_made_again_keeping_its_time() -> None:
    state = parlour.load("dicetime", 2, mode="simultaneous").new(1)
    bots = [Thinker(0, 5.0), None]  # seat 1: a person
    schedule = Schedule()
    schedule.plan(state, 0.0, bots.__getitem__, version=7)
    assert schedule == {0: Pending(5.0, 0, "roll", 7)}
    assert schedule.next(version=8) is None  # made for version 7: never applied at 8
    schedule.plan(state, 3.0, bots.__getitem__, version=8)
    assert schedule.next(version=8) == Pending(5.0, 0, "roll", 8)  # asked again, not later
    assert bots[0] is not None and bots[0].asked == 2
    schedule.plan(state, 4.0, bots.__getitem__, version=8)  # current: not asked again
    assert bots[0].asked == 2


def test_a_person_and_a_seat_that_no_longer_acts_have_no_decision() -> None:
    state = parlour.load("dicetime", 2, mode="simultaneous").new(1)
    schedule = Schedule({1: Pending(0.0, 1, "roll")})
    schedule.plan(state, 0.0, [Thinker(0, 1.0), None].__getitem__)  # seat 1 came back
    assert list(schedule) == [0]
    state.apply(0, "roll")
    assert schedule.applied(state, 0) is False and not schedule  # its decision is done


def test_a_clock_restart_drops_every_decision_even_one_still_legal() -> None:
    state = parlour.load("likedice", 2, time_limit=1).new(5)
    schedule = Schedule()
    schedule.plan(state, 0.0, [Thinker(0, 9.0), Thinker(1, 9.0)].__getitem__)
    assert set(schedule) == {0, 1}
    state.apply(TABLE, "timeout")  # the next challenge is revealed: its clock starts
    assert state.clock_since == len(state.history) and not state.over
    assert all(state.is_legal(p.seat, p.action) for p in schedule.values())  # yet stale
    assert schedule.applied(state, TABLE) is True and not schedule


def test_a_decision_no_longer_legal_is_made_again() -> None:
    state = parlour.load("dicetime", 2, mode="simultaneous").new(1)
    bots = [None, Thinker(1, 1.0)]
    schedule = Schedule({1: Pending(0.5, 1, "enter chance")})  # not before a roll
    schedule.plan(state, 2.0, bots.__getitem__)
    assert schedule == {1: Pending(3.0, 1, "roll")}

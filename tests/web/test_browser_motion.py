"""Movement and sound on the table page, in a real Chromium. The page renderers mark what may
move and `motion.js` animates what arrived since the last drawing: Dokitto! Ice's card played
travels to the trick and the trick's cards gather to its winner's, Dicetime's dice rolled by the
last roll roll (not those it kept); under `prefers-reduced-motion: reduce` nothing is animated.
The table's sounds are off by default behind one switch kept in the browser; on, the page plays
its cue when the turn comes back (counted on `window.parlourSounds`)."""

from __future__ import annotations

import random
from typing import Any

import parlour
from parlour.kernel import State
from tests.boxes.dokitto.helpers import Deal, new_state
from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    OFFERED,
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

DRAW = """async ({ game, view, seat }) => {
  const { el } = await import("/static/js/api.js");
  const { markArrivals } = await import("/static/js/motion.js");
  const { render } = await import(`/static/js/games/${game}.js`);
  const seats = view.scores.map((_, i) =>
    ({ seat: i, kind: "person", name: `P${i + 1}`, bot: null }));
  let board = document.getElementById("drawn");
  if (!board) { board = el("div", { id: "drawn" }); document.body.append(board); }
  board.replaceChildren();
  render({ table: { id: "t", seats }, seat, view, legal: [], now: 0 },
    { board, actions: el("div"), act: () => {}, el });
  markArrivals(board);
  return Array.from(board.querySelectorAll("[class*='arrive-']"), (node) => {
    const style = getComputedStyle(node);
    return { kind: node.dataset.motion, key: node.dataset.motionKey,
      animation: style.animationName, seconds: parseFloat(style.animationDuration),
      to: [node.style.getPropertyValue("--to-x"), node.style.getPropertyValue("--to-y")] };
  });
}"""


def drawn(page: Any, state: State, seat: int) -> list[dict[str, Any]]:
    """What arrived, and how it is animated, as the game's renderer draws `seat`'s view now."""
    view = state.view(seat)
    result: list[dict[str, Any]] = page.evaluate(
        DRAW, {"game": state.game.name, "view": view, "seat": seat}
    )
    return result


def a_trick(page: Any) -> list[list[dict[str, Any]]]:
    """What arrives at each drawing of a Dokitto! Ice trick: dealt, one card, the second."""
    state = new_state(("grape", "matcha", "vanilla"), Deal([["grape 8"], ["matcha 3"]]))
    seen = [drawn(page, state, 0)]
    state.apply(0, "play grape 8")
    seen.append(drawn(page, state, 0))
    state.apply(1, "play matcha 3")  # a mixed trick: the lowest, seat 2's, wins
    seen.append(drawn(page, state, 0))
    return seen


def test_cards_travel_to_the_trick_and_gather_to_its_winner(browser: Any, base_url: str) -> None:  # noqa: F811
    page = browser.new_page()
    page.goto(base_url + "/")
    first, played, decided = a_trick(page)
    assert first == []  # the page has just opened: nothing moves
    assert [(m["kind"], m["key"], m["animation"]) for m in played] == [
        ("travel", "travel:1:1:0", "parlour-travel")
    ]
    assert played[0]["seconds"] > 0
    assert sorted((m["kind"], m["key"], m["animation"]) for m in decided) == [
        ("gather", "gather:1:1:0", "parlour-gather"),  # the loser's card goes to the winner's
        ("travel", "travel:1:1:1", "parlour-travel"),
    ]
    way = next(m["to"] for m in decided if m["kind"] == "gather")
    assert way != ["0px", "0px"] and all(way), way  # the way to the winner's card
    page.close()


def test_dice_rolled_roll_and_kept_dice_stay_still(browser: Any, base_url: str) -> None:  # noqa: F811
    page = browser.new_page()
    page.goto(base_url + "/")
    state = parlour.load("dicetime").new(3)
    assert drawn(page, state, 0) == []
    state.apply(0, "roll")
    first = len(state.view(0)["log"]) - 1  # the roll's entry
    assert [m["key"] for m in drawn(page, state, 0)] == [f"roll:{first}:{i}" for i in range(5)]
    state.apply(0, "keep 1,3")
    again = len(state.view(0)["log"]) - 1
    rolled = drawn(page, state, 0)
    assert [m["key"] for m in rolled] == [f"roll:{again}:{i}" for i in (1, 3, 4)]
    assert {m["animation"] for m in rolled} == {"parlour-roll"}
    page.close()


def test_nothing_moves_under_reduced_motion(browser: Any, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(base_url + "/")
    _, played, decided = a_trick(page)
    assert [m["kind"] for m in played] == ["travel"]  # marked as arrived, but not animated
    assert {m["animation"] for m in played + decided} == {"none"}
    context.close()


def test_the_sounds_are_off_until_switched_on_and_then_call_the_turn(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dokitto", 2)
    switch = page.locator("#table-sounds")
    assert not switch.is_checked()  # off by default
    rng = random.Random(15)  # (the deal is the server's: any deal will do)
    heard = "() => window.parlourSounds"
    version = "window.parlourFrame.table.version"

    def play_a_card() -> None:
        """Click one of the cards offered, then wait until it is this seat's turn again."""
        page.locator(OFFERED).first.wait_for()
        before = page.evaluate(version)
        offered = page.locator(OFFERED)
        offered.nth(rng.randrange(offered.count())).click()
        wait_until(page, f"{version} > {before} && window.parlourFrame.legal.length > 0")

    play_a_card()
    assert page.evaluate(heard) == {"turn": 0, "won": 0, "end": 0}  # switched off: silent
    switch.check()
    assert page.evaluate("localStorage.getItem('parlour.table-sounds')") == "on"
    page.reload()
    assert page.locator("#table-sounds").is_checked()  # remembered
    for _ in range(8):  # until the turn came back after the bot's card (not to take a tile)
        play_a_card()
        sounds = page.evaluate(heard)
        if sounds["turn"] and sounds["won"]:
            break
    assert sounds["turn"] >= 1 and sounds["won"] >= 1 and sounds["end"] == 0, sounds
    assert grave_violations(page) == []
    assert not errors, errors
    page.close()

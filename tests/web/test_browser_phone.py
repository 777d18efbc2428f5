"""On a phone (390x844) every game's turn needs no scrolling: whenever it is the tester's turn,
the controls it may use (every offered action) and the state they depend on (its dice, its
hand, the trick, the challenge) lie within the first screen, the page scrolled to the top."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.test_browser import (  # noqa: F401 (fixtures)
    GAMES,
    OFFERED,
    PHONE,
    RENDERERS,
    base_url,
    browser,
    create_in_lobby,
    one_offered,
    players_for,
)

STATE = {
    "dicecream": [".dc-tray", ".dc-sheet.own"],
    "dicetime": [".dt-turn", ".dt-sheet-box"],
    "dokitto": [".dk-hand", ".dk-trick"],
    "icecream": [".phase-deliveries .ic-player.mine", ".ic-turned"],
    "likedice": [".ld-challenge", ".ld-common", ".ld-player.mine"],
}
"""What each game's turn depends on, where the page draws it. Ice Cream: your cards while you
keep or discard a delivery; the scoop to place (`.ic-turned`) and the cones, which are the
controls and say how each fits your cards, after that."""
GENERIC = [".facts"]
"""What a turn depends on where the generic page renderer draws a game: the view's facts."""

TURNS = 25
"""How many of the tester's turns are looked at, from the first."""

OUTSIDE = """(selectors) => {
  const seen = (n) => n.offsetParent !== null;
  const out = (n) => { const r = n.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; };
  const where = (n) => { const r = n.getBoundingClientRect();
    return `${Math.round(r.top)}-${Math.round(r.bottom)}`; };
  const controls = [...document.querySelectorAll("[data-action]:not([disabled])")].filter(seen);
  const state = selectors.flatMap((s) => [...document.querySelectorAll(s)]).filter(seen);
  return [...controls.filter(out).map((n) => `${n.dataset.action} at ${where(n)}`),
    ...state.filter(out).map((n) => `${n.className} at ${where(n)}`)];
}"""


def state_of(game: str) -> list[str]:
    """Where `game`'s page draws what its turn depends on: listed above for a game with a
    renderer of its own (a new one must say), else the generic renderer's facts."""
    if not (RENDERERS / f"{game}.js").exists():
        return GENERIC
    assert game in STATE, f"{game} has a page renderer: say in STATE what its turn depends on"
    return STATE[game]


def may_act(page: Any) -> bool:
    """Whether the tester may act now and the page offers it something."""
    return bool(
        page.evaluate("Boolean(window.parlourFrame && window.parlourFrame.legal.length)")
        and page.locator(OFFERED).count()
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_on_a_phone_needs_no_scrolling(browser: Any, base_url: str, game: str) -> None:  # noqa: F811
    # Reduced motion: the layout is measured at rest, not while a card travels into place.
    context = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, game, players_for(game))
    rng = random.Random(game)
    turns = 0
    for _ in range(2000):
        if turns == TURNS or page.locator("#end:not([hidden])").count():
            break
        if not may_act(page):
            page.wait_for_timeout(20)
            continue
        page.wait_for_timeout(150)  # let a frame on its way land before measuring
        page.evaluate("window.scrollTo(0, 0)")
        if not may_act(page):
            continue
        turns += 1
        outside = page.evaluate(OUTSIDE, state_of(game))
        assert not outside, f"{game}, turn {turns}: below the first screen: {outside}"
        pick = one_offered(page, rng)
        if pick is None:
            continue
        try:
            pick.click(timeout=2000)
        except Exception:  # redrawn under the click: look again
            continue
        page.wait_for_timeout(30)
    assert turns > 0
    assert not errors, errors
    context.close()


def test_the_last_move_takes_one_line_on_a_phone_however_long(browser: Any, base_url: str) -> None:  # noqa: F811
    # A long move (a Dicecream round's end names every bonus card) once took three lines and
    # pushed the own sheet below the first screen; the whole move is under "What happened".
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    create_in_lobby(page, base_url, "dicetime", 1)
    lines = page.evaluate("""() => {
      const box = document.getElementById("recent");
      box.hidden = false;
      const long = "A long move in words. ".repeat(12);
      box.innerHTML = `<h2>Last moves</h2><ol><li>Short.</li><li>${long}</li></ol>`;
      const line = parseFloat(getComputedStyle(box).lineHeight) || 16;
      return box.querySelector("ol").getBoundingClientRect().height / line;
    }""")
    assert lines < 1.5
    context.close()

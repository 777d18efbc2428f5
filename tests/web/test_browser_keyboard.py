"""Every game played to the end with the keyboard alone (issue 16): the table is created in the
lobby by keyboard, then each move is made by tabbing to one of the offered actions and pressing
Enter or Space, against bots, with each game's shortest options. The page is only read, never
clicked. After each move the focus must stay on the page's controls, never drop to <body>."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.test_browser import (
    CHROMIUM,
    GAMES,
    base_url,  # noqa: F401 (a fixture)
    browser,  # noqa: F401 (a fixture)
    players_for,
    wait_until,
)

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (apt-get install chromium; dev.py does it)"
)

SHORTEST: dict[str, dict[str, str]] = {
    "dicetime": {},
    "dokitto": {"max_rounds": "1"},
    "likedice": {"targets": "1,1", "max_challenges": "3"},
}
"""Each game's options for a short game (with the fewest players, `players_for`)."""
KEYBOARD_MOVES = {"dicetime": 16, "dicecream": 16}
"""Where a whole game is many more moves of the same kinds: how many are made by keyboard (the
rest are played through the API, and the end card is then reached by Tab)."""
PLAYERS = {"dicetime": 1}
"""Where a game allows fewer players than `players_for` gives."""
TABS = 400
"""The most Tab presses to reach one control: more means it is not reachable by keyboard."""
OFFERED = "[data-action]:not([disabled])"
FOCUSED = "document.activeElement"
WHERE_FOCUS = f"""(wanted) => {{
  const node = document.activeElement;
  const focused = node?.matches('{OFFERED}') ? node.dataset.action : null;
  const shown = [...document.querySelectorAll('{OFFERED}')]
    .some((n) => n.dataset.action === wanted && n.getClientRects().length);
  return [focused, shown && (window.parlourFrame?.legal || []).includes(wanted)];
}}"""
"""The focused offered action, and whether `wanted` is still offered (as `offered_actions`)."""
FOCUS_ON_BODY = "document.activeElement === document.body || document.activeElement === null"


def focused_matches(page: Any, selector: str) -> bool:
    matched: bool = page.evaluate(
        "selector => Boolean(document.activeElement?.matches(selector))", selector
    )
    return matched


def tab_to(page: Any, selector: str, shift: bool = False) -> None:
    """Press Tab (or Shift+Tab) until the focus is on what `selector` matches."""
    for _ in range(TABS):
        if focused_matches(page, selector):
            return
        page.keyboard.press("Shift+Tab" if shift else "Tab")
    raise AssertionError(f"{selector} is not reached by Tab")


def choose(page: Any, selector: str, value: str, key: str = "ArrowDown") -> None:
    """With the focus on a select or radio group, press `key` until it has `value`."""
    tab_to(page, selector)
    for _ in range(40):
        if page.evaluate(f"{FOCUSED}.value") == value and focused_matches(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} does not take {value} by {key}")


def create_by_keyboard(page: Any, base_url: str, game: str) -> None:  # noqa: F811
    """The lobby by keyboard: the name typed, the game chosen with the arrows in its radio
    group, the players in their select, the shortest options typed, then Create."""
    page.goto(base_url + "/")
    wait_until(page, "document.querySelectorAll('input[name=game]').length > 0")
    tab_to(page, "#name")
    page.keyboard.type("Tester")
    tab_to(page, "input[name=game]")
    for _ in range(len(GAMES) + 2):
        if focused_matches(page, f"#game-{game}:checked"):
            break
        page.keyboard.press("ArrowDown")
    assert focused_matches(page, f"#game-{game}:checked"), f"{game} is not chosen by the arrows"
    players = str(PLAYERS.get(game, players_for(game)))
    key = "ArrowUp" if int(players) < 2 else "ArrowDown"
    choose(page, "#players", players, key)
    if SHORTEST.get(game):
        tab_to(page, "#options-box summary")
        page.keyboard.press("Enter")
        for name, value in SHORTEST[game].items():
            for index, item in enumerate(value.split(",")):  # a per-seat list: seat by seat
                seat = f"[data-value-of='{name}'][data-seat-index='{index}']"
                tab_to(page, f"input#option-{name}, select#option-{name}, {seat}")
                page.keyboard.press("ControlOrMeta+A")
                page.keyboard.type(item)
    tab_to(page, "#create-button")
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/*")
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.view)")


def offered_actions(page: Any) -> list[str]:
    """The actions the page offers this seat now that the kernel allows (read, not clicked)."""
    shown: list[str] = page.locator(OFFERED).evaluate_all(
        "nodes => nodes.filter(n => n.getClientRects().length).map(n => n.dataset.action)"
    )
    legal = set(page.evaluate("window.parlourFrame ? window.parlourFrame.legal : []"))
    return [action for action in shown if action in legal]


def move_by_keyboard(page: Any, rng: random.Random) -> bool:
    """Tab to one of the offered actions, picked at random, and press Enter or Space on it;
    whether a move was made (false: the offer changed meanwhile, look again)."""
    offered = offered_actions(page)
    if not offered:
        return False
    wanted = rng.choice(offered)
    shift = rng.random() < 0.3
    for _ in range(TABS):
        focused, still_offered = page.evaluate(WHERE_FOCUS, wanted)  # one round trip a Tab
        if focused == wanted:
            version = page.evaluate("window.parlourFrame.table.version")
            page.keyboard.press(rng.choice(["Enter", "Space"]))
            for _ in range(100):  # the move's frame, or a refusal, or the bots' moves
                if page.evaluate("window.parlourFrame.table.version") != version:
                    break
                page.wait_for_timeout(20)
            return True
        if not still_offered:
            return False
        page.keyboard.press("Shift+Tab" if shift else "Tab")
    raise AssertionError(f"the offered action {wanted!r} is not reached by Tab")


def play_by_keyboard(page: Any, rng: random.Random, moves: int = 3000) -> list[str]:
    """Move by keyboard until the end card shows, or `moves` moves are made; where the focus
    was on <body> a moment after a move (each such moment, in words)."""
    lost: list[str] = []
    for _ in range(3000):
        if moves == 0 or page.locator("#end:not([hidden])").count():
            return lost
        if not move_by_keyboard(page, rng):
            page.wait_for_timeout(30)
            continue
        moves -= 1
        page.wait_for_timeout(50)
        if page.evaluate(FOCUS_ON_BODY):
            version = page.evaluate("window.parlourFrame.table.version")
            lost.append(f"after a move at version {version}")
    raise AssertionError("the game did not end by keyboard")


def finish_through_the_api(page: Any) -> None:
    """Play the page's seat to the end through the API (its last legal action each time),
    then wait for the end card."""
    origin, table_id = page.url.split("/t/")
    token = page.evaluate(f"import('/static/js/api.js').then((m) => m.tokenFor('{table_id}'))")
    headers = {"X-Seat-Token": token}
    table = f"{origin}/api/tables/{table_id}"
    for number in range(3000):
        state = page.request.get(f"{table}/state", headers=headers).json()
        if state["view"]["over"]:
            break
        if state["legal"]:
            action = {"action": state["legal"][-1], "request_id": f"api{number}"}
            page.request.post(f"{table}/actions", data=action, headers=headers)
        else:
            page.wait_for_timeout(20)
    page.wait_for_selector("#end:not([hidden])")


def as_typed(value: Any) -> str:
    """An option's value as typed in the lobby (a list: comma-separated)."""
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_played_to_the_end_by_keyboard_alone(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    game: str,
) -> None:
    """Every move by keyboard (Dicetime's and Dicecream's first 16: the rest are more of the
    same kinds), the focus never dropped on <body>, the end card's links reached by Tab."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_by_keyboard(page, base_url, game)
    options = page.evaluate("window.parlourFrame.table.options")
    typed = {name: as_typed(options[name]) for name in SHORTEST.get(game, {})}
    assert typed == SHORTEST.get(game, {}), "the options typed were not taken"
    lost = play_by_keyboard(page, random.Random(game), KEYBOARD_MOVES.get(game, 3000))
    assert not lost, f"the focus fell to <body> {len(lost)} times: {lost[:5]}"
    finish_through_the_api(page)
    assert page.locator("#end h2").inner_text().startswith(("Winner", "Nobody", "Game over"))
    tab_to(page, "#end a[href^='/replay/']")  # the end card's links are reached by Tab too
    assert not errors, errors
    context.close()


def press_on(page: Any, selector: str, key: str = "Enter") -> None:
    """Tab to what `selector` matches and press `key` on it; then wait for the page's redraw."""
    tab_to(page, selector)
    page.keyboard.press(key)
    page.wait_for_timeout(300)


def version_after(page: Any, version: int) -> None:
    wait_until(page, f"window.parlourFrame.table.version > {version}", timeout=10)


COMPOSED = {
    "dicetime": ("#roll", "button[data-die='1']", "#roll"),
    "dicecream": ("[data-action='roll']", "button.dc-die", ".dc-chooser [data-action]"),
}
"""A move composed of several keys: the action that starts the turn, a die picked (a toggle
the renderer redraws), then the action that the pick made."""


@pytest.mark.parametrize("game", ["dicetime", "dicecream"])
def test_picking_a_die_by_keyboard_keeps_the_focus_on_it(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    game: str,
) -> None:
    """Picking a die is drawn again on the spot: the focus stays on that die (now pressed),
    so the next Tab goes on from it to what the pick offers."""
    start, pick, then = COMPOSED[game]
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    create_by_keyboard(page, base_url, game)
    wait_until(page, f'Boolean(document.querySelector("{start}:not([disabled])"))')
    press_on(page, start)
    wait_until(page, f'Boolean(document.querySelector("{pick}"))')
    press_on(page, pick, "Space")
    assert not page.evaluate(FOCUS_ON_BODY), "the focus fell to <body> after picking a die"
    assert page.evaluate(f"{FOCUSED}.getAttribute('aria-pressed')") == "true"
    version = page.evaluate("window.parlourFrame.table.version")
    press_on(page, f"{then}:not([disabled])")
    version_after(page, version)
    page.context.close()

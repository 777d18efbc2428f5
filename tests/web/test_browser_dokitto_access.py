"""Dokitto! Ice's table is accessible: axe-core finds no serious or critical violation at the
start or mid-game, and a whole game (one round) is played against a bot with the keyboard
alone: Tab to an enabled action control, then Enter or Space."""

from __future__ import annotations

from typing import Any

from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

SHORT = {"max_rounds": "1"}
"""One round: six tricks for two players."""
# `:disabled`, not `[disabled]`: while the socket is down the controls' fieldset disables them all
FOCUSED_ACTION = (
    "(() => { const e = document.activeElement;"
    " return Boolean(e && e.matches('button[data-action]:not(:disabled)')); })()"
)
OUR_TURN = (
    "Boolean(window.parlourFrame && window.parlourFrame.legal.length"
    " && document.querySelector('button[data-action]:not(:disabled)'))"
)
OVER = "Boolean(document.querySelector('#end:not([hidden])'))"


def open_table(browser: Any, base_url: str) -> tuple[Any, list[str]]:  # noqa: F811
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dokitto", 2, options=SHORT)
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.view)")
    return page, errors


def move_by_keyboard(page: Any, key: str) -> str:
    """Tab to an enabled action control and press `key` on it; returns the action pressed."""
    for _ in range(300):
        if page.evaluate(FOCUSED_ACTION):
            action = str(page.evaluate("document.activeElement.dataset.action"))
            page.keyboard.press(key)
            return action
        page.keyboard.press("Tab")
    raise AssertionError("no action control is reachable with Tab")


def test_no_grave_violation_at_the_start_and_mid_game(browser: Any, base_url: str) -> None:  # noqa: F811
    page, errors = open_table(browser, base_url)
    wait_until(page, OUR_TURN)
    assert grave_violations(page) == []
    labels = page.locator(".dk-hand .dk-card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert len(labels) == 6 and all(label and label.startswith("Play ") for label in labels)
    for _ in range(3):  # into the game: a trick or two, cones and the last trick shown
        wait_until(page, OUR_TURN)
        move_by_keyboard(page, "Enter")
        page.wait_for_timeout(300)
    wait_until(page, f"{OUR_TURN} || {OVER}")
    assert grave_violations(page) == []
    tiles = page.locator(".dk-scoop:not(.empty)")
    assert all(
        label and "tile" in label
        for label in tiles.evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")
    )
    assert not errors, errors
    page.close()


def test_a_whole_game_with_the_keyboard_alone(browser: Any, base_url: str) -> None:  # noqa: F811
    page, errors = open_table(browser, base_url)
    pressed = []
    for move in range(200):
        wait_until(page, f"{OUR_TURN} || {OVER}")
        if page.evaluate(OVER):
            break
        before = page.evaluate("window.parlourFrame.view.log.length")
        pressed.append(move_by_keyboard(page, "Enter" if move % 2 == 0 else " "))
        wait_until(page, f"window.parlourFrame.view.log.length > {before} || {OVER}")
    assert page.evaluate(OVER), "the game ended"
    assert any(action.startswith("play ") for action in pressed)
    assert grave_violations(page) == []
    assert not errors, errors
    page.close()


def test_a_move_is_taken_while_the_last_one_is_still_answered(browser: Any, base_url: str) -> None:  # noqa: F811
    """The socket may bring the state after a move, and the bot's answer, before the answer to
    the move's request: the next press is sent then, not dropped as a second press of the same
    move would be (the keyboard game above timed out on such a lost press)."""
    page, errors = open_table(browser, base_url)
    answered: list[tuple[Any, Any]] = []  # each move's request, sent on and its answer held
    page.route("**/api/tables/*/actions", lambda route: answered.append((route, route.fetch())))
    for _ in range(2):
        wait_until(page, OUR_TURN)
        before = page.evaluate("window.parlourFrame.view.log.length")
        move_by_keyboard(page, "Enter")
        wait_until(page, f"window.parlourFrame.view.log.length > {before}")
    assert len(answered) == 2, "both moves were sent while the first one's answer was held"
    for route, response in answered:
        route.fulfill(response=response)
    assert not errors, errors
    page.close()


def test_the_page_speaks_german_to_a_german_browser(browser: Any, base_url: str) -> None:  # noqa: F811
    """Served to a German browser, the cards, tiles and controls are labelled in German while
    the actions they send stay canonical; axe still finds nothing grave."""
    page = browser.new_page(locale="de-DE")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dokitto", 2, options=SHORT)
    assert page.locator("html").get_attribute("lang") == "de"
    wait_until(page, OUR_TURN)
    playable = page.locator(".dk-hand button[data-action]")
    labels = playable.evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")
    actions = playable.evaluate_all("ns => ns.map(n => n.dataset.action)")
    assert labels and all(label.endswith(" spielen") for label in labels)
    assert all(action.startswith("play ") for action in actions)
    assert "Eisplättchen" in page.locator(".dk-felt").inner_text()
    assert "Runde 1" in page.locator(".dk-strip").inner_text()
    assert grave_violations(page) == []
    assert not errors, errors
    page.close()

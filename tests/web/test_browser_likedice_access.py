"""Like Dice's page for everyone: axe-core finds no serious or critical violation on a table,
at the start and mid-game; the game is played to its end with the keyboard alone (Tab to a
control, Enter; digits typed into the answer box) against the default bot; every die and
card has a label in words, every die shows its colour's letter, and the board's words and
labels are in the page's language."""

from __future__ import annotations

import re
import time
from typing import Any

from parlour.boxes.likedice.components import CHALLENGE_BY_KEY, Colour, Die
from parlour.boxes.likedice.rules import answer
from parlour.i18n import page_catalogue
from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

OPTIONS = {"targets": "3,3", "time_limit": "20"}
"""Short games: three cards in a display win (two challenges won), a challenge lasts 20 s."""
COLOURS = {colour.key: colour for colour in Colour}
FRAME = "window.parlourFrame && window.parlourFrame.view"
FOCUSED = "document.activeElement"
LABELS = "nodes => nodes.map(n => n.getAttribute('aria-label'))"
FIELD = re.compile(r"\{[^}]*\}")
PASSED = "window.parlourFrame.view.log.some(e => e.event === 'answer' && e.seat === 0)"


def right_answer(view: dict[str, Any]) -> int:
    """The right count for seat 0 from its view: the common display plus its own."""
    cards = [*view["common"], *view["seats"][0]["display"]]
    dice = [Die(COLOURS[d["colour"]], d["pips"]) for card in cards for d in card["dice"]]
    return answer(CHALLENGE_BY_KEY[view["challenge"]["key"]], dice)


def tab_to(page: Any, test: str, presses: int = 60) -> bool:
    """Press Tab until the focused element passes `test` (a JS expression on `el`); False
    when none did (the page may have been redrawn meanwhile)."""
    for _ in range(presses):
        if page.evaluate(f"(el => Boolean(el && ({test})))({FOCUSED})"):
            return True
        page.keyboard.press("Tab")
    return False


def new_table(browser: Any, base_url: str) -> tuple[Any, list[str]]:  # noqa: F811
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "likedice", 2, options=OPTIONS)
    wait_until(page, f"Boolean({FRAME})")
    return page, errors


def test_no_grave_violation_at_the_start_and_mid_game(browser: Any, base_url: str) -> None:  # noqa: F811
    page, errors = new_table(browser, base_url)
    page.wait_for_selector("#ld-answer")
    assert grave_violations(page) == []
    labels = page.locator(".ld-card .die").evaluate_all(
        "ns => ns.map(n => [n.getAttribute('aria-label'), n.dataset.letter])"
    )
    assert labels and all(label.endswith(tuple("123456")) and letter for label, letter in labels)
    assert "die showing" in labels[0][0]
    assert page.locator(".ld-card[aria-label^='card ']").count() == 5
    page.locator("button.ld-pass").focus()
    page.keyboard.press("Enter")
    wait_until(page, f"{PASSED} && window.parlourFrame.view.result !== null", timeout=40)
    assert grave_violations(page) == []  # the check of the first challenge shows
    assert not errors, errors
    page.close()


def test_a_whole_game_by_keyboard_alone(browser: Any, base_url: str) -> None:  # noqa: F811
    """Pass the first challenge (Tab to Pass, Enter), then answer each challenge right
    (Tab to the answer box, type the count, Enter) and take a card where there is a choice
    (Tab to a Take button, Enter), until the game ends."""
    page, errors = new_table(browser, base_url)
    passed = took = answered = 0
    deadline = time.monotonic() + 90
    while not page.locator("#end:not([hidden])").count():
        assert time.monotonic() < deadline, "the game did not end by keyboard"
        frame = page.evaluate(
            "window.parlourFrame && {legal: parlourFrame.legal, view: parlourFrame.view}"
        )
        legal = set(frame["legal"]) if frame else set()
        if any(action.startswith("take ") for action in legal):
            if tab_to(page, "el.matches('button.ld-take:not([disabled])')"):
                page.keyboard.press("Enter")
                took += 1
        elif "pass" in legal and not passed:
            if tab_to(page, "el.matches('button.ld-pass:not([disabled])')"):
                page.keyboard.press("Enter")
                passed += 1
        elif "pass" in legal:
            count = right_answer(frame["view"])
            if tab_to(page, "el.id === 'ld-answer'"):
                page.keyboard.type(str(count))
                page.keyboard.press("Enter")
                answered += 1
        page.wait_for_timeout(100)
    view = page.evaluate("window.parlourFrame.view")
    assert view["over"] and passed == 1 and answered >= 1
    called = [e["answer"] for e in view["log"] if e["event"] == "answer" and e["seat"] == 0]
    assert called[0] is None and len(called) >= 2 and None not in called[1:]
    assert not errors, errors
    page.close()


def english_phrases() -> list[str]:
    """The English phrases (longer than 12 characters, between placeholders) of the pages'
    messages whose German differs."""
    return [
        phrase.strip()
        for english, german in page_catalogue("de").items()
        if german != english
        for phrase in FIELD.split(english)
        if len(phrase.strip()) > 12
    ]


def test_the_board_speaks_the_pages_language(browser: Any, base_url: str) -> None:  # noqa: F811
    """Served to a German browser, the board's own words and labels are German, none English."""
    page = browser.new_page(locale="de-DE", viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "likedice", 2, options=OPTIONS)
    assert page.locator("html").get_attribute("lang") == "de"
    page.wait_for_selector("#ld-answer")
    board = page.locator("#board")
    words = board.inner_text() + " ".join(
        board.locator("[aria-label]").evaluate_all(
            "ns => ns.map(n => n.getAttribute('aria-label'))"
        )
    )
    assert "Gemeinsame Auslage" in words and "Dein Ergebnis" in words and "Passen" in words
    assert "Würfel in " in words and " mit " in words and "Karte mit " in words
    # (the line under the challenge was English: its message was not in the catalogue)
    assert "zähle die gemeinsame Auslage und deine eigene" in words and "count the" not in words
    assert [phrase for phrase in english_phrases() if phrase in words] == []
    assert not errors, errors
    page.close()

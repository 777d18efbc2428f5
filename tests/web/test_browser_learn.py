"""Every tutorial played through in Chromium, in English and in German: the page asks for each
move, the learner clicks it on the game's own board, a wrong move is explained, and the end
leads to a real game against the game's easiest bot. Tiny Duel (a tutorial of two learner
moves) runs always; every registered game runs too."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import parlour
from parlour.bots.registry import easiest_bot
from parlour.i18n import LANGUAGES, _, speaking
from parlour.kernel import FrontEnd, Game, Lesson, game_class
from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    CHROMIUM,
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

GAMES = sorted(info.name for info in parlour.games())
LOCALES = {"en": "en-GB", "de": "de-DE"}

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not CHROMIUM, reason="Chromium is not installed")


def told(code: str, text: str) -> str:
    with speaking(code):
        return _(text)


def lesson_of(page: Any) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate("window.parlourLesson")
    return answer


def wait_for_answer(page: Any, moves: int) -> dict[str, Any]:
    """The lesson once the page holds `moves` accepted moves and their board is drawn."""
    wait_until(page, f"window.parlourLesson && window.parlourLesson.moves.length === {moves}")
    return lesson_of(page)


def click(page: Any, action: str) -> None:
    """Click the board's control of `action`; a move the board composes in several clicks
    (dice picked, then the reroll) is typed into the page's move field instead."""
    control = page.locator(f'[data-action="{action}"]:not([disabled])').first
    if control.count():
        control.click()
    else:
        page.fill("#typed-move", action)
        page.locator("#typed button").click()


def learn_in_the_browser(launched: Any, url: str, game: str, code: str) -> None:
    """Play `game`'s tutorial through on its page in language `code`, as the test's docstring
    says, then open the real game."""
    tutorial = game_class(game).info.tutorial
    assert tutorial is not None
    context = launched.new_context(locale=LOCALES[code], viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/")
    page.locator(f'[data-learn="{game}"]').click()
    page.wait_for_url(f"**/learn/{game}")
    assert page.locator("html").get_attribute("lang") == code
    answer = wait_for_answer(page, 0)
    assert page.locator("#intro").inner_text() == told(code, tutorial.intro)
    names = page.evaluate("window.parlourFrame.table.seats.map((s) => s.name)")
    assert names == tutorial.seat_names()  # the board names the others as the texts do
    if code == "de":  # a German button and label (issue 31, item 17: it said "Versuchen")
        assert page.locator("#typed button").inner_text() == "Los"
        assert page.locator("#typed label").inner_text().startswith("Oder tippe deinen Zug ein")
    if code == LANGUAGES[0]:  # colours are parlour.css's, which its own axe tests check
        grave = [found for found in grave_violations(page) if "color-contrast" not in found]
        assert grave == []
    page.locator("#rules summary").click()
    if game_class(game).info.how_to_play:
        first = game_class(game).info.how_to_play[0].title
        assert page.locator("#rules-text h3").first.inner_text() == told(code, first)
        rules = page.locator("#rules-text").inner_text()
        for section in game_class(game).info.how_to_play:  # the page's way of moving, only
            for paragraph in section.paragraphs:
                wanted = section.front_end is not FrontEnd.TERMINAL
                assert (told(code, paragraph) in rules) == wanted, paragraph
    explained = False
    while not answer["done"]:
        lesson = Lesson.after(game, answer["moves"])
        step = lesson.step
        assert step is not None
        assert page.locator("#say").inner_text() == told(code, step.say)
        assert page.locator("#press").inner_text() == (told(code, step.press) if step.press else "")
        others = [a for a in answer["legal"] if step.moves and a not in step.moves]
        shown = [a for a in others if page.locator(f'[data-action="{a}"]').count()]
        if not explained and shown:
            click(page, shown[0])
            wrong = told(code, step.wrong) if step.wrong else told(code, "Not this time.")
            wait_until(page, "document.getElementById('feedback').textContent !== ''")
            assert page.locator("#feedback").inner_text() == wrong
            assert lesson_of(page)["moves"] == answer["moves"]
            explained = True
        click(page, step.moves[0] if step.moves else answer["legal"][0])
        answer = wait_for_answer(page, len(answer["moves"]) + 1)
        assert page.locator("#feedback").inner_text() == ""
    assert explained, "a wrong move was tried and explained"
    assert page.locator("#finale").is_visible()
    # Nothing left to say: no empty box above the finale (one with the others' last moves stays).
    assert page.locator("#lesson").is_visible() == bool(answer["said"])
    assert page.locator("#finale-text").inner_text() == told(code, tutorial.finale)
    page.locator("#real-game").click()
    page.wait_for_url("**/t/*")
    wait_until(page, "window.parlourFrame && window.parlourFrame.table.status === 'running'")
    seats = page.evaluate("window.parlourFrame.table.seats")
    assert len(seats) >= 2, "the real game is against a bot, even after a lesson played alone"
    assert seats[0]["you"] and all(s["bot"] == easiest_bot(game) for s in seats[1:])
    assert page.locator("html").get_attribute("lang") == code
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_tutorial_is_played_through_in_the_browser(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    game: str,
    code: str,
) -> None:
    learn_in_the_browser(browser, base_url, game, code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_tutorial_is_played_through_in_the_browser(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    code: str,
    tiny_game: type[Game],
) -> None:
    learn_in_the_browser(browser, base_url, tiny_game.info.name, code)


def test_a_game_without_a_tutorial_says_so_and_still_shows_its_rules(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    tiny_game: type[Game],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tiny_game, "info", replace(tiny_game.info, tutorial=None))
    page = browser.new_page()
    page.goto(f"{base_url}/learn/{tiny_game.info.name}")
    wait_until(page, "document.getElementById('error').textContent !== ''")
    assert "tutorial" in page.locator("#error").inner_text()
    page.close()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_page_has_the_rules_at_hand_by_keyboard(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    code: str,
    tiny_game: type[Game],
) -> None:
    game = tiny_game.info.name
    context = browser.new_context(locale=LOCALES[code])
    page = context.new_page()
    create_in_lobby(page, base_url, game, 2)
    summary = page.locator("#rules summary")
    assert summary.inner_text() == told(code, "How to play")
    wait_until(page, "document.querySelectorAll('#rules-text h3').length > 0")
    assert not page.locator("#rules-text").is_visible()
    summary.focus()
    page.keyboard.press("Enter")
    assert page.locator("#rules-text").is_visible()
    titles = page.locator("#rules-text h3").all_inner_texts()
    assert titles == [told(code, section.title) for section in tiny_game.info.how_to_play]
    context.close()


def test_a_typed_move_is_tried_and_an_illegal_one_gets_the_rules_reason(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    tiny_game: type[Game],
) -> None:
    game = tiny_game.info.name
    page = browser.new_page()
    page.goto(f"{base_url}/learn/{game}")
    wait_for_answer(page, 0)
    page.fill("#typed-move", "play 9")
    page.keyboard.press("Enter")
    wait_until(page, "document.getElementById('feedback').textContent !== ''")
    assert "9" in page.locator("#feedback").inner_text()
    page.fill("#typed-move", "play 2")
    page.keyboard.press("Enter")
    assert wait_for_answer(page, 1)["moves"] == ["play 2"]
    assert page.locator("#said li").all_inner_texts() == ["Ben played his 3."]
    page.close()


def test_the_lobby_teaches_only_games_with_a_tutorial_and_counts_players_in_words(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    tiny_game: type[Game],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Learn to play" links no game without a tutorial (its link would answer 404); a game
    for exactly two says "2 players", never "2-2 players"."""
    monkeypatch.setattr(tiny_game, "info", replace(tiny_game.info, tutorial=None))
    page = browser.new_page()
    page.goto(f"{base_url}/")
    wait_until(page, "document.querySelectorAll('[data-learn]').length > 0")
    assert page.locator('[data-learn="tiny"]').count() == 0
    assert page.locator('[data-learn="dicetime"]').count() == 1
    shown = page.locator('label[for="game-tiny"]').inner_text()
    assert "2 players" in shown and "2-2" not in shown
    assert "1-8 players" in page.locator('label[for="game-dicetime"]').inner_text()
    page.close()


IN_VIEW = """() => {
  const box = document.getElementById("feedback").getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
}"""
"""Whether the tutorial's correction is on the screen, whole."""


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_is_shown_on_the_screen_where_the_wrong_move_was_clicked(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    game: str,
) -> None:
    """On a phone the lesson's text is above the board: a wrong move clicked below it brings
    the correction into view, not somewhere above the screen."""
    context = browser.new_context(viewport={"width": 390, "height": 640})
    page = context.new_page()
    page.goto(f"{base_url}/learn/{game}")
    answer = wait_for_answer(page, 0)
    while not answer["done"]:
        step = Lesson.after(game, answer["moves"]).step
        assert step is not None
        others = [a for a in answer["legal"] if step.moves and a not in step.moves]
        shown = [a for a in others if page.locator(f'[data-action="{a}"]:visible').count()]
        if shown:
            page.locator(f'[data-action="{shown[0]}"]').first.click()
            wait_until(page, "document.getElementById('feedback').textContent !== ''")
            wait_until(page, f"({IN_VIEW})()", timeout=5)
            break
        click(page, step.moves[0] if step.moves else answer["legal"][0])
        answer = wait_for_answer(page, len(answer["moves"]) + 1)
    else:
        raise AssertionError("no wrong move was offered to click")
    context.close()

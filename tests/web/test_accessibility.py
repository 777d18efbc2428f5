"""axe-core on every page (issue 16): no serious or critical violation on the lobby with its
form open, on each game's table page (at the start, after some moves, at the end card), on its
replay, and on its tutorial page. Skipped, saying why, where Chromium or Playwright is missing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.i18n import LANGUAGES
from tests.web.conftest import finish_a_solo_game
from tests.web.test_browser import (
    CHROMIUM,
    GAMES,
    base_url,  # noqa: F401 (a fixture)
    browser,  # noqa: F401 (a fixture)
    create_in_lobby,
    one_offered,
    play_by_clicking,
    players_for,
    playwright_api,
    wait_until,
)

pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
from tests.web.accessibility import grave_violations  # (after the skip)

pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (apt-get install chromium; dev.py does it)"
)

MOVES = 8
"""The tester's moves before the mid-game check."""


def assert_accessible(page: Any, where: str) -> None:
    found = grave_violations(page)
    assert not found, f"{where}:\n" + "\n".join(found)


def some_moves(page: Any, rng: random.Random, moves: int) -> None:
    """Click `moves` of the offered actions at random (fewer if the game ends first), then let
    the page settle on the next frame."""
    for _ in range(moves * 50):
        if moves == 0 or page.locator("#end:not([hidden])").count():
            break
        pick = one_offered(page, rng)
        if pick is None:
            page.wait_for_timeout(20)
            continue
        try:
            pick.click(timeout=2000)
        except playwright_api.Error:  # redrawn under the click: look again
            continue
        moves -= 1
        page.wait_for_timeout(20)
    page.wait_for_timeout(300)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_with_its_form_and_options_open(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    language: str,
) -> None:
    page = browser.new_page()
    page.goto(f"{base_url}/?lang={language}")
    page.check("#game-dicetime")
    page.click("#options-box summary")
    page.wait_for_selector("#option-mode")
    assert_accessible(page, "the lobby")
    page.check("#game-likedice")  # an integer list option, with its range
    page.select_option("#players", "3")
    assert_accessible(page, "the lobby, Like Dice chosen")
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_table_page_and_its_replay(browser: Any, base_url: str, game: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    create_in_lobby(page, base_url, game, players_for(game))
    page.wait_for_selector("#board > *", timeout=10_000)
    wait_until(page, "document.querySelectorAll('[data-action]').length > 0")
    assert_accessible(page, f"{game}: the start")
    rng = random.Random(game)
    some_moves(page, rng, MOVES)
    assert_accessible(page, f"{game}: after {MOVES} moves")
    page.click("#play > details > summary")  # the log open
    play_by_clicking(page, rng)
    assert_accessible(page, f"{game}: the end card")
    page.goto(base_url + "/replay/" + page.url.rsplit("/", 1)[1])
    wait_until(page, "document.querySelector('#step').textContent.startsWith('step 0')")
    page.click("#forward")
    page.wait_for_timeout(300)
    assert_accessible(page, f"{game}: the replay")
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_page(browser: Any, base_url: str, game: str, language: str) -> None:  # noqa: F811
    page = browser.new_page()
    page.goto(f"{base_url}/learn/{game}?lang={language}")
    page.wait_for_selector("main *", timeout=10_000)
    page.wait_for_timeout(500)
    assert_accessible(page, f"{game}: the tutorial ({language})")
    page.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_replay_with_its_moves_analysis_and_a_decision_open(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    language: str,
) -> None:
    """Issue 31, item 14: the replay's move list, the analysis and a decision it opens."""
    context = browser.new_context(base_url=base_url)
    table_id = finish_a_solo_game(context.request)  # the last legal action: points lost
    page = context.new_page()
    page.goto(f"/replay/{table_id}?lang={language}#analysis")
    page.wait_for_selector("#analysis tbody button", timeout=120_000)
    page.locator("#analysis tbody button").first.click()
    playwright_api.expect(page.locator("#decision")).to_be_visible()
    assert_accessible(page, f"the replay with a decision open ({language})")
    context.close()

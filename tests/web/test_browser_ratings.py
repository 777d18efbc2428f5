"""A rated game in a real Chromium: two people with accounts (two browsers), one creates a
rated table in the lobby, the other joins by its link, they click it to the end, and both see
their new ratings beside their names on the table page and on the game's leaderboard, which
axe-core finds accessible in every language. Skipped, saying why, where Chromium or Playwright
is missing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.i18n import LANGUAGES
from parlour.kernel import Configuration
from tests.web.test_browser import (
    CHROMIUM,
    base_url,  # noqa: F401 (a fixture)
    browser,  # noqa: F401 (a fixture)
    click_to_the_end,
    wait_until,
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (apt-get install chromium; dev.py does it)"
)
PASSWORD = "correct horse battery"


def shortest_duel() -> tuple[str, Configuration]:
    """The game and set-up of two people with no options whose games are the shortest (by the
    most actions the generic suites allow them)."""
    duels = [
        (configuration.max_actions, info.name, configuration)
        for info in parlour.games()
        for configuration in info.configurations
        if configuration.players == 2 and not configuration.options
    ]
    _, game, configuration = min(duels, key=lambda duel: duel[:2])
    return game, configuration


def registered(browser: Any, base_url: str, name: str) -> Any:  # noqa: F811
    """A page in a browser of its own, logged in to a new account `name`."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    answer = context.request.post(
        base_url + "/api/account", data={"name": name, "password": PASSWORD}
    )
    assert answer.status == 201, answer.text()
    return context.new_page()


def named_by_the_account(page: Any, field: str, name: str) -> None:
    """The name field `field` shows the logged-in account's `name`, read-only: nobody types
    the name their seat will have anyway."""
    wait_until(page, f"document.querySelector('{field}')?.readOnly === true")
    assert page.input_value(field) == name


def shown_ratings(page: Any) -> list[str]:
    """Each seat's rating in the page's last frame as its names show it ("1665?")."""
    seats = page.evaluate("window.parlourFrame.table.seats")
    return [f"{seat['rating']['value']}?" for seat in seats]


def test_two_people_play_a_rated_game_and_see_their_ratings_change(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    game, configuration = shortest_duel()
    host = registered(browser, base_url, "Hostess")
    guest = registered(browser, base_url, "Guest")
    host.goto(base_url + "/")
    host.wait_for_selector("#rated-box:not([hidden])")
    named_by_the_account(host, "#name", "Hostess")
    host.check(f"#game-{game}")
    host.select_option("#players", str(configuration.players))
    host.check("#rated")
    assert host.locator("[data-seat='1']").input_value() == "person"
    assert host.locator("[data-seat='1']").is_disabled()
    host.click("#create-button")
    host.wait_for_url("**/t/*")
    link = host.locator("input.link").input_value()
    guest.goto(base_url + "/")
    listed = guest.locator("#open-tables li", has_text="Hostess (1500?)")
    listed.locator(".rated").wait_for()
    guest.goto(link)
    named_by_the_account(guest, "#join-name", "Guest")
    guest.click("#join button[type=submit]")
    click_to_the_end([host, guest], random.Random(17))
    for page in (host, guest):
        wait_until(page, "window.parlourFrame.table.seats.every(s => s.rating.value !== 1500)")
    after = shown_ratings(host)
    assert shown_ratings(guest) == after
    for page, (mine, theirs) in ((host, after), (guest, after[::-1])):
        final = page.locator("#end .final-scores").inner_text()
        other = "Guest" if page is host else "Hostess"
        assert f"You ({mine})" in final and f"{other} ({theirs})" in final
        assert "A rated game." in page.locator("#status").inner_text()
    for page in (host, guest):
        page.goto(f"{base_url}/ratings/{game}")
        page.locator("#ranked tr").nth(1).wait_for()
        rows = [row.split("\t") for row in page.locator("#ranked tr").all_inner_texts()]
        assert {(name, rating, played) for _, name, rating, played in rows} == {
            ("Hostess", after[0], "1"),
            ("Guest", after[1], "1"),
        }
        assert [int(rank) for rank, *_ in rows] == [1, 2]
    host.goto(base_url + "/")
    host.click(f"[data-ratings='{game}']")
    host.wait_for_url(f"**/ratings/{game}")
    host.context.close()
    guest.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_leaderboard_and_the_rated_choice_are_accessible(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    language: str,
) -> None:
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
    from tests.web.accessibility import grave_violations

    game, _ = shortest_duel()
    page = registered(browser, base_url, f"Reader {language}")
    page.goto(f"{base_url}/ratings/{game}?lang={language}")
    page.wait_for_selector("#about:not(:empty)")
    found = grave_violations(page)
    assert not found, "the leaderboard:\n" + "\n".join(found)
    page.goto(f"{base_url}/?lang={language}")
    page.wait_for_selector("#rated-box:not([hidden])")
    page.check("#rated")
    found = grave_violations(page)
    assert not found, "the lobby, rated:\n" + "\n".join(found)
    page.context.close()


def test_a_rated_dicetime_table_offers_no_hints(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    """Rated play is without the solver's advice: at a rated table of a game that gives
    hints, the hints' panel never shows, for either player."""
    host = registered(browser, base_url, "Rated host")
    guest = registered(browser, base_url, "Rated guest")
    host.goto(base_url + "/")
    host.wait_for_selector("#rated-box:not([hidden])")
    named_by_the_account(host, "#name", "Rated host")
    host.check("#game-dicetime")
    host.select_option("#players", "2")
    host.check("#rated")
    host.click("#create-button")
    host.wait_for_url("**/t/*")
    guest.goto(host.locator("input.link").input_value())
    named_by_the_account(guest, "#join-name", "Rated guest")
    guest.click("#join button[type=submit]")
    for page in (host, guest):
        wait_until(page, "window.parlourFrame && window.parlourFrame.table.status === 'running'")
    host.locator("[data-action='roll']").wait_for()
    assert host.locator("#hints").is_hidden() and guest.locator("#hints").is_hidden()
    assert host.locator("#hints-toggle").count() == 0
    assert host.evaluate("window.parlourFrame.table.hints") is False  # the server says so
    host.context.close()
    guest.context.close()

"""The daily challenge in a real browser: two accounts (two browsers) each play today's
challenge (Dicetime's standard game on fixed dice, on this server's pinned day) from
`/challenge` by clicking the same choices, see the same dice, both appear on the leaderboard,
and neither can start a second attempt. No hints are offered at the challenge's table."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from parlour.web.app import Settings
from tests.web.live_server import running
from tests.web.test_browser import browser, wait_until  # noqa: F401 (browser: a fixture)

pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
from tests.web.accessibility import grave_violations

DAY = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
"""An even day: the standard game (the puzzle's clock would make the test race it)."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The suite's server on a database of its own, its clock pinned to `DAY`."""
    folder: Path = tmp_path_factory.mktemp("challenge")
    settings = Settings(
        db_url=f"sqlite:///{folder / 'parlour.db'}", bot_pace=0.02, clock=lambda: DAY
    )
    with running(settings) as url:
        yield url


def player(browser: Any, base_url: str, name: str) -> Any:  # noqa: F811
    """A page of a new browser context logged in to a new account `name`."""
    page = browser.new_context().new_page()
    registered = page.request.post(
        f"{base_url}/api/account", data={"name": name, "password": "a long password"}
    )
    assert registered.status == 201, registered.text()
    return page


def play_today(page: Any, base_url: str) -> list[list[int]]:
    """From `/challenge`, start today's attempt and play it by clicking: roll once, then enter
    the first row offered, each turn (a 0 there too: the page's question is answered yes).
    The dice of each roll, as the page was sent them."""
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/challenge")
    page.click("#play")
    page.wait_for_url("**/t/*")
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.view)")
    assert page.locator("#hints").is_hidden()
    rolls = []
    while not page.locator("#end:not([hidden])").count():
        page.click("[data-action='roll']:not([disabled])")
        wait_until(page, "window.parlourFrame.view.seats[0].turn.rolled")
        rolls.append(page.evaluate("window.parlourFrame.view.seats[0].turn.dice"))
        assert page.locator("#hints").is_hidden()
        page.locator("[data-action^='enter ']:not([disabled])").first.click()
        wait_until(
            page,
            "window.parlourFrame.view.over || !window.parlourFrame.view.seats[0].turn.rolled",
        )
    assert page.locator("#rematch").count() == 0
    score = page.evaluate("window.parlourFrame.view.scores[0]")
    assert page.locator("#end h2").inner_text() == f"Game over: {score} points"  # no "Winner"
    assert "1500" not in page.locator("main").inner_text()  # no rating is at stake
    page.click("#challenge-day")
    page.wait_for_url("**/challenge/dicetime/2026-12-01")
    return rolls


def test_two_accounts_play_the_same_dice_and_share_the_leaderboard(
    browser: Any,  # noqa: F811
    base_url: str,
) -> None:
    ann, bob = player(browser, base_url, "Ann"), player(browser, base_url, "Bob")
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))
    ann_dice = play_today(ann, base_url)
    bob_dice = play_today(bob, base_url)
    assert len(ann_dice) == 13 and all(len(dice) == 5 for dice in ann_dice)
    assert ann_dice == bob_dice
    for page in (ann, bob):
        page.goto(f"{base_url}/challenge")
        page.wait_for_selector("#played")
        assert page.locator("#play").count() == 0
        names = page.locator(".leaderboard tbody tr td:nth-child(2)").all_inner_texts()
        assert sorted(names) == ["Ann", "Bob"]
        again = page.request.post(f"{base_url}/api/challenges/dicetime")
        assert again.status == 409
    for path in ("/challenge", "/challenge/dicetime/2026-12-01", "/"):
        for language in ("en", "de"):
            ann.goto(f"{base_url}{path}?lang={language}")
            ann.wait_for_selector(".leaderboard" if "challenge" in path else "#challenge-link")
            found = grave_violations(ann)
            assert not found, f"{path} ({language}):\n" + "\n".join(found)
    assert ann.locator("#challenge-link").inner_text() == (
        "Die heutige Tagesaufgabe: dieselben Würfel für alle, ein Versuch für jeden"
    )
    assert not errors, errors


def test_my_games_says_an_attempt_left_past_its_day_takes_no_more_moves(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """An attempt started today is awaited in My games; after midnight it is not, and its card
    says why (it takes no more moves), in both languages."""
    now = [DAY]
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'parlour.db'}", clock=lambda: now[0])
    with running(settings) as url:
        page = player(browser, url, "Cleo")
        started = page.request.post(f"{url}/api/challenges/dicetime")
        assert started.status == 201, started.text()
        card = page.locator(f"#running .card[data-table='{started.json()['table']['id']}']")
        page.goto(f"{url}/me")
        assert card.locator(".your-turn").inner_text() == "It is your turn"
        now[0] += timedelta(days=1)
        for language, said in (
            ("en", "its day is over: it takes no more moves"),
            ("de", "ihr Tag ist vorbei: keine Züge mehr"),
        ):
            page.goto(f"{url}/me?lang={language}")
            assert said in card.locator(".notes").inner_text()
            assert card.locator(".your-turn").count() == 0

"""End to end in a real headless Chromium: create tables in the lobby, play whole games by
clicking, two people at one table from a shared link. Skipped, saying why, where Chromium or
Playwright is missing (`python3 dev.py test` installs Chromium when it can).

Set PARLOUR_SCREENSHOTS=1 to save each game's table page to docs/screenshots/, on a desktop
(GAME.png, the whole page) and on a phone (GAME-phone.png, its first screen), mid-game.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest

import parlour
from parlour.boxes.likedice.timing import PRESETS
from parlour.kernel import Game
from parlour.web.app import Settings
from tests.web.clocks import ManualClock
from tests.web.live_server import running

CHROMIUM = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium") or ""
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = sorted(info.name for info in parlour.games())
RENDERERS = (
    Path(__file__).resolve().parents[2] / "src" / "parlour" / "web" / "static" / "js" / "games"
)
GENERIC = "#board table.facts"
"""What only the generic renderer draws (a game without a renderer of its own)."""
PHONE = {"width": 390, "height": 844}
SHOT_AFTER = 6
"""Screenshots wait for this many of the tester's clicks, then for its turn with state on the
table: more offered than a first roll, and as much as `SHOWN` asks for."""
SHOWN = {"dicecream": (".dc-tray.phase-place .dc-die", 1), "dokitto": (".dk-hand .dk-card", 4)}
"""Where a game's turn may show little, how many of what a screenshot waits for: Dicecream's
dice to place (not only bonus cards), a hand of four cards or more in Dokitto! Ice."""


def players_for(game: str) -> int:
    """Two seats where the game allows (seat 1 is the tester, the others its default bot)."""
    info = next(info for info in parlour.games() if info.name == game)
    return min(max(2, info.min_players), info.max_players)


playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (apt-get install chromium; dev.py does it)"
)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("browser")
    settings = Settings(db_url=f"sqlite:///{folder / 'parlour.db'}", bot_pace=0.02)
    with running(settings) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def play_by_clicking(
    page: Any, rng: random.Random, limit: int = 3000, shot: Path | None = None
) -> int:
    """Click one of the offered actions at random until the end screen shows; every offered
    action must be legal for this seat (the page offers nothing the kernel would refuse)."""
    clicks = 0
    for _ in range(limit):
        if page.locator("#end:not([hidden])").count():
            assert shot is None, f"no moment for the screenshots came before the end: {shot}"
            return clicks
        offered = page.locator(OFFERED)
        count = offered.count()
        if count == 0:
            page.wait_for_timeout(20)
            continue
        shown = set(offered.evaluate_all("nodes => nodes.map(n => n.dataset.action)"))
        legal = set(page.evaluate("window.parlourFrame ? window.parlourFrame.legal : []"))
        if not shown <= legal:  # a frame may be on its way: look again before judging
            page.wait_for_timeout(200)
            legal = set(page.evaluate("window.parlourFrame.legal"))
            shown = set(offered.evaluate_all("nodes => nodes.map(n => n.dataset.action)"))
            assert shown <= legal, f"the page offers what the kernel refuses: {shown - legal}"
        if shot is not None and clicks >= SHOT_AFTER and worth_a_shot(page, shot.stem, legal):
            take_screenshots(page, shot)
            shot = None
            continue  # the page may have moved on meanwhile: look again
        pick = offered.nth(rng.randrange(count))
        try:
            pick.click(timeout=2000)
        except playwright_api.Error:
            continue  # the page was redrawn under the click: look again
        clicks += 1
        page.wait_for_timeout(10)
    raise AssertionError("the game did not end by clicking")


def worth_a_shot(page: Any, game: str, legal: set[str]) -> bool:
    """Whether the tester's turn now shows the game well (see `SHOWN`)."""
    selector, least = SHOWN.get(game, ("#board *", 1))
    return bool(legal - {"roll"}) and page.locator(selector).count() >= least


def take_screenshots(page: Any, shot: Path) -> None:
    """The table page as it is now: the whole page at the page's size to `shot`, and the first
    screen on a phone to `GAME-phone.png` beside it."""
    page.wait_for_timeout(300)  # let a frame on its way land
    page.mouse.move(0, 0)  # no control shown hovered
    page.screenshot(path=str(shot), full_page=True)
    desktop = page.viewport_size
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    page.screenshot(path=str(shot.with_name(f"{shot.stem}-phone.png")))
    page.set_viewport_size(desktop)


OFFERED = "[data-action]:not([disabled]):visible"
"""The actions a page offers now: enabled and shown."""


def one_offered(page: Any, rng: random.Random) -> Any | None:
    """One of the actions `page` offers, at random, or `None` where it offers none. Counted
    once: a bot's move may redraw the page between two counts."""
    offered = page.locator(OFFERED)
    count = offered.count()
    return offered.nth(rng.randrange(count)) if count else None


def create_in_lobby(
    page: Any,
    base_url: str,
    game: str,
    players: int,
    people: int = 1,
    options: dict[str, str] | None = None,
) -> None:
    """Create a table in the lobby as "Tester" (seat 1), `people` seats left to a person, the
    `options` typed into their fields (a list's values into its controls, one a seat or a
    box a choice); on to the table's page."""
    page.goto(base_url + "/")
    page.fill("#name", "Tester")
    page.check(f"#game-{game}")
    page.select_option("#players", str(players))
    for seat in range(1, people):
        page.select_option(f"[data-seat='{seat}']", "person")
    if options:
        page.click("#options-box summary")
        for name, value in options.items():
            set_option(page, name, value)
    create_from_the_lobby(page)


def set_option(page: Any, name: str, value: str) -> None:
    """Give the lobby's option `name` the value `value` as its form takes it."""
    if page.locator(f"fieldset#option-{name}").count() == 0:
        page.fill(f"#option-{name}", value)
        return
    controls = page.locator(f"[data-value-of='{name}']")
    for index, item in enumerate(value.split(",")):
        control = controls.nth(index)
        kind = control.evaluate("n => n.tagName === 'SELECT' ? 'select' : n.type")
        if kind == "select":
            control.select_option(item)
        elif kind == "checkbox":
            page.check(f"[data-value-of='{name}'][value='{item}']")
        else:
            control.fill(item)


def create_from_the_lobby(page: Any) -> None:
    """Press the lobby's create button and go on to the new table's page. A failure says which
    step failed (no request sent, the server's refusal, no page after it), with the page's
    errors; a busy machine gets a minute for each step, not Playwright's default half."""
    errors: list[str] = []

    def record(error: Any) -> None:
        errors.append(str(error))

    page.on("pageerror", record)
    try:
        with page.expect_response(_creating, timeout=60_000) as answer:
            page.click("#create-button")
    except playwright_api.TimeoutError:
        raise AssertionError(
            f"pressing the create button sent no table's creation in 60 s; page errors: {errors}"
        ) from None
    finally:
        page.remove_listener("pageerror", record)
    created = answer.value
    if not created.ok:
        said = page.locator("#create-error").inner_text()
        raise AssertionError(f"the lobby created no table ({created.status}); it says: {said!r}")
    page.wait_for_url("**/t/*", timeout=60_000)


def _creating(response: Any) -> bool:
    """The answer to the lobby's `POST /api/tables`."""
    return bool(response.request.method == "POST" and response.url.endswith("/api/tables"))


def held(page: Any, pattern: str, url: str) -> Any:
    """Open `url` in `page` and hold its first request to `pattern` (a Playwright route, to
    `continue_()` once the test has looked at the page without it)."""
    routes: list[Any] = []
    page.route(pattern, lambda route: routes.append(route))
    page.goto(url, wait_until="commit")
    for _ in range(600):
        if routes:
            return routes[0]
        page.wait_for_timeout(50)
    raise AssertionError(f"{url} asked for nothing like {pattern}")


def wait_until(page: Any, expression: str, timeout: float = 30.0) -> None:
    """Poll `expression` in the page until it is true (wait_for_function would evaluate a
    string, which the CSP forbids)."""
    for _ in range(int(timeout / 0.05)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"not true after {timeout} s: {expression}")


def games_listed(base_url: str) -> dict[str, dict[str, Any]]:
    """`/api/games` by name."""
    with urlopen(base_url + "/api/games") as answer:
        return {game["name"]: game for game in json.load(answer)}


def check_the_end_screen(page: Any, base_url: str, game: str) -> None:
    """The result on top: who won, every seat's final score, then rematch, replay, record and
    (where the game advises) analysis; what no longer applies (hints, dice) is gone."""
    end = page.locator("#end")
    top = end.bounding_box()["y"]
    for below in ("#status", "#board"):
        assert top < page.locator(below).bounding_box()["y"], f"{below} is above the result"
    assert top < 900, "the result is not on the first screen"
    assert end.locator("h2").inner_text().startswith(("Winner", "Nobody"))
    view = page.evaluate("window.parlourFrame.view")
    shown = end.locator(".final-scores li strong").all_inner_texts()
    assert sorted(map(int, shown)) == sorted(view["scores"])
    assert end.locator("#rematch").is_visible()
    assert end.locator("a[href^='/replay/']").first.is_visible()
    assert end.locator("a[href$='/record']").is_visible()
    listed = games_listed(base_url)[game]
    assert end.locator("a[href$='#analysis']").count() == (1 if listed["analysis"] else 0)
    reviews = listed["advice"] and not listed["analysis"]
    assert end.locator("a[href$='#review']").count() == (1 if reviews else 0)
    assert page.locator("#hints").is_hidden()
    assert "No dice rolled yet" not in page.locator("main").inner_text()


def play_a_game_against_bots(browser: Any, base_url: str, game: str) -> None:
    """Create a table of `game` in the lobby and click through to its end: drawn by the
    game's own page renderer where it has one (`static/js/games/NAME.js`), else the generic."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, game, players_for(game))
    own = (RENDERERS / f"{game}.js").exists()
    drawn = "#board > *" if own else GENERIC
    page.wait_for_selector(drawn, timeout=10_000)
    assert page.locator(GENERIC).count() == (0 if own else 1)
    wanted = os.environ.get("PARLOUR_SCREENSHOTS") and game in GAMES  # not a test's own game
    shot = SCREENSHOTS / f"{game}.png" if wanted else None
    clicks = play_by_clicking(page, random.Random(game), shot=shot)
    assert clicks > 0
    assert page.locator(drawn).count() > 0
    check_the_end_screen(page, base_url, game)
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_bots_is_played_to_the_end_by_clicking(
    browser: Any, base_url: str, game: str
) -> None:
    play_a_game_against_bots(browser, base_url, game)


def test_a_game_without_a_page_renderer_is_played_on_the_generic_one(
    browser: Any, base_url: str, tiny_game: type[Game]
) -> None:
    """Tiny Duel, registered by the test, has no page renderer: the lobby offers it and the
    generic renderer draws its view's facts and offers its actions to the end."""
    assert not (RENDERERS / f"{tiny_game.info.name}.js").exists()
    play_a_game_against_bots(browser, base_url, tiny_game.info.name)


def click_to_the_end(
    pages: list[Any], rng: random.Random, each_step: Callable[[int], None] | None = None
) -> None:
    """Click one offered action at random on each page in turn until every page shows the end
    card (`each_step` is called with the step's number first)."""
    for step in range(4000):
        if each_step is not None:
            each_step(step)
        if all(page.locator("#end:not([hidden])").count() for page in pages):
            return
        for page in pages:
            pick = one_offered(page, rng)
            if pick is not None:
                with contextlib.suppress(playwright_api.Error):  # redrawn under the click
                    pick.click(timeout=1000)
        pages[0].wait_for_timeout(10)
    raise AssertionError("the game did not end")


FRIEND = "<b>Friend</b>"
"""A name with markup: it must show as typed, never as markup."""


def test_two_people_play_one_table_from_a_shared_link(browser: Any, base_url: str) -> None:
    host = browser.new_context().new_page()
    create_in_lobby(host, base_url, "dicetime", 2, people=2)
    link = host.locator("input.link").input_value()
    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # a phone
    guest.goto(link)
    guest.fill("#join-name", FRIEND)
    guest.click("#join button[type=submit]")

    def reload_once(step: int) -> None:  # a reload restores the seat from the kept token
        if step == 20:
            guest.reload()

    click_to_the_end([host, guest], random.Random(2), reload_once)
    assert host.locator("#end h2").inner_text().startswith(("Winner", "Nobody"))
    assert guest.locator("#end h2").inner_text().startswith(("Winner", "Nobody"))
    assert host.locator("b", has_text="Friend").count() == 0
    hosts, guests = (
        page.locator("#status").inner_text().split("Scores:")[1] for page in (host, guest)
    )
    # each page names its own seat "You", as the board does, and the other by name, as text
    assert "You" in hosts and FRIEND in hosts and "Tester" not in hosts
    assert "You" in guests and "Tester" in guests and FRIEND not in guests


def test_each_page_counts_the_turn_down_and_shows_who_is_connected(
    browser: Any, base_url: str
) -> None:
    """Issue 31, item 10: every page counts down the turn limit of the person to act (the
    lobby's default: 5 minutes), and a closed tab turns its seat's dot grey within seconds."""
    host = browser.new_context().new_page()
    create_in_lobby(host, base_url, "dicetime", 2, people=2)
    guests = browser.new_context()
    guest = guests.new_page()
    guest.goto(host.locator("input.link").input_value())
    guest.fill("#join-name", FRIEND)
    guest.click("#join button[type=submit]")
    mine = host.locator("#turn-clock")
    playwright_api.expect(mine).to_have_text(re.compile(r"Your turn: 4:5\d left\."))
    shown = mine.inner_text()
    playwright_api.expect(mine).not_to_have_text(shown)  # it counts down
    playwright_api.expect(guest.locator("#turn-clock")).to_have_text(
        re.compile(r"Tester's turn: 4:5\d left\.")
    )
    friend = host.locator(".seat-presence", has_text=FRIEND)
    playwright_api.expect(friend).to_have_attribute("title", f"{FRIEND}: connected")
    playwright_api.expect(guest.locator(".seat-presence", has_text="You")).to_have_class(
        re.compile(r"\bhere\b")
    )
    guests.close()  # the tab closed
    playwright_api.expect(friend).to_have_attribute(
        "title", f"{FRIEND}: not connected", timeout=10_000
    )
    playwright_api.expect(friend).to_have_class(re.compile(r"\bgone\b"))


def test_the_share_link_copies_with_one_click(browser: Any, base_url: str) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    host = context.new_page()
    create_in_lobby(host, base_url, "dicetime", 2, people=2)
    host.get_by_role("button", name="Copy link").click()
    playwright_api.expect(host.locator("#seating button.copy")).to_have_text("Copied")
    copied = host.evaluate("navigator.clipboard.readText()")
    assert copied == host.locator("input.link").input_value() and "/t/" in copied
    context.close()


@pytest.fixture
def still_url(tmp_path: Path) -> Iterator[str]:
    """A server whose tables' clock stands still (a puzzle's time left stays as it began)."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'still.db'}", table_clock=ManualClock())
    with running(settings) as url:
        yield url


def test_a_bot_that_takes_its_time_says_it_is_thinking(browser: Any, still_url: str) -> None:
    """Issue 31, item 13: where the tables' clock stands still, a bot's move never falls due;
    after a second its seat says it is thinking, and for how long."""
    page = browser.new_page()
    create_in_lobby(page, still_url, "dicetime", 2)
    page.click("[data-action='roll']")
    page.click("[data-action='enter chance']")
    thinking = page.locator("#turn-clock .thinking")
    playwright_api.expect(thinking).to_have_text(re.compile(r"is thinking… 0:0[1-9]"))
    shown = thinking.inner_text()
    playwright_api.expect(thinking).not_to_have_text(shown)  # it counts up
    page.close()


def test_a_thinking_bot_says_how_long_its_moves_have_taken(browser: Any, tmp_path: Path) -> None:
    """Issue 31, item 13: once a bot has moved, its thinking sign says how long its moves have
    taken (each of this server's bot moves waits its pace, two seconds)."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'paced.db'}", bot_pace=2.0)
    with running(settings) as url:
        page = browser.new_page()
        create_in_lobby(page, url, "dicetime", 2)
        page.click("[data-action='roll']")
        page.click("[data-action='enter chance']")
        thinking = page.locator("#turn-clock .thinking")
        playwright_api.expect(thinking).to_have_text(
            re.compile(r"is thinking… 0:0\d \(Its moves have taken up to 2 seconds\.\)"),
            timeout=10_000,
        )
        page.close()


def test_the_lobby_keeps_its_columns_while_the_games_arrive(browser: Any, base_url: str) -> None:
    """Issue 31, item 19: the first frame says the games are loading, and "Learn to play"
    stays in the right-hand column when they come (the daily challenge's section, shown then,
    took its place and pushed it below the form)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    games = held(page, "**/api/games", base_url + "/")
    playwright_api.expect(page.locator("#games-loading")).to_be_visible()
    before = page.locator("#learn-heading").bounding_box()
    games.continue_()
    page.wait_for_selector("#game-dicetime", state="attached")
    playwright_api.expect(page.locator("#challenge-section")).to_be_visible()
    after = page.locator("#learn-heading").bounding_box()
    form = page.locator("#create").bounding_box()
    assert after["x"] == before["x"] > form["x"] + form["width"] - 1  # beside the form
    assert page.locator("#games-loading").count() == 0
    page.close()


def test_dicecreams_points_say_what_the_beans_give(browser: Any, base_url: str) -> None:
    """Issue 31, item 19: everyone starts Dicecream at the points of the beans they hold, and
    the sheet says so beside the total."""
    page = browser.new_page()
    create_in_lobby(page, base_url, "dicecream", 2)
    head = page.locator(".dc-sheet.own .dc-stats")
    playwright_api.expect(head).to_contain_text("4 pts")
    playwright_api.expect(head.locator(".dc-bean-points")).to_have_text("(4 from beans)")
    page.close()


def test_the_page_asks_before_a_zero_where_another_row_scores(browser: Any, still_url: str) -> None:
    """Issue 31, item 11: the game's question (the terminal asks it too) comes before the
    move; No sends nothing, and a switch stops the questions."""
    page = browser.new_page()
    create_in_lobby(page, still_url, "dicetime", 2)
    page.click("[data-action='roll']")
    wait_until(page, "Object.keys(window.parlourFrame.confirm).length > 0")
    slip = page.evaluate("Object.keys(window.parlourFrame.confirm)[0]")
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.click(f"[data-action='{slip}']")
    assert asked and asked[0].startswith("Enter 0 in")
    page.wait_for_timeout(300)
    assert page.evaluate("window.parlourFrame.view.to_act") == [0]  # nothing was sent
    page.uncheck("#ask-first")
    page.click(f"[data-action='{slip}']")
    wait_until(page, "window.parlourFrame.view.to_act[0] === 1")
    assert len(asked) == 1
    page.close()


def test_the_lobby_offers_an_option_only_where_it_applies(browser: Any, still_url: str) -> None:
    page = browser.new_page()
    page.clock.install()  # the page's clock stands still too: its time left never ticks
    page.clock.pause_at(time.time() + 1)
    page.goto(still_url + "/")
    page.check("#game-dicetime")
    page.click("#options-box summary")
    assert not page.locator("#option-time_limit").is_visible()
    assert page.locator("#option-start").is_visible()
    page.select_option("#option-mode", "puzzle")
    assert page.locator("#option-time_limit").is_visible()
    assert not page.locator("#option-start").is_visible()
    page.fill("#name", "Solo")
    page.select_option("#players", "1")
    page.fill("#option-time_limit", "120")
    create_from_the_lobby(page)
    for _ in range(200):  # (wait_for_function would evaluate a string, which the CSP forbids)
        if page.evaluate("Boolean(window.parlourFrame && window.parlourFrame.view)"):
            break
        page.wait_for_timeout(25)
    options = page.evaluate("window.parlourFrame.table.options")
    assert options["mode"] == "puzzle" and options["time_limit"] == 120
    assert "Time left: 2:00" in page.locator("#status").inner_text()
    page.close()


def test_a_finished_dicetime_game_replays_and_shows_its_analysis(
    browser: Any, base_url: str
) -> None:
    """Random clicks against `optimal`: the clicker's lost points are rows, the bot's perfect
    play is one line saying every decision was optimal."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/")
    page.fill("#name", "Tester")
    page.check("#game-dicetime")
    page.select_option("#players", "2")
    page.select_option("[data-seat='1']", "optimal")
    create_from_the_lobby(page)
    play_by_clicking(page, random.Random(5))
    building = [0.25, 0.5]  # the first answers say the solver's table is being built

    def while_building(route: Any) -> None:
        if building:
            route.fulfill(status=202, json={"progress": building.pop(0)})
        else:
            route.continue_()

    page.route("**/api/tables/*/analysis", while_building)
    page.click("#end a[href*='#analysis']")
    page.wait_for_selector("#analysis-progress")
    assert any(f"{share}%" in page.locator("#analysis").inner_text() for share in (25, 50))
    page.wait_for_selector("#analysis h3", timeout=120_000)
    assert page.locator("#analysis-progress").count() == 0
    assert "proficiency" in page.locator("#analysis").inner_text()
    rows = page.locator("#analysis tbody tr")
    assert rows.count() > 0  # random clicks lose points: each such decision is a row
    decision, played, best, lost = rows.first.locator("td").all_inner_texts()
    assert played != best and float(lost) > 0
    assert re.fullmatch(r"Decision \d+", decision)
    in_words = (
        r"(Keep (\d )*\d and reroll the other (die|\d dice)|Enter \d+ in [A-Z].*"
        r"|Reroll all five dice)"
    )
    assert re.fullmatch(in_words, played) and re.fullmatch(in_words, best), (played, best)
    number = int(decision.split()[1])
    rows.first.locator("button").click()  # the replay opens at the board the decision faced
    playwright_api.expect(page.locator("#decision")).to_contain_text(f"Played: {played}")
    playwright_api.expect(page.locator("#decision")).to_contain_text(f"Best: {best}")
    playwright_api.expect(page.locator("#step")).to_have_text(
        re.compile(rf"^step {number - 1} of \d+ — ")
    )
    current = page.locator("#moves button[aria-current='step']")
    playwright_api.expect(current).to_have_attribute("data-step", str(number - 1))
    page.locator("#moves button[data-step='1']").click()  # the move list jumps to a move
    playwright_api.expect(page.locator("#step")).to_have_text(
        re.compile(r"^step 1 of \d+ — Tester: Roll the five dice$")
    )
    playwright_api.expect(page.locator("#decision")).to_be_hidden()
    assert page.locator("#error").inner_text() == ""
    assert page.locator("#analysis table").count() == 1  # the bot's seat has none
    perfect = page.locator("#analysis p.muted").inner_text()
    assert perfect.startswith("All ") and perfect.endswith(" decisions were optimal.")
    page.click("#last")
    page.wait_for_timeout(300)
    steps = page.locator("#step").inner_text()
    assert steps.startswith("step ") and steps.split()[1] == steps.split()[3]  # the last step
    page.click("#first")
    page.wait_for_timeout(300)
    assert page.locator("#step").inner_text().startswith("step 0 of")
    assert page.locator("#download").get_attribute("href").endswith("/record")
    assert not errors, errors
    page.close()


def test_a_finished_dokitto_game_is_reviewed_on_its_replay(browser: Any, base_url: str) -> None:
    """Issue 30: the end's Review link opens the replay, which reviews the player's seat (a
    bar while it runs), draws the chance to win before each decision and lists the costliest
    decisions, each opening the board it faced."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dokitto", 2, options={"max_rounds": "1"})
    play_by_clicking(page, random.Random(3))
    page.click("#end a[href$='#review']")
    page.wait_for_selector("#review h3", timeout=120_000)
    heading = page.locator("#review h3").inner_text()
    assert re.fullmatch(r"Tester: \d+% chance to win given up per decision, on average", heading)
    assert page.locator("#review svg.chance-chart polyline").count() == 1
    assert page.locator("#review-progress").count() == 0
    rows = page.locator("#review tbody tr")
    if rows.count():  # random clicks usually cost something
        cells = rows.first.locator("td").all_inner_texts()
        decision, played, best, kept, best_kept, margin, *why = cells
        assert re.fullmatch(r"Decision \d+", decision) and played != best
        assert re.fullmatch(r"\d+%", kept) and re.fullmatch(r"±\d+%", margin)
        assert int(kept[:-1]) <= int(best_kept[:-1])
        rows.first.locator("button").click()
        playwright_api.expect(page.locator("#decision")).to_contain_text(f"Played: {played}")
        playwright_api.expect(page.locator("#decision")).to_contain_text("more chance to win")
        if "play" in played:  # a card played is always told why (the game's `contrast`)
            assert why and why[0]
            playwright_api.expect(page.locator("#decision .why")).to_have_text(why[0])
    page.select_option("#review-seat", "1")  # the bot's seat, asked here
    page.click("#review-start")
    bot = page.locator("#review-seat option[value='1']").inner_text()
    playwright_api.expect(page.locator("#review h3")).to_have_text(
        re.compile(rf"^{re.escape(bot)}: \d+% chance"), timeout=120_000
    )
    refusal = {"error": "two reviews of yours are under way: wait for one"}
    page.route("**/api/tables/*/review*", lambda route: route.fulfill(status=429, json=refusal))
    page.click("#review-start")  # a refusal is said where the page says errors
    playwright_api.expect(page.locator("#error")).to_have_text(refusal["error"])
    assert not errors, errors
    page.close()


def test_a_finished_race_is_reviewed_for_speed_on_its_replay(browser: Any, base_url: str) -> None:
    """Issue 30: a Like Dice game's review says, per kind of challenge, how fast and how well
    the seat answered (from the times its record keeps) and whom it counted like."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "likedice", 2, options={"max_challenges": "3"})
    play_by_clicking(page, random.Random(5))
    page.click("#end a[href$='#review']")
    page.select_option("#review-seat", "1")  # the counter's seat: it answers every challenge
    page.click("#review-start")
    page.wait_for_selector("#review-speed tbody tr", timeout=120_000)
    heads = page.locator("#review-speed thead th").all_inner_texts()
    assert heads == ["kind", "answers", "wrong", "passed", "median time", "answers like"]
    for row in page.locator("#review-speed tbody tr").all():
        kind, answers, wrong, passed, seconds, like = row.locator("td").all_inner_texts()
        assert kind in ("sums of colours", "big + small", "white dice", "sequences")
        assert int(answers) + int(passed) > 0 and int(wrong) <= int(answers)
        assert re.fullmatch(r"\d+\.\d s", seconds) and like in PRESET_LABELS, (seconds, like)
    summary = page.locator("#review-speed-summary").inner_text()
    assert "you count like the counter's level" in summary
    assert page.locator("#review .hints-note").count() == 0  # a model's values: no margins
    assert not errors, errors
    page.close()


PRESET_LABELS = ("Child", "Teenager", "Adult", "Skilled", "Expert")


def test_hints_show_for_a_game_that_gives_advice_only(browser: Any, base_url: str) -> None:
    """The table page asks `/api/games` whether its game gives advice, never its name: for
    Like Dice only the card a winner takes (never an answer, so nothing while a challenge
    runs); the solver's exact values for Dicetime; chances to win, give or take their
    margins, for Dokitto's search (issue 30)."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "likedice", 2)
    page.wait_for_selector(".ld-challenge")
    page.wait_for_selector("#hints-toggle")
    page.check("#hints-toggle")
    page.wait_for_timeout(500)
    assert page.locator("#hints table").count() == 0  # a challenge runs: no hint
    create_in_lobby(page, base_url, "dicetime", 1)
    page.wait_for_selector("#hints-toggle")
    assert page.locator("#hints label").inner_text().strip() == "Show the solver's hints"
    page.check("#hints-toggle")
    page.click("[data-action='roll']")
    page.wait_for_selector("#hints table.hints tbody tr", timeout=120_000)
    heads = page.locator("#hints thead th").all_inner_texts()
    assert heads == ["choice", "expected final", "banked", "to come", "gives up"]
    first = page.locator("#hints tbody tr").first.locator("td").all_inner_texts()
    assert first[-1] == "best"
    assert re.match(r"(Keep \d|Enter \d+ in |Reroll all five dice)", first[0]), first[0]
    create_in_lobby(page, base_url, "dokitto", 2)
    page.wait_for_selector("#hints-toggle")
    assert page.locator("#hints label").inner_text().strip() == "Show hints"
    page.wait_for_selector("#hints table.hints tbody tr", timeout=60_000)  # the choice is kept
    heads = page.locator("#hints thead th").all_inner_texts()
    assert heads == ["choice", "chance to win", "give or take", "gives up"]
    rows = [row.locator("td").all_inner_texts() for row in page.locator("#hints tbody tr").all()]
    assert rows[0][-1] == "best" and all(re.fullmatch(r"\d+%", row[1]) for row in rows)
    assert all(re.fullmatch(r"±\d+%", row[2]) for row in rows)
    assert page.locator("#hints .hints-note").is_visible()
    page.uncheck("#hints-toggle")  # the choice is kept for the next pages
    assert not errors, errors
    page.close()


def test_a_broken_renderer_is_reported_not_hidden(browser: Any, base_url: str) -> None:
    """A renderer that fails to load (here a syntax error) is an error on the page and in the
    console; the generic renderer stands in only for a game that has no renderer at all."""
    page = browser.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.route(
        "**/static/js/games/dicecream.js",
        lambda route: route.fulfill(content_type="text/javascript", body="export function ("),
    )
    create_in_lobby(page, base_url, "dicecream", 2)
    page.wait_for_selector("#error:has-text('renderer failed to load')")
    assert "dicecream" in page.locator("#error").inner_text()
    assert any(line.startswith("error: The dicecream page renderer") for line in console), console
    assert page.locator("#board *").count() == 0  # no generic drawing hiding the fault
    page.unroute("**/static/js/games/dicecream.js")
    page.route("**/static/js/games/dicecream.js", lambda route: route.fulfill(status=404))
    page.reload()
    page.wait_for_selector("#board table.facts")  # no renderer at all: the generic one
    assert page.locator("#error").inner_text() == ""
    page.close()


def test_pages_name_seats_with_the_one_shared_function(browser: Any, base_url: str) -> None:
    """`names.js` names a seat for the table page, the replay and every renderer: `You` to its
    viewer, a person's or bot's name (numbered when names repeat, or when asked), else its
    number; `logText` names so every seat the kernel's log calls "Seat N" (one that exists)."""
    page = browser.new_page()
    page.goto(base_url)
    names = page.evaluate(
        """async () => {
          const { seatName } = await import("/static/js/names.js");
          const table = { seats: [
            { seat: 0, kind: "person", name: "Ann", bot: null },
            { seat: 1, kind: "bot", name: null, bot: "greedy" },
            { seat: 2, kind: "bot", name: null, bot: "greedy" },
            { seat: 3, kind: "person", name: null, bot: null },
          ] };
          const { logText } = await import("/static/js/names.js");
          return [seatName(table, 0, 0), seatName(table, 0), seatName(table, 1, 0),
            seatName(table, 3), seatName(table, 0, null, { numbered: true }),
            logText(table, { text: "Seat 1 and Seat 3 beat Seat 4; Seat 9's 2" })];
        }"""
    )
    assert names == [
        "You",
        "Ann",
        "greedy (seat 2)",
        "Seat 4",
        "Ann (seat 1)",
        "Ann and greedy (seat 3) beat Seat 4; Seat 9's 2",
    ]
    page.close()


def test_the_lobby_names_options_in_players_words_and_picks_colours_seat_by_seat(
    browser: Any, base_url: str
) -> None:
    """The lobby shows each option's label and its choices' labels, never the identifiers
    (`five_of_a_kind_is_full_house`, `first`), with descriptions for players; Dicetime's colours
    are a picker, a choice a seat, showing the colours the game gives by default and following
    the player count; the table is sent the identifiers, and nothing while the picker shows
    the default."""
    page = browser.new_page()
    page.goto(base_url + "/")
    page.fill("#name", "Colours")
    page.check("#game-dicetime")
    page.select_option("#players", "2")
    page.click("#options-box summary")
    text = page.locator("#options").inner_text()
    for words in ("Who begins", "Five of a kind is a full house", "Colours", "Dice"):
        assert words in text
    for identifier in ("five_of_a_kind_is_full_house", "colours", "seat 0", "project"):
        assert identifier not in text
    labels = page.locator("#option-start option").evaluate_all("ns => ns.map(n => n.textContent)")
    assert labels == ["Seat 1", "A race"]
    picker = page.locator("#option-colours select")
    assert picker.evaluate_all("ns => ns.map(n => n.value)") == ["red", "blue"]
    page.select_option("#players", "3")
    assert picker.evaluate_all("ns => ns.map(n => n.value)") == ["red", "blue", "green"]
    assert picker.first.get_attribute("aria-label") == "Colours: Seat 1"
    assert "teal" in picker.first.locator("option").all_inner_texts()
    page.select_option("#option-colours select >> nth=0", "teal")
    page.select_option("[data-seat='1']", "greedy")
    page.select_option("[data-seat='2']", "greedy")
    create_from_the_lobby(page)
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.view)")
    options = page.evaluate("window.parlourFrame.table.options")
    assert options["colours"] == ["teal", "blue", "green"]
    page.close()


def test_the_lobby_offers_a_list_of_choices_as_a_box_a_choice(browser: Any, base_url: str) -> None:
    """Dokitto's flavours, a list of choices not asked seat by seat, is a box for each flavour
    in players' words (none ticked: drawn at random); the table is sent the ticked ones."""
    page = browser.new_page()
    page.goto(base_url + "/")
    page.fill("#name", "Flavours")
    page.check("#game-dokitto")
    page.select_option("#players", "2")
    page.click("#options-box summary")
    boxes = page.locator("#option-flavours input[type=checkbox]")
    assert boxes.evaluate_all("ns => ns.map(n => n.value)") == [
        "strawberry",
        "chocolate",
        "matcha",
        "grape",
        "vanilla",
    ]
    assert page.locator("#option-flavours legend").inner_text() == "Flavours"
    assert not any(boxes.evaluate_all("ns => ns.map(n => n.checked)"))
    for flavour in ("matcha", "grape", "vanilla"):
        page.check(f"#option-flavours input[value='{flavour}']")
    create_from_the_lobby(page)
    for _ in range(200):  # (wait_for_function would evaluate a string, which the CSP forbids)
        if page.evaluate("Boolean(window.parlourFrame && window.parlourFrame.view)"):
            break
        page.wait_for_timeout(25)
    options = page.evaluate("window.parlourFrame.table.options")
    assert sorted(options["flavours"]) == ["grape", "matcha", "vanilla"]
    page.close()


def test_the_lobby_shows_each_integer_options_range(browser: Any, base_url: str) -> None:
    page = browser.new_page()
    page.goto(base_url + "/")
    page.check("#game-dicetime")
    page.click("#options-box summary")
    page.select_option("#option-mode", "puzzle")
    limit = page.locator("#option-time_limit")
    assert (limit.get_attribute("min"), limit.get_attribute("max")) == ("0", "3600")
    assert "0-3600" in page.locator("[data-for-option=time_limit]").inner_text()
    page.fill("#name", "Solo")
    page.select_option("#players", "1")
    page.fill("#option-time_limit", "5000")
    page.click("#create-button")  # the browser's own check holds the form back
    assert not limit.evaluate("input => input.validity.valid")
    assert page.url == base_url + "/"
    page.check("#game-likedice")
    assert "each 1-10" in page.locator("[data-for-option=targets]").inner_text()
    assert "0-3600" in page.locator("[data-for-option=time_limit]").inner_text()
    page.close()


def test_the_live_table_connects_under_the_csp_and_reconnects_after_a_restart(
    browser: Any, tmp_path: Path
) -> None:
    """A real `parlour serve`: the page's WebSocket is allowed by `connect-src 'self'`; SIGTERM
    closes it with 1001 and the page reconnects to the restarted server by itself."""
    import signal
    import subprocess

    from tests.web.live_server import free_port
    from tests.web.test_serve import serve_command, wait_until_up

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = serve_command(port, tmp_path / "restarted.db")
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    page = browser.new_context().new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    try:
        wait_until_up(base)
        create_in_lobby(page, base, "dicetime", 2, people=2)
        connection = page.locator("#connection")
        playwright_api.expect(connection).to_have_text("live", timeout=10_000)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        playwright_api.expect(connection).to_have_text("reconnecting", timeout=10_000)
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        playwright_api.expect(connection).to_have_text("live", timeout=30_000)
        assert page.locator("input.link").input_value().startswith(base + "/t/")
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert not refused, refused


def test_dicecream_draws_its_rule_numbers_from_the_view_and_composes_a_reroll(
    browser: Any, base_url: str
) -> None:
    """The beans on each sheet and the cream spaces' faces come from the view (no constants
    in the page); a reroll is composed by picking dice in the view's order, and costs a bean."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicecream", 2)
    page.wait_for_selector("#board [data-action='roll']:not([disabled])", timeout=10_000)
    assert page.locator(".dc-sheet").count() == 2
    assert page.locator(".dc-bean:not(.spent)").count() == 2 * 2
    assert page.locator(".dc-space.cream.left", has_text="1\u20133").count() == 2 * 4
    assert page.locator(".dc-space.cream.right", has_text="4\u20136").count() == 2 * 4
    page.click("[data-action='roll']")
    page.click("[data-key='reroll']")
    page.click("[data-key='white']")
    page.click("[data-key='red']")
    page.click("[data-action='reroll red,white']")
    page.wait_for_selector(".dc-bean.spent", timeout=10_000)
    assert page.locator(".dc-bean.spent").count() == 1
    assert not errors, errors
    context.close()


def test_seats_offer_each_bots_levels_in_players_words_and_send_their_names(
    browser: Any, base_url: str
) -> None:
    """The lobby's seats and the table's "fill with bots" offer each bot by its name for
    players and each of its levels in players' words ("Child", never "counter:child" or
    "child (counter)"), grouped under the bot, with a tooltip in players' words; the server is
    sent the registry name, and the table names the bots' seats in players' words too. Like
    Dice's preset aliases (`counter-child`) are not offered again."""
    words = ["Child", "Teenager", "Adult", "Skilled", "Expert"]
    page = browser.new_page()
    page.goto(base_url + "/")
    page.fill("#name", "Levels")
    page.check("#game-likedice")
    page.select_option("#players", "3")
    group = page.locator("[data-seat='1'] optgroup[label='Counter'] option")
    offered = group.evaluate_all("nodes => nodes.map(n => [n.value, n.textContent, n.title])")
    assert [value for value, _, _ in offered] == [f"counter:{word}" for word in PRESETS]
    assert [text for _, text, _ in offered] == words
    assert all("like a person" in title for _, _, title in offered)
    every = page.locator("[data-seat='1'] option").evaluate_all(
        "ns => ns.map(n => [n.value, n.textContent])"
    )
    assert not any(value.startswith("counter-") for value, _ in every)
    assert ["random", "Random"] in every and ["counter", "Counter"] in every
    page.select_option("[data-seat='1']", label="Child")
    page.select_option("[data-seat='2']", "person")
    create_from_the_lobby(page)
    page.wait_for_selector("#fill-bot")
    assert "Seat 2: bot Counter (Child)" in page.locator("#seating").inner_text()
    fill = page.locator("#fill-bot optgroup[label='Counter'] option")
    assert fill.evaluate_all("ns => ns.map(n => n.textContent)") == words
    assert page.locator("#fill-bot").input_value() == "counter"  # the game's default
    page.select_option("#fill-bot", label="Expert")
    page.click("#fill-bots")
    for _ in range(200):  # (wait_for_function would evaluate a string, which the CSP forbids)
        if page.evaluate("window.parlourFrame?.table.status === 'running'"):
            break
        page.wait_for_timeout(25)
    seats = page.evaluate("window.parlourFrame.table.seats.map(s => [s.bot, s.label])")
    assert seats == [
        [None, None],
        ["counter:child", "Counter (Child)"],
        ["counter:expert", "Counter (Expert)"],
    ]
    names = page.evaluate(
        """async () => {
          const { seatName } = await import("/static/js/names.js");
          const table = window.parlourFrame.table;
          return table.seats.map((s) => seatName(table, s.seat, 0));
        }"""
    )
    assert names == ["You", "Counter (Child)", "Counter (Expert)"]
    page.close()


def test_the_others_last_moves_show_above_the_board_in_the_tables_names(
    browser: Any, base_url: str
) -> None:
    """Once a bot has played, "Last moves" above the board says what it did, named as the
    page names it everywhere (its bot's name for players, "Greedy", not "Seat 2", a colour or
    the registry's `greedy`) and in words (no `three_of_a_kind`); it stays while the seat
    plays its own turn."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicetime", 2)
    page.on("dialog", lambda dialog: dialog.accept())  # yes, a 0 there if it is one
    page.click("[data-action='roll']")
    page.click("[data-action^='enter ']")
    played = "window.parlourFrame.view.log.some((e) => e.seat === 1 && e.event === 'enter')"
    wait_until(page, f"{played} && window.parlourFrame.legal.includes('roll')", timeout=120)
    bot = page.evaluate("window.parlourFrame.table.seats[1].label")
    assert bot == "Greedy"
    recent = page.locator("#recent")
    playwright_api.expect(recent).to_contain_text(f"{bot} entered")
    assert recent.locator("h2").inner_text().lower() == "last moves"
    assert recent.bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
    page.click("[data-action='roll']")  # our own move: the others' moves stay in view
    wait_until(page, "window.parlourFrame.view.log.at(-1).seat === 0")
    playwright_api.expect(recent).to_contain_text(f"{bot} entered")
    shown = recent.inner_text() + page.locator("#log").text_content()
    for word in ("Seat 2", "Blue", "_"):
        assert word not in shown, f"{word!r} in {shown!r}"
    assert not errors, errors
    context.close()


def test_a_rematch_seats_the_same_players_at_a_new_table_of_the_same_game(
    browser: Any, base_url: str
) -> None:
    """Rematch (the server's: same seats and tokens, the game's rematch options) takes the
    player to the new table, already under way; the old table then offers the way there."""
    page = browser.new_page()
    create_in_lobby(page, base_url, "dicetime", 2)
    play_by_clicking(page, random.Random(3))
    old = page.evaluate("window.parlourFrame.table")
    page.click("#rematch")
    page.wait_for_url(lambda url: old["id"] not in url)
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.view)")
    new = page.evaluate("window.parlourFrame.table")
    assert new["game"] == old["game"] and new["status"] == "running"
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [
        (s["name"], s["bot"]) for s in old["seats"]
    ]
    assert page.evaluate("window.parlourFrame.seat") == 0  # the same person, the same seat
    assert page.locator("#end").is_hidden()
    page.goto(f"{base_url}/t/{old['id']}")
    playwright_api.expect(page.locator("#rematch")).to_have_text("Go to the rematch")
    page.close()


def test_the_header_names_the_game_by_its_title(browser: Any, base_url: str) -> None:
    """The table page's header and the window's title say "Ice Cream", never `icecream`."""
    page = browser.new_page()
    titles = {name: game["title"] for name, game in games_listed(base_url).items()}
    for game in ("icecream", "likedice"):
        create_in_lobby(page, base_url, game, players_for(game))
        header = page.locator("#title")
        playwright_api.expect(header).to_contain_text(titles[game])
        assert game not in header.inner_text() and game not in page.title()
        assert titles[game] in page.title()
    page.close()


def test_while_disconnected_a_banner_shows_and_every_action_is_disabled(
    browser: Any, base_url: str
) -> None:
    """The table's WebSocket is closed from the page's side and reconnecting is refused: a
    banner says so and no control can be used; once the server is let through again, the
    banner goes and the actions come back."""
    page = browser.new_page()
    refusing = [False]
    sockets: list[Any] = []

    def through(socket: Any) -> None:
        if refusing[0]:
            socket.close()
            return
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket("**/ws/tables/*", through)
    create_in_lobby(page, base_url, "dicetime", 2)
    roll = page.locator("[data-action='roll']")
    playwright_api.expect(roll).to_be_enabled(timeout=10_000)
    banner = page.locator("#offline")
    assert banner.is_hidden()
    refusing[0] = True
    sockets[-1].close()
    playwright_api.expect(banner).to_be_visible()
    assert "Connection lost" in banner.inner_text()
    playwright_api.expect(roll).to_be_disabled()
    # Every control of the game; the turn notices' own settings (sound, notifications) stay
    # usable: they are this browser's, and send nothing.
    controls = page.locator(":is(main button, main input, main select):not(#notices *)")
    assert controls.count() > 0
    assert all(not controls.nth(i).is_enabled() for i in range(controls.count()))
    page.wait_for_timeout(1500)  # a reconnection or two refused meanwhile
    playwright_api.expect(banner).to_be_visible()
    table_id = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"import('/static/js/api.js').then((m) => m.tokenFor('{table_id}'))")
    said = page.request.post(
        f"{base_url}/api/tables/{table_id}/chat",
        data={"text": "said meanwhile"},
        headers={"X-Seat-Token": token},
    )
    assert said.ok, said.text()
    refusing[0] = False
    playwright_api.expect(banner).to_be_hidden(timeout=20_000)
    playwright_api.expect(roll).to_be_enabled()
    playwright_api.expect(page.locator("#chat-lines")).to_contain_text("said meanwhile")
    page.click("[data-action='roll']")
    wait_until(page, "window.parlourFrame.view.log.length > 0")
    page.close()


def test_the_lobby_links_the_daily_challenge_only_where_a_game_offers_one(
    browser: Any, base_url: str
) -> None:
    """The lobby reads `challenge` from the games' listing: shown while a game offers one, gone
    when the listing (here rewritten in the browser) says none does."""
    page = browser.new_page()
    page.goto(base_url + "/")
    playwright_api.expect(page.locator("#challenge-link")).to_be_visible()

    def none_offers(route: Any) -> None:
        listed = route.fetch().json()
        route.fulfill(json=[{**game, "challenge": False} for game in listed])

    page.route("**/api/games", none_offers)
    page.reload()
    page.wait_for_selector("#game-dicetime")
    assert page.locator("#challenge-link").is_hidden()
    page.close()


def test_the_undo_button_takes_back_a_move_and_the_others_see_it(
    browser: Any, base_url: str
) -> None:
    """Issue 31, item 11: after an unlock in Dicecream the page offers "Undo" (never after the
    roll); it takes the move back through the action route, and a watcher's page, which saw
    the move, says who took it back, in its reader's language, and its log keeps saying so
    where it happened once play goes on."""
    page = browser.new_page()
    create_in_lobby(page, base_url, "dicecream", 2)
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.legal.length)")
    page.click("[data-action='roll']")
    page.wait_for_selector(".dc-tray.phase-place button.dc-die")
    assert page.locator("#undo").count() == 0  # a roll is never taken back
    watcher = browser.new_page()  # a context of its own: no seat, a spectator
    watcher.goto(page.url)
    wait_until(watcher, "window.parlourFrame?.view?.phase === 'place'")
    logged = watcher.evaluate("window.parlourFrame.view.log.length")
    page.locator("button.dc-die").first.click()  # a die picked: its places listed
    page.click(".dc-chooser [data-action^='unlock ']")
    page.wait_for_selector("#undo")
    wait_until(watcher, f"window.parlourFrame.view.log.length === {logged + 1}")  # the move
    page.click("#undo")
    wait_until(page, "window.parlourFrame.taken_back.length === 1")
    assert page.locator("#undo").count() == 0  # the roll is next
    assert page.locator("#log li").last.text_content() == "You took back your move."
    wait_until(watcher, "window.parlourFrame.taken_back.length === 1")
    said = watcher.locator("#recent .taken-back")
    playwright_api.expect(said).to_have_text("Tester took back their move.")
    assert watcher.evaluate("window.parlourFrame.view.log.length") == logged
    watcher.goto(page.url + "?lang=de")
    playwright_api.expect(said).to_have_text("Tester hat den Zug zurückgenommen.")
    page.locator("button.dc-die").first.click()
    page.click(".dc-chooser [data-action^='unlock ']")  # play goes on
    wait_until(watcher, f"window.parlourFrame.view.log.length === {logged + 1}")
    playwright_api.expect(said).to_have_count(0)  # no longer the latest news
    lines = watcher.locator("#log li").all_text_contents()
    assert lines[logged] == "Tester hat den Zug zurückgenommen." and len(lines) == logged + 2
    page.close()
    watcher.close()

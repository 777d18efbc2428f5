"""Accounts in Chromium: a player plays without an account, then creates one (the table becomes
theirs), logs in from a fresh browser, finds the table in My games with their turn marked, opens
it at their seat, and logs out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from argon2.profiles import CHEAPEST

from parlour.i18n import LANGUAGES
from parlour.web.app import Settings
from tests.web.conftest import finish_a_solo_game
from tests.web.live_server import running
from tests.web.test_accessibility import assert_accessible, some_moves
from tests.web.test_browser import (  # noqa: F401 (a fixture)
    browser,
    create_in_lobby,
    wait_until,
)

PASSWORD = "a long enough password"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The suite's live server with Argon2id at its cheapest (its cost is tested elsewhere)."""
    folder = tmp_path_factory.mktemp("accounts")
    settings = Settings(
        db_url=f"sqlite:///{folder / 'parlour.db'}", bot_pace=0.02, password_parameters=CHEAPEST
    )
    with running(settings) as url:
        yield url


def fill_and_send(page: Any, form: str, name: str) -> None:
    page.fill(f"#{form}-name", name)
    page.fill(f"#{form}-password", PASSWORD)
    page.click(f"#{form}-button")


def test_a_guests_table_follows_them_into_their_account(browser: Any, base_url: str) -> None:  # noqa: F811
    guest = browser.new_context()
    page = guest.new_page()
    create_in_lobby(page, base_url, "dicetime", 2)
    table_id = page.url.rsplit("/", 1)[1]
    wait_until(page, "document.querySelectorAll('[data-action]').length > 0")
    some_moves(page, random.Random(17), 3)
    page.click("#sign-up")
    page.wait_for_url("**/account?next=*")
    fill_and_send(page, "register", "Tessa")
    page.wait_for_url(f"**/t/{table_id}")
    page.wait_for_selector("#logged-in")
    assert page.inner_text("#logged-in") == "Logged in as Tessa"
    guest.close()

    fresh = browser.new_context()  # another browser: no token, nothing but the account
    page = fresh.new_page()
    page.goto(base_url + "/")
    page.click("#log-in")
    page.wait_for_url("**/account?next=*")
    fill_and_send(page, "login", "Tessa")
    page.wait_for_url(base_url + "/")
    page.click("#my-games-link")
    page.wait_for_url("**/me")
    entry = page.locator(f"#running li[data-table='{table_id}']")
    for _ in range(50):  # the bot may still be moving: its turn comes back
        if page.locator(f"#running li.awaited[data-table='{table_id}']").count():
            break
        page.wait_for_timeout(100)
        page.reload()
    assert "It is your turn" in entry.inner_text()
    assert_accessible(page, "My games")
    entry.locator("a.table-link").click()
    page.wait_for_url(f"**/t/{table_id}")
    wait_until(page, "window.parlourFrame && window.parlourFrame.legal.length > 0")
    assert page.evaluate("window.parlourFrame.seat") == 0
    page.click("#log-out")
    page.wait_for_selector("#log-in")
    wait_until(page, "window.parlourFrame && window.parlourFrame.seat === null")
    page.goto(base_url + "/me")
    page.wait_for_selector("#logged-out:not([hidden])")
    fresh.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_say_what_went_wrong_and_list_finished_games(
    browser: Any,  # noqa: F811
    base_url: str,
    language: str,
) -> None:
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.goto(f"/account?lang={language}")
    assert_accessible(page, "the account page")
    page.fill("#login-name", "Nobody")
    page.fill("#login-password", "wrong password")
    page.click("#login-button")
    page.wait_for_selector("#login-error:not(:empty)")
    assert "/account?" in page.url  # still here
    page.goto("/me")
    page.wait_for_selector("#logged-out:not([hidden])")
    assert_accessible(page, "My games, logged out")
    page.goto("/account?next=/me")
    fill_and_send(page, "register", f"Finn-{language}")
    page.wait_for_selector("#mine:not([hidden])")  # on My games, logged in
    table_id = finish_a_solo_game(context.request)
    page.reload()
    entry = page.locator(f"#finished li[data-table='{table_id}']")
    entry.wait_for()
    assert entry.locator(".place").count() == 1
    for link in (f"/replay/{table_id}", f"/api/tables/{table_id}/record", "#analysis"):
        assert entry.locator(f"a[href$='{link}']").count() == 1, link
    assert_accessible(page, "My games with a finished game")
    context.close()


@pytest.mark.parametrize(
    "elsewhere",
    ["//evil.example/x", "/\t/evil.example/x", "/\n\\evil.example/", "https://evil.example/"],
)
def test_after_logging_in_the_page_never_leaves_the_site(
    browser: Any,  # noqa: F811
    base_url: str,
    elsewhere: str,
) -> None:
    """`next` is followed only within the site, however the browser would read it (it drops
    tabs and newlines from a URL and takes a backslash for a slash): else My games."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.goto(f"/account?next={quote(elsewhere)}")
    fill_and_send(page, "register", f"Ned-{len(elsewhere)}-{ord(elsewhere[1])}")
    page.wait_for_selector("#mine:not([hidden])")
    assert page.url == f"{base_url}/me"
    context.close()

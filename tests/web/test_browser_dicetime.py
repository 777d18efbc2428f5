"""Dicetime's page: the colours the players chose in the lobby on their columns and dice card,
the column of the seat to play marked, and the dice kept apart from those to roll."""

from __future__ import annotations

from typing import Any

from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)


def test_colours_chosen_in_the_lobby_mark_the_columns_and_the_turn(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicetime", 2, options={"colours": "teal,orange"})
    wait_until(page, "Boolean(window.parlourFrame && window.parlourFrame.view)")
    assert page.evaluate("window.parlourFrame.view.seats.map(s => s.colour)") == ["teal", "orange"]
    heads = page.locator("th.dt-seat")
    assert heads.count() == 2
    assert "dt-teal" in heads.nth(0).get_attribute("class")
    assert "Teal" in heads.nth(0).inner_text() and "Orange" in heads.nth(1).inner_text()
    teal = heads.nth(0).evaluate("n => getComputedStyle(n).borderTopColor")
    orange = heads.nth(1).evaluate("n => getComputedStyle(n).borderTopColor")
    assert teal != orange
    # The seat to play (you) is marked: its header and every cell of its column.
    assert page.locator("th.dt-seat[aria-current=true]").count() == 1
    assert page.locator("th.dt-seat.current").get_attribute("data-seat") == "0"
    assert page.locator("td.current").count() == page.locator("td.dt-teal").count() > 13
    assert page.locator("td.dt-orange.current").count() == 0
    assert "teal" in page.locator(".dt-turn .dt-chip").inner_text()
    assert not errors, errors
    page.close()


def test_kept_dice_lie_apart_from_the_dice_to_roll(browser: Any, base_url: str) -> None:  # noqa: F811
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicetime", 1)
    page.click("[data-action='roll']")
    page.wait_for_selector(".dt-tray.to-roll [data-die]")
    assert page.locator(".dt-tray.kept [data-die]").count() == 0
    assert page.locator(".dt-tray.to-roll [data-die]").count() == 5
    page.click("[data-die='2']")
    page.click("[data-die='4']")
    kept = page.locator(".dt-tray.kept [data-die]").evaluate_all("ns => ns.map(n => n.dataset.die)")
    assert kept == ["2", "4"]
    assert page.locator(".dt-tray.to-roll [data-die]").count() == 3
    roll = page.locator("#roll")
    assert roll.get_attribute("data-action") == "keep 2,4"
    assert roll.inner_text() == "Roll 3 dice"
    dice = page.evaluate("window.parlourFrame.view.seats[0].turn.dice")
    roll.click()
    for _ in range(200):  # the roll's frame: dice 2 and 4 stay, and stay kept
        if page.evaluate("window.parlourFrame.view.seats[0].turn.rolls_left") == 1:
            break
        page.wait_for_timeout(25)
    turn = page.evaluate("window.parlourFrame.view.seats[0].turn")
    assert turn["kept"] == [False, True, False, True, False]
    assert [turn["dice"][1], turn["dice"][3]] == [dice[1], dice[3]]
    page.wait_for_selector(".dt-tray.kept [data-die='4']")
    kept = page.locator(".dt-tray.kept [data-die]").evaluate_all("ns => ns.map(n => n.dataset.die)")
    assert kept == ["2", "4"]
    assert page.locator(".dt-lamp.lit").count() == 1
    page.click(".dt-tray.kept [data-die='2']")  # released: back among the dice to roll
    assert page.locator(".dt-tray.to-roll [data-die='2']").count() == 1
    assert roll.get_attribute("data-action") == "keep 4"
    assert not errors, errors
    page.close()

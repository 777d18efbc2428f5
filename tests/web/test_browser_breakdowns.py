"""The table page shows the score breakdowns its frames carry (`State.breakdowns`), as real
tables with headers: Dokitto! Ice's last round and the game's at its end, the totals the final
scores; in English and German, and axe-core finds nothing grave on the page. The replay shows
each step's."""

from __future__ import annotations

import random
from typing import Any

from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    held,
    play_by_clicking,
    wait_until,
)

OVER = "Boolean(window.parlourFrame && window.parlourFrame.view && window.parlourFrame.view.over)"
TABLES = """() => Array.from(document.querySelectorAll('#breakdowns table'), (table) => ({
  caption: table.caption.textContent,
  kind: table.dataset.kind,
  seats: Array.from(table.querySelectorAll('thead th[scope=col]'), (th) => th.textContent),
  rows: Array.from(table.querySelectorAll('tbody th[scope=row]'), (th) => th.textContent),
  totals: Array.from(table.querySelectorAll('tfoot td'), (td) => Number(td.textContent)),
}))"""


def test_the_last_round_and_the_game_are_shown_as_tables(browser: Any, base_url: str) -> None:  # noqa: F811
    """A game of one round played by clicking: at its end the round's table and the game's,
    its totals the scores; the same page again in German."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dokitto", 2, options={"max_rounds": "1"})
    assert page.locator("#breakdowns").is_hidden()  # nothing scored yet
    play_by_clicking(page, random.Random(16))
    for lang, heading, final in (
        ("en", "Score breakdown", "Final score"),
        ("de", "Punkte im Einzelnen", "Endwertung"),
    ):
        if lang == "de":
            page.goto(page.url.split("?")[0] + "?lang=de")
        wait_until(page, OVER)
        page.wait_for_selector("#breakdowns:not([hidden]) table")
        shown = page.evaluate(TABLES)
        scores = page.evaluate("window.parlourFrame.view.scores")
        assert [table["kind"] for table in shown] == ["round", "game"]
        assert shown[1]["caption"] == final and shown[1]["totals"] == scores
        assert shown[0]["caption"].endswith(" 1") and len(shown[0]["rows"]) == 3
        assert all(len(table["seats"]) == 2 for table in shown)
        assert page.locator("#breakdowns h2").text_content() == heading
        assert grave_violations(page) == []
    replay = page.url.replace("/t/", "/replay/")  # in German still: the replay's last step
    moves = held(page, "**/api/tables/*/moves", replay)
    page.wait_for_selector("#last")
    assert page.locator("#last").is_disabled()  # a click before the replay has loaded did nothing
    moves.continue_()
    page.locator("#last").click()  # Playwright waits until it is enabled
    page.wait_for_selector("#breakdowns:not([hidden]) table")
    assert [table["caption"] for table in page.evaluate(TABLES)] == ["Runde 1", "Endwertung"]
    page.locator("#first").click()
    page.wait_for_selector("#breakdowns", state="hidden")
    assert grave_violations(page) == []
    assert not errors, errors
    page.close()

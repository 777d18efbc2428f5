"""In a real Chromium: when a person's turn runs past the table's limit, everyone at the table
reads that a bot is playing for them; when they act, they have their seat back and the notice
goes. Skipped, saying why, where Chromium or Playwright is missing."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import httpx2
import pytest

from parlour.web.app import Settings
from tests.web.live_server import running
from tests.web.test_browser import ARGS, CHROMIUM

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (apt-get install chromium; dev.py does it)"
)
LIMIT = 1.5
"""The table's turn limit (seconds; the server's minimum is lowered for the test)."""


def test_everyone_reads_that_a_bot_plays_for_an_away_person_until_they_act(
    tmp_path: Path,
) -> None:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'parlour.db'}", bot_pace=0.5, min_turn_limit=0.5
    )
    with running(settings) as base, playwright_api.sync_playwright() as p:
        body = {
            "game": "dicetime",
            "players": 2,
            "seats": ["person", "greedy"],
            "name": "Ann",
            "turn_limit": LIMIT,
        }
        created = httpx2.post(f"{base}/api/tables", json=body).json()
        table_id, token = created["table"]["id"], created["token"]
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ann = browser.new_context().new_page()
        ann.goto(base + "/")
        ann.evaluate(
            "tokens => localStorage.setItem('parlour.tokens', tokens)",
            json.dumps({table_id: token}),
        )
        ann.goto(f"{base}/t/{table_id}")
        spectator = browser.new_context().new_page()
        spectator.goto(f"{base}/t/{table_id}")
        notice = spectator.locator("#away")
        notice.wait_for(state="visible", timeout=LIMIT * 1000 + 20000)
        assert notice.inner_text() == "Ann is away: a bot is playing for them."
        assert "You are away" in ann.locator("#away").inner_text()
        # Ann acts as soon as she may. The bot plays her turn meanwhile, so a click can land on
        # a choice it has just made for her (refused, she stays away): she tries until the
        # notice goes, however slow the machine.
        for _ in range(400):
            if notice.is_hidden():
                break
            offered = ann.locator("[data-action]:not([disabled]):visible")
            if offered.count():
                with contextlib.suppress(playwright_api.Error):  # redrawn under the click
                    offered.first.click(timeout=1000)
            ann.wait_for_timeout(50)
        else:
            raise AssertionError("Ann never had her seat back")
        assert ann.locator("#away").is_hidden()
        seats = httpx2.get(f"{base}/api/tables/{table_id}").json()["seats"]
        assert not seats[0]["absent"]
        browser.close()

"""In a real Chromium: when the turn comes to a person whose page is hidden, the tab's title
says so until the page is seen again, a chime plays unless they turned it off, and the browser
shows the notification they allowed; not when they are looking, nor for turns they were
already in. The table page also says the turn limit in words. The other seat plays through the
API; the page is hidden by an init script (Chromium has no way to hide a headless tab), which
also records the notifications and the chime's tones while keeping the real ones."""

from __future__ import annotations

import json
from itertools import count
from typing import Any

import httpx2

from tests.web.test_browser import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    playwright_api,
    pytestmark,
)

RECORDING = """
window.hiddenForTest = false;
window.notices = [];
window.tones = 0;
Object.defineProperty(Document.prototype, "hidden", { configurable: true,
  get: () => window.hiddenForTest });
Object.defineProperty(Document.prototype, "visibilityState", { configurable: true,
  get: () => (window.hiddenForTest ? "hidden" : "visible") });
Document.prototype.hasFocus = () => !window.hiddenForTest;
window.hideForTest = (hidden) => {
  window.hiddenForTest = hidden;
  document.dispatchEvent(new Event("visibilitychange"));
  window.dispatchEvent(new Event(hidden ? "blur" : "focus"));
};
const RealNotification = window.Notification;
function Recorded(title, options) {
  window.notices.push({ title, ...options });
  return new RealNotification(title, options);
}
Object.defineProperty(Recorded, "permission", { get: () => RealNotification.permission });
Recorded.requestPermission = (...args) => RealNotification.requestPermission(...args);
window.Notification = Recorded;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.tones += 1;
  return start.apply(this, args);
};
"""
TITLE = "Parlour: Dicetime"
TOLD = "(Your turn) Parlour: Dicetime"
numbers = count()


def play_turn(base: str, table_id: str, token: str, seat: int) -> int:
    """Play `seat`'s whole turn through the API (its first legal action each time); returns
    the table's version after it."""
    while True:
        state = httpx2.get(
            f"{base}/api/tables/{table_id}/state", headers={"X-Seat-Token": token}
        ).json()
        if seat not in state["view"]["to_act"]:
            return int(state["table"]["version"])
        body = {"action": state["legal"][0], "request_id": f"n{next(numbers)}"}
        answer = httpx2.post(
            f"{base}/api/tables/{table_id}/actions", json=body, headers={"X-Seat-Token": token}
        )
        assert answer.status_code == 200, answer.text


def shown(page: Any, version: int) -> None:
    """Wait until the page has drawn the table's `version` (or a later one)."""
    page.wait_for_function(
        "v => window.parlourFrame && window.parlourFrame.table.version >= v", arg=version
    )


def recorded(page: Any) -> tuple[list[dict[str, Any]], int]:
    notices, tones = page.evaluate("[window.notices, window.tones]")
    return notices, tones


def test_the_turn_is_told_to_a_hidden_page(browser: Any, base_url: str) -> None:  # noqa: F811
    body = {
        "game": "dicetime",
        "players": 2,
        "seats": ["person", "person"],
        "name": "Ann",
        "turn_limit": 86_400,
    }
    created = httpx2.post(f"{base_url}/api/tables", json=body).json()
    table_id, other = created["table"]["id"], created["token"]
    mine = httpx2.post(f"{base_url}/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    context = browser.new_context()
    context.add_init_script(RECORDING)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/")
    page.evaluate(
        "tokens => localStorage.setItem('parlour.tokens', tokens)",
        json.dumps({table_id: mine["token"]}),
    )
    page.goto(f"{base_url}/t/{table_id}")
    shown(page, 0)
    assert page.locator("#turn-limit").inner_text() == "A bot plays for a player after 1 day away."
    ask = page.locator("#turn-notify")
    assert ask.is_visible() and ask.inner_text() == "Tell me when it is my turn"
    context.grant_permissions(["notifications"], origin=base_url)
    ask.click()  # the browser says yes; the click also lets the page make sounds
    ask.wait_for(state="hidden")
    sound = page.get_by_label("Sound on your turn")
    assert sound.is_checked()  # on unless turned off

    page.evaluate("hideForTest(true)")
    shown(page, play_turn(base_url, table_id, other, 0))
    page.wait_for_function("t => document.title === t", arg=TOLD)
    notices, tones = recorded(page)
    assert notices == [
        {
            "title": "Your turn at Dicetime",
            "body": f"Table {table_id[:6]} awaits your move.",
            "tag": table_id,
        }
    ]
    assert tones == 2  # the chime's two tones
    page.evaluate("hideForTest(false)")
    page.wait_for_function("t => document.title === t", arg=TITLE)

    shown(page, play_turn(base_url, table_id, mine["token"], 1))  # while looking: not told
    shown(page, play_turn(base_url, table_id, other, 0))
    assert page.title() == TITLE and recorded(page) == (notices, 2)

    sound.uncheck()
    assert page.evaluate("localStorage.getItem('parlour.turn-sound')") == "off"
    shown(page, play_turn(base_url, table_id, mine["token"], 1))
    page.evaluate("hideForTest(true)")
    shown(page, play_turn(base_url, table_id, other, 0))
    page.wait_for_function("t => document.title === t", arg=TOLD)
    notices, tones = recorded(page)
    assert len(notices) == 2 and tones == 2  # told, but silently
    page.reload()  # the choice is remembered
    shown(page, 0)
    assert not page.get_by_label("Sound on your turn").is_checked()
    assert page.title() == TITLE  # a page opened on its turn tells nothing
    assert errors == []
    context.close()

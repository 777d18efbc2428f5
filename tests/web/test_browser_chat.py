"""Table talk in a real Chromium (issue 31, item 9): two players and a spectator talk, the words
shown as text and never run as HTML, quick reactions in each reader's language, a spectator's
line never on a player's page, a muted player's lines hidden (also after a reload), the host's
switch closing the spectators' chat, the talk beside the replay only for those who sat at the
table; axe clean in English and German with the chat open."""

from __future__ import annotations

import json
from typing import Any
from urllib.request import Request, urlopen

from tests.web.test_accessibility import assert_accessible
from tests.web.test_browser import (
    base_url,  # noqa: F401 (a fixture)
    browser,  # noqa: F401 (a fixture)
    create_in_lobby,
    playwright_api,
    pytestmark,  # noqa: F401 (skipped without Chromium)
)

expect = playwright_api.expect
XSS = "<img src=x onerror=window.pwned=1><script>window.pwned=2</script> hi"


def said(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-form button[type=submit]")


def test_players_and_a_spectator_talk_safely_in_their_own_languages(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    host = browser.new_context().new_page()
    create_in_lobby(host, base_url, "dicetime", 2, people=2)
    link = host.locator("input.link").input_value()
    guest = browser.new_context().new_page()
    guest.goto(link)
    guest.fill("#join-name", "Friend")
    guest.click("#join button[type=submit]")
    spectator = browser.new_context().new_page()
    spectator.goto(link + "?lang=de")
    expect(guest.locator("#chat-text")).to_be_visible()
    said(host, XSS)
    for page in (host, guest, spectator):
        expect(page.locator("#chat-lines .words").last).to_have_text(XSS)
        assert page.locator("#chat img, #chat script").count() == 0
        assert page.evaluate("window.pwned") is None
    guest.click("[data-reaction=good_move]")
    expect(host.locator("#chat-lines .reaction").last).to_have_text("Good move!")
    expect(spectator.locator("#chat-lines .reaction").last).to_have_text("Guter Zug!")
    spectator.fill("#chat-name", "Zoe")
    said(spectator, "from the stands")
    expect(spectator.locator("#chat-lines .chat-line").last).to_have_text(
        "Zoe (schaut zu): from the stands"
    )
    # A spectator who spoke after the panel was drawn may be muted (by those who read them).
    expect(spectator.locator("[data-mute='spectator:Zoe']")).to_have_count(1)
    host.click("[data-reaction=thanks]")
    expect(guest.locator("#chat-lines .reaction").last).to_have_text("Thanks!")
    assert "from the stands" not in guest.locator("#chat").inner_text()  # players never see it
    assert_accessible(host, "the table's chat (en)")
    assert_accessible(spectator, "the table's chat, a spectator's (de)")

    host.click(".chat-mute summary")
    host.check("[data-mute='seat:1']")
    expect(host.locator("#chat-lines .reaction", has_text="Good move!")).to_have_count(0)
    host.reload()
    expect(host.locator("#chat-lines .words")).to_have_text(XSS)
    expect(host.locator("#chat-lines .reaction")).to_have_text(["Thanks!"])  # still muted

    host.uncheck("#spectator-chat")
    expect(spectator.locator("#chat-closed")).to_have_text(
        "Der Gastgeber hat den Chat der Zuschauer ausgeschaltet."
    )
    expect(host.locator("#spectator-chat")).not_to_be_checked()


def call(server: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """A request to the API (a POST with `body`), its JSON answer."""
    headers = {"Content-Type": "application/json", **({"X-Seat-Token": token} if token else {})}
    data = None if body is None else json.dumps(body).encode()
    with urlopen(Request(server + path, data=data, headers=headers)) as answer:
        return json.load(answer)


def test_the_replay_shows_the_talk_to_those_who_sat_at_the_table_only(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "Solo"}
    created = call(base_url, "/api/tables", body)
    table_id, token = created["table"]["id"], created["token"]
    call(base_url, f"/api/tables/{table_id}/chat", {"text": XSS}, token)
    call(base_url, f"/api/tables/{table_id}/chat", {"reaction": "well_played"}, token)
    for number in range(100):
        state = call(base_url, f"/api/tables/{table_id}/state", token=token)
        if state["table"]["status"] == "finished":
            break
        act = {"action": state["legal"][0], "request_id": f"r{number}"}
        call(base_url, f"/api/tables/{table_id}/actions", act, token)
    sat = browser.new_context()
    sat.add_init_script(
        f"localStorage.setItem('parlour.tokens', '{json.dumps({table_id: token})}')"
    )
    page = sat.new_page()
    page.goto(f"{base_url}/replay/{table_id}?lang=de")
    expect(page.locator("#chat-lines .words")).to_have_text(XSS)
    expect(page.locator("#chat-lines .reaction")).to_have_text("Gut gespielt!")
    assert page.locator("#chat img").count() == 0 and page.evaluate("window.pwned") is None
    assert_accessible(page, "the replay with its talk (de)")
    other = browser.new_context().new_page()
    other.goto(f"{base_url}/replay/{table_id}")
    expect(other.locator("#step")).to_have_text("step 0 of " + str(page_steps(page)))
    expect(other.locator("#chat")).to_be_hidden()
    other.goto(f"{base_url}/t/{table_id}")  # the finished table, as a spectator: no talk
    expect(other.locator("#end")).to_be_visible()
    expect(other.locator("#chat")).to_be_hidden()
    page.goto(f"{base_url}/t/{table_id}")  # the seat's own page still has it
    expect(page.locator("#chat-lines .reaction")).to_have_text("Gut gespielt!")


def page_steps(page: Any) -> int:
    """How many steps the replay on `page` has (its step line: 'Schritt 0 von N')."""
    return int(page.locator("#step").inner_text().split()[-1])

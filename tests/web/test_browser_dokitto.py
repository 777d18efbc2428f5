"""Dokitto! Ice's page draws the trick as the game's view tells it: the trick's number and the
round's tricks come from the view (also while its winner chooses a tile), and a seat is
marked as having led only once its card is down."""

from __future__ import annotations

from typing import Any

from parlour.boxes.dokitto import DokittoState
from tests.boxes.dokitto.helpers import Deal, new_state, play
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
)

GMV = ("grape", "matcha", "vanilla")
RENDER = """async ({ view, seat }) => {
  const { el } = await import("/static/js/api.js");
  const { render } = await import("/static/js/games/dokitto.js");
  const seats = view.scores.map((_, i) =>
    ({ seat: i, kind: "person", name: `P${i + 1}`, bot: null }));
  const board = el("div", { id: "drawn" });
  document.getElementById("drawn")?.remove();
  document.body.append(board);
  render({ table: { seats }, seat, view, legal: [], now: 0 },
    { board, actions: el("div"), act: () => {}, el });
  return {
    title: board.querySelector(".dk-trick .dk-felt-title").textContent,
    led: Array.from(board.querySelectorAll(".dk-place .dk-marks"), (marks) => marks.textContent),
  };
}"""


def drawn(page: Any, state: DokittoState, seat: int) -> dict[str, Any]:
    """The trick's title and each place's marks as the page's renderer draws `seat`'s view."""
    result: dict[str, Any] = page.evaluate(RENDER, {"view": state.view(seat), "seat": seat})
    return result


def test_the_trick_is_numbered_from_the_view_and_led_once_a_card_is_down(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/")
    state = new_state(GMV, Deal([["grape 8", "grape 2"], ["matcha 3"]], lacks={1: ("grape",)}))
    start = drawn(page, state, 0)  # a round of six tricks for two, nobody has played
    assert start == {"title": "Trick 1 of 6", "led": ["", ""]}
    play(state, "grape 8", "matcha 3")  # seat 2 won the mixed trick and chooses a tile
    assert state.view(1)["phase"] == "take"
    assert drawn(page, state, 1)["title"] == "Trick 1 of 6"
    state.apply(1, "take grape")
    play(state, state.view(1)["hand"][0])  # seat 2 leads the second trick
    assert drawn(page, state, 0) == {"title": "Trick 2 of 6", "led": ["led", ""]}
    assert not errors, errors
    page.close()

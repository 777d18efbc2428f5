"""The pages name a seat in one place, `static/js/names.js`, imported by the table page, the
replay and every renderer (the function itself is tested in Chromium, test_browser.py)."""

from __future__ import annotations

from pathlib import Path

import parlour.web

SCRIPTS = Path(parlour.web.__file__).parent / "static" / "js"


def test_only_names_js_builds_a_seat_name() -> None:
    for path in SCRIPTS.rglob("*.js"):
        text = path.read_text()
        if path.name == "names.js":
            continue
        assert "(seat ${" not in text and "ctx.seatName" not in text, path.name
        if "seatName(" in text:
            assert 'import { seatName } from "/static/js/names.js";' in text, path.name

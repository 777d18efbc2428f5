"""The pages name a seat in one place, `static/js/names.js`, imported by the table page, the
replay and every renderer, for its own text and the log's (the functions themselves are tested
in Chromium, test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import parlour.web

SCRIPTS = Path(parlour.web.__file__).parent / "static" / "js"
IMPORT = r'import \{{[^}}]*\b{}\b[^}}]*\}} from "/static/js/names\.js";'
"""How a page imports a naming function (`{}`: its name)."""


def test_only_names_js_builds_a_seat_name() -> None:
    for path in SCRIPTS.rglob("*.js"):
        text = path.read_text()
        if path.name == "names.js":
            continue
        assert "(seat ${" not in text and "ctx.seatName" not in text, path.name
        for function in ("seatName", "logText"):
            if f"{function}(" in text:
                assert re.search(IMPORT.format(function), text), (path.name, function)

"""axe-core in the browser tests: the serious and critical violations of a page, in words."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

GRAVE = ("serious", "critical")


def grave_violations(page: Any, within: str = "") -> list[str]:
    """Each serious or critical axe-core violation on `page` as it stands (or inside the
    element `within` selects): the rule, what it asks for and the first elements that break
    it (empty: none)."""
    response = Axe().run(page, context=within or None).response
    return [
        f"{found['id']} ({found['impact']}): {found['help']}; at "
        + ", ".join(str(node["target"]) for node in found["nodes"][:4])
        for found in response["violations"]
        if found["impact"] in GRAVE
    ]

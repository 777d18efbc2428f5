"""axe-core in the browser tests: the serious and critical violations of a page, in words."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

GRAVE = ("serious", "critical")


def grave_violations(page: Any, exclude: tuple[str, ...] = (), within: str = "") -> list[str]:
    """Each serious or critical axe-core violation on `page` as it stands (or inside the
    element `within` selects): the rule, what it asks for and the first elements that break
    it (empty: none), apart from the elements the CSS selectors `exclude` match (faults known
    and reported elsewhere)."""
    context: dict[str, Any] = {"exclude": [[selector] for selector in exclude]} if exclude else {}
    if within:
        context["include"] = [[within]]
    response = Axe().run(page, context=context or None).response
    return [
        f"{found['id']} ({found['impact']}): {found['help']}; at "
        + ", ".join(str(node["target"]) for node in found["nodes"][:4])
        for found in response["violations"]
        if found["impact"] in GRAVE
    ]

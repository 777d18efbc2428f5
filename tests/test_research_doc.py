"""`docs/research.md` keeps its hand-written sections (measured figures) when regenerated."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour import research_doc


def test_sections_after_the_marker_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "research.md"
    monkeypatch.setattr(research_doc, "PAGE", page)
    generated = research_doc.page()
    assert research_doc.HANDWRITTEN not in generated  # no file yet: nothing to keep
    section = f"{research_doc.HANDWRITTEN}\n\n## Figures\n\nMeasured by hand.\n"
    page.write_text("# an outdated generated part\n\n" + section, encoding="utf-8")
    assert research_doc.page() == generated + "\n" + section

"""The passes of the PDF documents: the contents found by a layout pass that draws nothing, the
contents known from the last build and contents that went stale all give the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reportlab.platypus import BaseDocTemplate

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, build_rulebook, render, render_rulebook
from cardgen.docs import pdf_theme as theme_mod
from cardgen.docs.pdf_build import LayoutCanvas

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"


RULEBOOK = "# A game\n\nWhat it is.\n\n## Setting up\n\nDeal.\n\n## Playing\n\nPlay them.\n"


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    catalogue = load_catalogue(FIXTURE)
    source = tmp_path_factory.mktemp("rulebook") / "rulebook.md"
    source.write_text(RULEBOOK, encoding="utf-8")
    return build_rulebook(catalogue.rules, source), build_appendix(catalogue)


@pytest.fixture
def passes(monkeypatch, tmp_path) -> list[str]:
    """The canvas class of every pass of every document built (in a private cache folder)."""
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    seen: list[str] = []
    build = BaseDocTemplate.build

    def counted(self, *args, **kwargs):
        build(self, *args, **kwargs)
        seen.append("layout" if isinstance(self.canv, LayoutCanvas) else "draw")

    monkeypatch.setattr(BaseDocTemplate, "build", counted)
    return seen


def _both(documents) -> tuple[bytes, bytes]:
    rulebook, appendix = documents
    return render(appendix, "pdf"), render_rulebook(rulebook, appendix, "pdf")


def test_known_contents_take_one_pass_and_give_the_same_bytes(documents, passes, tmp_path):
    first = _both(documents)
    assert passes == ["layout", "draw"] * 2  # nothing known yet: a layout pass first
    stored = sorted((tmp_path / "contents").glob("*.json"))
    assert len(stored) == 2
    passes.clear()
    assert _both(documents) == first
    assert passes == ["draw", "draw"]


def test_stale_contents_are_corrected(documents, passes, tmp_path):
    first = _both(documents)
    stored = sorted((tmp_path / "contents").glob("*.json"))
    right = [p.read_text(encoding="utf-8") for p in stored]
    for path, text in zip(stored, right, strict=True):  # every heading one page further on
        entry = json.loads(text)
        entry["entries"] = [[lv, line, page + 1, key] for lv, line, page, key in entry["entries"]]
        path.write_text(json.dumps(entry), encoding="utf-8")
    passes.clear()
    assert _both(documents) == first
    assert passes == ["draw"] * 4  # the stale contents, then the right ones
    assert [p.read_text(encoding="utf-8") for p in stored] == right


def test_the_layout_pass_draws_no_icon(documents, passes, monkeypatch):
    drawn: list[str] = []
    draw_icon = theme_mod.draw_icon

    def counted(icons, canv, ink, name, *args):
        drawn.append(name)
        draw_icon(icons, canv, ink, name, *args)

    monkeypatch.setattr(theme_mod, "draw_icon", counted)
    first = _both(documents)
    once = list(drawn)
    assert once  # the fixture's cards print icons
    drawn.clear()
    assert _both(documents) == first  # one drawing pass: the same icons
    assert passes == ["layout", "draw"] * 2 + ["draw"] * 2
    assert drawn == once

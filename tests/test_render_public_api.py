"""Rendering through reportlab's public API only (``CARDGEN_REPORTLAB_PUBLIC=1``, or any
reportlab outside ``_rl_fast.TESTED``) makes the same PDFs as with the replay shortcut: the
same pages, sizes, print boxes, text and pixels (not the same bytes)."""

from __future__ import annotations

from pathlib import Path

import pytest
import reportlab
from conftest import open_pdf, page_text
from pypdf import PdfReader

from cardgen.catalogue.loader import load_catalogue
from cardgen.render import _rl_fast
from cardgen.render.api import Renderer, RenderOptions

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render" / "cards"


def _render(out: Path) -> tuple[Renderer, list[Path]]:
    r = Renderer(load_catalogue(FIXTURE))
    files = r.render(out, RenderOptions(products=("pnp", "print")), check=False)
    return r, files


@pytest.fixture(scope="module")
def both(tmp_path_factory) -> tuple[Path, Path]:
    """The fixture catalogue's pnp and print PDFs, with the shortcut and without."""
    out = tmp_path_factory.mktemp("api")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_rl_fast, "replays", lambda: True)  # whatever reportlab is installed
        shortcut, _ = _render(out / "shortcut")
        assert shortcut.context().forms.forms, "the shortcut replayed forms"
        mp.undo()
        mp.setenv(_rl_fast.PUBLIC_ENV, "1")
        public, _ = _render(out / "public")
        assert not public.context().forms.forms, "the public API replayed a form"
    return out / "shortcut", out / "public"


def _pages(path: Path) -> list[dict]:
    """What a reader sees of each page: its size, print boxes, text and (for the first few)
    pixels."""
    out = []
    boxes = [
        {k: [float(v) for v in p[k]] for k in ("/MediaBox", "/TrimBox", "/BleedBox") if k in p}
        for p in PdfReader(path).pages
    ]
    with open_pdf(path) as doc:
        for i in range(len(doc)):
            page = doc[i]
            pixels = page.render(scale=0.5).to_pil().tobytes() if i < 4 else None
            out.append({"boxes": boxes[i], "text": page_text(page), "pixels": pixels})
    return out


def test_the_public_api_draws_the_same_pages(both):
    shortcut, public = both
    files = sorted(p.relative_to(shortcut) for p in shortcut.rglob("*.pdf"))
    assert files == sorted(p.relative_to(public) for p in public.rglob("*.pdf"))
    assert len(files) >= 4  # pnp A4 and Letter, a pile's fronts and backs
    for rel in files:
        mine, theirs = _pages(shortcut / rel), _pages(public / rel)
        assert len(mine) == len(theirs), rel
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            assert a == b, f"{rel} page {i + 1}"
        assert any(p["text"].strip() for p in mine), rel


def test_only_a_tested_reportlab_with_the_variable_unset_replays(monkeypatch):
    monkeypatch.delenv(_rl_fast.PUBLIC_ENV, raising=False)
    monkeypatch.setattr(reportlab, "Version", ".".join(map(str, _rl_fast.TESTED[0])))
    assert _rl_fast.replays()
    for value in ("1", "yes"):
        monkeypatch.setenv(_rl_fast.PUBLIC_ENV, value)
        assert not _rl_fast.replays()
    monkeypatch.setenv(_rl_fast.PUBLIC_ENV, "0")
    assert _rl_fast.replays()
    below = [*_rl_fast.TESTED[0][:-1], _rl_fast.TESTED[0][-1] - 1]
    for version in (".".join(map(str, below)), ".".join(map(str, _rl_fast.TESTED[1])), "x"):
        monkeypatch.setattr(reportlab, "Version", version)
        assert not _rl_fast.replays(), version

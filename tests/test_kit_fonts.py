"""Every PDF a build writes embeds every font it names (issue 45): a print preflight refuses a
PDF naming a font it does not carry, even one set as the current font and never drawn (a
canvas's default Helvetica); and a game that declares its own fonts has its rulebook and
appendix set in them, not in cardgen's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FONTS = Path(__file__).resolve().parents[1] / "cardgen" / "assets" / "fonts"


def pdf_fonts(pdf: Path) -> dict[str, bool]:
    """Every font ``pdf``'s pages (and the forms they draw) name: its base name -> embedded."""
    import pypdf

    found: dict[str, bool] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            described = font
            if font.get("/Subtype") == "/Type0":
                described = font["/DescendantFonts"][0].get_object()
            desc = described.get("/FontDescriptor")
            files = ("/FontFile", "/FontFile2", "/FontFile3")
            embedded = desc is not None and any(f in desc.get_object() for f in files)
            found[str(font.get("/BaseFont")).split("+")[-1]] = embedded
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if id(xobject) not in seen and "/Resources" in xobject:
                seen.add(id(xobject))
                walk(xobject["/Resources"])

    for page in pypdf.PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


def not_embedded(out: Path) -> dict[str, list[str]]:
    """PDF (relative to ``out``) -> the fonts it names and does not embed."""
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs, f"no PDF under {out}"
    bad = {
        str(p.relative_to(out)): sorted(n for n, ok in pdf_fonts(p).items() if not ok) for p in pdfs
    }
    return {k: v for k, v in bad.items() if v}


@pytest.mark.slow
def test_every_pdf_of_a_built_kit_embeds_its_fonts(built_kit, tmp_path):
    """The small catalogue's kit: cards, print-and-play sheets, components, rulebook and
    appendix (the rulebook's and appendix's footers named a Helvetica never drawn)."""
    kit = built_kit(tmp_path)
    assert (kit.out / "rulebook" / "rulebook.pdf").is_file()
    assert (kit.out / "appendix" / "appendix.pdf").is_file()
    assert not_embedded(kit.out) == {}


@pytest.mark.slow
def test_a_game_declaring_its_fonts_gets_them_in_its_appendix(runner, app, tmp_path):
    """A game whose own layout.yaml sets its fonts (a file beside rules.yaml) has its appendix
    set in that font alone: not cardgen's DejaVu Sans, and nothing left unembedded."""
    root = tmp_path / "game"
    assert runner.invoke(app, ["new", str(root), "-q", "--name", "Font Game"]).exit_code == 0
    cards = root / "cards"
    (cards / "fonts").mkdir()
    shutil.copy(FONTS / "DejaVuSerifCondensed-Bold.ttf", cards / "fonts" / "Body.ttf")
    layout = cards / "layout.yaml"
    text = layout.read_text()
    for role, default in (
        ("regular", "DejaVuSansCondensed.ttf"),
        ("bold", "DejaVuSansCondensed-Bold.ttf"),
        ("italic", "DejaVuSansCondensed-Oblique.ttf"),
        ("title", "DejaVuSerifCondensed-Bold.ttf"),
    ):
        assert f"  {role}: {default}\n" in text
        text = text.replace(f"  {role}: {default}\n", f"  {role}: fonts/Body.ttf\n")
    layout.write_text(text)
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", str(cards), "-o", str(out), "-q"])
    assert res.exit_code == 0, res.output
    appendix = out / "appendix" / "appendix.pdf"
    assert set(pdf_fonts(appendix)) == {"DejaVuSerifCondensed-Bold"}
    assert not_embedded(out) == {}

"""The documents' chunk cache and the SVG icon cache keep private, keyed entries like the
other caches: 0700 folders, 0600 files, an entry used only under the key it names, never read
through a symlink, and nothing read or written in a folder others may change."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from cardgen.docs import pdf_chunks
from cardgen.docs.pdf import page_template
from cardgen.render import svg_icons
from cardgen.util.resources import data_path

ICON = data_path("cardgen.packs.attack_right") / "icons" / "coin.svg"
OTHER = data_path("cardgen.packs.attack_right") / "icons" / "glory.svg"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(folder))
    monkeypatch.setattr(svg_icons, "_PROGRAMS", {})
    return folder


def _only_entry(folder):
    (entry,) = [p for p in folder.iterdir() if p.suffix == ".json"]
    return entry


def test_icon_programs_are_private_entries_naming_their_key(cache):
    ops = svg_icons.program(ICON.read_bytes())
    folder = cache / "icons"
    assert folder.stat().st_mode & 0o777 == 0o700
    entry = _only_entry(folder)
    assert entry.stat().st_mode & 0o777 == 0o600
    data = json.loads(entry.read_text())
    assert data["kind"] == "icons" and data["key"] == entry.stem and data["value"] == ops


def test_an_icon_entry_swapped_from_another_file_is_not_used(cache, monkeypatch):
    mine = svg_icons.program(ICON.read_bytes())
    entry = _only_entry(cache / "icons")
    other = svg_icons.program(OTHER.read_bytes())
    assert other != mine
    other_entry = next(p for p in (cache / "icons").iterdir() if p != entry)
    shutil.copyfile(other_entry, entry)  # the other icon's program under this icon's name
    monkeypatch.setattr(svg_icons, "_PROGRAMS", {})
    assert svg_icons.program(ICON.read_bytes()) == mine
    assert json.loads(entry.read_text())["key"] == entry.stem  # rewritten


def test_an_icon_entry_symlinked_elsewhere_is_not_followed(cache, tmp_path, monkeypatch):
    mine = svg_icons.program(ICON.read_bytes())
    entry = _only_entry(cache / "icons")
    planted = tmp_path / "planted.json"
    data = json.loads(entry.read_text())
    data["value"] = [["q"], ["Q"]]
    planted.write_text(json.dumps(data))
    entry.unlink()
    entry.symlink_to(planted)
    monkeypatch.setattr(svg_icons, "_PROGRAMS", {})
    assert svg_icons.program(ICON.read_bytes()) == mine
    assert json.loads(planted.read_text())["value"] == [["q"], ["Q"]]  # not written through
    assert not entry.is_symlink()


def _chunk(key: str, text: str) -> pdf_chunks.Chunk:
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    style = getSampleStyleSheet()["Normal"]
    return pdf_chunks.Chunk("c", "page", lambda: [Paragraph(text, style)], key)


LAYOUT = pdf_chunks.Layout(lambda: [page_template()], (), "t", "s", "c", "Helvetica")


def test_chunks_are_private_entries_naming_their_key(cache):
    drawn = pdf_chunks.draw_chunk(_chunk("k1", "one"), LAYOUT)
    folder = cache / "pdf-chunks"
    assert folder.stat().st_mode & 0o777 == 0o700
    entry = _only_entry(folder)
    assert entry.stat().st_mode & 0o777 == 0o600
    assert json.loads(entry.read_text())["key"] == "k1"
    assert pdf_chunks.draw_chunk(_chunk("k1", "never drawn"), LAYOUT) == drawn


def test_chunks_swapped_or_malformed_are_not_used(cache):
    one = pdf_chunks.draw_chunk(_chunk("k1", "one"), LAYOUT)
    folder = cache / "pdf-chunks"
    shutil.copyfile(folder / "k1.json", folder / "k2.json")  # k1's chunk under k2's name
    assert pdf_chunks.draw_chunk(_chunk("k2", "two"), LAYOUT).pdf != one.pdf
    data = json.loads((folder / "k1.json").read_text())
    data["pages"] = "many"
    (folder / "k1.json").write_text(json.dumps(data))
    assert pdf_chunks.draw_chunk(_chunk("k1", "one"), LAYOUT) == one  # drawn again


def test_an_open_cache_folder_is_neither_read_nor_written(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(shared))
    monkeypatch.setattr(svg_icons, "_PROGRAMS", {})
    pdf_chunks.draw_chunk(_chunk("k1", "one"), LAYOUT)
    assert svg_icons.program(ICON.read_bytes())
    assert os.listdir(shared) == []


def test_a_chart_is_drawn_once_and_kept_until_its_data_changes(cache, monkeypatch):
    """A chart's SVG is a private entry named by the digest of its data: drawn on the first
    call, read back (the same text) on the next, drawn again when a value changes."""
    from dataclasses import replace

    from cardgen.charts import BarChart, Series
    from cardgen.docs import html

    drawn: list[str] = []
    real = html.svg

    def counting(chart, **kw):
        drawn.append(chart.title)
        return real(chart, **kw)

    monkeypatch.setattr(html, "svg", counting)
    chart = BarChart("Cost curve", ("1", "2", "3"), (Series("cards", (4.0, 6.0, 2.0)),))
    first = html.chart_svg(chart)
    again = html.chart_svg(chart)
    assert drawn == ["Cost curve"] and again == first and first.startswith("<svg")
    kept = _only_entry(cache / "chart-svg")
    entry = json.loads(kept.read_text())
    assert entry["kind"] == "chart-svg" and entry["value"] == first
    changed = replace(chart, series=(Series("cards", (4.0, 5.0, 3.0)),))
    other = html.chart_svg(changed)
    assert drawn == ["Cost curve", "Cost curve"] and other != first
    kept.write_text("{not json")
    assert html.chart_svg(chart) == first  # a damaged entry is drawn again
    assert drawn == ["Cost curve"] * 3


def test_a_figure_png_is_kept_by_its_drawing(cache, monkeypatch):
    from cardgen.docs import figures

    made: list[int] = []
    real = figures._png

    def counting(pdf, dpi):
        made.append(dpi)
        return real(pdf, dpi)

    monkeypatch.setattr(figures, "_png", counting)

    def square(colour):
        return figures.Figure(
            20, 10, lambda c: (c.setFillColor(colour), c.rect(0, 0, 20, 10, fill=1)), ""
        )

    uri = figures.figure_data_uri(square("#FF0000"), dpi=72)
    assert figures.figure_data_uri(square("#FF0000"), dpi=72) == uri and made == [72]
    assert uri.startswith("data:image/png;base64,")
    assert figures.figure_data_uri(square("#0000FF"), dpi=72) != uri and made == [72, 72]

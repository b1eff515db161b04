"""Authority's Monarch HP trackers are cut out (the README says so): each has crop marks on its
four cut lines, clear of the paper's margin, and passes the sheets' preflight."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.components.preflight import page_problems
from cardgen.packs.authority.components import write_hp_trackers
from cardgen.render.geometry import recording_cuts
from cardgen.render.units import mm

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_tracker_has_crop_marks_on_its_cut_lines(tmp_path, paper):
    rules = load_catalogue(ROOT / "games" / "authority" / "cards").rules
    path = tmp_path / f"hp-{paper}.pdf"
    with recording_cuts() as cuts:
        write_hp_trackers(path, rules, paper)
    assert len(cuts) == 4  # a tracker per player
    data = path.read_bytes()
    assert list(page_problems(data, cuts)) == []
    doc = pdfium.PdfDocument(data)
    scale = 4.0
    for page_no in {c.page for c in cuts}:
        page = doc[page_no - 1]
        px = np.asarray(page.render(scale=scale).to_pil().convert("L")).astype(int)
        ph = page.get_height()
        for cut in (c for c in cuts if c.page == page_no):
            t = cut.trim
            for x in (t.x, t.x2):  # a mark 2.5 mm above the trim, on its cut line
                col = round(x * scale)
                row = round((ph - t.y2 - mm(2.5)) * scale)
                assert px[row, col - 2 : col + 3].min() < 200, (
                    paper,
                    cut,
                )  # a 0.25 pt line, anti-aliased
            for y in (t.y, t.y2):  # and 2.5 mm left of it
                row = round((ph - y) * scale)
                col = round((t.x - mm(2.5)) * scale)
                assert px[row - 2 : row + 3, col].min() < 200, (
                    paper,
                    cut,
                )  # a 0.25 pt line, anti-aliased

"""Attack the Tower's troop counters read "1 troop" on the front and "2 troops" on the back."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium

from cardgen.catalogue.loader import load_catalogue
from cardgen.pack import get_pack
from cardgen.packs.attack_the_tower.components import write_counters

ROOT = Path(__file__).resolve().parent.parent


def test_the_counters_count_in_the_singular_and_the_plural(tmp_path):
    rules = load_catalogue(ROOT / "games" / "attack-the-tower" / "cards").rules
    path = tmp_path / "counters.pdf"
    write_counters(get_pack("attack-the-tower"), path, rules, "a4")
    doc = pdfium.PdfDocument(path.read_bytes())
    front, back = (doc[i].get_textpage().get_text_range().split() for i in (0, 1))
    pairs = [list(pairwise(words)) for words in (front, back)]
    assert pairs[0].count(("1", "troop")) == rules.counters and ("1", "troops") not in pairs[0]
    assert pairs[1].count(("2", "troops")) == rules.counters

"""Greedy Kingdoms' print: the play mat and the Resource chips (counts, pages, same bytes),
and the card backs that keep the battle's hidden information."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.pack import get_pack
from cardgen.packs.greedy_kingdoms.components.kit import load_layout, write_chips, write_mat

CAT = load_catalogue(Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards")


def _pages(path: Path) -> int:
    return len(pypdfium2.PdfDocument(str(path)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_chips_hold_every_chip_with_mirrored_backs(tmp_path: Path, paper: str) -> None:
    out = write_chips(
        get_pack("greedy-kingdoms"), tmp_path / "chips.pdf", CAT.rules, load_layout(), paper
    )
    assert out.contains == {"resource_chips": 48}
    assert out.pages == _pages(out.path) and out.pages % 2 == 0
    again = write_chips(
        get_pack("greedy-kingdoms"), tmp_path / "again.pdf", CAT.rules, load_layout(), paper
    )
    assert again.path.read_bytes() == out.path.read_bytes()


def test_the_mat_on_a3_and_tiled(tmp_path: Path) -> None:
    a3 = write_mat(
        get_pack("greedy-kingdoms"), tmp_path / "mat-a3.pdf", CAT.rules, load_layout(), "a3"
    )
    tiled = write_mat(
        get_pack("greedy-kingdoms"), tmp_path / "mat-a4.pdf", CAT.rules, load_layout(), "a4"
    )
    assert a3.pages == 1 == _pages(a3.path) and a3.contains == {"play_mats": 1}
    assert tiled.pages == _pages(tiled.path) > 1
    text = pypdfium2.PdfDocument(str(a3.path))[0].get_textpage().get_text_range()
    for label in ("Resource Area", "Upgrade line 4", "Royal Palaces", "Special Worker Deck",
                  "Kingdom of the North", "Kingdom of the South", "Honor ×12"):  # fmt: skip
        assert label in text


def test_counts_and_backs() -> None:
    pack = get_pack("greedy-kingdoms")
    assert pack.components.counts(CAT) == {"cards": 40, "resource_chips": 48, "play_mats": 1}
    backs = {pack.print.back_of(c).key for c in CAT if c.is_character}
    assert backs == {"characters"}, "Ordinary and Special Workers share a back"
    assert {pack.print.back_of(c).key for c in CAT if not c.is_character} == {"upgrades"}


def test_print_inputs_exist_and_leave_out_the_engine() -> None:
    inputs = get_pack("greedy-kingdoms").print.print_inputs()
    assert all(p.exists() for p in inputs)
    assert not any(p.name in ("engine", "scenario", "simulation") for p in inputs)

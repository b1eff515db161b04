"""The safe zone counts an outline's stroke (half of it lies outside its box), and a one-line
text keeps clear of the frame or panel outline drawn under it (E406)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.preflight import preflight

ROOT = Path(__file__).resolve().parent.parent


def _with_layout(tmp_path: Path, game: str, pack: str, edits: list[tuple[str, str]]) -> Path:
    dst = tmp_path / "project" / "cards"
    shutil.copytree(ROOT / "games" / game / "cards", dst)
    text = (ROOT / "cardgen" / "packs" / pack / "layout.yaml").read_text()
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (dst / "layout.yaml").write_text(text)
    return dst


def _e406(cards: Path) -> dict[str, str]:
    found = preflight(load_catalogue(cards, use_cache=False))
    return {d.message.split(":")[0]: d.message for d in found if d.code == "E406"}


@pytest.mark.slow
def test_a_circle_whose_stroke_reaches_the_margin_is_e406(tmp_path):
    # Attack the Tower's power circle as it was: its box 3.2 mm from the trim, its 0.8 pt
    # outline reaching to 3.06 mm, inside the 1/8 in (3.175 mm) margin
    cards = _with_layout(
        tmp_path,
        "attack-the-tower",
        "attack_the_tower",
        [
            (
                "power: {kind: badge, box: [50.3, 3.5, 9.6, 9.6]",
                "power: {kind: badge, box: [50.6, 3.2, 9.6, 9.6]",
            )
        ],
    )
    found = _e406(cards)
    assert list(found) == ["face.power"]
    assert "runs 0.12 mm past the safe zone" in found["face.power"]


@pytest.mark.slow
def test_a_title_edge_to_edge_inside_its_frame_is_e406(tmp_path):
    old = '  title: {kind: text, box: [3.5, 44.0, 56.5, 8.0], text: "{game}"'
    cards = _with_layout(
        tmp_path,
        "attack-the-tower",
        "attack_the_tower",
        [('  title: {kind: text, box: [6.0, 44.0, 51.5, 8.0], padding: 1.5, text: "{game}"', old)],
    )
    found = _e406(cards)
    assert list(found) == ["back.title"]
    assert "runs over the outline of back.frame, or within 0.5 mm of it" in found["back.title"]


@pytest.mark.slow
def test_castle_rampages_attack_circle_as_it_was_is_e406(tmp_path):
    cards = _with_layout(
        tmp_path,
        "castle-rampage",
        "castle_rampage",
        [
            (
                "\n  attack: {kind: badge, box: [3.5, 3.5,",
                "\n  attack: {kind: badge, box: [3.2, 3.2,",
            )
        ],
    )
    assert list(_e406(cards)) == ["face.attack"]

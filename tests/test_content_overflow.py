"""An element's content exceeding its box is a preflight error (E417, issue 45): Attack Right's
placement as it was, a row of three-slot zone symbols on a capsule one symbol high, ran their
ink past the capsule's round ends (Shore Skirmisher, Weathered Sentry, Shadow Courier …); the
layout now draws one symbol on a pill made for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.render.elements.render import LayoutFaces
from cardgen.render.theme import Theme

pytestmark = pytest.mark.slow  # each test builds a theme of the real layout (0.2-0.6 s)

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = ROOT / "cardgen" / "packs" / "attack_right" / "layout.yaml"
NOW = '  placement: {kind: icon, box: [24.0, 51.0, 15.5, 6.6], icon: "{placement_icon}"}\n'
#: the placement as it was: one three-slot symbol per zone, in a row on a capsule
ROW = (
    "  placement: {kind: icon_row, box: [%s, 51.0, %s, 6.6], field: placement, "
    "direction: right, align: center, icon_size: 6.4, gap: %s, fill: paper, stroke: line}\n"
)


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(ROOT / "cards")


def _e417(catalogue, tmp_path: Path, placement: str) -> dict[str, str]:
    text = LAYOUT.read_text()
    assert text.count(NOW) == 1
    layout = tmp_path / "layout.yaml"
    layout.write_text(text.replace(NOW, placement))
    theme = Theme.create(catalogue.pack, catalogue.rules, catalogue.root, layout_file=layout)
    records = [(c.id, c) for c in catalogue.cards]
    found = LayoutFaces(theme).layout_problems(catalogue.cards)
    assert records  # every card was looked at
    return {d.message.split(":")[0]: d.message for d in found if d.code == "E417"}


def test_the_placement_pill_holds_its_symbol(catalogue, tmp_path):
    assert _e417(catalogue, tmp_path, NOW) == {}


def test_zone_symbols_running_out_of_their_capsule_are_e417(catalogue, tmp_path):
    found = _e417(catalogue, tmp_path, ROW % (21.0, 21.5, 0.4))
    assert list(found) == ["face.placement"]
    assert "runs out of the capsule under its" in found["face.placement"]
    assert "round ends" in found["face.placement"]


def test_more_zone_symbols_than_the_box_holds_are_e417(catalogue, tmp_path):
    """A box sized for one symbol (no capsule drawn): the first card with two zones is named."""
    row = ROW.replace(", fill: paper, stroke: line", "")
    found = _e417(catalogue, tmp_path, row % (27.5, 8.0, 0.4))
    assert list(found) == ["face.placement"]
    message = found["face.placement"]
    assert "its 2 icons need 13.6 mm, its box 8.0 mm" in message or "its 3 icons need 20.8 mm" in (
        message
    ), message
    first = next(c for c in catalogue.cards if len(c.placement) > 1)
    assert message.endswith(f"on {first.id}")


def test_a_row_that_fits_its_capsule_passes(catalogue, tmp_path):
    """The same row with room round its symbols (a capsule as high as it is long for one):
    no overflow, so the check is not refusing every icon row."""
    row = ROW.replace("6.6], field", "10.0], field").replace("icon_size: 6.4", "icon_size: 5.0")
    assert _e417(catalogue, tmp_path, row % (12.0, 39.0, 2.5)) == {}

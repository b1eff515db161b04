"""Text contrast on the rendered pixels (E415) and forms whose elements vary by card (E416):
the preflight reads every text of every card against what lies under it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.render import contrast
from cardgen.render.contrast import contrasts, contrasts_of
from cardgen.render.elements.render import face_painter
from cardgen.render.preflight import preflight
from cardgen.render.theme import Theme

ROOT = Path(__file__).resolve().parent.parent
AUTHORITY = ROOT / "games" / "authority" / "cards"
LAYOUT = ROOT / "cardgen" / "packs" / "authority" / "layout.yaml"
#: the text panel as Authority drew it before: in the faction's chrome form, so the first
#: card of a faction drawn decided whether every other card of it had one
OLD_PANEL = "  text_panel: {extends: panel, box: [3.3, 55.0, 56.9, 25.0], when: has_text}"

#: white small type on the faction colour, ink on the Golden Ox's gold
NOW_ON_FACTION = "colour: {field: faction, map: {golden-ox: ink}, default: light}"


def _authority(tmp_path: Path, layout: str) -> Path:
    dst = tmp_path / "project" / "cards"
    shutil.copytree(AUTHORITY, dst)
    (dst / "layout.yaml").write_text(layout)
    return dst


def _layout_lines() -> list[str]:
    lines = LAYOUT.read_text().splitlines()
    return [ln for ln in lines if not ln.lstrip().startswith("# not in the chrome form")]


def _without_text_panel() -> str:
    return "\n".join(ln for ln in _layout_lines() if not ln.startswith("  text_panel:")) + "\n"


def _faces(cards: Path):
    cat = load_catalogue(cards, use_cache=False)
    return cat, face_painter(cat.pack, Theme.of(cat))


@pytest.mark.slow
def test_rules_text_straight_on_the_faction_reads_its_measured_contrast(tmp_path):
    cat, faces = _faces(_authority(tmp_path, _without_text_panel()))
    cards = {c.id: c for c in cat}

    def rules(card_id: str) -> float:
        found = [c for c in contrasts(faces, cards[card_id]) if c.element == "rules_text"]
        assert len(found) == 1 and found[0].colour == "#1F1A17" and found[0].pixels > 500
        return found[0].ratio

    # near-black on Bloodrunners' #8E1F1F and Iron Wall's #4A5561 (WCAG: 1.94 and 2.27)
    assert rules("bannerman") == pytest.approx(1.94, abs=0.02)
    assert rules("barracks") == pytest.approx(2.27, abs=0.02)
    # the same text on the cream panel of the kit's layout
    cat, faces = _faces(_authority(tmp_path / "kit", LAYOUT.read_text()))
    kit = [c for c in contrasts(faces, {c.id: c for c in cat}["bannerman"])]
    assert {c.element for c in kit} >= {"name", "faction_line", "rules_text", "power"}
    assert min(c.ratio for c in kit) >= 4.5


@pytest.mark.slow
def test_the_preflight_fails_text_without_its_panel_with_e415(tmp_path):
    cards = _authority(tmp_path, _without_text_panel())
    found = [d for d in preflight(load_catalogue(cards, use_cache=False)) if d.code == "E415"]
    rules = [d for d in found if "face.rules_text" in d.message]
    assert len(rules) == 1, found
    # the worst card named: near-black on the Hooded Brothers' #1A3D26 (Bloodrunners: 1.9:1)
    assert "reaches 1.4:1" in rules[0].message and "at least 4.5:1" in rules[0].message
    hooded = {c.id for c in load_catalogue(cards) if c.faction == "hooded-brothers"}
    assert rules[0].card in hooded
    assert rules[0].position.file.endswith("layout.yaml") and rules[0].position.line > 0


@pytest.mark.slow
def test_the_old_authority_layout_fails_the_preflight(tmp_path):
    lines = [OLD_PANEL if ln.startswith("  text_panel:") else ln for ln in _layout_lines()]
    old = "\n".join(lines).replace(NOW_ON_FACTION, "colour: light") + "\n"
    assert old.count("colour: light") == 3
    cards = _authority(tmp_path, old)
    found = preflight(load_catalogue(cards, use_cache=False))
    e416 = [d for d in found if d.code == "E416"]
    assert e416 and all("face.text_panel: drawn in form 'chrome-" in d.message for d in e416)
    assert {"chrome-bloodrunners", "chrome-iron-wall"} <= {d.message.split("'")[1] for d in e416}
    # its white small type on the Golden Ox's gold: 3.8:1
    e415 = sorted(d.message.split(":")[0] for d in found if d.code == "E415")
    assert e415 == ["face.faction_line", "face.placeholder", "face.prototype_line"]
    assert all("reaches 3.8:1" in d.message for d in found if d.code == "E415")


@pytest.mark.slow
@pytest.mark.parametrize(
    "game",
    [
        "cards",
        "games/authority/cards",
        "games/attack-the-tower/cards",
        "games/castle-rampage/cards",
        "games/greedy-kingdoms/cards",
    ],
)
def test_every_text_of_every_game_reaches_4_5_to_1_inside_the_safe_zone(game):
    found = preflight(load_catalogue(ROOT / game))
    assert [d for d in found if d.code in ("E406", "E415", "E416")] == []


class _FailsOn:
    """A painter drawing as ``painter`` does, but failing on card ``card_id`` (as a card
    whose art or icon is missing does)."""

    def __init__(self, painter, card_id: str) -> None:
        self.painter, self.card_id = painter, card_id
        self.theme, self.L = painter.theme, painter.L

    def draw(self, doc, card) -> None:
        if card.id == self.card_id:
            raise KeyError(card.id)
        self.painter.draw(doc, card)


@pytest.mark.slow
def test_cards_measured_together_read_as_each_measured_alone(monkeypatch):
    cat, faces = _faces(ROOT / "cards")
    cards = list(cat)[:: max(1, len(cat) // 6)][:6]
    alone = [contrasts(faces, c) for c in cards]
    assert all(alone) and len({repr(a) for a in alone}) > 1
    monkeypatch.setattr(contrast, "BATCH", 4)  # two PDFs: a full one and a part
    assert contrasts_of(faces, cards) == alone
    # a card that cannot be drawn is None; the others of its PDF are measured alone
    failing = _FailsOn(faces, cards[1].id)
    assert contrasts_of(failing, cards) == [alone[0], None, *alone[2:]]

"""A designer's own game end to end (the issue "Designers' own games"): `cardgen new`, a box
moved and an icon added in its layout YAML, a 20-card spreadsheet imported, and a kit whose
PDFs show the change."""

from __future__ import annotations

import pytest
import yaml
from conftest import FIXTURES, open_pdf, text_position

GOBLINS = FIXTURES / "sheets" / "goblin-market.csv"  # 20 card designs, typed by hand
PLAIN_RULES = FIXTURES / "plain" / "rules.yaml"
ALE = "#12A4E8"  # the new icon's colour: found on the printed page, nowhere else
ALE_SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect x="20" y="15" width="50" height="75" rx="6" fill="{ALE}"/>
  <path d="M70 35 h12 v30 h-12" fill="none" stroke="{ALE}" stroke-width="8"/>
</svg>
"""


def _pixels_of(pdf, page: int, colour: str, box_mm, scale: float = 4.0) -> int:
    """How many pixels of ``colour`` (within 12 per channel) the ``box_mm`` (x, y, w, h from
    the page's top-left, in mm) of ``page`` holds."""
    want = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    with open_pdf(pdf) as doc:
        im = doc[page].render(scale=scale).to_pil().convert("RGB")
    k = scale * 72 / 25.4
    x, y, w, h = box_mm
    crop = im.crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k)))
    data = crop.tobytes()
    pixels = (data[i : i + 3] for i in range(0, len(data), 3))
    return sum(1 for p in pixels if all(abs(a - b) <= 12 for a, b in zip(p, want, strict=True)))


def test_new_game_layout_edit_icon_and_sheet_import_show_in_the_kit(runner, app, tmp_path):
    game = tmp_path / "goblins"
    res = runner.invoke(app, ["new", str(game), "--name", "Goblin Market"])
    assert res.exit_code == 0, res.output
    cards, out = game / "cards", game / "output"
    imported = runner.invoke(
        app,
        ["import", str(GOBLINS), "--to", str(cards), "--rules", str(PLAIN_RULES), "--force"],
    )
    assert imported.exit_code == 0, imported.output
    assert "20 card designs" in imported.output
    build = ["build", str(cards), "-o", str(out), "--only", "cards", "-q"]
    assert runner.invoke(app, build).exit_code == 0
    pdf = out / "cards" / "print" / "goblin.pdf"  # one page per card design, with bleed
    before = text_position(pdf, "Sneak Goblin")
    bleed = 3.175
    # the ale's box on the card, and on the print page (which adds the bleed)
    ale_box = [27.0, 13.0, 6.0, 6.0]
    page_box = [ale_box[0] + bleed, ale_box[1] + bleed, ale_box[2], ale_box[3]]
    assert _pixels_of(pdf, 0, ALE, page_box) == 0

    # the designer moves the name and its panel 2 mm right (the name alone, moved off its
    # panel, would stand on the card's colour, too dark for its ink: E415) and adds their own
    # icon to every face
    layout = cards / "layout.yaml"
    data = yaml.safe_load(layout.read_text())
    data["face"]["name"]["box"][0] += 2.0
    data["face"]["name_panel"]["box"][0] += 2.0
    data["face"]["ale_mark"] = {"kind": "icon", "box": ale_box, "icon": "ale"}
    layout.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    (cards / "icons" / "ale.svg").write_text(ALE_SVG)
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 0, res.output
    assert runner.invoke(app, build).exit_code == 0

    after = text_position(pdf, "Sneak Goblin")
    assert before and after
    assert after[0] - before[0] == pytest.approx(2.0 * 72 / 25.4, abs=0.5)
    assert after[1] == pytest.approx(before[1], abs=0.5)
    assert _pixels_of(pdf, 0, ALE, page_box) > 200  # the icon is printed where it was put
    pnp = out / "cards" / "pnp-a4.pdf"
    assert _pixels_of(pnp, 2, ALE, [0, 0, 210, 297], scale=2.0) > 300  # page 3: fronts

    # a broken icon file is a diagnostic naming the file, not a traceback
    (cards / "icons" / "ale.svg").write_text("<svg><unclosed")
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1 and "ale.svg" in res.output and "E405" in res.output
    assert "Traceback" not in res.output

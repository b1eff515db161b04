"""Print preflight: overflowing text and bad art are errors naming the card; nothing is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.validate import validate
from cardgen.render.preflight import preflight_check

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render" / "cards"


@pytest.fixture
def cards(tmp_path) -> Path:
    """A writable copy of the render fixture catalogue inside a fake project."""
    dst = tmp_path / "project" / "cards"
    shutil.copytree(FIXTURE, dst)
    return dst


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _codes(cards: Path) -> list[tuple[str, str | None]]:
    result = validate(cards, extra_checks=[preflight_check])
    return [(d.code, d.card) for d in result.diagnostics if d.code.startswith("E4")]


def test_fixture_catalogue_passes_preflight(cards):
    assert _codes(cards) == []


def test_overflowing_rules_text_is_e401_naming_the_card(cards):
    # the schema caps text at 300 and flavour at 200 characters; together they overflow
    long = " ".join(["Gain 1 {coin} per unit in your Kingdom."] * 7)[:290]
    flavour = ("The saboteur works by night, unseen, unheard, and leaves no trace. " * 3)[:199]
    spy = cards / "spy.yaml"
    lines = [
        f'    flavour: {flavour}\n    text: "{long}"' if ln.startswith("    text:") else ln
        for ln in spy.read_text().splitlines()
    ]
    spy.write_text("\n".join(lines) + "\n")
    result = validate(cards, extra_checks=[preflight_check])
    e401 = [d for d in result.diagnostics if d.code == "E401"]
    assert [d.card for d in e401] == ["saboteur"]
    assert e401[0].position.file.endswith("spy.yaml") and e401[0].position.line > 0


def test_too_long_name_is_e401(cards):
    _edit(cards / "age.yaml", "name: Farm", "name: Farm Of The Extraordinarily Long Names X")
    assert ("E401", "farm") in _codes(cards)


def test_prototype_line_too_wide_is_e401(cards):
    _edit(cards / "age.yaml", "id: farm", "id: " + "m" * 48)  # the longest id the schema allows
    result = validate(cards, extra_checks=[preflight_check])
    (d,) = [d for d in result.diagnostics if d.code == "E401"]
    assert d.card == "m" * 48 and "prototype line" in d.message and d.position.line > 0


def test_missing_art_is_e402(cards):
    _edit(cards / "age.yaml", "name: Farm\n", "name: Farm\n    art: art/nope.png\n")
    assert _codes(cards) == [("E402", "farm")]


def test_unreadable_art_is_e402(cards):
    (cards / "art" / "broken.png").write_bytes(b"not an image")
    _edit(cards / "age.yaml", "name: Farm\n", "name: Farm\n    art: art/broken.png\n")
    assert _codes(cards) == [("E402", "farm")]


def test_art_outside_the_project_is_e403(cards, tmp_path):
    (tmp_path / "secret.png").write_bytes((cards / "art" / "champion.png").read_bytes())
    _edit(cards / "age.yaml", "name: Farm\n", "name: Farm\n    art: ../../secret.png\n")
    assert _codes(cards) == [("E403", "farm")]


def test_render_with_a_preflight_error_writes_nothing(cards, tmp_path, runner, app):
    _edit(cards / "age.yaml", "name: Farm\n", "name: Farm\n    art: art/nope.png\n")
    out = tmp_path / "out"
    res = runner.invoke(app, ["render", str(cards), "--out", str(out), "-q", "-p", "pnp"])
    assert res.exit_code == 1
    assert "E402" in res.output and "farm" in res.output
    assert "Traceback" not in res.output
    assert not out.exists() or not any(out.rglob("*"))


def test_render_cli_writes_selected_products(tmp_path, runner, app):
    out = tmp_path / "out"
    res = runner.invoke(
        app,
        [
            "render",
            str(FIXTURE),
            "--out",
            str(out),
            "-q",
            "-p",
            "pnp",
            "--paper",
            "letter",
            "--duplex",
            "short",
        ],
    )
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in out.iterdir()) == ["cards"]  # where build puts them too
    assert sorted(p.name for p in (out / "cards").iterdir()) == ["pnp-letter.pdf"]


def test_cardgen_validate_runs_the_preflight(cards, runner, app):
    _edit(cards / "age.yaml", "name: Farm\n", "name: Farm\n    art: art/nope.png\n")
    res = runner.invoke(app, ["validate", str(cards)])
    assert res.exit_code == 1
    assert "E402" in res.output and "[farm]" in res.output


def test_a_character_the_font_lacks_is_e408_naming_the_card_and_the_font(cards):
    _edit(cards / "age.yaml", "name: Farm", "name: Farm \u6f22")
    result = validate(cards, extra_checks=[preflight_check])
    (d,) = [d for d in result.diagnostics if d.code == "E408" and d.card == "farm"]
    assert "U+6F22" in d.message and "has no glyph in the font DejaVuSerifCondensed" in d.message
    assert d.position.file.endswith("age.yaml") and d.position.line > 0


def test_after_a_card_edit_only_that_card_is_fitted_again(cards, tmp_path, monkeypatch):
    """Each card's fit problems are kept by the digest of its data: a second preflight fits no
    card, an edit fits that card alone, and a kept problem is reported as when it was found."""
    from cardgen.render.elements.render import LayoutFaces

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    fitted: list[str] = []
    real = LayoutFaces.fit_problems

    def counting(self, card):
        fitted.append(card.id)
        return real(self, card)

    monkeypatch.setattr(LayoutFaces, "fit_problems", counting)
    _edit(cards / "age.yaml", "name: Farm", "name: Farm Of The Extraordinarily Long Names X")
    first = validate(cards, extra_checks=[preflight_check]).diagnostics
    assert len(fitted) > 3 and "farm" in fitted
    fitted.clear()
    again = validate(cards, extra_checks=[preflight_check]).diagnostics
    assert fitted == [] and again == first
    assert ("E401", "farm") in [(d.code, d.card) for d in again]
    _edit(cards / "age.yaml", "name: Farm Of The Extraordinarily Long Names X", "name: Farm")
    assert _codes(cards) == [] and fitted == ["farm"]

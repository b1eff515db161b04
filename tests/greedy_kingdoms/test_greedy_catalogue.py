"""Greedy Kingdoms' catalogue: the schema, the component counts, the placeholders listed as
information by the core (I001; E116 for a path naming nothing), and the printed text generated
from the typed Costs, Incomes and effects."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.cli import app
from cardgen.diagnostics import Severity

CARDS = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    dst = tmp_path / "cards"
    shutil.copytree(CARDS, dst)
    return dst


def test_catalogue_is_valid_with_placeholders_as_information() -> None:
    result = validate(CARDS, use_cache=False)
    assert result.ok, [str(d.message) for d in result.errors]
    assert not result.warnings
    infos = [d for d in result.diagnostics if d.severity is Severity.INFO]
    assert {d.code for d in infos} == {"I001"}
    # every card that lists placeholders, and the rules' turn limit, is reported once
    cat = load_catalogue(CARDS)
    with_ph = {c.id for c in cat if c.placeholders}
    assert {d.card for d in infos if d.card} == with_ph
    assert len([d for d in infos if d.card]) == len(with_ph)
    assert len([d for d in infos if not d.card]) == 1
    assert any("settings.turn_limit" in d.message for d in infos)
    knight = next(d for d in infos if d.card == "ordinary-knight")
    assert "number = 6" in knight.message and "cost" not in knight.message


def test_counts_match_the_game_set_contents() -> None:
    from cardgen.packs.greedy_kingdoms.checks import counted

    cat = load_catalogue(CARDS)
    assert counted(cat) == cat.rules.components.model_dump()
    assert cat.count() == 24 + 16


def test_a_missing_character_is_an_error_naming_the_count(copy: Path) -> None:
    text = (copy / "characters.yaml").read_text()
    (copy / "characters.yaml").write_text(
        text.replace(
            "number: 8, cost: {food: 1, land: 1},\n     income: {honor: 2}, copies: 2",
            "number: 8, cost: {food: 1, land: 1},\n     income: {honor: 2}, copies: 1",
        )
    )
    result = validate(copy, use_cache=False)
    msgs = [(d.code, d.message) for d in result.errors]
    assert (
        "E261",
        "components: the catalogue has 23 character cards, the Game Set Contents 24",
    ) in msgs
    assert any(c == "E262" and "numbered 8: 1 card(s)" in m for c, m in msgs)


def test_palaces_outside_the_buildings_break_the_count(copy: Path) -> None:
    rules = (copy / "rules.yaml").read_text()
    (copy / "rules.yaml").write_text(
        rules.replace("palaces_among_buildings: true", "palaces_among_buildings: false")
    )
    codes = [d.code for d in validate(copy, use_cache=False).errors]
    assert codes.count("E261") == 2  # upgrade cards 13 and buildings 6


def test_unknown_effect_kind_is_a_schema_error(copy: Path) -> None:
    text = (copy / "upgrades.yaml").read_text()
    (copy / "upgrades.yaml").write_text(text.replace("kind: block_income", "kind: steal_gold", 1))
    result = validate(copy, use_cache=False)
    assert not result.ok
    assert any(d.card == "citizen-sentry" for d in result.errors)


def test_printed_text_is_generated() -> None:
    cat = load_catalogue(CARDS)
    assert cat.card("ordinary-knight").rules_text == (
        "{cost} 1 {gold} 2 {food}\n{income} 2 {honor}"
    )
    assert cat.card("ordinary-cook").rules_text == "{cost} none\n{income} 2 {food}"
    assert cat.card("citizen-squire").rules_text == (
        "{cost} 1 {gold}\n{battle} When your Character 6 succeeds and is paid in full: "
        "{income} 1 {honor}."
    )
    assert "second Royal Palace" in cat.card("royal-palace").rules_text


def test_cli_validate_lists_info_and_exits_zero_even_strict() -> None:
    res = CliRunner().invoke(app, ["validate", str(CARDS), "--strict", "--format", "json"])
    assert res.exit_code == 0, res.output
    assert '"info": 31' in res.output


def test_no_palace_and_unknown_placeholder_paths(copy: Path) -> None:
    text = (copy / "upgrades.yaml").read_text()
    head, _palace = text.split("  - {id: royal-palace")
    (copy / "upgrades.yaml").write_text(head)
    rules = (copy / "rules.yaml").read_text()
    (copy / "rules.yaml").write_text(
        rules.replace("placeholders: [settings.turn_limit]", "placeholders: [settings.nope]")
    )
    chars = (copy / "characters.yaml").read_text()
    (copy / "characters.yaml").write_text(
        chars.replace("placeholders: [number]}", "placeholders: [power]}", 1)
    )
    errors = validate(copy, use_cache=False).errors
    assert "E263" in {d.code for d in errors}
    bad = [d for d in errors if d.code == "E116"]
    assert {d.card for d in bad} == {None, "ordinary-cook"}
    assert any("'settings.nope'" in d.message for d in bad)
    assert any("'power'" in d.message for d in bad)


def test_sheet_export_and_import_round_trip(tmp_path: Path) -> None:
    sheet = tmp_path / "cards.csv"
    runner = CliRunner()
    assert runner.invoke(app, ["export", str(CARDS), "-o", str(sheet)]).exit_code == 0
    assert "success_bonus honor=1 number=6" in sheet.read_text()
    dst = tmp_path / "imported"
    dst.mkdir()
    shutil.copy(CARDS / "rules.yaml", dst / "rules.yaml")
    res = runner.invoke(app, ["import", str(sheet), "--to", str(dst)])
    assert res.exit_code == 0, res.output
    assert load_catalogue(dst).cards == load_catalogue(CARDS).cards


def test_sheet_import_with_rules_copies_a_rules_model_that_has_placeholders(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "cards.csv"
    runner = CliRunner()
    assert runner.invoke(app, ["export", str(CARDS), "-o", str(sheet)]).exit_code == 0
    dst = tmp_path / "imported"
    res = runner.invoke(
        app, ["import", str(sheet), "--to", str(dst), "--rules", str(CARDS / "rules.yaml")]
    )
    assert res.exit_code == 0, res.output

"""The `cardgen validate`, `schema` and `export` commands: formats, exit codes, outputs."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys

import jsonschema
import pytest
import yaml

from cardgen.catalogue import load_catalogue
from cardgen.catalogue.schema import deck_schema, deck_schema_json
from cardgen.packs.attack_right.model import load_rules_model
from cardgen.packs.attack_right.pack import PACK


@pytest.fixture
def broken(tmp_path, fixture_catalogue):
    dest = tmp_path / "cards"
    shutil.copytree(fixture_catalogue, dest)
    p = dest / "battle.yaml"
    p.write_text(p.read_text().replace("cost: 3,", "cost: -3,"))
    return dest


def test_valid_catalogue_exits_0(runner, app, fixture_catalogue):
    result = runner.invoke(app, ["validate", str(fixture_catalogue)])
    assert result.exit_code == 0, result.output
    assert "valid: 32 cards, 0 error(s), 0 warning(s)" in result.output


def test_invalid_catalogue_exits_1_with_position(runner, app, broken):
    result = runner.invoke(app, ["validate", str(broken)])
    assert result.exit_code == 1
    assert (
        "battle.yaml:" in result.output and "E105" in result.output and "fx-wall" in result.output
    )
    assert "fix:" in result.output
    assert "Traceback" not in result.output


def test_usage_error_exits_2(runner, app, fixture_catalogue):
    result = runner.invoke(app, ["validate", str(fixture_catalogue), "--format", "xml"])
    assert result.exit_code == 2


def test_human_report_without_its_summary_line(broken):
    from cardgen.catalogue.validate import validate
    from cardgen.diagnostics.formats import print_human

    diags = validate(broken).diagnostics
    full, bare, empty = io.StringIO(), io.StringIO(), io.StringIO()
    print_human(diags, full, cards=32)
    print_human(diags, bare, cards=32, summary=False)
    print_human([], empty, summary=False)
    assert "E105" in bare.getvalue() and full.getvalue().startswith(bare.getvalue())
    assert "invalid:" in full.getvalue() and "invalid:" not in bare.getvalue()
    assert empty.getvalue() == ""


def test_github_annotations(runner, app, broken):
    result = runner.invoke(app, ["validate", str(broken), "--format", "github"])
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if ln.startswith("::error ")]
    assert lines
    first = next(ln for ln in lines if "E105" in ln)
    assert "battle.yaml,line=" in first and ",col=" in first and "[fx-wall]" in first


def test_strict_turns_warnings_into_failure(runner, app, tmp_path, fixture_catalogue):
    dest = tmp_path / "cards"
    shutil.copytree(fixture_catalogue, dest)
    p = dest / "battle.yaml"
    p.write_text(p.read_text().replace("flavour: Chop., ", ""))
    assert runner.invoke(app, ["validate", str(dest)]).exit_code == 0
    assert runner.invoke(app, ["validate", str(dest), "--strict"]).exit_code == 1


def test_python_dash_m_works(fixture_catalogue):
    proc = subprocess.run(
        [sys.executable, "-m", "cardgen", "validate", str(fixture_catalogue), "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["valid"] is True


def test_committed_schema_is_current(cards_dir):
    rules = load_rules_model(cards_dir / "rules.yaml")
    assert (cards_dir / "deck.schema.json").read_text() == deck_schema_json(PACK, rules), (
        "regenerate with: cardgen schema -o cards/deck.schema.json"
    )


def test_schema_accepts_fixture_decks_and_rejects_bad_ones(fixture_catalogue):
    rules = load_rules_model(fixture_catalogue / "rules.yaml")
    schema = deck_schema(PACK, rules)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted(fixture_catalogue.glob("*.yaml")):
        if path.name == "rules.yaml":
            continue
        data = yaml.safe_load(path.read_text())
        assert not list(validator.iter_errors(data)), path.name
        data["cards"][0]["cost"] = -1
        data["cards"][0]["seasn"] = "spring"
        data["cards"][0]["effects"] = [{"kind": "gain_coins", "trigger": "ongoing", "amount": 0}]
        assert len(list(validator.iter_errors(data))) >= 3


def test_schema_without_a_rules_model_has_no_id_enums(fixture_catalogue):
    schema = deck_schema(PACK, None)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert "enum" not in schema["properties"]["deck"]
    assert "enum" not in schema["$defs"]["Card"]["properties"]["season"]
    validator = jsonschema.Draft202012Validator(schema)
    data = yaml.safe_load((fixture_catalogue / "battle.yaml").read_text())
    assert not list(validator.iter_errors(data))


def test_catalogue_files_carry_the_modeline(cards_dir, fixture_catalogue):
    for folder in (cards_dir, fixture_catalogue):
        for path in folder.glob("*.yaml"):
            if path.name != "rules.yaml":
                assert path.read_text().startswith("# yaml-language-server: $schema="), path


def test_schema_command(runner, app, fixture_catalogue):
    result = runner.invoke(app, ["schema", str(fixture_catalogue)])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    card = schema["$defs"]["Card"]
    assert card["properties"]["season"]["enum"] == ["spring", "fall"]
    assert card["additionalProperties"] is False


def test_export_csv_one_row_per_card(runner, app, fixture_catalogue, tmp_path):
    out = tmp_path / "cards.csv"
    result = runner.invoke(
        app, ["export", str(fixture_catalogue), "--format", "csv", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    cat = load_catalogue(fixture_catalogue)
    assert [r["id"] for r in rows] == [c.id for c in cat]
    wall = next(r for r in rows if r["id"] == "fx-wall")
    assert wall["discount"] == "wood" and wall["attack"] == "-" and wall["deck"] == "battle"
    cutter = next(r for r in rows if r["id"] == "fx-woodcutter")
    assert cutter["effects"] == "produce 1 resource=wood" and cutter["text"] == ""
    assert sum(int(r["copies"]) for r in rows) == 32


def test_export_json_roundtrips_the_catalogue(runner, app, fixture_catalogue):
    result = runner.invoke(app, ["export", str(fixture_catalogue), "--format", "json"])
    doc = json.loads(result.output)
    assert doc["count"] == 32
    knight = next(c for c in doc["cards"] if c["id"] == "fx-knight")
    assert knight["effects"] == [
        {
            "kind": "gain_glory",
            "trigger": "battle",
            "when": "attack_won",
            "amount": 1,
            "target": "owner",
        }
    ]
    assert knight["rules_text"] == "{phase-battle} If you win your attack: Gain 1 {glory}."


def test_export_refuses_invalid_catalogue(runner, app, broken, tmp_path):
    out = tmp_path / "x.csv"
    result = runner.invoke(app, ["export", str(broken), "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    assert "E105" in result.output

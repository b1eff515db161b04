"""Attack the Tower's catalogue: the seed's counts, the placeholders listed as information,
and the army's counts checked."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from cardgen.catalogue.validate import validate
from cardgen.diagnostics import Severity
from tests.attack_the_tower.tower_paths import ROOT, TOWER_CARDS


def _copy(tmp_path):
    dest = tmp_path / "cards"
    shutil.copytree(TOWER_CARDS, dest)
    return dest


def _edited(tmp_path, *edits: tuple[str, str, str]):
    """A copy of the catalogue with ``(file, old, new)`` replacements made."""
    cards = _copy(tmp_path)
    for name, old, new in edits:
        path = cards / name
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new))
    return cards


def test_army_counts_match_the_seed():
    result = validate(TOWER_CARDS, use_cache=False)
    assert result.ok, result.errors
    cat = result.catalogue
    bases = {c.id: c.copies for c in cat.select(pile="base")}
    assert bases == {
        "training-fields": 7,
        "shooting-range": 6,
        "temple": 5,
        "stables": 4,
        "workshop": 3,
    }
    assert cat.count(pile="ability") == 25
    assert {c.type for c in cat.select(pile="ability")} == set(cat.rules.ability_types)


def test_placeholders_are_information_not_errors():
    result = validate(TOWER_CARDS, use_cache=False)
    notes = [d for d in result.diagnostics if d.severity is Severity.INFO]
    assert result.ok and not result.warnings
    assert {d.code for d in notes} == {"I001"}
    (rules,) = [d for d in notes if d.card is None]
    assert "troop_types.2.power = 2" in rules.message  # Templars
    assert "troop_types.3.power = 2" in rules.message  # Knights
    assert rules.position.file.endswith("rules.yaml")
    assert any(d.card == "militia-drill" and "copies = 5" in d.message for d in notes)
    # the seed's own numbers are not placeholders
    assert not any(d.card in ("wizard-of-light", "blacksmith") for d in notes)


def test_validate_cli_lists_notes_and_exits_zero():
    out = subprocess.run(
        [sys.executable, "-m", "cardgen", "validate", str(TOWER_CARDS), "-f", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["valid"] and len(doc["info"]) == 7
    assert all(d["severity"] == "info" for d in doc["info"])


def test_a_wrong_pile_count_is_an_error_naming_the_card(tmp_path):
    cards = _edited(tmp_path, ("bases.yaml", "copies: 7", "copies: 8"))
    result = validate(cards, use_cache=False)
    assert not result.ok
    (err,) = result.errors
    assert err.code == "E251" and err.card == "training-fields"
    assert "26 cards" in err.message and err.position.file.endswith("bases.yaml")


def test_a_special_without_a_troop_is_an_error(tmp_path):
    special = "effects: [{kind: special_troop, power: 1, extra_damage: 1}]"
    cards = _edited(
        tmp_path, ("abilities.yaml", special, "effects: [{kind: set_power, troops: all, value: 1}]")
    )
    result = validate(cards, use_cache=False)
    assert [(d.code, d.card) for d in result.errors] == [("E252", "blacksmith")]


def test_unknown_troop_type_names_file_and_line(tmp_path):
    cards = _edited(tmp_path, ("bases.yaml", "troop: siege", "troop: dragons"))
    result = validate(cards, use_cache=False)
    assert not result.ok
    (err,) = [d for d in result.errors if d.code == "E104"]
    assert err.card == "workshop" and err.position.line > 0 and "dragons" in err.message


def test_a_troop_type_without_a_base_and_too_few_counters(tmp_path):
    cards = _edited(
        tmp_path,
        ("rules.yaml", "counters: 9 ", "counters: 8 "),
        ("bases.yaml", "troop: siege", "troop: cavalry"),
    )
    codes = sorted(d.code for d in validate(cards, use_cache=False).errors)
    assert codes == ["E253", "E254"]


def test_effects_the_engine_would_ignore_are_errors(tmp_path):
    """A special ability's other effects, and a bypass for troops without artillery, would
    print a text the engine never plays."""
    cards = _edited(
        tmp_path,
        (
            "abilities.yaml",
            "effects: [{kind: special_troop, power: 1, extra_damage: 1}]",
            "effects: [{kind: special_troop, power: 1}, {kind: power, troops: all, amount: 1}]",
        ),
        (
            "abilities.yaml",
            "effects: [{kind: damage_manned_bases, troops: siege}]",
            "effects: [{kind: damage_manned_bases, troops: cavalry}]",
        ),
    )
    errors = validate(cards, use_cache=False).errors
    assert sorted((d.code, d.card) for d in errors) == [
        ("E252", "blacksmith"),
        ("E255", "siege-engineers"),
    ]
    (bypass,) = [d for d in errors if d.code == "E255"]
    assert "Knights" in bypass.message and bypass.position.line > 0


def test_traits_where_the_engine_reads_them(tmp_path):
    """Loyal is for special troops only; a special troop has no initiative nor artillery."""
    for n, edit in enumerate(
        [
            ("rules.yaml", "traits: [artillery]", "traits: [artillery, loyal]"),
            ("abilities.yaml", "extra_damage: 1}", "extra_damage: 1, traits: [initiative]}"),
        ]
    ):
        errors = validate(_edited(tmp_path / str(n), edit), use_cache=False).errors
        (err,) = [d for d in errors if d.code != "E251"]  # an invalid card leaves its pile short
        assert err.code == "E104" and edit[2].split()[-1].strip("[]}") in err.message
        assert err.position.file.endswith(edit[0])

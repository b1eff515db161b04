"""Authority's catalogue: every unit and count of the design document, its placeholders listed
as notes, and each disagreement between the document's stated totals and its lists reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.cli import app

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
SEED_LISTS = {  # the document's lists, faction by faction (seed 004, lines 23-76)
    "royal": {"Squire": 12, "Man-at-arms": 12, "Knight": 8, "Kingsguard": 4},
    "bloodrunners": {"Barbarian": 4, "Wise One": 4, "Sentinel": 4, "Bannerman": 3,
                     "Kingslayer": 3, "Infiltrator": 2, "Berserker": 2, "Bloodcaller": 1,
                     "The Horde": 1, "Plague Doctor": 1, "Clan Leader": 1},
    "iron-wall": {"Iron Knight": 4, "Captain": 4, "Barracks": 4, "Shieldbearer": 3,
                  "Kingsbane": 3, "Informant": 2, "Watcher": 2, "Fort": 1, "Legion": 1,
                  "Mobile Artillery": 1, "Iron Trebuchet": 1},
    "golden-ox": {"Golden Knight": 4, "Captain": 4, "Sentinel": 4, "Merchant": 3,
                  "Golden Slayer": 3, "Diplomat": 2, "Briber": 2, "The Golden Bank": 1,
                  "The Golden Warriors": 1, "Retirement Fund": 1, "Golden Estate": 1},
    "hooded-brothers": {"Woodsman": 4, "Scout": 4, "Watcher": 4, "Pathfinder": 3,
                        "Assassin": 3, "Seductress": 2, "Hunter": 2, "Wooden fortress": 1,
                        "The Hooded Band": 1, "Wolfpack": 1, "Master Huntsman": 1},
}  # fmt: skip


def test_every_listed_unit_and_count_is_a_design():
    cat = load_catalogue(CARDS, use_cache=False)
    for faction, units in SEED_LISTS.items():
        have = {c.name: c.copies for c in cat.select(faction=faction)}
        assert have == units, faction
    # a unit listed in two factions is two designs
    for name in ("Captain", "Sentinel", "Watcher"):
        designs = [c for c in cat if c.name == name]
        assert len(designs) == 2 and len({c.faction for c in designs}) == 2


def test_validate_reports_the_total_disagreement_naming_both_lines():
    result = validate(CARDS, use_cache=False)
    assert result.ok
    (w,) = [d for d in result.diagnostics if d.code == "W271"]
    assert "136" in w.message and "140" in w.message
    assert "line 21" in w.message and "lines 23, 28, 40, 53, 65" in w.message
    assert w.position.file.endswith("rules.yaml") and w.position.line == 9
    assert not [d for d in result.diagnostics if d.code == "W272"]  # each faction agrees


def test_placeholders_are_listed_as_notes_not_failures():
    """The core's placeholders (I001, one note per card), not a pack code of its own."""
    result = validate(CARDS, use_cache=False)
    notes = [d for d in result.diagnostics if d.code == "I001"]
    cat = load_catalogue(CARDS, use_cache=False)
    assert sorted(d.card for d in notes) == sorted(c.id for c in cat if c.placeholders)
    assert len(notes) == 45 and len(result.notes) == 45
    assert "squire" not in {d.card for d in notes}  # power 2 is the public draft's
    kingsguard = next(d for d in notes if d.card == "kingsguard")
    assert "power = 5" in kingsguard.message
    assert kingsguard.position.file.endswith("royal.yaml") and kingsguard.position.line == 8
    assert not [d for d in result.diagnostics if d.code == "E116"]
    assert not result.warnings[1:]  # only W271 warns


def test_a_misspelt_placeholder_path_is_an_error(tmp_path):
    cards = _copy(tmp_path)
    f = cards / "royal.yaml"
    old = "placeholders: [power]"
    assert old in f.read_text()
    f.write_text(f.read_text().replace(old, "placeholders: [powr]", 1))
    result = validate(cards, use_cache=False)
    assert not result.ok
    (error,) = result.errors
    assert error.code == "E116" and error.card == "kingsguard" and "'powr'" in error.message
    assert error.position.file.endswith("royal.yaml") and error.position.line == 8


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "cards"
    shutil.copytree(CARDS, dst)
    return dst


def test_a_faction_list_that_disagrees_with_its_total_names_both(tmp_path):
    cards = _copy(tmp_path)
    f = cards / "iron-wall.yaml"
    f.write_text(f.read_text().replace("source_line: 50}", "source_line: 50, copies: 2}"))
    result = validate(cards, use_cache=False)
    (w,) = [d for d in result.diagnostics if d.code == "W272"]
    assert "states 26" in w.message and "lists 27" in w.message
    assert "line 40" in w.message and "41-43, 45-52" in w.message
    assert "legion 2 (" in w.message and "iron-wall.yaml:" in w.message
    assert w.position.line == 28  # rules.yaml: the Iron Wall's stated count


def test_bad_starting_deck_is_a_clear_error(tmp_path, runner):
    cards = _copy(tmp_path)
    r = cards / "rules.yaml"
    r.write_text(r.read_text().replace("knight: 2}", "knight: 2, squyre: 1}"))
    result = runner.invoke(app, ["validate", str(cards), "--format", "json", "--no-cache"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    (err,) = doc["errors"]
    assert err["code"] == "E271" and "squyre" in err["message"] and err["line"] > 0
    assert doc["summary"]["info"] == len(doc["info"]) > 40


def test_a_leader_with_power_is_a_schema_error(tmp_path):
    cards = _copy(tmp_path)
    f = cards / "golden-ox.yaml"
    text = f.read_text().replace(
        "role: leader\n    cost: 6", "role: leader\n    power: 2\n    cost: 6", 1
    )
    f.write_text(text)
    result = validate(cards, use_cache=False)
    assert not result.ok
    assert any("has no power" in d.message for d in result.errors)


def test_an_ability_the_engine_never_runs_is_a_schema_error(tmp_path):
    """A leader's ability acts from the general zone, a superpower's when discarded: a text
    naming another moment would print what the engine never does."""
    cards = _copy(tmp_path)
    f = cards / "golden-ox.yaml"
    text = f.read_text()
    old = "cost: 6\n    abilities: [{kind: authority, trigger: general, amount: 2}]"
    assert text.count(old) == 1  # The Golden Bank
    f.write_text(text.replace(old, old.replace("general", "recruit")))
    result = validate(cards, use_cache=False)
    (error,) = [d for d in result.errors if "never acts" in d.message]
    assert "golden-ox.yaml" in str(error.position) and error.card == "the-golden-bank"
    assert "a leader's ability never acts on recruit: general" in error.message


def test_every_rules_model_code_is_reported(tmp_path):
    """E272 starting supply, E273 no cost, E274 missing faction file, E275 not a starting unit."""
    cases = {
        "E272": ("royal.yaml", "source_line: 24, copies: 12", "source_line: 24, copies: 11"),
        "E273": ("bloodrunners.yaml", "power: 3, cost: 3, placeholders", "power: 3, placeholders"),
        "E275": ("rules.yaml", "kingsguard: kingsguard", "kingsguard: legion"),
    }
    for code, (name, old, new) in cases.items():
        cards = _copy(tmp_path / code)
        f = cards / name
        assert old in f.read_text()
        f.write_text(f.read_text().replace(old, new, 1))
        codes = {d.code for d in validate(cards, use_cache=False).errors}
        assert code in codes, (code, codes)
    cards = _copy(tmp_path / "E274")
    (cards / "hooded-brothers.yaml").unlink()
    errors = validate(cards, use_cache=False).errors
    assert [d.code for d in errors] == ["E274"] and "hooded-brothers" in errors[0].message

"""rules.yaml has one schema with bounds and cross-checks: every violation a diagnostic at its
line, the JSON Schema exported beside the decks', runaway numbers refused before any build."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from catalogue_edits import copy_catalogue, edit, line_of

from cardgen.catalogue import validate
from cardgen.catalogue.schema import rules_schema, rules_schema_json
from cardgen.packs.attack_right.pack import PACK

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cat(tmp_path: Path, fixture_catalogue: Path) -> Path:
    """A private copy of the valid fixture catalogue, to break."""
    return copy_catalogue(fixture_catalogue, tmp_path)


SLOTS = "slots: {left: 2, middle: 2, right: 2}"

#: (code, old, new, the text of the line the diagnostic points at, words of its message)
RULES_MUTATIONS = [
    ("E105", SLOTS, "slots: {left: 1000000, middle: 2, right: 2}", "1000000", "less than"),
    ("E102", SLOTS, "slots: {left: 1.0e+30, middle: 2, right: 2}", "1.0e+30", "integer"),
    ("E102", SLOTS, "slots: {left: 2.0, middle: 2, right: 2}", "left: 2.0", "integer"),
    ("E102", "income: 3", "income: true", "income: true", "integer"),
    ("E102", "hand_size: 8", "hand_size: yes", "hand_size: yes", "integer"),
    ("E102", "defender_wins_ties: true", "defender_wins_ties: 1", "defender_wins_ties", "boolean"),
    ("E109", "min: 2\n  max: 4", "min: 4\n  max: 2", "min: 4", "min (4) is more than max (2)"),
    ("E109", "keep_last: 1", "keep_last: 7", "keep_last: 7", "keep_last (7) exceeds"),
    ("E105", "keep_last: 1", "keep_last: 0", "keep_last: 0", "greater than"),
    ("E105", "cards: 32", "cards: 100000", "cards: 100000", "less than"),
    ("E105", "rounds: 4", "rounds: 1000", "rounds: 1000", "less than"),
    ("E105", "coin_tokens: 40", "coin_tokens: -1", "coin_tokens: -1", "greater than"),
    ("E105", "game: Attack Right", 'game: ""', "game:", "at least 1"),
    ("E114", "game: Attack Right", 'game: "   "', "game:", "only whitespace"),
    ("E105", "name: Battle deck", "name: " + "B" * 200, "B" * 200, "at most 30"),
    ("E113", "name: Battle deck", 'name: "Battle\\u202Edeck"', "Battle\\u202E", "U+202E"),
    ("E404", "icon: banner", "icon: swordz", "icon: swordz", "swordz.svg"),
    ("E109", "icon: banner", "icon: Sword!", "icon: Sword!", "pattern"),
    ("E109", "id: spy", "id: age  # twice", "# twice", "duplicate deck id 'age'"),
    ("E109", "min_players: 3", "min_players: 6", "min_players: 6", "seats at most 4"),
]


@pytest.mark.parametrize(
    ("code", "old", "new", "marker", "words"),
    RULES_MUTATIONS,
    ids=[f"{m[0]}-{i}" for i, m in enumerate(RULES_MUTATIONS)],
)
def test_rules_violation_is_a_diagnostic_at_its_line(cat, code, old, new, marker, words):
    rules = cat / "rules.yaml"
    edit(rules, old, new)
    result = validate(cat, use_cache=False)
    assert not result.ok
    found = [d for d in result.errors if d.code == code]
    assert found, [(d.code, d.message) for d in result.errors]
    d = found[0]
    assert d.position.file.endswith("rules.yaml")
    assert d.position.line == line_of(rules, marker), d
    assert words in d.message, d.message


def test_committed_rules_schema_is_current(cards_dir):
    assert (cards_dir / "rules.schema.json").read_text() == rules_schema_json(PACK), (
        "regenerate with: cardgen schema --rules -o cards/rules.schema.json"
    )
    assert "$schema=rules.schema.json" in (cards_dir / "rules.yaml").read_text().splitlines()[0]


def test_rules_schema_accepts_the_rules_and_rejects_bad_numbers(cards_dir, fixture_catalogue):
    schema = rules_schema(PACK)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for folder in (cards_dir, fixture_catalogue):
        data = yaml.safe_load((folder / "rules.yaml").read_text())
        assert not list(validator.iter_errors(data)), folder
    data = yaml.safe_load((cards_dir / "rules.yaml").read_text())
    for path, bad in (
        (("seasons", 0, "slots", "left"), 1_000_000),
        (("economy", "income"), True),
        (("draft", "hand_size"), 2.5),
        (("players", "min"), 0),
        (("game",), ""),
    ):
        doc = json.loads(json.dumps(data))
        node = doc
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = bad
        assert list(validator.iter_errors(doc)), (path, bad)


def test_schema_command_writes_the_rules_schema(cards_dir, tmp_path):
    out = tmp_path / "rules.schema.json"
    proc = subprocess.run(
        [sys.executable, "-m", "cardgen", "schema", str(cards_dir), "--rules", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == rules_schema_json(PACK)


@pytest.mark.parametrize("command", ["validate", "build"])
def test_huge_slot_count_is_refused_not_built(cat, tmp_path, command):
    """`slots: {left: 1000000}` once passed validate and hung the build."""
    edit(cat / "rules.yaml", SLOTS, "slots: {left: 1000000, middle: 2, right: 2}")
    args = [sys.executable, "-m", "cardgen", command, str(cat)]
    if command == "build":
        args += ["-o", str(tmp_path / "out")]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert f"rules.yaml:{line_of(cat / 'rules.yaml', '1000000')}:" in proc.stdout + proc.stderr

"""Every diagnostic code of the catalogue validator, triggered by a real malformed input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from catalogue_edits import copy_catalogue, edit, line_of

from cardgen.catalogue import validate
from cardgen.diagnostics import CODES


@pytest.fixture
def cat(tmp_path: Path, fixture_catalogue: Path) -> Path:
    """A private copy of the valid fixture catalogue, to break."""
    return copy_catalogue(fixture_catalogue, tmp_path)


def _only(result, code):
    found = [d for d in result.diagnostics if d.code == code]
    assert found, f"{code} not reported; got {[(d.code, d.message) for d in result.diagnostics]}"
    return found


def test_fixture_catalogue_is_valid(fixture_catalogue):
    result = validate(fixture_catalogue)
    assert result.ok and not result.diagnostics
    assert result.card_count == 32


# (code, file, old text, new text, card id expected on the diagnostic, line marker)
MUTATIONS = [
    ("E101", "battle.yaml", "flavour: Chop.", "flavour: Chop., atack: 2", "fx-woodcutter", "atack"),
    ("E102", "battle.yaml", "cost: 1,", "cost: 1.5,", "fx-woodcutter", "cost: 1.5"),
    ("E102", "battle.yaml", "defence: 1, attack", "defence: one, attack", "fx-woodcutter", "one"),
    (
        "E103",
        "battle.yaml",
        "season: spring, type: unit, cost: 1,",
        "type: unit, cost: 1,",
        "fx-woodcutter",
        "fx-woodcutter",
    ),
    (
        "E104",
        "battle.yaml",
        "season: fall, type: unit",
        "season: autumn, type: unit",
        "fx-knight",
        "autumn",
    ),
    ("E104", "battle.yaml", "placement: [left]", "placement: [lefty]", "fx-wall", "lefty"),
    ("E104", "battle.yaml", "discount: [wood]", "discount: [timber]", "fx-wall", "timber"),
    ("E104", "battle.yaml", "resource: wood}", "resource: gold}", "fx-woodcutter", "gold"),
    ("E105", "battle.yaml", "cost: 3,", "cost: -2,", "fx-wall", "cost: -2"),
    ("E104", "spy.yaml", "deck: spy", "deck: spies", None, "deck: spies"),
    ("E103", "spy.yaml", "deck: spy\n", "\n", None, None),
    ("E103", "spy.yaml", "deck: spy\n", "deck:\n", None, "deck:"),  # once a KeyError
    (
        "E107",
        "battle.yaml",
        "kind: produce, resource: wood",
        "kind: produse, resource: wood",
        "fx-woodcutter",
        "produse",
    ),
    (
        "E108",
        "resource.yaml",
        "{kind: upkeep, amount: 1}",
        "{kind: upkeep, trigger: battle}",
        "fx-granary",
        "trigger: battle",
    ),
    (
        "E104",
        "resource.yaml",
        "trigger: income, amount: 1}]",
        "trigger: lunchtime, amount: 1}]",
        "fx-farm",
        "lunchtime",
    ),
    (
        "E109",
        "battle.yaml",
        "placement: [left, middle]",
        "placement: [left, left]",
        "fx-woodcutter",
        "[left, left]",
    ),
    ("E110", "battle.yaml", "id: fx-wall,", "id: fx-wall, deck: spy,", "fx-wall", "deck: spy"),
    (
        "E204",
        "battle.yaml",
        'placement: [left],\n     defence: 3, attack: "-"',
        "placement: [left],\n     defence: 3, attack: 2",
        "fx-wall",
        "defence: 3, attack: 2",
    ),
    (
        "E205",
        "battle.yaml",
        'placement: [left],\n     defence: 3, attack: "-", flavour',
        'placement: [left],\n     defence: 3, attack: "-", '
        "effects: [{kind: gain_coins, trigger: dies, amount: 1}], flavour",
        "fx-wall",
        "dies",
    ),
    (
        "E206",
        "battle.yaml",
        'placement: [left],\n     defence: 3, attack: "-", flavour',
        'placement: [left],\n     defence: 3, attack: "-", '
        "effects: [{kind: power, stat: defence, amount: 1, per: age_token}], flavour",
        "fx-wall",
        "per: age_token",
    ),
    (
        "E206",
        "spy.yaml",
        "{kind: discard_from_hand}",
        "{kind: power, stat: defence, amount: 1}",
        "fx-saboteur",
        "stat: defence",
    ),
    (
        "W202",
        "battle.yaml",
        "name: Knight",
        "name: Woodcutter",
        "fx-knight",
        "fx-knight, name: Woodcutter",
    ),
    ("W204", "battle.yaml", "flavour: Chop., ", "", "fx-woodcutter", "fx-woodcutter"),
    # nesting beyond the limit is refused before libyaml parses it (at the bracket too deep)
    ("E015", "battle.yaml", "flavour: Chop.", "flavour: " + "[" * 60 + "]" * 60, None, "[[["),
    # control and invisible characters, whitespace-only texts, malformed icon tokens
    ("E113", "battle.yaml", "name: Woodcutter", 'name: "Wood\\0cutter"', "fx-woodcutter", "Wood"),
    ("E113", "battle.yaml", "name: Wall", 'name: "Wa\\u202Ell"', "fx-wall", "Wa\\u202E"),
    ("E113", "battle.yaml", "name: Knight", 'name: "Kni\\u200Bght"', "fx-knight", "Kni\\u200B"),
    ("E114", "battle.yaml", "name: Woodcutter", 'name: "  "', "fx-woodcutter", 'name: "  "'),
    ("E115", "battle.yaml", "flavour: Chop.", 'flavour: "Gain {Coin}."', "fx-woodcutter", "{Coin"),
    ("E115", "battle.yaml", "flavour: Chop.", 'flavour: "Gain {coin."', "fx-woodcutter", "{coin."),
    ("E115", "battle.yaml", "flavour: Chop.", 'flavour: "Gain {}."', "fx-woodcutter", "{}"),
    ("E115", "battle.yaml", "flavour: Chop.", 'flavour: "Gain 1}."', "fx-woodcutter", "1}"),
    (
        "W205",
        "spy.yaml",
        'placement: [right],\n     defence: "-", attack: 1, effects: [{kind: discard_from_hand}]',
        'placement: [middle],\n     defence: "-", attack: 1, effects: [{kind: discard_from_hand}]',
        "fx-saboteur",
        "discard_from_hand",
    ),
    # a card that may stand in the middle too, and an ongoing power change (issue 28)
    (
        "W205",
        "spy.yaml",
        "placement: [left, right],\n     defence: 1, attack: 1, effects: [{kind: peek_hand, "
        "target: neighbours}]",
        "placement: [left, middle],\n     defence: 1, attack: 1, effects: [{kind: peek_hand, "
        "target: neighbour}]",
        "fx-informant",
        "peek_hand",
    ),
    (
        "W205",
        "age.yaml",
        "{kind: power, stat: attack, amount: 2, per: age_token}",
        "{kind: power, stat: attack, amount: -1, target: neighbour}",
        "fx-elder",
        "target: neighbour}",
    ),
    (
        "W205",
        "age.yaml",
        "cost: 2, placement: [left],",
        "cost: 2, placement: [middle],",
        "fx-hourglass",
        "neighbour_units",
    ),
]


@pytest.mark.parametrize(
    ("code", "file", "old", "new", "card", "marker"),
    MUTATIONS,
    ids=[f"{m[0]}-{i}" for i, m in enumerate(MUTATIONS)],
)
def test_each_mutation_reports_its_code(cat, code, file, old, new, card, marker):
    path = cat / file
    edit(path, old, new)
    result = validate(cat)
    found = _only(result, code)
    d = found[0]
    assert d.position.file.endswith(file)
    if card:
        assert d.card == card
    if marker:
        assert d.position.line == line_of(path, marker)
    assert d.position.column >= 1
    assert d.fix  # every diagnostic carries a one-line fix hint
    assert "\n" not in d.fix
    assert str(d.severity) == ("warning" if code.startswith("W") else "error")
    assert result.ok == code.startswith("W")


def test_did_you_mean_for_unknown_key_and_value(cat):
    edit(cat / "battle.yaml", "flavour: Chop.", "flavour: Chop., atack: 2")
    edit(cat / "battle.yaml", "season: fall, type: unit", "season: fal, type: unit")
    result = validate(cat)
    (unknown,) = _only(result, "E101")
    assert "did you mean 'attack'" in unknown.fix
    assert any("did you mean 'fall'" in d.fix for d in _only(result, "E104"))


def test_all_problems_reported_at_once(cat):
    edit(cat / "battle.yaml", "cost: 3,", "cost: -2,")
    edit(cat / "spy.yaml", "season: fall, type: unit, cost: 2", "season: fall, type: unit, cost: x")
    edit(cat / "age.yaml", "kind: return_to_hand", "kind: return_to_hnd")
    codes = {d.code for d in validate(cat).errors}
    assert {"E105", "E102", "E107"} <= codes


def test_duplicate_id_across_files(cat):
    edit(cat / "spy.yaml", "id: fx-thief,", "id: fx-wall,")
    (d,) = _only(validate(cat), "E106")
    assert d.position.file.endswith("spy.yaml") and "battle.yaml" in d.message


def test_count_errors_name_expected_and_actual(cat):
    edit(cat / "battle.yaml", "flavour: Chop., copies: 2", "flavour: Chop., copies: 3")
    result = validate(cat)
    (d,) = _only(result, "E201")
    assert "'battle'" in d.message and "5 spring" in d.message and "expected 4" in d.message
    (t,) = _only(result, "E202")
    assert "33" in t.message and "32" in t.message


def test_first_game_shortage(cat):
    edit(
        cat / "battle.yaml",
        "flavour: Stone upon stone., copies: 2",
        "flavour: Stone upon stone., star: true, copies: 2",
    )
    edit(cat / "battle.yaml", "flavour: Chop., copies: 2", "flavour: Chop., star: true, copies: 2")
    (d,) = _only(validate(cat), "E203")
    assert "'battle'" in d.message and "0 non-star spring" in d.message


def test_missing_deck_file(cat):
    (cat / "spy.yaml").unlink()
    assert any("'spy'" in d.message for d in _only(validate(cat), "E207"))


def test_discount_nothing_produces(cat):
    edit(
        cat / "rules.yaml",
        "  - {id: iron,",
        '  - {id: gold, name: Gold, colour: "#FFD700"}\n  - {id: iron,',
    )
    edit(cat / "battle.yaml", "discount: [iron]", "discount: [iron, gold]")
    (d,) = _only(validate(cat), "W201")
    assert "'gold'" in d.message and d.card == "fx-knight"
    assert d.position.line == line_of(cat / "battle.yaml", "[iron, gold]")


def test_few_designs_warning(cat):
    edit(cat / "rules.yaml", "min_distinct_designs_per_deck: 4", "min_distinct_designs_per_deck: 5")
    assert len(_only(validate(cat), "W203")) == 4


def test_unknown_icon_in_text_override(cat):
    edit(cat / "battle.yaml", "flavour: Chop.", "text: 'Makes {wod}.', flavour: Chop.")
    (d,) = _only(validate(cat), "E104")
    assert "{wod}" in d.message and d.card == "fx-woodcutter"


# --- file-level problems ------------------------------------------------------------------


def _file_error(cat: Path, name: str, data: bytes) -> list:
    (cat / name).write_bytes(data)
    result = validate(cat)
    return [d for d in result.errors if d.position.file.endswith(name)]


@pytest.mark.parametrize(
    ("code", "data", "line"),
    [
        ("E002", b"deck: battle\ncards:\n  - name: Caf\xe9\n", 3),
        ("E003", b"", 1),
        ("E003", b"# only a comment\n", 1),
        ("E004", b"deck: battle\ncards: [\n", 3),
        ("E004", b"deck: battle\ncards:\n  - {id: x, attack: -, defence: 1}\n  - defence: -\n", 4),
        ("E005", b"deck: battle\ncards:\n\t- id: x\n", 3),
        ("E006", b"deck: battle\ndeck: spy\ncards: []\n", 2),
        ("E009", b"deck: !!python/object:os.system battle\ncards: []\n", 1),
        ("E009", b"deck: !custom battle\ncards: []\n", 1),
    ],
)
def test_file_level_errors(cat, code, data, line):
    errs = _file_error(cat, "extra.yaml", data)
    assert [d.code for d in errs] == [code], errs
    assert errs[0].position.line == line


def test_dash_hint_for_unquoted_dash(cat):
    (err,) = _file_error(cat, "extra.yaml", b"deck: battle\ncards:\n  - attack: -\n")
    assert '"-"' in err.fix


def test_unreadable_file(cat):
    (cat / "broken.yaml").symlink_to(cat / "does-not-exist.yaml")
    (err,) = [d for d in validate(cat).errors if d.code == "E001"]
    assert err.position.file.endswith("broken.yaml")


def test_alias_bomb_fails_fast(cat):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    data = ("\n".join(lines) + "\ndeck: battle\ncards: *a11\n").encode()
    # 10^12 values if expanded: the node budget must stop it (a missing budget never returns)
    errs = _file_error(cat, "bomb.yaml", data)
    assert [d.code for d in errs] == ["E007"]


@pytest.mark.parametrize("doc", ["key: &x [*x]", "key: &x {a: *x}", "a: &x [[[*x]]]"])
def test_recursive_alias_is_an_error_not_a_crash(cat, doc):
    errs = _file_error(cat, "loop.yaml", (doc + "\ndeck: battle\n").encode())
    assert [d.code for d in errs] == ["E007"] and "recursive" in errs[0].message


def test_huge_file_refused_before_parsing(cat):
    with open(cat / "huge.yaml", "wb") as fh:
        fh.write(b"deck: battle\ncards:\n")
        fh.write(b"  - {id: x}\n" * (50 * 1024 * 1024 // 12))
    errs = [d for d in validate(cat).errors if d.position.file.endswith("huge.yaml")]
    assert [d.code for d in errs] == ["E008"]
    assert "MB" in errs[0].message


@pytest.mark.parametrize(
    "case, why",
    [
        ("missing", "does not exist"),
        ("a file", "is a file, not a folder"),
        ("under a file", "does not exist (a part of its path is a file, not a folder)"),
        ("broken symlink", "is a broken symlink"),
        ("symlink loop", "is a symlink loop"),
        ("5000 characters", "has a name too long for the file system"),
    ],
)
def test_a_catalogue_folder_that_cannot_be_one_says_why(tmp_path, case, why):
    target = tmp_path / "cards"
    if case == "a file":
        target.write_text("x")
    elif case == "under a file":
        (tmp_path / "f").write_text("x")
        target = tmp_path / "f" / "cards"
    elif case == "broken symlink":
        target.symlink_to(tmp_path / "nowhere")
    elif case == "symlink loop":
        target.symlink_to(target)
    elif case == "5000 characters":
        target = tmp_path / ("x" * 5000)
    (error,) = validate(target).errors
    assert error.code == "E010" and error.message.startswith(f"the catalogue folder {why}"), error


def test_not_a_folder_and_no_rules(tmp_path):
    assert [d.code for d in validate(tmp_path / "nope").errors] == ["E010"]
    assert [d.code for d in validate(tmp_path).errors] == ["E010"]


def test_unknown_or_missing_pack_is_reported_with_the_installed_ones(cat):
    edit(cat / "rules.yaml", "pack: attack-right", "pack: attack-rite")
    (err,) = validate(cat).errors
    assert err.code == "E011" and "'attack-rite'" in err.message
    assert "attack-right" in err.message and "plain" in err.message
    assert err.position.line == line_of(cat / "rules.yaml", "pack: attack-rite")
    edit(cat / "rules.yaml", "pack: attack-rite\n", "")
    (err,) = validate(cat).errors
    assert err.code == "E011" and "attack-right" in err.fix
    assert err.position.line == line_of(cat / "rules.yaml", "game: ")  # the mapping's start


def test_bad_rules_model_is_reported_with_position(cat):
    edit(cat / "rules.yaml", "starting_coins: 5", "starting_coins: five")
    (err,) = validate(cat).errors
    assert err.code == "E102" and err.position.file.endswith("rules.yaml")
    assert err.position.line == line_of(cat / "rules.yaml", "starting_coins: five")


def test_every_code_has_a_hint_and_is_exercised():
    """The registry is the contract: every code has a slug and a one-line hint."""
    for code in CODES.values():
        assert code.slug and code.hint and "\n" not in code.hint
    exercised = {m[0] for m in MUTATIONS} | {
        "E001",
        "E002",
        "E003",
        "E004",
        "E005",
        "E006",
        "E007",
        "E008",
        "E009",
        "E010",
        "E011",
        "E019",  # the engine file rules.yaml names, in tests/kit/test_cli.py
        "E020",  # E020, W020: a rules description, in tests/described/test_bad_input.py
        "W020",
        "E012",  # E012-E014, E111, E112: spreadsheets, in test_sheet_import.py
        "E013",
        "E014",
        "E015",
        "E106",
        "E111",
        "E112",
        "E116",  # E116, I001: placeholders, in test_placeholders.py
        "I001",
        "E201",
        "E202",
        "E203",
        "E207",
        "W201",
        "W203",
        *("E251", "E252", "E253", "E254", "E255"),  # Attack the Tower: tests/attack_the_tower
        "E261",  # E261-E263: Greedy Kingdoms, in tests/greedy_kingdoms/
        "E262",
        "E263",
        *("E271", "E272", "E273", "E274", "E275", "W271", "W272"),  # tests/authority
        *("E281", "E282", "E283", "E284", "W281"),  # Castle Rampage: tests/castle_rampage
    }
    catalogue_codes = {c for c in CODES if c[1] in "012"}
    assert catalogue_codes <= exercised, catalogue_codes - exercised


def test_no_two_packs_give_one_code_two_meanings():
    """A code keeps its first meaning (register_codes), so two packs numbering their checks
    alike would silently report one pack's problem under the other's name."""
    from cardgen.pack import get_pack, pack_ids

    owners: dict[str, str] = {}
    for pack_id in pack_ids():
        for code in get_pack(pack_id).catalogue.codes():
            assert owners.setdefault(code.id, pack_id) == pack_id, (
                f"{code.id} is used by both {owners[code.id]} and {pack_id}"
            )


def test_json_report_is_stable(cat, runner, app):
    edit(cat / "battle.yaml", "cost: 3,", "cost: -2,")
    first = runner.invoke(app, ["validate", str(cat), "--format", "json"])
    second = runner.invoke(app, ["validate", str(cat), "--format", "json"])
    assert first.exit_code == 1 and first.output == second.output
    doc = json.loads(first.output)
    assert doc["valid"] is False
    (err,) = [e for e in doc["errors"] if e["code"] == "E105"]
    assert err["card"] == "fx-wall" and err["file"].endswith("battle.yaml") and err["line"] > 0
    assert doc["summary"]["errors"] == len(doc["errors"])

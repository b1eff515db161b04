"""Every key of a scenario is checked against the game's vocabulary, whatever the game holds
when it is checked: a list's items by the fields the vocabulary declares for them (an empty
tableau, no glimpses yet), ``excludes``'s items too, a mapping the game holds as null (Attack
the Tower's battle), a ``given`` record as the engine reads it."""

from __future__ import annotations

import copy
import subprocess
import textwrap
from pathlib import Path

import pytest

from cardgen.catalogue.yaml_source import load_yaml
from cardgen.engine.errors import ScenarioError
from cardgen.engine.registry import engine_of
from cardgen.engine.scenario import Problems, Scenario, catalogue_of, collect, run_file
from tests.kit.catalogues import ROOT, load

AR = ROOT / "tests/fixtures/engine"
AT = ROOT / "games/attack-the-tower/cards"

#: Attack Right at play, P1 with a Spearman on the left (a new game's tableau is empty)
AR_BASE = """
setup: {players: 2, sides: [red, green]}
given:
  phase: play
  first_end_done: true
  P1: {coins: 5, hand: [wall], tableau: [{card: spearman, zone: left, tokens: 1}]}
  P2: {hand: [], ended: true}
"""

#: Attack the Tower: P1 attacks from territory 0 (no battle in a new game: it is null)
AT_BASE = """
given:
  turn: 1
  phase: main
  attacker: P1
  P1: {board: [shooting-range, temple, null, null, null, null, null, null, null],
       troops: [2, 2, 0, 0, 0, 0, 0, 0, 0]}
  P2: {board: [stables, null, null, null, null, null, null, null, null],
       troops: [1, 0, 0, 0, 0, 0, 0, 0, 0]}
steps:
  - {P1: attack 0 0}
  - {P1: pass}
  - {P2: pass}
"""


def problems(tmp_path: Path, cards: Path, body: str) -> list[str]:
    f = tmp_path / "s.yaml"
    f.write_text(f"name: t\ncards: {cards}\n" + textwrap.dedent(body), "utf-8")
    return run_file(f).problems


@pytest.fixture(scope="module", autouse=True)
def _bases_pass(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The positions below play as written (each test's problem is its key); their catalogues
    are loaded once, here."""
    tmp = tmp_path_factory.mktemp("bases")
    ok = "expect: {P1: {tableau: [{card: spearman, tokens: 1}], zones: {left: [card: spearman]}}}"
    assert problems(tmp, AR, AR_BASE + ok) == []
    assert problems(tmp, AT, AT_BASE) == []


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        (
            "{P1: {tableau: [{card: spearman, cardz: null}]}}",
            "s.yaml:10:42: unknown key 'cardz' in an item of tableau (did you mean 'card'?)",
        ),
        (
            "{P1: {zones: {left: [{card: spearman, tokenz: null}]}}}",
            "s.yaml:10:47: unknown key 'tokenz' in an item of left (did you mean 'tokens'?)",
        ),
        (
            "{P1: {tableau: {contains: [{card: spearman, zonez: left}]}}}",
            "unknown key 'zonez' in an item of tableau (did you mean 'zone'?)",
        ),
        (
            "{P1: {tableau: {at: {0: {card: spearman, coinz: 0}}}}}",
            "unknown key 'coinz' in an item of tableau (did you mean 'coins'?)",
        ),
    ],
)
def test_a_misspelt_key_of_a_list_item_is_refused(
    tmp_path: Path, expect: str, message: str
) -> None:
    """The game's tableau is empty when the scenario is checked: before, such a key with a
    null value was checked against nothing and matched the item's missing field."""
    found = problems(tmp_path, AR, AR_BASE + f"expect: {expect}\n")
    assert any(message in p for p in found), found


def test_a_misspelt_key_of_a_given_tableau_card_is_refused(tmp_path: Path) -> None:
    body = AR_BASE.replace("tokens: 1}", "tokenz: 1}")
    found = problems(tmp_path, AR, body)
    message = "s.yaml:8:71: unknown key 'tokenz' in an item of tableau (did you mean 'tokens'?)"
    assert any(message in p for p in found), found


def test_attack_rights_arrange_refuses_a_misspelt_field() -> None:
    """The engine's reader of a described state, called without the scenario's checks."""
    cat, engine = load(AR)
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(0)
    card = {"card": "spearman", "zone": "left", "tokenz": 3}
    with pytest.raises(ScenarioError, match=r"tableau\[0\]: unknown field 'tokenz'.*'tokens'"):
        engine.arrange(state, {"players": {0: {"tableau": [card]}}})
    with pytest.raises(ScenarioError, match=r"glimpses\[0\]: unknown field 'viewr'"):
        engine.arrange(state, {"glimpses": [{"viewr": "P1", "seat": "P2", "card": "x"}]})


def test_a_misspelt_key_of_an_excluded_item_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, AR, AR_BASE + "expect: {glimpses: {excludes: [{viewr: P1}]}}\n")
    message = "unknown key 'viewr' in an item of glimpses (did you mean 'viewer'?)"
    assert any(message in p for p in found), found


@pytest.mark.parametrize(
    ("excludes", "message"),
    [
        ("[{card: wall}, {card: spearman, zone: right}]", None),
        ("[{card: spearman}]", "P1.tableau holds [\"{'card': 'spearman'}\"], expected none"),
    ],
)
def test_an_excluded_item_is_matched_by_its_fields(
    tmp_path: Path, excludes: str, message: str | None
) -> None:
    expect = f"expect: {{P1: {{tableau: {{excludes: {excludes}}}}}}}\n"
    found = problems(tmp_path, AR, AR_BASE + expect)
    if message is None:
        assert found == []
    else:
        assert any(message in p for p in found), found


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ("{battle: {step: initiative, origin: 0, palace: false}}", None),
        ("{battle: {units: {contains: [{seat: P2, kind: base, power: 4}]}}}", None),
        ("{battle: {step: regular}}", "battle.step is 'initiative', expected 'regular'"),
        ("{battle: {stepz: initiative}}", "unknown key 'stepz' in battle (did you mean 'step'?)"),
        ("{battle: {step: initiatve}}", "unknown value 'initiatve' (did you mean 'initiative'?)"),
        (
            "{battle: {units: [{seat: P2, kindz: base}]}}",
            "unknown key 'kindz' in an item of units (did you mean 'kind'?)",
        ),
    ],
)
def test_attack_the_towers_battle_can_be_expected(
    tmp_path: Path, expect: str, message: str | None
) -> None:
    """A new game's battle is null: its fields are the vocabulary's (before, any mapping under
    it was taken for a list's test, `step` an unknown one)."""
    found = problems(tmp_path, AT, AT_BASE + f"  - expect: {expect}\n")
    if message is None:
        assert found == []
    else:
        assert any(message in p for p in found), found


def test_a_partly_given_battle_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    body = AT_BASE.split("steps:")[0] + "  battle: {step: initiative}\n"
    found = problems(tmp_path, AT, body)
    assert any("battle: no origin" in p for p in found), found


# --------------------------------------------------------------------------- mutations
#: where the shipped scenarios in the kit's format live
SCENARIO_FOLDERS = [
    ROOT / "tests/scenarios",
    *sorted(ROOT.glob("games/*/scenarios")),
    *sorted(ROOT.glob("cardgen/packs/*/scenarios")),
    *sorted(ROOT.glob("cardgen/scaffold/starters/*/scenarios")),
    *sorted(ROOT.glob("tests/described/coverage/*/scenarios")),
]


def _key_paths(data: object, path: tuple = ()) -> list[tuple]:
    """The path of every key of ``data``, at every depth."""
    out: list[tuple] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out += [(*path, k), *_key_paths(v, (*path, k))]
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _key_paths(v, (*path, i))
    return out


def _misspelt(doc: dict, path: tuple) -> dict:
    """``doc`` with the key at ``path`` misspelt (a ``z`` added), in its place."""
    out = copy.deepcopy(doc)
    parent = out
    for k in path[:-1]:
        parent = parent[k]
    items = list(parent.items())
    parent.clear()
    for k, v in items:
        parent[f"{k}z" if k == path[-1] else k] = v
    return out


def _shipped_yaml() -> list[Path]:
    """The YAML files of the repository: those git tracks (a build's copies in build/ or
    output/ are not shipped), or, outside a git checkout, every one but hidden folders'."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.yaml", "*.yml"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode == 0 and listed.stdout:
        return [ROOT / name for name in listed.stdout.decode().split("\0") if name]
    return [
        f
        for f in ROOT.rglob("*.y*ml")
        if not f.relative_to(ROOT).parts[0].startswith(".")
        and "node_modules" not in f.relative_to(ROOT).parts
    ]


def test_every_scenario_in_the_kits_format_is_in_a_scenario_folder() -> None:
    """The mutations below cover every shipped scenario: none lives elsewhere."""
    found = set()
    for f in _shipped_yaml():
        text = f.read_text("utf-8", errors="replace")
        if any(line.startswith(("steps:", "expect:", "given:")) for line in text.splitlines()):
            found.add(f)
    assert found, "no scenario found"
    assert found <= set(collect(SCENARIO_FOLDERS)), sorted(found - set(collect(SCENARIO_FOLDERS)))


@pytest.mark.slow
@pytest.mark.parametrize("folder", SCENARIO_FOLDERS, ids=lambda f: f.relative_to(ROOT).as_posix())
def test_every_misspelt_key_of_every_shipped_scenario_fails(folder: Path) -> None:
    """Each key of each scenario, misspelt one at a time, is refused when the scenario is
    checked (before anything plays): no key is read without being checked."""
    files = collect([folder])
    assert files
    passed: list[str] = []
    total = 0
    for f in files:
        doc, smap = load_yaml(f, display=str(f))
        cat = catalogue_of(f, doc, smap)
        engine = engine_of(cat)
        Scenario.parse(doc, smap, engine, cat)  # as shipped, it checks
        for path in _key_paths(doc):
            total += 1
            try:
                Scenario.parse(_misspelt(doc, path), smap, engine, cat)
            except Problems:
                continue
            passed.append(f"{f.relative_to(ROOT)}: {'.'.join(map(str, path))}")
    assert total > 10 * len(files)
    assert passed == []

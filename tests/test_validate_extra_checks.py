"""Extra checks (engine card checks, print preflight) and their content-keyed cache."""

from __future__ import annotations

import re
import shutil
import textwrap

import pytest

from cardgen.catalogue import validate
from cardgen.catalogue.extra_checks import ExtraCheck
from cardgen.checks import standard


@pytest.fixture
def counting_check(tmp_path, monkeypatch):
    """An ExtraCheck whose every real run appends a line to a file, and a catalogue copy."""
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    name = f"fake_check_{abs(hash(str(tmp_path)))}"  # a fresh module per test
    mod = tmp_path / "mods" / f"{name}.py"
    mod.parent.mkdir()
    runs = tmp_path / "runs.txt"
    mod.write_text(
        textwrap.dedent(f"""
        from cardgen.diagnostics import Diagnostic
        def check(cat, tag):
            with open({str(runs)!r}, "a") as fh:
                fh.write("run\\n")
            card = cat.cards[0]
            yield Diagnostic("W301", f"{{tag}} {{card.name}}", cat.position(card.id, "cost"),
                             card.id)
    """)
    )
    monkeypatch.syspath_prepend(str(mod.parent))
    return ExtraCheck(f"{name}:check", args=("seen",)), runs


def _runs(path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_cached_result_is_replayed_until_an_input_changes(
    counting_check, tmp_path, fixture_catalogue, monkeypatch
):
    check, runs = counting_check
    cat = tmp_path / "cards"
    shutil.copytree(fixture_catalogue, cat)
    monkeypatch.chdir(tmp_path)
    first = validate(cat, extra_checks=[check])
    second = validate(cat, extra_checks=[check])
    assert _runs(runs) == 1
    assert first.diagnostics == second.diagnostics
    (d,) = second.warnings
    assert d.code == "W301" and d.message == "seen Woodcutter" and d.position.line > 0
    # a card edit changes the key: the check runs again
    deck = cat / "battle.yaml"
    deck.write_text(deck.read_text().replace("name: Woodcutter", "name: Lumberjack"))
    third = validate(cat, extra_checks=[check])
    assert _runs(runs) == 2 and third.warnings[0].message == "seen Lumberjack"
    # other arguments are another entry
    validate(cat, extra_checks=[ExtraCheck(check.target, args=("other",))])
    assert _runs(runs) == 3


def test_a_check_that_reads_no_card_is_replayed_after_a_card_edit(
    counting_check, tmp_path, fixture_catalogue, monkeypatch
):
    """The sheets' preflight reads the rules model and the files beside the cards: a card edit
    replays it, an edit of rules.yaml or of a file beside the cards runs it again."""
    check, runs = counting_check
    check = ExtraCheck(check.target, args=check.args, cards=False)
    cat = tmp_path / "cards"
    shutil.copytree(fixture_catalogue, cat)
    monkeypatch.chdir(tmp_path)
    validate(cat, extra_checks=[check])
    deck = cat / "battle.yaml"
    deck.write_text(deck.read_text().replace("name: Woodcutter", "name: Lumberjack"))
    validate(cat, extra_checks=[check])
    assert _runs(runs) == 1
    rules = cat / "rules.yaml"
    rules.write_text(rules.read_text() + "\n# a comment\n")
    validate(cat, extra_checks=[check])
    assert _runs(runs) == 2
    (cat / "components.yaml").write_text("tokens: []\n")
    validate(cat, extra_checks=[check])
    assert _runs(runs) == 3


def test_no_cache_always_runs_and_damaged_entries_are_rerun(
    counting_check, tmp_path, fixture_catalogue
):
    check, runs = counting_check
    validate(fixture_catalogue, extra_checks=[check], use_cache=False)
    validate(fixture_catalogue, extra_checks=[check], use_cache=False)
    assert _runs(runs) == 2
    validate(fixture_catalogue, extra_checks=[check])
    entries = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert {p.parent.name for p in entries} == {"checks", "catalogue"}
    for entry in entries:  # check results and the catalogue snapshot alike
        entry.write_text("{not json")
    result = validate(fixture_catalogue, extra_checks=[check])
    assert _runs(runs) == 4 and len(result.warnings) == 1


def test_extra_checks_wait_for_a_clean_schema(counting_check, tmp_path, fixture_catalogue):
    check, runs = counting_check
    cat = tmp_path / "cards"
    shutil.copytree(fixture_catalogue, cat)
    deck = cat / "battle.yaml"
    deck.write_text(deck.read_text().replace("cost: 3,", "cost: -3,"))
    result = validate(cat, extra_checks=[check])
    assert _runs(runs) == 0 and "E105" in [d.code for d in result.errors]


def test_standard_checks_pass_on_the_real_catalogue(cards_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    result = validate(cards_dir, extra_checks=standard(), use_cache=False)
    assert result.ok and not result.diagnostics, result.diagnostics


def test_the_core_checks_are_functions_a_pack_names_its_own(fixture_catalogue):
    from cardgen.catalogue.loader import load_catalogue

    chosen = standard()(load_catalogue(fixture_catalogue))
    core = [c.name for c in chosen if not isinstance(c.target, str)]
    assert core == ["cardgen.checks:preflight_check", "cardgen.checks:sheet_check"]
    assert all(isinstance(c.target, str) for c in chosen if c.name not in core)


def test_catalogue_code_names_no_check_of_another_layer_by_string():
    from pathlib import Path

    import cardgen.catalogue

    named = re.compile(r"[\"']cardgen\.(?!catalogue\b)[\w.]+:\w+[\"']")
    for path in Path(cardgen.catalogue.__file__).parent.rglob("*.py"):
        assert not named.search(path.read_text(encoding="utf-8")), path


@pytest.mark.slow
def test_the_import_contracts_see_the_standard_checks():
    import grimp

    graph = grimp.build_graph("cardgen", cache_dir=None)
    for module in ("cardgen.render.preflight", "cardgen.components.preflight"):
        assert graph.direct_import_exists(importer="cardgen.checks", imported=module)
    assert graph.direct_import_exists(
        importer="cardgen.checks", imported="cardgen.engine.described"
    )
    assert not graph.find_modules_that_directly_import("cardgen.checks") & {
        m for m in graph.modules if m.startswith(("cardgen.catalogue", "cardgen.render"))
    }

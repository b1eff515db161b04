"""The `cardgen appendix` command."""

from __future__ import annotations

from pathlib import Path

from cardgen.packs.attack_right.docs import rules_reference

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"


def test_writes_chosen_formats(runner, app, tmp_path):
    res = runner.invoke(
        app, ["appendix", str(FIXTURE), "-f", "md", "-f", "html", "-o", str(tmp_path)]
    )
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["appendix.html", "appendix.md"]


def test_rules_reference_option(runner, app, tmp_path):
    out = tmp_path / "ref.md"
    res = runner.invoke(app, ["appendix", "--rules-reference", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_text(encoding="utf-8") == rules_reference()


def test_invalid_catalogue_exits_1(runner, app, tmp_path):
    res = runner.invoke(app, ["appendix", str(tmp_path), "-o", str(tmp_path / "out")])
    assert res.exit_code == 1
    assert not (tmp_path / "out").exists()

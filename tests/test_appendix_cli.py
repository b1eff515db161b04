"""The `cardgen appendix` command."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.packs.attack_right.docs import rules_reference

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"


def test_writes_chosen_formats(runner, app, tmp_path, fixture_catalogue):
    res = runner.invoke(
        app, ["appendix", str(fixture_catalogue), "-f", "md", "-f", "html", "-o", str(tmp_path)]
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


BROKEN_ICONS = {
    "not well-formed": b"<svg><g>",
    "not svg": b'<html viewBox="0 0 100 100"/>',
    "no viewBox": b'<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>',
    "text": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text>x</text></svg>',
    "nothing drawn": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"/>',
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("fmt", ["html", "pdf"])
@pytest.mark.parametrize("case", sorted(BROKEN_ICONS))
def test_a_broken_icon_of_the_catalogue_is_refused_as_validate_refuses_it(
    runner, app, tmp_path, fmt, case
):
    """The catalogue's own icons/coin.svg, broken: E405 at the file, exit 1, nothing written
    (the HTML and PDF appendices draw the icon)."""
    from catalogue_edits import copy_catalogue

    cards = copy_catalogue(FIXTURE.parent / "catalogue", tmp_path)
    (cards / "icons").mkdir()
    (cards / "icons" / "coin.svg").write_bytes(BROKEN_ICONS[case])
    res = runner.invoke(app, ["appendix", str(cards), "-f", fmt, "-o", str(tmp_path / "out")])
    assert isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 1, res.output
    assert "icons/coin.svg" in res.output and "E405" in res.output, res.output
    assert not (tmp_path / "out").exists()

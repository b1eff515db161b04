"""docs/tutorial-rules.md, followed as a new user does: its commands, its sheet, its edit of
play.yaml and its scenario, with the results it says (the CLI in-process)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.described.conftest import ROOT

DOC = (ROOT / "docs/tutorial-rules.md").read_text("utf-8")


def _sheet() -> str:
    """The tutorial's table of cards as CSV."""
    rows = [line for line in DOC.splitlines() if line.startswith("| ") and "---" not in line]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    assert cells[0] == ["id", "name", "back", "suit", "rank", "copies"]
    return "".join(",".join(r) + "\n" for r in cells)


def _block(start: str) -> str:
    """The fenced YAML block of the tutorial that starts with ``start``."""
    m = re.search(r"```yaml\n(" + re.escape(start) + r".*?)```", DOC, re.S)
    assert m, start
    return m.group(1)


@pytest.mark.slow
def test_the_tutorial_s_steps_give_what_it_says(
    runner, app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    say = lambda *args: runner.invoke(app, list(args))  # noqa: E731
    assert "cardgen new harvest --game drafting --name Harvest" in DOC
    assert say("new", "harvest", "--game", "drafting", "--name", "Harvest").exit_code == 0
    monkeypatch.chdir(tmp_path / "harvest")
    (tmp_path / "harvest" / "harvest.csv").write_text(_sheet(), "utf-8")
    res = say("import", "harvest.csv", "--to", "cards/")
    assert res.exit_code == 0 and "imported 7 card designs (24 cards)" in res.output
    res = say("validate")
    assert res.exit_code == 0 and "0 warning(s)" in res.output
    res = say("scenario", "run", "scenarios")  # the starter's scenarios name its own cards
    assert res.exit_code == 1 and "unknown card 'moon-1'" in res.output
    for f in (tmp_path / "harvest" / "scenarios").glob("*.yaml"):
        f.unlink()
    play = tmp_path / "harvest" / "cards" / "play.yaml"
    text = play.read_text("utf-8")
    old = 'then: [{add: {"score[s]": 4}}]'
    assert text.count(old) == 1 and 'then: [{add: {"score[s]": c.rank}}]' in DOC
    play.write_text(text.replace(old, 'then: [{add: {"score[s]": c.rank}}]'), "utf-8")
    (tmp_path / "harvest" / "scenarios" / "stars.yaml").write_text(
        _block("name: A star scores its rank"), "utf-8"
    )
    res = say("scenario", "run", "scenarios")
    assert res.exit_code == 0 and "1 passed, 0 failed" in res.output
    play.write_text(text, "utf-8")  # the old rule: the scenario fails as the tutorial says
    res = say("scenario", "run", "scenarios")
    assert res.exit_code == 1 and "P1.score is 8, expected 11" in res.output

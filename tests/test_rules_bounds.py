"""Numbers of a game's rules.yaml that set how much work a command does are bounded, and the
bound is checked when the rules are read, before any work: Castle Rampage's attack odds
(samples, situations, strengths, exact states) and Authority's turn limit.  Past a bound is
E105 at its line, not a build that runs for minutes."""

from __future__ import annotations

import shutil

import pytest
from conftest import ROOT

from cardgen.catalogue.loader import load_rules
from cardgen.diagnostics import DiagnosticError

RAMPAGE = ROOT / "games" / "castle-rampage" / "cards" / "rules.yaml"
AUTHORITY = ROOT / "games" / "authority" / "cards" / "rules.yaml"


def _refused(tmp_path, source, old: str, new: str, words: str, at: str) -> None:
    path = tmp_path / "rules.yaml"
    shutil.copy(source, path)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if at in t)
    with pytest.raises(DiagnosticError) as err:
        load_rules(path)
    (d,) = err.value.diagnostics
    assert d.code in ("E105", "E109") and words in d.message, d
    assert d.position.line in (line, line + 1), (d, line)  # the key's or its value's line
    assert len(d.message) < 300, d  # a long value is not echoed whole


SITUATIONS = "".join(f'    - {{name: "s{i}", gate: 4, castle: 4}}\n' for i in range(500))


@pytest.mark.parametrize(
    "old, new, words, at",
    [
        ("samples: 10000", "samples: 10000000", "less than or equal to 100000", "samples:"),
        ("exact_limit: 60000", "exact_limit: 10000000", "or equal to 100000", "exact_limit"),
        ("  seed: 1", "  seed: 1\n  strengths: [10000000000000000000]", "99", "strengths"),
        ("  seed: 1", f"  seed: 1\n  strengths: {list(range(1, 100)) * 101}", "99", "strengths"),
        ("  situations:\n", f"  situations:\n{SITUATIONS}", "at most 10", "situations:"),
        ("samples: 10000", "samples: 100000", "simulated deals", "odds:"),
    ],
)
def test_castle_rampage_odds_past_their_bounds_are_refused(tmp_path, old, new, words, at):
    _refused(tmp_path, RAMPAGE, old, new, words, at)


def test_authority_turn_limit_is_bounded(tmp_path):
    limit = "turn_limit: 1" + "0" * 30
    _refused(tmp_path, AUTHORITY, "turn_limit: 300", limit, "10000", "turn_limit")

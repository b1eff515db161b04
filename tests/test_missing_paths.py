"""A path that is not there is said to not exist, by every command that reads one (the first
hour: "not a catalogue folder", "No such file or directory", "not found")."""

from __future__ import annotations

import re

import pytest
from conftest import CARDS


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["validate", "{tmp}/nope"], "the catalogue folder does not exist"),
        (["export", "{tmp}/nope"], "the catalogue folder does not exist"),
        (
            ["import", "{tmp}/nope.csv", "--to", str(CARDS)],
            "nope.csv: error E001 cannot read file: it does not exist",
        ),
        (
            ["import", "{tmp}/x.csv", "--to", "{tmp}/nope"],
            "{tmp}/nope does not exist: give --rules FILE",
        ),
        (
            ["import", "{tmp}/x.csv", "--to", "{tmp}/cards", "--rules", "{tmp}/nope.yaml"],
            "cannot read {tmp}/nope.yaml: it does not exist",
        ),
        (["schema", "{tmp}/nope"], "{tmp}/nope/rules.yaml does not exist"),
        (["scenario", "run", "{tmp}/nope.yaml"], "cannot read file: it does not exist"),
        (
            ["play", str(CARDS), "--replay", "{tmp}/nope.json"],
            "nope.json: cannot read: it does not exist",
        ),
    ],
)
def test_a_missing_path_does_not_exist(runner, app, plain, tmp_path, args, words):
    (tmp_path / "x.csv").write_text("id,name\n")
    (tmp_path / "cards").mkdir()
    res = runner.invoke(app, [a.format(tmp=tmp_path) for a in args])
    assert res.exit_code in (1, 2) and "Traceback" not in res.output
    out = "".join(re.sub("[│╭╮╰╯─]", "", plain(res.output)).split())  # as one line, boxes aside
    assert "".join(words.format(tmp=tmp_path).split()) in out
    assert "Nosuchfileordirectory" not in out and "notfound" not in out

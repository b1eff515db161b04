"""`cardgen play` on Authority's catalogue: text and JSON logs, replay, one player's view."""

from __future__ import annotations

import json
from pathlib import Path

from cardgen.cli import app

CARDS = str(Path(__file__).resolve().parents[2] / "games" / "authority" / "cards")


def test_play_text_log_names_the_winner(runner):
    result = runner.invoke(app, ["play", CARDS, "--players", "3", "--bots", "greedy,random,greedy",
                                 "--seed", "3"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "P1 (bloodrunners): greedy" in result.output
    assert result.output.count("— winner") == 1


def test_json_log_replays_and_is_byte_identical(runner, tmp_path):
    logs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        r = runner.invoke(app, ["play", CARDS, "--seed", "8", "-f", "json", "-o", str(out)])
        assert r.exit_code == 0, r.output
        logs.append(out.read_bytes())
    assert logs[0] == logs[1]
    r = runner.invoke(app, ["play", "--replay", str(tmp_path / "a.json"), CARDS])
    assert r.exit_code == 0 and "replay OK" in r.output
    doc = json.loads(logs[0])
    doc["steps"] = doc["steps"][:-1]
    (tmp_path / "c.json").write_text(json.dumps(doc))
    r = runner.invoke(app, ["play", "--replay", str(tmp_path / "c.json"), CARDS])
    assert r.exit_code == 1


def test_view_keeps_the_other_hands_hidden(runner):
    r = runner.invoke(app, ["play", CARDS, "--seed", "4", "--view", "1", "-f", "json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    draws = [e for e in doc["events"] if e["type"] == "draw"]
    assert {e["seat"] for e in draws} == {"P1", "P2"}
    for e in draws:  # the other seat's draws say who drew, not what
        assert (e["card"] is None) == (e["seat"] == "P2"), e


def test_bad_choices_are_usage_errors(runner, plain):
    r = runner.invoke(app, ["play", CARDS, "--sides", "royal,golden-ox"])
    assert r.exit_code == 2 and "'royal' is not one of" in plain(r.output)
    r = runner.invoke(app, ["play", CARDS, "--sides", "golden-ox,golden-ox"])
    assert r.exit_code == 2 and "different faction" in plain(r.output)
    r = runner.invoke(app, ["play", CARDS, "--first-game"])
    assert r.exit_code == 2 and "unknown option 'first_game'" in plain(r.output)

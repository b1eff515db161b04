"""`cardgen play`: text and JSON logs, byte-equal reruns, replay checks, clean errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

FIXTURE = str(Path(__file__).parent / "fixtures" / "engine")
BASE = ["play", FIXTURE, "--decks", "red,blue,spy", "--seed", "4"]


def test_text_log_round_by_round(runner, app):
    res = runner.invoke(app, [*BASE, "--bots", "random,greedy,random"])
    assert res.exit_code == 0, res.output
    out = res.output
    for r in range(1, 5):
        assert f"=== Round {r} " in out
    assert "--- battle ---" in out and "attacks" in out and "Game over" in out
    assert "P2 greedy" in out


def test_json_log_is_stable_and_replays(runner, app, tmp_path):
    log = tmp_path / "game.json"
    res = runner.invoke(app, [*BASE, "-f", "json", "-o", str(log)])
    assert res.exit_code == 0, res.output
    doc = json.loads(log.read_text())
    assert doc["players"] == 3 and doc["seed"] == 4 and doc["events"][-1]["type"] == "game_end"
    assert "time" not in log.read_text().lower()
    again = runner.invoke(app, [*BASE, "-f", "json"])
    assert again.stdout == log.read_text()
    ok = runner.invoke(app, ["play", FIXTURE, "--replay", str(log)])
    assert ok.exit_code == 0 and "replay OK" in ok.output
    doc["final_state_hash"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and "recorded" in res.output
    doc["actions"][0][0] = 99999
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and "step 1" in res.output


def test_same_bytes_under_other_hash_seeds(tmp_path):
    outs = []
    for hs in ("1", "987"):
        env = {**os.environ, "PYTHONHASHSEED": hs}
        cmd = [sys.executable, "-m", "cardgen", *BASE, "-f", "json", "--first-game"]
        outs.append(subprocess.run(cmd, env=env, capture_output=True, check=True).stdout)
    assert outs[0] == outs[1] and outs[0]


def test_clean_errors(runner, app, tmp_path, plain):
    for args, msg in [
        (["--decks", "red,red"], "each player picks a different deck"),
        (["--decks", "red,nope"], "'nope' is not one of 'red', 'blue', 'green', 'spy'"),
        (["--decks", "red,blue", "--bots", "random,clever"], "'clever' is not one of"),
        (["--players", "3", "--decks", "red,blue"], "needs 3 decks"),
        (["--decks", "red,blue", "--bots", "random,random,random"], "'--bots': needs 1 or 2"),
        (["--players", "5"], "'5' is not one of '2', '3', '4'"),
    ]:  # usage errors: exit 2
        res = runner.invoke(app, ["play", FIXTURE, *args])
        assert res.exit_code == 2 and msg in plain(res.output), (args, res.output)
        assert "Traceback" not in res.output
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(junk)])
    assert res.exit_code == 1 and "not a JSON game log" in res.output
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(tmp_path / "no")])
    assert res.exit_code == 1 and "cannot read" in res.output


def test_spy_deck_with_two_players_warns(runner, app):
    res = runner.invoke(app, ["play", FIXTURE, "--decks", "spy,red"])
    assert res.exit_code == 0 and "warning" in res.output


def test_a_pack_without_an_engine_cannot_play(runner, app):
    plain = str(Path(__file__).parent / "fixtures" / "plain")
    for args in (["play", "--cards", plain], ["play", "--cards", plain, "--replay", "x.json"]):
        res = runner.invoke(app, args)
        assert res.exit_code == 2, res.output
        assert "the plain pack has no rules engine" in res.output
        assert "Traceback" not in res.output

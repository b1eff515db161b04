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


def _full_and_views(runner, app, tmp_path, seed: int):
    base = ["play", FIXTURE, "--decks", "red,blue,spy", "--seed", str(seed), "-f", "json"]
    full = json.loads(runner.invoke(app, base).stdout)
    views = []
    for p in (1, 2, 3):
        res = runner.invoke(app, [*base, "--view", str(p)])
        assert res.exit_code == 0, res.output
        views.append(json.loads(res.stdout))
    return full, views


def test_each_player_s_view_holds_only_what_they_may_see(runner, app, tmp_path):
    hidden_checked = 0
    for seed in (4, 5, 6):
        full, views = _full_and_views(runner, app, tmp_path, seed)
        events = full["events"]
        for seat, view in enumerate(views):
            assert view["format"] == "cardgen-game-view/1" and view["viewer"] == seat
            assert "seed" not in view and "actions" not in view  # they would replay everything
            assert view["results"] == full["results"]
            mine = [e for e in view["events"] if e["type"] in ("deal", "pick", "save", "peek")]
            assert mine and all(e["player"] == seat for e in mine)
            assert all(
                e["card"] == "?"
                for e in view["events"]
                if e["type"] == "draft_discard" and e["player"] != seat
            )
            # the view's events are the full log's, some private ones left out, some cards
            # masked, reveals added: line them up
            public = [e for e in view["events"] if e["type"] != "reveal"]
            wanted = [
                e
                for e in events
                if e["type"] not in ("deal", "pick", "save", "peek", "glimpse")
                or e["player"] == seat
            ]
            assert len(public) == len(wanted)
            for got, want in zip(public, wanted, strict=True):
                masked = {k for k in want if got[k] != want[k]}
                assert masked <= {"card", "removes"} and all(got[k] == "?" for k in masked)
                if got["type"] == "play" and "card" in masked:
                    hidden_checked += 1
                    rev = [
                        r
                        for r in view["events"]
                        if r["type"] == "reveal" and r["player"] == got["player"]
                    ]
                    assert {
                        "type": "reveal",
                        "player": got["player"],
                        "card": want["card"],
                        "zone": want["zone"],
                    } in rev or any(
                        e["type"] == "remove" and e["card"] == want["card"] for e in events
                    )
            # one decision per step the viewer acted in, each with the observation it had
            acted = [a for a in full["actions"] if a[seat] is not None]
            assert len(view["decisions"]) == len(acted)
            assert all(d["observation"]["player"] == seat for d in view["decisions"])
    assert hidden_checked > 0


def test_text_views_differ_by_player(runner, app):
    outs = [runner.invoke(app, [*BASE, "--view", str(p)]).stdout for p in (1, 2, 3)]
    assert outs[0] != outs[1] != outs[2]
    assert "as P1 saw it" in outs[0] and "seed" not in outs[0].splitlines()[0]
    assert "P1 is dealt" in outs[0] and "P2 is dealt" not in outs[0]
    full = runner.invoke(app, BASE).stdout
    assert "P1 is dealt" in full and "P2 is dealt" in full


def test_replay_checks_every_event(runner, app, tmp_path):
    log = tmp_path / "game.json"
    assert runner.invoke(app, [*BASE, "-f", "json", "-o", str(log)]).exit_code == 0
    doc = json.loads(log.read_text())
    k, event = next((k, e) for k, e in enumerate(doc["events"]) if e["type"] == "coins")
    event["amount"] += 1  # a doctored event; the final state hash still matches
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and f"event {k + 1} differs" in res.output
    del doc["events"][-1]
    event["amount"] -= 1
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and "events, the replay" in res.output


def test_view_usage_errors(runner, app, plain):
    for args, msg in [
        (["--view", "4"], "'4' is not one of '1', '2', '3'"),
        (["--view", "0"], "'0' is not one of"),
        (["--view", "1", "--replay", "x.json"], "a replay checks the full log"),
    ]:
        res = runner.invoke(app, [*BASE, *args])
        assert res.exit_code == 2 and msg in plain(res.output), (args, res.output)

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
    assert "P2 (blue): greedy" in out


def test_json_log_is_stable_and_replays(runner, app, tmp_path):
    log = tmp_path / "game.json"
    res = runner.invoke(app, [*BASE, "-f", "json", "-o", str(log)])
    assert res.exit_code == 0, res.output
    doc = json.loads(log.read_text())
    assert doc["setup"]["players"] == 3 and doc["seed"] == 4
    assert doc["events"][-1]["type"] == "game_end" and doc["format"] == "cardgen-game-log"
    assert "time" not in log.read_text().lower()
    again = runner.invoke(app, [*BASE, "-f", "json"])
    assert again.stdout == log.read_text()
    ok = runner.invoke(app, ["play", FIXTURE, "--replay", str(log)])
    assert ok.exit_code == 0 and "replay OK" in ok.output
    doc["final_digest"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and "the log recorded" in res.output
    doc["final_digest"] = json.loads(log.read_text())["final_digest"]
    doc["steps"][0]["P1"] = "pick nothing"
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
        (["--decks", "red,red"], "each player plays a different deck"),
        (["--decks", "red,nope"], "'nope' is not one of 'red', 'blue', 'green', 'spy'"),
        (["--decks", "red,blue", "--bots", "random,clever"], "'clever' is not one of"),
        (["--players", "3", "--decks", "red,blue"], "3 players need 3 sides"),
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
    """A seat's view: its own deals and picks, the others' hidden; the same public events."""
    for seed in (4, 5, 6):
        full, views = _full_and_views(runner, app, tmp_path, seed)
        for seat, view in enumerate(views):
            me = f"P{seat + 1}"
            assert view["format"] == "cardgen-game-log-view" and view["viewer"] == me
            assert "seed" not in view and "steps" not in view  # they would replay everything
            assert view["result"] == full["result"]
            assert len(view["events"]) == len(full["events"])
            for got, want in zip(view["events"], full["events"], strict=True):
                if want["type"] in ("deal", "pick") and want["seat"] != me:
                    assert got["cards" if want["type"] == "deal" else "card"] is None
                elif want["type"] in ("deal", "pick"):
                    assert got == want
            assert view["decisions"]
            for d in view["decisions"]:  # its own hand by card, the others' by count
                hands = [p["hand"] for p in d["observation"]["players"]]
                assert all(isinstance(h, list) == (q == seat) for q, h in enumerate(hands))


def test_text_views_differ_by_player(runner, app):
    outs = [runner.invoke(app, [*BASE, "--view", str(p)]).stdout for p in (1, 2, 3)]
    assert outs[0] != outs[1] != outs[2]
    assert "as P1 saw it" in outs[0] and "seed" not in outs[0].splitlines()[0]
    assert "P1 is dealt Wall" in outs[0] and "P2 is dealt a hidden card" in outs[0]
    full = runner.invoke(app, BASE).stdout
    assert "P1 is dealt Wall" in full and "P2 is dealt a hidden card" not in full


def test_replay_checks_every_event(runner, app, tmp_path):
    log = tmp_path / "game.json"
    assert runner.invoke(app, [*BASE, "-f", "json", "-o", str(log)]).exit_code == 0
    doc = json.loads(log.read_text())
    event = next(e for e in doc["events"] if e["type"] == "coins")
    event["amount"] += 1  # a doctored event; the final state hash still matches
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and "event" in res.output and "coins" in res.output
    del doc["events"][-1]
    event["amount"] -= 1
    bad.write_text(json.dumps(doc))
    res = runner.invoke(app, ["play", FIXTURE, "--replay", str(bad)])
    assert res.exit_code == 1 and "game_end" in res.output and "not in the log" in res.output


def test_view_usage_errors(runner, app, plain):
    for args, msg in [
        (["--view", "4"], "'4' is not one of '1', '2', '3'"),
        (["--view", "0"], "'0' is not one of"),
        (["--view", "1", "--replay", "x.json"], "a replay checks the full log"),
    ]:
        res = runner.invoke(app, [*BASE, *args])
        assert res.exit_code == 2 and msg in plain(res.output), (args, res.output)


def test_bots_take_the_forms_simulate_takes(runner, app, plain):
    """--bots as simulate takes it: one for every seat, one per seat, or mixed (each seat's
    bot drawn from the game's by the seed: the same seed, the same lineup)."""
    import random

    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.bots import bot_names
    from cardgen.engine.registry import engine_of
    from cardgen.simulate.seeds import lineup_seed

    pool = bot_names(engine_of(load_catalogue(FIXTURE)))
    args = ["play", FIXTURE, "--decks", "red,blue", "--seed", "5", "--bots"]
    rng = random.Random(lineup_seed(5, 0))
    want = [rng.choice(pool) for _ in range(2)]
    res = runner.invoke(app, [*args, "mixed", "-f", "json"])
    assert res.exit_code == 0, res.output
    assert [s["bot"] for s in json.loads(res.stdout)["seats"]] == want
    assert runner.invoke(app, [*args, "mixed", "-f", "json"]).stdout == res.stdout
    res = runner.invoke(app, [*args, "greedy"])
    assert "P1 (red): greedy" in res.stdout and "P2 (blue): greedy" in res.stdout
    res = runner.invoke(app, [*args, "greedy,mixed"])
    assert res.exit_code == 2 and "'mixed' is not one of" in plain(res.output)


def test_replay_finds_the_catalogue_the_log_names_beside_it(runner, app, tmp_path, monkeypatch):
    """A log saved for a folder other than cards/ (the studio names the folder) replays
    without CARDS: its catalogue is found beside the log; one found nowhere is named, with
    the command to run (it failed with "E010 the catalogue folder does not exist")."""
    import shutil

    game = tmp_path / "game"
    shutil.copytree(FIXTURE, game / "my-cards")
    monkeypatch.chdir(game)
    res = runner.invoke(app, ["play", "my-cards", "--decks", "red,blue", "-f", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["catalogue"] == "my-cards"
    (game / "log.json").write_text(res.stdout, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, ["play", "--replay", "game/log.json"])
    assert res.exit_code == 0, res.output
    assert "replay OK" in res.output
    (game / "my-cards").rename(game / "moved")
    res = runner.invoke(app, ["play", "--replay", "game/log.json"])
    assert res.exit_code == 1
    assert "the log's catalogue 'my-cards' is not beside it (game/my-cards)" in res.output
    assert "cardgen play FOLDER --replay game/log.json" in res.output
    res = runner.invoke(app, ["play", "game/moved", "--replay", "game/log.json"])
    assert res.exit_code == 0 and "replay OK" in res.output

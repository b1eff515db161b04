"""The commands on Attack the Tower's catalogue: play (text, JSON, a player's view, replay),
simulate, and clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.attack_the_tower.tower_paths import ROOT, TOWER_CARDS

CARDS = str(TOWER_CARDS)


def cardgen(*args: str):
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *args], capture_output=True, text=True, cwd=ROOT
    )


def test_play_writes_a_log_that_replays(tmp_path):
    log = tmp_path / "game.json"
    out = cardgen(
        "play", CARDS, "--bots", "greedy,random", "--seed", "4", "-f", "json", "-o", str(log)
    )
    assert out.returncode == 0, out.stderr
    doc = json.loads(log.read_text())
    assert doc["result"]["winner"] in (0, 1) and doc["sides"] == ["red", "blue"]
    replay = cardgen("play", CARDS, "--replay", str(log))
    assert replay.returncode == 0 and "replay OK" in replay.stdout
    doc["final_hash"] = "0" * 64
    log.write_text(json.dumps(doc))
    assert cardgen("play", CARDS, "--replay", str(log)).returncode == 1


def test_play_text_and_view():
    text = cardgen("play", CARDS, "--bots", "greedy", "--seed", "2")
    assert (
        text.returncode == 0 and "== turn 1 ==" in text.stdout and " wins on turn " in text.stdout
    )
    view = cardgen("play", CARDS, "--bots", "greedy", "--seed", "2", "--view", "1")
    assert view.returncode == 0 and "the view of P1" in view.stdout
    assert "P2 draw: pile=base, card=None" in view.stdout or "card=None" in view.stdout


def test_bad_bot_and_sides_are_usage_errors():
    out = cardgen("play", CARDS, "--bots", "oracle")
    assert out.returncode == 2 and "oracle" in out.stderr and "greedy" in out.stderr
    out = cardgen("play", CARDS, "--decks", "red,green")
    assert out.returncode == 2 and "green" in out.stderr

"""The commands on Attack the Tower's catalogue through the engine kit: play (text, the JSON
game log that replays, a player's view), simulate, and clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app
from tests.attack_the_tower.tower_paths import TOWER_CARDS

CARDS = str(TOWER_CARDS)


def cardgen(*args: str):
    return CliRunner().invoke(app, list(args))


def test_play_writes_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    args = ("play", CARDS, "--bots", "greedy,random", "--seed", "4", "-f", "json", "-o", str(log))
    out = cardgen(*args)
    assert out.exit_code == 0, out.output
    first = log.read_bytes()
    doc = json.loads(first)
    assert doc["game"] == "attack-the-tower" and doc["setup"]["sides"] == ["red", "blue"]
    assert [s["bot"] for s in doc["seats"]] == ["greedy", "random"]
    assert doc["result"]["ended"] and len(doc["result"]["winners"]) == 1
    assert any(e["type"] == "palace-destroyed" for e in doc["events"])
    assert cardgen(*args).exit_code == 0 and log.read_bytes() == first  # the same bytes
    replay = cardgen("play", CARDS, "--replay", str(log))
    assert replay.exit_code == 0 and "replay OK" in replay.output, replay.output
    doc["final_digest"] = "0" * 64
    log.write_text(json.dumps(doc))
    bad = cardgen("play", CARDS, "--replay", str(log))
    assert bad.exit_code == 1 and "replay OK" not in bad.output


def test_play_text_and_view() -> None:
    text = cardgen("play", CARDS, "--bots", "greedy", "--seed", "2")
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[:3] == ["Attack the Tower: seed 2", "P1 (red): greedy", "P2 (blue): greedy"]
    assert "-- turn 1: P1 attacks" in lines and "P2 destroys the palace and wins" in lines
    assert "P2 draws Shooting Range (base)" in lines
    view = cardgen("play", CARDS, "--bots", "greedy", "--seed", "2", "--view", "1")
    assert view.exit_code == 0, view.output
    seen = view.output.splitlines()
    assert seen[0] == "Attack the Tower, as P1 saw it"
    assert "P1 draws Shooting Range (base)" in seen and "P2 draws a hidden card (base)" in seen
    assert not any(line.startswith("P2 draws") and "hidden" not in line for line in seen)


def test_bad_bot_and_sides_are_usage_errors() -> None:
    out = cardgen("play", CARDS, "--bots", "oracle")
    assert out.exit_code == 2 and "oracle" in out.output and "greedy" in out.output
    out = cardgen("play", CARDS, "--decks", "red,green")
    assert out.exit_code == 2 and "green" in out.output


def test_simulate_seats_two_players_by_default(tmp_path: Path) -> None:
    out_file = tmp_path / "sim.json"
    args = ("simulate", CARDS, "--games", "20", "--bots", "random", "-f", "json")
    out = cardgen(*args, "-o", str(out_file))
    assert out.exit_code == 0, out.output
    doc = json.loads(out_file.read_text())
    assert doc["spec"]["players"] == 2 and doc["games"] == 20
    assert sum(s["wins"] for s in doc["seats"]) <= 20 and len(doc["seats"]) == 2
    played = {d["card"]: d["played"] for d in doc["designs"]}
    assert played["blacksmith"] > 0 and played["workshop"] > 0
    bad = cardgen("simulate", CARDS, "--players", "3")
    assert bad.exit_code == 2 and "'3' is not one of '2'" in bad.output

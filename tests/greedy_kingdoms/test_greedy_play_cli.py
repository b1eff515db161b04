"""`cardgen play` on Greedy Kingdoms through the engine kit: the game's words in the text log,
a JSON log that replays, and a player's view that hides the deck order and the other's commit."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app

CARDS = str(Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards")


def _play(*args: str):
    return CliRunner().invoke(app, ["play", CARDS, *args])


def test_play_writes_a_log_that_replays(tmp_path: Path) -> None:
    text = _play("--bots", "greedy,random", "--seed", "4")
    assert text.exit_code == 0, text.output
    assert "Rock-Scissors-Paper" in text.output and "wins with a second Royal Palace" in text.output
    log = tmp_path / "g.json"
    assert _play("--bots", "greedy", "--seed", "4", "-f", "json", "-o", str(log)).exit_code == 0
    first = log.read_bytes()
    assert _play("--bots", "greedy", "--seed", "4", "-f", "json", "-o", str(log)).exit_code == 0
    assert log.read_bytes() == first
    ok = _play("--replay", str(log))
    assert ok.exit_code == 0 and "replay OK" in ok.output


def test_a_players_view_hides_the_decks_and_the_seed() -> None:
    import json

    res = _play("--bots", "greedy", "--seed", "4", "-f", "json", "--view", "2")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["viewer"] == "P2" and "seed" not in doc and "steps" not in doc
    assert doc["decisions"], "the player's decisions are listed"
    for d in doc["decisions"]:
        obs = d["observation"]
        assert isinstance(obs["upgrade_deck"], int)  # a count, not the order
        assert d["chosen"] in d["legal"]
        if obs["phase"] == "commit":
            assert obs["players"][0]["commit"] is None  # the other player's is face down

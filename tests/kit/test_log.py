"""The one game log: replays check every event and the final state; views hide what a seat
may not know; a log of another game, version or catalogue is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgen.engine import log
from cardgen.engine.errors import ReplayError
from cardgen.engine.play import play
from tests.kit.catalogues import ROOT, ids, kit_folders, load

FOLDERS = kit_folders()
HARBOUR = ROOT / "cardgen/packs/harbour_bid/cards"


@pytest.mark.parametrize("folder", FOLDERS, ids=ids(FOLDERS))
def test_every_game_replays_from_its_log(folder: Path) -> None:
    cat, engine = load(folder)
    for seed in range(3):
        played = play(
            engine, cat, engine.setup(cat), ["random"] * engine.player_range(cat)[0], seed
        )
        text = log.to_json(played, "cards")
        doc = json.loads(text)
        assert list(doc) == list(log.KEYS)
        assert doc["version"] == log.LOG_VERSION and doc["game"] == engine.info.id
        result = log.replay(text, engine, cat)
        assert result.ok, result.problem
        assert result.steps == len(played.steps)
        assert log.to_json(played, "cards") == text  # no timestamps: the same bytes


def _played(seed: int = 2):
    cat, engine = load(HARBOUR)
    return cat, engine, play(engine, cat, engine.setup(cat), ["greedy", "random"], seed)


def test_a_changed_event_is_found() -> None:
    cat, engine, played = _played()
    doc = json.loads(log.to_json(played, "x"))
    k = next(i for i, e in enumerate(doc["events"]) if e["type"] == "bid")
    doc["events"][k]["strength"] += 1
    result = log.replay(json.dumps(doc), engine, cat)
    assert not result.ok and f"event {k + 1} differs" in result.problem


def test_a_changed_final_digest_is_found() -> None:
    cat, engine, played = _played()
    doc = json.loads(log.to_json(played, "x"))
    doc["final_digest"] = "0" * 64
    assert "the replay ends in state" in log.replay(json.dumps(doc), engine, cat).problem


def test_an_illegal_step_is_a_replay_error() -> None:
    cat, engine, played = _played()
    doc = json.loads(log.to_json(played, "x"))
    doc["steps"][0]["P1"] = "bid nobody"
    with pytest.raises(ReplayError, match="step 1: P1 cannot 'bid nobody'"):
        log.replay(json.dumps(doc), engine, cat)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, "version 2"),
        ({"format": "x"}, "not a cardgen game log"),
        ({"game": "authority"}, "a log of 'authority'"),
        ({"catalogue_digest": "x"}, "the catalogue differs"),
        ({"setup": {"players": 3}}, "seats 2-2 players"),
    ],
)
def test_a_log_that_cannot_be_replayed_says_why(change: dict, message: str) -> None:
    cat, engine, played = _played()
    doc = {**json.loads(log.to_json(played, "x")), **change}
    with pytest.raises(ReplayError, match=message):
        log.replay(json.dumps(doc), engine, cat)


def test_a_seat_view_hides_the_other_hand_and_the_decks() -> None:
    _, _, played = _played()
    view = json.loads(log.view(played, 0, "x", as_json=True))
    assert view["viewer"] == "P1" and "seed" not in view and "steps" not in view
    theirs = [e for e in view["events"] if e["type"] == "draw" and e["seat"] == "P2"]
    mine = [e for e in view["events"] if e["type"] == "draw" and e["seat"] == "P1"]
    assert theirs and all(e["card"] is None for e in theirs)
    assert mine and all(e["card"] for e in mine)
    for d in view["decisions"]:
        assert isinstance(d["observation"]["players"][1]["hand"], int)
        assert isinstance(d["observation"]["crew_deck"], int)
        assert d["chosen"] in d["legal"]


def test_the_text_log_names_cards_and_results() -> None:
    _, _, played = _played()
    text = log.to_text(played)
    assert text.startswith("Harbour Bid: seed 2\nP1: greedy\nP2: random\n")
    assert "reaches the dock" in text and "(winner)" in text


def test_the_result_lines_give_the_games_score_and_the_winner() -> None:
    """The kit's default result lines: each seat's score in the game's words and the winner
    (they gave the returns: "P1: 0.5 (winner)"); a game without a score says who won."""
    from tests.kit.test_chance import Coin

    _, engine, played = _played()
    state, lines = played.state, log.to_text(played).splitlines()
    r = state.returns()
    scores = [engine.score(state, k) for k in range(2)]
    assert scores != list(r) and max(r) > 0
    for k in range(2):
        won = " (winner)" if r[k] == max(r) else ""
        assert f"P{k + 1}: {scores[k]} {engine.info.score}{won}" in lines
        assert f"P{k + 1}: {r[k]:g}{won}" not in lines
    cat, _ = load(HARBOUR)
    coin = Coin()
    for seed in range(3):
        game = play(coin, cat, coin.setup(cat), ["random", "random"], seed)
        r = game.state.returns()
        best = [f"P{k + 1}" for k, x in enumerate(r) if x == max(r) and x > 0]
        end = log.to_text(game).splitlines()
        want = {0: "no winner", 1: f"{best[0]} wins"}.get(len(best), "P1 and P2 share the win")
        assert want in end and not any(re.match(r"P\d: [\d.]+", line) for line in end)

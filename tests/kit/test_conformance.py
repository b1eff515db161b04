"""The conformance suite over every shipped game on the engine kit: seeded playouts with every
bot, legal actions written in the grammar, JSON views in the vocabulary, clones, replays,
hidden information, symmetry, described states; and the same game under other hash seeds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.engine.bots import bot_names
from cardgen.engine.conformance import Nonconformance, check_engine
from tests.kit.catalogues import ids, kit_folders, load

FOLDERS = kit_folders()


def setups(cat, engine):
    """One set-up per player count, with the first sides; the team layouts too."""
    lo, hi = engine.player_range(cat)
    out = [engine.setup(cat, n) for n in range(lo, hi + 1)]
    for n in range(lo, hi + 1):
        out += [engine.setup(cat, n, teams=t) for t in engine.team_layouts(n)]
    return out


@pytest.mark.parametrize("folder", FOLDERS, ids=ids(FOLDERS))
def test_playouts_with_fast_bots(folder: Path) -> None:
    """Every set-up played once to its end, seeded, the fast bots taking the set-ups in turn
    (every seat one bot), every decision checked: a smoke test; the many-seed campaign (each
    set-up by each bot) is ``benchmarks/conformance_campaign.py``."""
    cat, engine = load(folder)
    fast = [b for b in bot_names(engine) if b != "search"]
    games = decisions = 0
    arranged = clones = False
    for k, setup in enumerate(setups(cat, engine)):
        bot = fast[k % len(fast)]
        report = check_engine(engine, cat, [setup], seeds=[k], bots=[bot])
        games += report.games
        decisions += report.decisions
        arranged = arranged or bool(report.arranged)
        clones = clones or bool(report.clones)
    assert games == len(setups(cat, engine))
    assert decisions > games
    assert arranged and clones


@pytest.mark.parametrize("folder", FOLDERS, ids=ids(FOLDERS))
def test_playout_with_the_search_bot(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot in every seat plays a conforming game to its end: its code paths, not its
    strength, so it searches 8 iterations a decision (Authority's 60 took 8-19 minutes)."""
    cat, engine = load(folder)
    monkeypatch.setattr(engine, "search", {**engine.search, "iterations": 8})
    report = check_engine(engine, cat, [engine.setup(cat)], seeds=[1], bots=["search"], every=4)
    assert report.games == 1


_SNIPPET = """
import hashlib, json, sys
from pathlib import Path
from cardgen.engine import log
from cardgen.engine.play import play
from tests.kit.catalogues import load
out = {}
for folder in sys.argv[1:]:
    cat, engine = load(Path(folder))
    played = play(engine, cat, engine.setup(cat), ["random"] * engine.player_range(cat)[0], 5)
    out[folder] = hashlib.sha256(log.to_json(played, "x").encode()).hexdigest()
print(json.dumps(out))
"""
HASH_SEEDS = ("0", "1", "4242")


@pytest.fixture(scope="module")
def digests_by_hash_seed() -> dict[str, dict[str, str]]:
    """Each hash seed's digest of a seeded game's log, by catalogue folder: one process a hash
    seed plays every folder's game (a process a folder and seed paid the start-up 18 times)."""
    root = Path(__file__).resolve().parents[2]
    found = {}
    for hash_seed in HASH_SEEDS:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        out = subprocess.run(
            [sys.executable, "-c", _SNIPPET, *map(str, FOLDERS)],
            capture_output=True,
            text=True,
            env=env,
            cwd=root,
            check=True,
            timeout=300,
        )
        found[hash_seed] = json.loads(out.stdout)
    return found


@pytest.mark.parametrize("folder", FOLDERS, ids=ids(FOLDERS))
def test_the_same_game_under_every_hash_seed(folder: Path, digests_by_hash_seed) -> None:
    digests = {digests_by_hash_seed[h][str(folder)] for h in HASH_SEEDS}
    assert len(digests) == 1


# --- the suite catches what it promises to catch ---------------------------------------------
def _harbour():
    return load(Path(__file__).resolve().parents[2] / "cardgen/packs/harbour_bid/cards")


def test_a_view_that_shows_the_other_hand_is_caught(monkeypatch) -> None:
    cat, engine = _harbour()
    from cardgen.packs.harbour_bid.rules import State

    original = State.view

    def leaky(self, seat):
        out = original(self, None)  # every seat sees everything
        return out

    monkeypatch.setattr(State, "view", leaky)
    with pytest.raises(Nonconformance, match="view changes when what it cannot see"):
        check_engine(engine, cat, [engine.setup(cat)], seeds=[0], bots=["random"])


def test_an_action_outside_the_grammar_is_caught(monkeypatch) -> None:
    cat, engine = _harbour()
    from cardgen.packs.harbour_bid.rules import State

    monkeypatch.setattr(State, "action_to_string", lambda self, s, a: f"offer {self.game.crew[a]}")
    with pytest.raises(Nonconformance, match="matches 0 patterns"):
        check_engine(engine, cat, [engine.setup(cat)], seeds=[0], bots=["random"])


def test_a_clone_sharing_a_list_is_caught(monkeypatch) -> None:
    cat, engine = _harbour()
    from cardgen.engine.table import TableState

    monkeypatch.setattr(TableState, "clone", lambda self: __import__("copy").copy(self))
    with pytest.raises(Nonconformance, match="clone changed the original"):
        check_engine(engine, cat, [engine.setup(cat)], seeds=[0], bots=["random"])


def test_an_undeclared_word_in_the_view_is_caught(monkeypatch) -> None:
    cat, engine = _harbour()
    from cardgen.packs.harbour_bid.rules import State

    original = State.view
    monkeypatch.setattr(State, "view", lambda self, seat: {**original(self, seat), "mood": "calm"})
    with pytest.raises(Nonconformance, match="mood holds 'calm'"):
        check_engine(engine, cat, [engine.setup(cat)], seeds=[0], bots=["random"])


def test_an_undeclared_field_of_a_list_item_is_caught(monkeypatch) -> None:
    """A number in a list's mappings needs its path declared too: a scenario naming it in a
    list the game holds empty is checked against the declaration alone."""
    cat, engine = _harbour()
    from cardgen.packs.harbour_bid.rules import State

    original = State.view
    monkeypatch.setattr(
        State, "view", lambda self, seat: {**original(self, seat), "bids": [{"seat": "P1"}]}
    )
    monkeypatch.setattr(type(engine), "vocabulary", {**engine.vocabulary, "bids.*.seat": "seat"})
    monkeypatch.setattr(type(engine), "derived", engine.derived | {"bids"})
    check_engine(engine, cat, [engine.setup(cat)], seeds=[0], bots=["random"])
    monkeypatch.setattr(
        State,
        "view",
        lambda self, seat: {**original(self, seat), "bids": [{"seat": "P1", "amount": 3}]},
    )
    with pytest.raises(Nonconformance, match=r"bids\.\* holds amount, of no declared domain"):
        check_engine(engine, cat, [engine.setup(cat)], seeds=[0], bots=["random"])


def test_views_are_json(monkeypatch) -> None:
    cat, engine = _harbour()
    state = engine.new_game(cat, engine.setup(cat)).new_initial_state(3)
    for seat in (None, 0, 1):
        json.dumps(state.observation(seat), allow_nan=False)
    assert isinstance(state.observation(1)["players"][0]["hand"], int)
    assert isinstance(state.observation(0)["players"][0]["hand"], list)

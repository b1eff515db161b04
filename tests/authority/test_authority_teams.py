"""Authority's 2 vs. 2 (rules reference R25): P1 and P3 against P2 and P4 — who may be
attacked, the shared victory, the turn limit by team, and `cardgen play/simulate --teams`."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.cli import app
from cardgen.engine import log
from cardgen.engine.bots import make_bot
from cardgen.engine.errors import SetupError
from cardgen.engine.play import play
from cardgen.packs.authority.engine import ENGINE
from cardgen.packs.authority.engine.actions import END, Act, decode

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)
PARTNERS = ((0, 2), (1, 3))
#: every action aimed at a seat or at a unit of one
AIMED = (Act.ATTACK, Act.STRIKE, Act.WOUND, Act.IGNORE, Act.DISABLE, Act.REMOVE_SPY)


def _game(cat=CAT, **reading):
    return ENGINE.new_game(cat, ENGINE.setup(cat, 4, settings=reading, teams=PARTNERS))


def _aimed_at(state, action: int) -> int | None:
    """The seat an action of the current player aims at (None: its own business)."""
    d = decode(action)
    if d.kind is Act.ATTACK or (d.kind is Act.USE and d.arg != state.current):
        return d.arg
    if d.kind in AIMED:
        owner = [s for s, p in enumerate(state.players) if d.subject in p.general]
        return owner[0] if owner else state.row_of(d.subject)[0]
    return None


def test_no_one_is_ever_offered_a_teammate_and_the_team_wins_together():
    """60 seeded games, random and greedy bots, every reading of the other settings."""
    readings = [{}, {"attack_order": "innermost", "leftover_to_monarch": True},
                {"disable_lasts": "until_next_turn", "spy_removed_to": "annihilate"}]  # fmt: skip
    for k in range(60):
        game = _game(**readings[k % 3])
        state = game.new_initial_state(k)
        names = ["random" if (k + s) % 2 else "greedy" for s in range(4)]
        bots = [make_bot(ENGINE, game, b, k * 5 + s) for s, b in enumerate(names)]
        while not state.is_terminal():
            seat = state.current
            for a in state.legal_actions(seat):
                target = _aimed_at(state, a)
                assert target is None or target % 2 != seat % 2, (k, seat, decode(a))
            state.apply({seat: bots[seat].choose(state, seat)})
        state.check_invariants()
        assert sorted(state.winners) in ([0, 2], [1, 3]), state.winners
        assert state.returns() == [0.5 if s in state.winners else 0.0 for s in range(4)]
        losers = [s for s in range(4) if s not in state.winners]
        if state.turn < CAT.rules.turn_limit:
            assert not any(state.players[s].alive for s in losers)


def test_at_the_turn_limit_the_team_with_the_most_hp_standing_wins():
    rules = CAT.rules.model_copy(update={"turn_limit": 10})
    cat = SimpleNamespace(cards=CAT.cards, rules=rules, pack=CAT.pack, by_id=CAT.by_id)
    for hp, winners in [((40, 20, 30, 20), (0, 2)), ((20, 40, 20, 39), (1, 3))]:
        state = _game(cat=cat).new_initial_state(1)
        for p, h in zip(state.players, hp, strict=True):
            p.hp = h
        while not state.is_terminal():
            state.apply({state.current: END})  # no one attacks, defends or heals
        assert state.turn == 10 and state.winners == winners  # 70 against 40, 40 against 79


def test_four_players_and_the_log_replays():
    with pytest.raises(SetupError, match=r"2 vs\. 2 is for four players, not 3"):
        ENGINE.new_game(CAT, ENGINE.setup(CAT, 3, settings={"mode": "2v2"}))
    setup = ENGINE.setup(CAT, 4, teams=PARTNERS)
    played = play(ENGINE, CAT, setup, ["greedy"] * 4, 5)
    assert played.state.game.teams == (0, 1, 0, 1)
    assert "2 vs. 2: P1 and P3 against P2 and P4" in next(
        e[1] for e in played.state.events if e[0] == "setup"
    )
    text = log.to_json(played, "cards")
    assert json.loads(text)["setup"]["teams"] == [["P1", "P3"], ["P2", "P4"]]
    assert log.replay(text, ENGINE, CAT).ok
    doc = json.loads(text)
    doc["setup"]["teams"] = []  # the same actions in a game of every seat for itself
    assert not log.replay(json.dumps(doc), ENGINE, CAT).ok


def test_cli_play_and_simulate_teams(runner, plain, tmp_path):
    teams = ["--teams", "P1+P3,P2+P4"]
    r = runner.invoke(app, ["play", str(CARDS), *teams, "--bots", "greedy", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert r.output.count("— winner") == 2
    winners = [line[:2] for line in r.output.splitlines() if line.endswith("— winner")]
    assert winners in (["P1", "P3"], ["P2", "P4"])
    r = runner.invoke(app, ["play", str(CARDS), "--teams", "P1+P3,P2+P4", "--players", "3"])
    assert r.exit_code == 2 and "--teams" in plain(r.output)
    greedy = CARDS.parent.parent / "greedy-kingdoms" / "cards"
    r = runner.invoke(app, ["play", str(greedy), "--teams", "P1+P2"])
    assert r.exit_code == 2 and "has no team play" in plain(r.output)
    r = runner.invoke(app, ["simulate", str(CARDS), "--teams", "p2+p4,p1+p3", "--games", "8",
                            "-f", "json", "--bots", "greedy"])  # fmt: skip
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["spec"]["teams"] is True and doc["shared_wins"] == 8
    assert sum(s["wins"] for s in doc["seats"]) == 16  # two winners a game
    r = runner.invoke(app, ["simulate", str(CARDS), "--teams", "P1+P3,P2+P4", "--players", "2"])
    assert r.exit_code == 2 and "four players" in plain(r.output)
    r = runner.invoke(app, ["play", str(CARDS), "--teams", "P1+P2,P3+P4"])
    assert r.exit_code == 2 and "cannot be played in those teams" in plain(r.output)

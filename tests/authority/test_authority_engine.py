"""Authority's engine: invariants over many seeded games of 2-4 players and every reading,
replay, determinism, hidden information and the adapter the search bot uses."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.packs.authority.engine import (
    END,
    Act,
    Game,
    GameSetupError,
    GreedyBot,
    RandomBot,
    decode,
    play_game,
    play_with_bots,
    replay_log,
    to_json_log,
)
from cardgen.packs.authority.model import Settings

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)
FACTIONS = ["bloodrunners", "iron-wall", "golden-ox", "hooded-brothers"]
READINGS = [
    {},
    {"attack_order": "innermost", "damage_persists": True},
    {"leftover_to_monarch": True, "bonus_retroactive": True, "refill_immediately": True},
    {"generals_aside": False, "kingsguard_returns": True, "spy_removed_to": "annihilate"},
    {"disable_lasts": "until_next_turn"},
]


def _game(n: int, seed: int = 0, **reading) -> Game:
    settings = Settings.model_validate({**CAT.rules.settings.model_dump(), **reading})
    return Game(CAT, FACTIONS[:n], seed=seed, settings=settings)


def _play(state, bots, *, check_every_turn: bool) -> None:
    while not state.is_terminal():
        seat = state.current
        a = bots[seat].step(state, seat)
        state.apply_action(a)
        if check_every_turn and a == END:
            state.check_invariants()
    state.check_invariants()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_invariants_over_many_seeded_games(n):
    """1,020 games in all: random and greedy bots, every reading, invariants each turn."""
    for k in range(340):
        reading = READINGS[k % len(READINGS)]
        state = _game(n, **reading).new_initial_state(seed=k)
        bots = [(RandomBot if (k + s) % 2 else GreedyBot)(k * 7 + s) for s in range(n)]
        _play(state, bots, check_every_turn=True)
        assert state.winners and sum(state.returns()) == pytest.approx(1.0)
        if state.turn < CAT.rules.turn_limit:
            assert len(state.winners) == 1
            assert [p.alive for p in state.players].count(True) == 1


def test_every_action_keeps_the_invariants():
    for n, k in product([2, 3, 4], range(4)):
        state = _game(n, **READINGS[k]).new_initial_state(seed=k)
        play_game(state, [RandomBot(k + s) for s in range(n)], check=True)


def test_set_up_follows_the_document():
    state = _game(3).new_initial_state(seed=5)
    rules = CAT.rules
    assert [len(p.hand) for p in state.players] == [3, 4, 4]
    assert [len(p.hand) + len(p.deck) for p in state.players] == [8, 8, 8]
    for p in state.players:
        assert p.hp == 40
        assert [state.unit(i).id for i in p.rows[0]] == ["kingsguard"]
        ids = sorted(state.unit(i).id for i in p.hand + p.deck)
        assert ids == sorted(["squire"] * 3 + ["man-at-arms"] * 3 + ["knight"] * 2)
    assert sum(i >= 0 for i in state.market) == rules.marketplace == 6
    factions = {state.unit(i).faction for i in state.market_deck + state.market}
    assert factions <= {"bloodrunners", "iron-wall", "golden-ox"}
    assert all(state.unit(i).role.value == "leader" for i in state.generals)


def test_replay_and_determinism():
    for n, seed in [(2, 1), (3, 2), (4, 3)]:
        a = play_with_bots(CAT, FACTIONS[:n], ["greedy", "random", "greedy", "random"][:n], seed)
        b = play_with_bots(CAT, FACTIONS[:n], ["greedy", "random", "greedy", "random"][:n], seed)
        assert to_json_log(a, "cards") == to_json_log(b, "cards")
        result = replay_log(to_json_log(a, "cards"), CAT)
        assert result.ok and result.state.state_hash() == a.state.state_hash()


def test_a_tampered_log_is_caught():
    played = play_with_bots(CAT, FACTIONS[:2], ["greedy", "greedy"], 4)
    text = to_json_log(played, "cards").replace('"seed": 4', '"seed": 5')
    result = replay_log(text, CAT)
    assert not result.ok and result.problem


def test_clone_then_same_actions_same_state():
    state = _game(3).new_initial_state(seed=9)
    rng = random.Random(1)
    for _ in range(200):
        if state.is_terminal():
            break
        copy = state.clone()
        a = rng.choice(state.legal_actions())
        state.apply_action(a)
        copy.apply_action(a)
        assert copy.state_hash() == state.state_hash()


def test_determinise_keeps_what_the_player_sees():
    state = _game(3).new_initial_state(seed=2)
    play = [GreedyBot(s) for s in range(3)]
    for _ in range(40):
        state.apply_action(play[state.current].step(state, state.current))
    for seat in range(3):
        d = state.determinise(seat, random.Random(seat))
        assert d.observation(seat) == state.observation(seat)
        d.check_invariants()
        others = [s for s in range(3) if s != seat]
        assert any(
            sorted(d.players[s].hand + d.players[s].deck)
            == sorted(state.players[s].hand + state.players[s].deck)
            for s in others
        )


def test_illegal_and_bad_set_ups_are_refused():
    with pytest.raises(GameSetupError, match="different faction"):
        Game(CAT, ["golden-ox", "golden-ox"])
    with pytest.raises(GameSetupError, match="unknown faction 'royal'"):
        Game(CAT, ["royal", "golden-ox"])
    with pytest.raises(GameSetupError, match="seats 2 to 4"):
        Game(CAT, ["golden-ox"])
    state = _game(2).new_initial_state(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(1 * 10000 + 999 * 10 + 1)


def test_uncommanded_units_are_discarded_and_four_drawn():
    state = _game(2).new_initial_state(seed=3)
    p = state.players[0]
    hand = list(p.hand)
    state.apply_action(END)
    assert set(hand) <= set(p.discard)
    assert len(p.hand) == 4


def test_a_turn_without_recruiting_lets_the_next_player_replace():
    state = _game(2).new_initial_state(seed=3)
    state.apply_action(END)  # P1 recruited nothing
    replaces = [a for a in state.legal_actions() if decode(a).kind is Act.REPLACE]
    assert len(replaces) == 6
    slot = decode(replaces[0]).subject
    old, top = state.market[slot], state.market_deck[-1]
    state.apply_action(replaces[0])
    assert state.market[slot] == top and state.market_deck[0] == old
    assert not [a for a in state.legal_actions() if decode(a).kind is Act.REPLACE]


def test_every_logged_line_is_a_template_of_the_log():
    """The log's vocabulary (engine/events.py): every line of 30 seeded games and of the
    shipped scenarios is made by one template, and every template is used."""
    from cardgen.catalogue.yaml_source import load_yaml
    from cardgen.packs.authority.engine import events
    from cardgen.packs.authority.scenario import parse, run_scenario

    lines: list[str] = []
    for k in range(30):
        n = 2 + k % 3
        state = _game(n, seed=k, **READINGS[k % len(READINGS)]).new_initial_state(seed=k)
        play_game(state, [(RandomBot if (k + s) % 2 else GreedyBot)(k + s) for s in range(n)])
        lines += state.events
    for path in sorted((CARDS.parent / "scenarios").glob("*.yaml")):
        lines += run_scenario(parse(*load_yaml(path)), CAT)[0].events  # all play on ../cards
    parsed = [events.parse(line) for line in lines]
    assert [ln for ln, p in zip(lines, parsed, strict=True) if p is None] == []
    assert {p.template for p in parsed} == set(events.TEMPLATES)

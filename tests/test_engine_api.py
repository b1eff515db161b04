"""Small API pieces: action encoding, observations, results, event rendering."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.rules.engine import END, Game, RandomBot, decode_play, play_action, save_action
from cardgen.rules.engine.events import EVENT_FIELDS, to_dict, to_text
from cardgen.rules.engine.log import event_dicts

FIXTURE = Path(__file__).parent / "fixtures" / "engine"


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(FIXTURE)


def test_action_encoding_round_trips():
    m = 64
    for inst in (0, 5, 63):
        for z in range(3):
            for victim in (-1, 0, 63):
                a = decode_play(play_action(inst, z, victim, m), m)
                assert (a.card, a.zone, a.victim, a.ends) == (inst, z, victim, False)
        s = decode_play(save_action(inst), m)
        assert s.ends and s.save == inst
    assert decode_play(END, m).ends and decode_play(END, m).save == -1


def _card_ids(obj) -> set[str]:
    if isinstance(obj, dict):
        return set().union(*(_card_ids(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(_card_ids(v) for v in obj)) if obj else set()
    return {obj} if isinstance(obj, str) else set()


def test_observation_hides_other_hands_and_kept_cards(cat):
    g = Game(cat, ["red", "blue", "spy"], seed=2)
    st = g.new_initial_state()
    st.apply_actions([st.packs[p][0] for p in range(3)])
    obs = st.observation(0)
    assert obs["you"]["kept"] == [g.card_id(st.kept[0][0])]
    assert obs["players"][1]["kept"] == 1 and obs["players"][1]["pack"] == 7
    own = {g.card_id(i) for i in st.packs[0] + st.kept[0]}
    mentioned = _card_ids(obs) & set(g.pool.by_id)
    assert mentioned == own


def test_results_and_returns(cat):
    st = Game(cat, ["red", "blue"], seed=1).new_initial_state()
    assert st.returns() == [0.0, 0.0]
    st.glory[:] = [5, 5]
    st.coins[:] = [2, 2]
    res = st.results()
    assert [r.winner for r in res] == [True, True] and [r.rank for r in res] == [1, 1]
    st.coins[1] = 3
    assert st.winners() == [1] and st.results()[0].rank == 2


def test_every_event_renders(cat):
    st = Game(cat, ["red", "blue", "green", "spy"], seed=9).new_initial_state()
    bots = [RandomBot(p) for p in range(4)]
    from cardgen.rules.engine import play_game

    play_game(st, bots)
    seen = set()
    for e in event_dicts(st):
        seen.add(e["type"])
        assert to_text(e)
    assert {"round", "play", "battle", "game_end", "coins", "glory"} <= seen
    assert set(seen) <= set(EVENT_FIELDS)
    assert to_dict(("play", 0, 1, 2, 3, -1, 1), lambda i: f"c{i}")["removes"] is None

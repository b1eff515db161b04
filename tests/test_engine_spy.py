"""The Spy deck's powers beyond the scenarios: what a look shows and to whom, that it spends the
card for the round, and bots that use what they have seen (a peeked hand, a glimpsed card) and
move their cards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from tests.attack_right.engine_helpers import (
    END,
    Game,
    GreedyBot,
    LookaheadBot,
    advance,
    build_state,
    play_action,
)

HERE = Path(__file__).parent
FIXTURE = HERE / "fixtures" / "engine"


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(FIXTURE)


def position(cat, players: list[dict], decks=("spy", "red", "blue")):
    """A play-phase state from scenario-style setup dicts."""
    game = Game(cat, list(decks), seed=1, deal=False)
    return build_state(game, players)


def play(st, p: int, card_id: str, zone: int) -> int:
    inst = next(i for i in st.hands[p] if st.card[i].id == card_id)
    return play_action(inst, zone, -1, st.game.num_instances)


LOOKOUT_VS_WALL = [
    {"coins": 5, "hand": ["spy"], "tableau": {"left": ["lookout"]}},  # its Neighbour: seat 1
    {"coins": 5, "hand": ["wall", "knight", "spearman"]},
    {"coins": 5, "hand": ["farm"]},
]


def _look_at_the_wall(st):
    advance(st, {0: play(st, 0, "spy", 2), 1: play(st, 1, "wall", 0), 2: play(st, 2, "farm", 1)})
    assert st.decision == "look" and st.movers() == [0]
    assert st.observation(0)["glimpses"] == []  # nothing is seen before choosing to look
    look = next(a for a in st.legal_actions(0) if a != END)
    advance(st, {0: look})
    assert st.decision == "intercept" and st.movers() == [0]
    return next(i for i in st.hands[1] if st.card[i].id == "wall")


def test_the_glimpse_is_the_lookers_alone(cat):
    st = position(cat, LOOKOUT_VS_WALL)
    wall = _look_at_the_wall(st)
    obs = [st.observation(p) for p in range(3)]
    assert obs[0]["decision"] == "intercept"
    assert obs[0]["glimpses"] == [{"viewer": "P1", "seat": "P2", "card": "wall", "step": 1}]
    assert obs[1]["glimpses"] == obs[2]["glimpses"] == []
    assert wall in st.visible_cards(0) and wall not in st.visible_cards(2)
    # the waiting step's choices stay secret: seat 2 sees no card of seat 1 or seat 0 yet
    assert "wall" not in str(obs[2]) and not obs[2]["players"][1]["tableau"]
    assert [c["card"] for c in obs[2]["players"][0]["tableau"]] == ["lookout"]


def test_a_look_spends_the_card_for_the_round_discard_or_not(cat):
    st = position(cat, LOOKOUT_VS_WALL)
    _look_at_the_wall(st)
    advance(st, {0: END})  # keeps the Wall: it flips
    assert st.decision == "play" and [st.card[i].id for i in st.tab[1]] == ["wall"]
    # seat 0 ends at the next flip (it could still look in it), but its look is spent
    advance(st, {0: END, 1: play(st, 1, "spearman", 2), 2: END})
    assert st.decision == "play" and [st.card[i].id for i in st.tab[1]] == ["wall", "spearman"]


def test_the_greedy_bot_looks_unless_it_has_seen_nothing_worth_it(cat):
    st = position(cat, LOOKOUT_VS_WALL)
    advance(st, {0: play(st, 0, "spy", 2), 1: play(st, 1, "wall", 0), 2: play(st, 2, "farm", 1)})
    legal = st.legal_actions(0)
    look = next(a for a in legal if a != END)
    bot = GreedyBot(0)
    assert bot.choose(st, 0, legal) == look  # nothing seen: look at once
    seen_knight = st.clone()  # seat 0 has seen a Knight waiting in that hand: worth a look
    seen_knight.peeks.append((0, 1, tuple(st.hands[1])))
    assert bot.choose(seen_knight, 0, legal) == look
    seen_little = st.clone()  # a peek that shows nothing worth taking: keep the look
    little = tuple(i for i in st.hands[1] if st.card[i].id not in ("knight", "wall"))
    seen_little.peeks.append((0, 1, little))
    assert bot.choose(seen_little, 0, legal) == END
    # the lookahead bot takes the greedy choice here (no world re-deals a chosen card)
    assert LookaheadBot(3).choose(seen_little, 0, legal) == END
    advance(st, {0: look})
    take = next(a for a in st.legal_actions(0) if a != END)
    assert bot.choose(st, 0, st.legal_actions(0)) == take  # the look is spent: discard the Wall


def test_worlds_keep_the_cards_of_a_waiting_step(cat):
    st = position(cat, LOOKOUT_VS_WALL)
    _look_at_the_wall(st)
    for seed in range(5):
        world = st.determinise(2, random.Random(seed))
        for q, a in enumerate(world.pending):
            card = world.action_card(a)
            assert card < 0 or card in world.hands[q]


def test_the_greedy_bot_moves_a_card_to_where_it_counts(cat):
    st = position(
        cat,
        [
            {"coins": 5, "hand": ["smuggler"], "tableau": {"left": ["archer"]}},  # 0/2 archer
            {"coins": 5, "ended": True},
            {"coins": 5, "ended": True},
        ],
    )
    st.first_end_done = True
    advance(st, {0: play(st, 0, "smuggler", 2)})
    assert st.decision == "move"
    legal = st.legal_actions(0)
    choice = GreedyBot(0).choose(st, 0, legal)
    archer = st.tab[0][0]
    assert st.decode_reaction(choice) in [(archer, 1), (archer, 2)]  # where its attack counts
    advance(st, {0: choice})
    assert st.zone[archer] in (1, 2) and st.decision == "play"


def test_the_spy_deck_has_its_powers(cards_dir):
    real = load_catalogue(cards_dir)
    kinds = {e.kind: c.id for c in real.select(deck="spy") for e in c.effects}
    assert {"intercept", "move_card", "peek_hand", "hidden"} <= set(kinds)

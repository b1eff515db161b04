"""Invariant checks shared by Attack the Tower's engine tests."""

from __future__ import annotations

import itertools
from collections import Counter

from cardgen.packs.attack_the_tower.engine import ENGINE
from cardgen.packs.attack_the_tower.engine.state import (
    ALLOCATE,
    OVER,
    RENEW_DISCARD,
    RENEW_DRAW,
    WINDOW,
    State,
)
from tests.attack_the_tower.tower_paths import events


def army(st: State, p: int) -> Counter:
    """Every card of ``p``'s army wherever it is."""
    me = st.players[p]
    zones = [*me.piles.values(), *me.discards.values(), me.hand, me.specials, me.played]
    return Counter([d for z in zones for d in z] + [d for d in me.board if d >= 0])


def check_state(st: State) -> None:
    """Raise AssertionError if ``st`` breaks a rule that must always hold."""
    t = st.table
    deck = Counter(t.deck("ability") + t.deck("base"))
    for p, me in enumerate(st.players):
        assert army(st, p) == deck, "a card was lost or made"
        for s in range(t.board_size):
            assert 0 <= me.troops[s] <= t.max_troops, "troops per base"
            if me.board[s] < 0:
                assert me.troops[s] == 0, "troops on an empty slot"
            else:
                assert st.design(me.board[s]).is_base, "an ability built as a base"
        assert all(st.design(d).is_special for d in me.specials), "special troop not special"
        assert all(not st.design(d).is_special for d in me.played), "special in play as ability"
        held = [d for d in me.specials if "loyal" not in st.design(d).special_traits]
        assert len(held) <= st.complete_territories(p), "special troop without its territory"
        unique = sum("unique" in st.design(d).special_traits for d in me.specials)
        unique += sum(
            me.troops[s]
            for s in range(t.board_size)
            if me.board[s] >= 0 and t.troops[st.design(me.board[s]).troop].unique
        )
        assert unique <= 1, "two troops with the unique trait on the field"
        if st.phase not in (RENEW_DRAW, RENEW_DISCARD) or st.actor != p:
            assert len(me.hand) <= max(t.hand_limit, t.opening_hand), "hand over the limit"
    assert (st.battle is not None) == (st.phase in (WINDOW, ALLOCATE)), "battle outside combat"
    if st.phase == OVER:
        assert (st.winner is not None) != st.stalemate, "an ended game has one outcome"
        assert st.movers() == [] and not any(st.legal_actions(p) for p in (0, 1))
    else:
        assert st.winner is None and st.legal_actions(st.actor), "a live game offers actions"
        assert st.turn <= t.settings.max_turns


def check_finished(st: State) -> None:
    """Checks of a finished game from its event log."""
    assert st.is_terminal()
    ev = events(st)
    assert {e["event"] for e in ev} <= set(ENGINE.events.types), "an undeclared event"
    if st.winner is not None:
        (destroyed,) = [e for e in ev if e["event"] == "palace-destroyed"]
        assert destroyed["winner"] == st.winner and destroyed["seat"] == 1 - st.winner
        assert sorted(st.returns()) == [0.0, 1.0]
    else:
        assert st.returns() == [0.5, 0.5] and ev[-1]["event"] == "stalemate"
    turns = [e for e in ev if e["event"] == "turn"]
    assert [e["turn"] for e in turns] == list(range(1, len(turns) + 1))
    assert all(a["seat"] != b["seat"] for a, b in itertools.pairwise(turns)), "turns alternate"

"""Invariant checks of Greedy Kingdoms states, shared by the invariant and stateful tests."""

from __future__ import annotations

from cardgen.packs.greedy_kingdoms.engine.state import (
    COMMIT_PHASE,
    DEVELOP,
    DEVELOP2,
    DRAW,
    ORDER,
    OVER,
    State,
)


def check_state(st: State) -> None:
    """Raise AssertionError if ``st`` breaks a rule that must always hold."""
    g = st.game
    for r in range(4):
        assert st.res[0][r] + st.res[1][r] + st.supply[r] == g.chips, "chips are conserved"
        assert min(st.res[0][r], st.res[1][r], st.supply[r]) >= 0, "no negative pile"
    # every Upgrade card is in exactly one place: deck, line, a Kingdom, or the palace pile
    placed = [c for c in st.line if c >= 0] + st.upgrade_deck + st.kingdom[0] + st.kingdom[1]
    non_palace = sorted(c for c in placed if c != g.palace)
    assert non_palace == sorted(g.upgrade_deck), "an Upgrade is lost or doubled"
    assert placed.count(g.palace) + st.palace_pile == g.palace_count, "palace count"
    assert [k.count(g.palace) for k in st.kingdom] == st.palaces
    # every Special Worker is in the deck or in exactly one hand
    promoted = [n for p in (0, 1) for n in g.numbers if st.promoted[p][n - 1]]
    assert sorted(promoted + st.special_deck) == sorted(g.special_numbers), "Specials"
    assert len(set(promoted)) == len(promoted)
    assert all(0 <= x < 2 for x in (st.attacker,))
    if st.phase == ORDER:
        assert len(st.pending) >= 2, "an order decision needs two Successful Characters"
    if st.phase in (DEVELOP, DEVELOP2, COMMIT_PHASE) and st.turn:
        assert not st.pending
    if st.phase == OVER:
        assert st.winner in (0, 1, DRAW)
        if st.winner in (0, 1):
            assert st.palaces[st.winner] == g.palaces_to_win
            assert st.palaces[1 - st.winner] < g.palaces_to_win
    else:
        assert max(st.palaces) < g.palaces_to_win, "a second palace ends the game"
    for p in st.movers():
        assert st.legal_actions(p), "an acting player always has a legal action"


def check_finished(st: State) -> None:
    """Checks of a finished game from its event log: roles alternate, the game ends once."""
    ev = st.events
    assert st.is_terminal()
    turns = [e for e in ev if e[0] == "turn"]
    assert [e[1] for e in turns] == list(range(1, st.turn + 1))
    first = st.first_attacker
    assert [e[2] for e in turns] == [(first + k) % 2 for k in range(st.turn)], "roles alternate"
    assert ev[-1][0] in ("win", "draw")
    battles = [e for e in ev if e[0] == "reveal"]
    for e in battles:
        assert len(e[2]) == len(e[3]) == st.game.battle_size

"""Invariant checks shared by the engine's invariant and hypothesis tests."""

from __future__ import annotations

from cardgen.packs.attack_right.engine.state import State


def _cached(st: State, p: int) -> tuple:
    mods = (st.zone_mods[p], st.neighbour_mods[p], st.prod[p])
    return (*mods, st.disc_unit[p], st.disc_building[p], st.occ[p])


def check_state(st: State) -> None:
    """Raise AssertionError if ``st`` breaks a rule that must always hold."""
    g = st.game
    where = st.card_zones()  # raises if a card is in two zones
    assert len(where) == g.num_instances, "a card is in no zone"
    assert min(st.coins) >= 0 and min(st.stored) >= 0 and min(st.glory) >= 0
    assert sum(st.coins) + sum(st.stored) == st.minted - st.burned, "coin ledger"
    cap = g.capacity[g.season_of_round[st.round]]
    for p in range(st.n):
        per_zone = [0, 0, 0]
        for i in st.tab[p]:
            z = st.zone[i]
            assert z in st.card[i].zones, "card in a zone it may not occupy"
            per_zone[z] += 1
        assert all(per_zone[z] <= cap[z] for z in range(3)), "slot limit"
        fresh = st.clone()
        fresh.refresh_mods(p)
        assert _cached(st, p) == _cached(fresh, p), "cached kingdom numbers are stale"
    for i in range(g.num_instances):
        if not st.card[i].is_unit or st.zone[i] < 0:
            assert st.tokens[i] == 0, "token on a building or off the table"
            if st.zone[i] < 0:
                assert st.stored[i] == 0, "coins left on a card off the table"


def check_finished(st: State) -> None:
    """Checks of a finished game from its event log."""
    ev = st.events
    assert st.is_terminal() and st.round == st.game.rounds
    assert [e[1] for e in ev if e[0] == "round"] == list(range(1, st.game.rounds + 1))
    assert ev[-1][0] == "game_end"
    rnd = 0
    attackers: dict[int, list[int]] = {}
    defenders: dict[int, list[int]] = {}
    for e in ev:
        if e[0] == "round":
            rnd = e[1]
        elif e[0] == "battle":
            attackers.setdefault(rnd, []).append(e[1])
            defenders.setdefault(rnd, []).append(e[2])
    everyone = list(range(st.n))
    for r in range(1, st.game.rounds + 1):
        assert sorted(attackers[r]) == everyone, f"round {r}: each player attacks once"
        assert sorted(defenders[r]) == everyone, f"round {r}: each player defends once"


def check_death_schedule(st: State) -> None:
    """Without age-token effects, a unit dies in the Age Phase of the round after it was played."""
    played: dict[int, int] = {}
    rnd = 0
    for e in st.events:
        if e[0] == "round":
            rnd = e[1]
        elif e[0] == "play" and st.card[e[2]].is_unit:
            played[e[2]] = rnd
        elif e[0] == "remove":
            played.pop(e[2], None)
        elif e[0] == "die":
            assert played.pop(e[2]) == rnd - 1, "unit died off schedule"
    for inst, r in played.items():
        assert any(inst in t for t in st.tab), "a unit vanished without dying or being removed"
        assert r == st.game.rounds, "a unit played before round 4 outlived its second Age Phase"

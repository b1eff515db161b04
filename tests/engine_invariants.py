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
    unit = {c.id: c.is_unit for c in st.card}
    #: the rounds in which each seat played copies of a unit design still on its tableau
    played: dict[tuple[int, str], list[int]] = {}
    unsure: set[tuple[int, str]] = set()  # copies of two rounds, one removed: which one?
    rnd = 0
    for e in st.events:
        if e[0] == "round":
            rnd = e[1]
        elif e[0] in ("play", "play_hidden") and unit[e[2]]:
            played.setdefault((e[1], e[2]), []).append(rnd)
        elif e[0] == "remove" and played.get((e[1], e[2])):
            rounds = played[e[1], e[2]]
            if len(set(rounds)) > 1:
                unsure.add((e[1], e[2]))
            rounds.pop()
        elif e[0] == "die":
            rounds = played[e[1], e[2]]
            if (e[1], e[2]) in unsure:
                rounds.pop()
                continue
            assert rnd - 1 in rounds, "unit died off schedule"
            rounds.remove(rnd - 1)
    for (p, cid), rounds in played.items():
        on_table = sum(1 for i in st.tab[p] if st.card[i].id == cid)
        assert on_table >= len(rounds), "a unit vanished without dying or being removed"
        if (p, cid) not in unsure:
            assert all(r == st.game.rounds for r in rounds), (
                "a unit played before round 4 outlived its second Age Phase"
            )


# ------------------------------------------------------------------ seat rotation
#: State slots by how a rotation of the seats changes them (every slot must be listed: a new
#: one makes :func:`rotate_state` fail until it is classified)
SEAT_LISTS = (
    "coins",
    "glory",
    "packs",
    "kept",
    "hands",
    "saved",
    "tab",
    "ended",
    "occ",
    "prod",
    "zone_mods",
    "neighbour_mods",
    "disc_unit",
    "disc_building",
    "battle_glory",
    "effect_glory",
    "coin_glory",
    "offers",
    "move_from",
)
UNCHANGED = (
    "bank",
    "bank_limited",
    "burned",
    "card",
    "chance_ties",
    "discard",
    "first_end_done",
    "game",
    "gstep",
    "minted",
    "n",
    "num_resources",
    "phase",
    "piles",
    "round",
    "rounds_done",
    "seed",
    "step",
    "stored",
    "sub",
    "token_bank",
    "tokens",
    "used",
    "zone",
)
SPECIAL = (
    "battle_start",
    "battles",
    "events",
    "face_down",
    "tally",
    "glimpses",
    "history",
    "peeks",
    "pending",
    "rng",
    "seq",
    "tie",
)


def rotate_state(st: State, k: int) -> State:
    """A copy of ``st`` with every seat ``p`` moved to ``(p + k) % n`` (Neighbours stay
    Neighbours: a rotation of the table); the copy has the same RNG state and no events."""
    listed = set(SEAT_LISTS) | set(UNCHANGED) | set(SPECIAL)
    unknown = set(State.__slots__) - listed
    assert not unknown, f"classify the new State slot(s) {sorted(unknown)} in rotate_state"
    n = st.n
    src = st.clone()
    out = st.clone()

    def seat(p: int) -> int:
        return p if p < 0 else (p + k) % n

    for name in SEAT_LISTS:
        old = getattr(src, name)
        new = list(old)
        for p in range(n):
            new[seat(p)] = old[p]
        setattr(out, name, new)
    out.seq = [(s // n) * n + seat(s % n) for s in src.seq]
    out.battle_start = seat(src.battle_start)
    out.tie = tuple(seat(p) for p in src.tie)
    out.peeks = [(seat(v), seat(q), cards) for v, q, cards in src.peeks]
    out.glimpses = [(seat(v), seat(q), i, step) for v, q, i, step in src.glimpses]
    if src.pending is not None:
        out.pending = tuple(rotate_actions(src.pending, k))
    out.battles = []
    out.history = []
    out.events = None if src.events is None else []
    out.face_down = {}
    out.tally = None  # a simulation's record, of a game from its start
    return out


def rotate_actions(actions, k: int) -> list:
    """The actions of one step for the rotated table (seat ``p``'s action moves to ``p+k``)."""
    n = len(actions)
    out = [None] * n
    for p, a in enumerate(actions):
        out[(p + k) % n] = a
    return out


def rotate_event(e: tuple, k: int, n: int) -> tuple:
    """An event tuple with its seats rotated (by the engine's event schema: a seat field, a
    tuple of seats, a tuple of numbers one per seat)."""
    from cardgen.packs.attack_right.engine.definition import ENGINE

    kind, *values = e
    out = []
    for (_name, domain), v in zip(ENGINE.events.types[kind].fields, values, strict=True):
        if domain == "seat" and isinstance(v, tuple):
            v = tuple(sorted((w + k) % n for w in v))
        elif domain == "seat" and v is not None:
            v = (v + k) % n
        elif isinstance(v, tuple) and domain == "int":
            v = tuple(v[(p - k) % n] for p in range(n))
        out.append(v)
    return (kind, *out)


def position(st: State, *, hidden_hands: bool = False, dealt: bool = False) -> tuple:
    """The comparable parts of a position (``hidden_hands``: hands and the discard pile as
    sizes only, for steps whose random draws depend on seat order; ``dealt``: the draft packs
    as one set, for a step that deals a round: which seat gets which part of the shuffled pile
    is the deal's luck)."""
    hands = [len(h) for h in st.hands] if hidden_hands else st.hands
    discard = len(st.discard) if hidden_hands else sorted(st.discard)
    packs = sorted(i for pack in st.packs for i in pack) if dealt else st.packs
    return (
        st.round,
        st.phase,
        st.step,
        st.coins,
        st.glory,
        packs,
        st.kept,
        hands,
        st.saved,
        st.tab,
        st.zone,
        st.tokens,
        st.stored,
        st.seq,
        discard,
        st.ended,
        st.piles,
        st.bank,
        st.token_bank,
        st.minted,
        st.burned,
        st.occ,
        st.prod,
        st.effect_glory,
        st.battle_glory,
        st.coin_glory,
        st.sub,
        st.pending,
        st.offers,
        st.move_from,
        sorted(st.glimpses),
        sorted(st.used),
    )

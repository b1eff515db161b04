"""What one player may see: their own hand, pack, kept and saved cards; everyone's tableau
(hidden cards face down during the Play Phase they were played in), coins, glory and how many
cards each player holds.  Other hands, face-down choices and the discard pile's faces are not
part of it, except hands a ``peek_hand`` effect showed this round (``peeks``) and the chosen
cards an ``intercept`` ability let the player look at before a flip (``glimpses``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.packs.attack_right.engine.actions import PASS
from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.state import INTERCEPT, LOOK, PHASES, PLAY

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State


def observe(st: State, player: int) -> dict:
    """The observation of ``player`` as a JSON-ready dict."""
    g = st.game
    cid = g.card_id
    n = st.n
    gstep = st.gstep
    play_phase = st.phase == PLAY
    players = []
    for q in range(n):
        tableau = []
        for i in st.tab[q]:
            masked = (
                q != player
                and play_phase
                and st.card[i].hidden
                and st.seq[i] // n > gstep - st.step
            )
            tableau.append(
                {
                    "card": None if masked else cid(i),
                    "zone": ZONES[st.zone[i]].value,
                    "tokens": st.tokens[i],
                    "coins": st.stored[i],
                }
            )
        players.append(
            {
                "seat": q,
                "coins": st.coins[q],
                "glory": st.glory[q],
                "hand": len(st.hands[q]),
                "pack": len(st.packs[q]),
                "kept": len(st.kept[q]),
                "saved": len(st.saved[q]),
                "ended": st.ended[q],
                "tableau": tableau,
            }
        )
    return {
        "player": player,
        "round": st.round,
        "phase": str(PHASES[st.phase]),
        "decision": st.decision,
        "step": st.step,
        "you": {
            "hand": [cid(i) for i in st.hands[player]],
            "pack": [cid(i) for i in st.packs[player]],
            "kept": [cid(i) for i in st.kept[player]],
            "saved": [cid(i) for i in st.saved[player]],
        },
        "players": players,
        "piles": [len(p) for p in st.piles],
        "discard": len(st.discard),
        "peeks": [
            {"seat": q, "hand": [cid(i) for i in seen]} for v, q, seen in st.peeks if v == player
        ],
        "glimpses": [
            {"seat": q, "card": cid(i), "step": step}
            for v, q, i, step in st.glimpses
            if v == player
        ],
    }


def view(st: State, seat: int | None) -> dict:
    """The engine kit's observation: what ``seat`` may know, or (``None``) the designer's view
    of everything, in one shape.  A seat sees its own pack, kept, hand and saved cards and
    counts of the others', the sizes of the piles and the discard pile, every tableau (a
    hidden card another seat flipped this Play Phase as ``null``), its own peeks, glimpses,
    pending choice and offers; the designer sees every zone in order."""
    g = st.game
    ids = [c.id for c in st.card]
    n = st.n
    fresh = st.gstep - st.step
    play_phase = st.phase == PLAY
    sees = (lambda q: True) if seat is None else (lambda q: q == seat)

    def cards(insts) -> list[str]:
        return [ids[i] for i in insts]

    players = []
    for q in range(n):
        tableau = []
        for i in st.tab[q]:
            masked = (
                seat is not None
                and q != seat
                and play_phase
                and st.card[i].hidden
                and st.seq[i] // n > fresh
            )
            tableau.append(
                {
                    "card": None if masked else ids[i],
                    "zone": ZONES[st.zone[i]].value,
                    "tokens": st.tokens[i],
                    "coins": st.stored[i],
                    "order": st.seq[i],
                }
            )
        mine = sees(q)
        players.append(
            {
                "coins": st.coins[q],
                "glory": st.glory[q],
                "hand": cards(st.hands[q]) if mine else len(st.hands[q]),
                "pack": cards(st.packs[q]) if mine else len(st.packs[q]),
                "kept": cards(st.kept[q]) if mine else len(st.kept[q]),
                "saved": cards(st.saved[q]) if mine else len(st.saved[q]),
                "ended": st.ended[q],
                "tableau": tableau,
                "zones": {
                    z.value: [
                        {k: t[k] for k in ("card", "tokens", "coins")}
                        for t in tableau
                        if t["zone"] == z.value
                    ]
                    for z in ZONES
                },
                "used": [ids[i] for i in st.used if i in st.tab[q]],
                "chosen": _chosen(st, q) if mine else None,
                "offers": _offers(st, q) if mine and st.sub in (LOOK, INTERCEPT) else [],
                "moving": ids[st.move_from[q]] if st.move_from[q] >= 0 else None,
            }
        )
    seasons = [s.id for s in g.rules.seasons]
    return {
        "round": st.round,
        "season": seasons[g.season_of_round[st.round]] if st.round <= g.rounds else None,
        "phase": str(PHASES[st.phase]),
        "decision": st.decision,
        "step": st.step,
        "gstep": st.gstep,
        "first_end_done": st.first_end_done,
        # an unlimited bank: the box's coins no player holds (negative once it paid out more)
        "bank": st.bank if st.bank_limited else g.coin_supply - sum(st.coins) - sum(st.stored),
        "token_bank": st.token_bank if st.bank_limited else g.token_supply - sum(st.tokens),
        "piles": {
            seasons[s]: cards(pile) if seat is None else len(pile)
            for s, pile in enumerate(st.piles)
        },
        "discard": cards(st.discard) if seat is None else len(st.discard),
        "players": players,
        "peeks": [
            {"viewer": f"P{v + 1}", "seat": f"P{q + 1}", "hand": cards(seen)}
            for v, q, seen in st.peeks
            if sees(v)
        ],
        "glimpses": [
            {"viewer": f"P{v + 1}", "seat": f"P{q + 1}", "card": ids[i], "step": step}
            for v, q, i, step in st.glimpses
            if sees(v)
        ],
    }


def _offers(st: State, p: int) -> list[str]:
    """``p``'s looks or intercepts on offer, as the actions that take them."""
    return [st.action_to_string(p, a) for a in st._reactions(p) if a != PASS]


def _chosen(st: State, q: int) -> str | None:
    """The card ``q`` chose to play in a step waiting for looks or intercepts, in words."""
    action = None if st.pending is None else st.pending[q]
    return None if action is None else st._play_text(action, q)

"""What one player may see: their own hand, pack, kept and saved cards; everyone's tableau
(hidden cards face down during the Play Phase they were played in), coins, glory and how many
cards each player holds.  Other hands, face-down choices and the discard pile's faces are not
part of it, except hands a ``peek_hand`` effect showed this round (``peeks``) and the chosen
cards an ``intercept`` ability let the player look at before a flip (``glimpses``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.packs.attack_right.engine.compiled import ZONES

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State


def observe(st: State, player: int) -> dict:
    """The observation of ``player`` as a JSON-ready dict."""
    from cardgen.packs.attack_right.engine.state import PHASES, PLAY

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

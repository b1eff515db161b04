"""Attack Right's state declared once (:class:`~cardgen.engine.zones.StateZones`): its zones and
who sees each, its counters, and what else a copy copies; the kit derives the state's
``clone``, ``determinise``, ``digest`` and ``observation`` from it.

A seat sees its own pack, kept, hand and saved cards and how many the others hold, the sizes of
the season piles and the discard pile, every tableau (a hidden card another seat flipped this
Play Phase as ``null``), coins and glory, its own peeks (hands a ``peek_hand`` effect showed it
this round), glimpses (chosen cards an ``intercept`` ability let it look at before the flip),
pending choice and offers; the designer sees every zone in order.  A determinisation deals
anew, card by card, the cards of the piles and the other seats' packs, kept, hands and saved
cards that the seat neither sees nor knows (a peek, a glimpse, a card chosen in the step) nor
remembers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engine.zones import Field, StateZones
from cardgen.packs.attack_right.engine.actions import PASS
from cardgen.packs.attack_right.engine.compiled import ZONES as PLACES

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State

#: the placements' names, by number
_PLACES = [z.value for z in PLACES]

# --- how the view writes the fields ----------------------------------------------------------


def _ids(st: State, cards: list[int]) -> list[str]:
    card = st.card
    return [card[i].id for i in cards]


def _seasons(st: State) -> list[str]:
    return [s.id for s in st.game.rules.seasons]


def _season(st: State) -> str | None:
    g = st.game
    return _seasons(st)[g.season_of_round[st.round]] if st.round <= g.rounds else None


def _phase(st: State, phase: int) -> str:
    from cardgen.packs.attack_right.engine.state import PHASES

    return str(PHASES[phase])


def _bank(st: State, bank: int) -> int:
    """An unlimited bank: the box's coins no player holds (negative once it paid out more)."""
    return bank if st.bank_limited else st.game.coin_supply - sum(st.coins) - sum(st.stored)


def _token_bank(st: State, bank: int) -> int:
    return bank if st.bank_limited else st.game.token_supply - sum(st.tokens)


def _piles(st: State, piles: list[list[int]]) -> dict[str, list[str]]:
    return {s: _ids(st, pile) for s, pile in zip(_seasons(st), piles, strict=False)}


def _pile_sizes(st: State, piles: list[list[int]], _owner: Any, _seat: int) -> dict[str, int]:
    return {s: len(pile) for s, pile in zip(_seasons(st), piles, strict=False)}


def _peeks(st: State, peeks: list, _owner: Any = None, seat: int | None = None) -> list[Any]:
    """The hands peeked at this round (``seat``: those it looked at)."""
    return [
        {"viewer": f"P{v + 1}", "seat": f"P{q + 1}", "hand": _ids(st, list(seen))}
        for v, q, seen in peeks
        if seat is None or v == seat
    ]


def _glimpses(st: State, glimpses: list, _owner: Any = None, seat: int | None = None) -> list[Any]:
    """The chosen cards looked at before their flip (``seat``: those it looked at)."""
    card = st.card
    return [
        {"viewer": f"P{v + 1}", "seat": f"P{q + 1}", "card": card[i].id, "step": step}
        for v, q, i, step in glimpses
        if seat is None or v == seat
    ]


def _sees_tableau(st: State, owner: int | None, seat: int) -> bool:
    """Whether ``seat`` sees every card of ``owner``'s tableau: its own, or out of the Play
    Phase (a hidden card another seat flips stays face down until the Battle Phase)."""
    from cardgen.packs.attack_right.engine.state import PLAY

    return owner == seat or st.phase != PLAY


def _tableau(st: State, cards: list[int], masked: bool = False) -> list[dict[str, Any]]:
    """The tableau's cards in play order (``masked``: the hidden ones flipped this Play Phase
    as ``null``)."""
    card, zone, tokens, stored, seq = st.card, st.zone, st.tokens, st.stored, st.seq
    n, fresh = st.n, st.gstep - st.step
    return [
        {
            "card": None if masked and card[i].hidden and seq[i] // n > fresh else card[i].id,
            "zone": _PLACES[zone[i]],
            "tokens": tokens[i],
            "coins": stored[i],
            "order": seq[i],
        }
        for i in cards
    ]


def _masked(st: State, cards: list[int], _owner: Any, _seat: int) -> list[dict[str, Any]]:
    return _tableau(st, cards, masked=True)


def _zones(st: State, cards: list[int], masked: bool = False) -> dict[str, list[dict[str, Any]]]:
    """The tableau zone by zone (its cards without their play order)."""
    tableau = _tableau(st, cards, masked)
    return {
        z: [{k: t[k] for k in ("card", "tokens", "coins")} for t in tableau if t["zone"] == z]
        for z in _PLACES
    }


def _masked_zones(st: State, cards: list[int], _owner: Any, _seat: int) -> dict[str, Any]:
    return _zones(st, cards, masked=True)


def _used(st: State, q: int) -> list[str]:
    tab = st.tab[q]
    return [st.card[i].id for i in st.used if i in tab]


def _chosen(st: State, q: int) -> str | None:
    """The card ``q`` chose to play in a step waiting for looks or intercepts, in words."""
    action = None if st.pending is None else st.pending[q]
    return None if action is None else st._play_text(action, q)


def _offers(st: State, q: int) -> list[str]:
    """``q``'s looks or intercepts on offer, as the actions that take them."""
    from cardgen.packs.attack_right.engine.state import INTERCEPT, LOOK

    if st.sub not in (LOOK, INTERCEPT):
        return []
    return [st.action_to_string(q, a) for a in st._reactions(q) if a != PASS]


def _moving(st: State, q: int) -> str | None:
    i = st.move_from[q]
    return st.card[i].id if i >= 0 else None


def _known(st: State, seat: int) -> set[int]:
    """The cards ``seat`` knows where they lie: those it sees (:meth:`State.visible_cards`)
    and the cards of a step waiting for intercepts (they stay put)."""
    known = st.visible_cards(seat)
    if st.pending is not None:
        known.update(st.action_card(a) for a in st.pending if a is not None)
    return known


def _occupants(occ: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[z[:] for z in o] for o in occ]


def _mine(see: str = "owner") -> dict[str, Any]:
    """A seat's zone of cards only it sees, dealt anew with the piles."""
    return {"copy": "lists", "see": see, "pool": "card", "write": _ids}


STATE_ZONES = StateZones(
    shared=(
        Field("round"),
        Field("season", get=_season),
        Field("phase", write=_phase),
        Field("decision", get=lambda st: st.decision),
        Field("step"),
        Field("gstep"),
        Field("first_end_done"),
        Field("bank", write=_bank),
        Field("token_bank", write=_token_bank),
        Field("piles", "lists", see="nobody", pool="card", write=_piles, unseen=_pile_sizes),
        Field("discard", "list", see="nobody", write=_ids),
        Field("peeks", "list", see="nobody", write=_peeks, unseen=_peeks),
        Field("glimpses", "list", see="nobody", write=_glimpses, unseen=_glimpses),
    ),
    per_seat=(
        Field("coins", "list"),
        Field("glory", "list"),
        Field("hands", key="hand", **_mine()),
        Field("packs", key="pack", **_mine()),
        Field("kept", **_mine()),
        Field("saved", **_mine()),
        Field("ended", "list"),
        Field("tab", "lists", key="tableau", see=_sees_tableau, write=_tableau, unseen=_masked),
        Field("tab", key="zones", see=_sees_tableau, write=_zones, unseen=_masked_zones),
        Field("used", get=_used),
        Field("chosen", get=_chosen, see="owner", unseen="none"),
        Field("offers", get=_offers, see="owner", unseen="empty"),
        Field("moving", get=_moving),
    ),
    seats_before="peeks",
    kept=(
        *(Field(name, "list") for name in ("zone", "tokens", "stored", "seq", "offers")),
        *(Field(name, "list") for name in ("move_from", "used", "history", "battles")),
        *(Field(name, "list") for name in ("zone_mods", "neighbour_mods")),
        *(Field(name, "list") for name in ("disc_unit", "disc_building")),
        *(Field(name, "list") for name in ("battle_glory", "effect_glory", "coin_glory")),
        Field("prod", "lists"),
        Field("occ", _occupants),
        Field("face_down", "copy"),
        Field("tally", "copy"),
    ),
    transient=("chance_ties",),
    dealt=("piles", "packs", "kept", "hands", "saved"),
    known=_known,
    digested=(
        *("round", "phase", "step", "gstep", "coins", "glory", "piles", "packs", "kept"),
        *("hands", "saved", "tab", "zone", "tokens", "stored", "seq", "discard", "ended"),
        *("first_end_done", "peeks", "sub", "pending", "offers", "move_from", "glimpses"),
        *("used", "bank", "token_bank", "minted", "burned", "tie"),
    ),
    records={"face_down": dict, "tally": lambda: None},
)

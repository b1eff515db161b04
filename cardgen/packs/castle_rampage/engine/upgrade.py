"""Castle Rampage's old scenario format in the engine kit's (``cardgen scenario upgrade``).

The old format held one attack: ``passage``, top-level ``settings``, the ``defender``'s Gate,
Castle and hand and the ``attacker``'s (player 1 attacks player 2), the ``attack`` (a card,
perhaps with a ``strength``), a card written ``{card: id, gate: 4, …}`` to fix a value, and
``expect`` with the exact event lines, each side's piles afterwards, the discard pile, the
cards ``destroyed``, ``broke_gate``, ``winner`` (1 or 2), ``game_over``, ``attacker_to`` and the
defender's ``known`` cards.

Converted: the attack to P1's first move (``attack with CARD``) in a seeded new game whose
``given`` state is the old one (P1's hand: the attacking card, then the old hand; P2's Gate
and Castle; the piles the old file gives); fixed values to the set-up's ``card_values``
option (with the strength as the attacking card's ``attack``); the event lines to ``log``
(in order; the winner as ``P1``); ``destroyed`` to ``destroy`` events, each card's count and
the total; ``broke_gate`` to the count of ``gate_broken`` events; ``attacker_to`` to the
``attacker`` event; ``known`` to P2's; ``winner`` and ``game_over`` to ``winner`` and
``terminal``.  What cannot be converted is an :class:`~cardgen.engine.UpgradeError` at its
place: an unknown key, a card value given two ways.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from cardgen.engine import UpgradeError
from cardgen.engine.scenario import old_keys as _keys

TOP = ("name", "cards", "passage", "settings", "defender", "attacker", "attack", "expect")
PILES = ("gate", "castle", "hand")
REF = ("card", "attack", "gate", "castle", "effects")
EXPECT = ("events", "defender", "attacker", "discard", "destroyed", "broke_gate", "winner",
          "game_over", "attacker_to", "known")  # fmt: skip
WINS = re.compile(r"(the last Castle card is destroyed: )player ([12]) wins")


def is_old(doc: Any) -> bool:
    """Whether ``doc`` is a scenario of the old format (it has an ``attack`` or a side)."""
    return isinstance(doc, dict) and bool({"attack", "defender", "attacker", "passage"} & set(doc))


def upgrade(doc: Any) -> dict[str, Any] | None:
    """``doc`` in the kit's format, or None if it is not of the old format."""
    if not is_old(doc):
        return None
    _keys(doc, TOP, (), "a scenario")
    values: dict[str, dict[str, Any]] = {}
    out: dict[str, Any] = {k: doc[k] for k in ("name", "cards") if k in doc}
    if "passage" in doc:
        out["description"] = doc["passage"]
    attack = _keys(doc.get("attack"), ("card", "strength"), ("attack",), "attack")
    card = _card(attack.get("card"), ("attack", "card"), values)
    if attack.get("strength") is not None:
        _fix(values, card, "attack", attack["strength"], ("attack", "strength"))
    given: dict[str, Any] = {}
    for seat, who in (("P1", "attacker"), ("P2", "defender")):
        side = _keys(doc.get(who) or {}, PILES, (who,), who)
        mine = {
            pile: [_card(e, (who, pile, k), values) for k, e in enumerate(side[pile] or [])]
            for pile in PILES
            if pile in side
        }
        if who == "defender":  # the old defaults: an empty Gate, an empty hand
            mine = {"gate": mine.get("gate", []), "castle": mine.get("castle", []), **mine}
        else:
            mine["hand"] = [card, *mine.get("hand", [])]
        given[seat] = mine
    setup: dict[str, Any] = {}
    if doc.get("settings"):
        setup["settings"] = dict(doc["settings"])
    if values:
        setup["options"] = {"card_values": values}
    if setup:
        out["setup"] = setup
    out["given"] = given
    out["steps"] = [{"P1": f"attack with {card}"}]
    expect = _expect(doc.get("expect") or {})
    if expect:
        out["expect"] = expect
    return out


def _card(entry: Any, path: tuple, values: dict[str, dict[str, Any]]) -> str:
    """The card id of an old entry; the values it fixes go to ``values``."""
    if isinstance(entry, str):
        return entry
    ref = _keys(entry, REF, path, "a card")
    if not isinstance(ref.get("card"), str):
        raise UpgradeError("a card names its id: {card: id}", path)
    for key in REF[1:]:
        if key in ref:
            _fix(values, ref["card"], key, ref[key], (*path, key))
    return str(ref["card"])


def _fix(values: dict[str, dict[str, Any]], card: str, key: str, value: Any, path: tuple) -> None:
    mine = values.setdefault(card, {})
    if key in mine and mine[key] != value:
        raise UpgradeError(
            f"{card}'s {key} is fixed twice ({mine[key]!r} and {value!r}): the kit's scenarios "
            "give a card design one value",
            path,
        )
    mine[key] = value


def _expect(expect: Any) -> dict[str, Any]:
    expect = _keys(expect, EXPECT, ("expect",), "expect")
    out: dict[str, Any] = {}
    for seat, who in (("P2", "defender"), ("P1", "attacker")):
        after = _keys(expect.get(who) or {}, PILES, ("expect", who), who)
        mine = {pile: list(after[pile]) for pile in PILES if after.get(pile) is not None}
        if seat == "P2" and expect.get("known") is not None:
            mine["known"] = list(expect["known"])
        if mine:
            out[seat] = mine
    if expect.get("discard") is not None:
        out["discard"] = list(expect["discard"])
    events: list[dict[str, Any]] = []
    if expect.get("destroyed") is not None:
        destroyed = Counter(expect["destroyed"])
        events += [{"type": "destroy", "card": c, "count": n} for c, n in destroyed.items()]
        events.append({"type": "destroy", "count": len(expect["destroyed"])})
    if expect.get("broke_gate") is not None:
        events.append({"type": "gate_broken", "count": int(bool(expect["broke_gate"]))})
    if expect.get("attacker_to") is not None:
        to = expect["attacker_to"]
        if to not in ("hand", "discard"):
            raise UpgradeError(f"attacker_to {to!r}: hand or discard", ("expect", "attacker_to"))
        events.append({"type": "attacker", "to": to, "count": 1})
    if events:
        out["events"] = events
    if expect.get("events") is not None:
        out["log"] = [WINS.sub(r"\1P\2 wins", str(line)) for line in expect["events"]]
    if expect.get("winner") is not None:
        w = expect["winner"]
        if w not in (1, 2):
            raise UpgradeError(f"winner {w!r}: 1 or 2", ("expect", "winner"))
        out["winner"] = f"P{w}"
    if expect.get("game_over") is not None:
        out["terminal"] = bool(expect["game_over"])
    return out

"""The event log: structured events as small tuples (cheap to record), their field names,
and conversion to JSON-ready dicts and readable text.

An event is ``(type, *values)``; :data:`EVENT_FIELDS` names the values.  Card instances are
ints in the tuple and card ids in the dict form (``card``/``victim``); zones are names.
"""

from __future__ import annotations

from cardgen.packs.attack_right.engine.compiled import ZONES

CARD, CARDS, ZONE, PLAIN = "card", "cards", "zone", "plain"

EVENT_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "round": (("round", PLAIN), ("season", PLAIN)),
    "phase": (("phase", PLAIN),),
    "deal": (("player", PLAIN), ("cards", CARDS)),
    "pick": (("player", PLAIN), ("card", CARD)),
    "draft_discard": (("player", PLAIN), ("card", CARD)),
    "save": (("player", PLAIN), ("card", CARD)),
    "end_turn": (("player", PLAIN), ("discarded", PLAIN), ("step", PLAIN)),
    "play": (
        ("player", PLAIN),
        ("card", CARD),
        ("zone", ZONE),
        ("price", PLAIN),
        ("removes", CARD),
        ("step", PLAIN),
    ),
    "remove": (("player", PLAIN), ("card", CARD), ("reason", PLAIN), ("coins", PLAIN)),
    "coins": (("player", PLAIN), ("amount", PLAIN), ("source", PLAIN)),
    "glory": (("player", PLAIN), ("amount", PLAIN), ("source", PLAIN)),
    "store": (("player", PLAIN), ("card", CARD), ("amount", PLAIN)),
    "tokens": (("player", PLAIN), ("card", CARD), ("amount", PLAIN)),
    "steal": (("player", PLAIN), ("from", PLAIN), ("amount", PLAIN), ("source", PLAIN)),
    "hand_discard": (("player", PLAIN), ("card", CARD), ("source", PLAIN)),
    "peek": (("player", PLAIN), ("target", PLAIN), ("cards", CARDS)),
    "battle": (
        ("attacker", PLAIN),
        ("defender", PLAIN),
        ("attack", PLAIN),
        ("defence", PLAIN),
        ("winner", PLAIN),
    ),
    "upkeep": (("player", PLAIN), ("due", PLAIN), ("paid", PLAIN)),
    "die": (("player", PLAIN), ("card", CARD), ("coins", PLAIN), ("returns", PLAIN)),
    "game_end": (("glory", PLAIN), ("coins", PLAIN), ("winners", PLAIN)),
}

PRIVATE = frozenset({"deal", "pick", "save", "peek"})
"""Events only their ``player`` sees (the rest is public)."""


def to_dict(event: tuple, card_id) -> dict:
    """An event as ``{"type": ..., field: value}`` with card ids and zone names."""
    kind, *values = event
    out: dict = {"type": kind}
    for (name, how), v in zip(EVENT_FIELDS[kind], values, strict=True):
        if how == CARD:
            v = None if v < 0 else card_id(v)
        elif how == CARDS:
            v = [card_id(i) for i in v]
        elif how == ZONE:
            v = ZONES[v].value
        elif isinstance(v, tuple):
            v = list(v)
        out[name] = v
    return out


def to_text(event: dict) -> str:
    """One readable line for an event dict (players shown as P1..PN)."""
    t = event["type"]

    def pl(k: str = "player") -> str:
        return f"P{event[k] + 1}"

    if t == "round":
        return f"=== Round {event['round']} ({event['season']}) ==="
    if t == "phase":
        return f"--- {event['phase']} ---"
    if t == "deal":
        return f"{pl()} is dealt {', '.join(event['cards'])}"
    if t == "pick":
        return f"{pl()} keeps {event['card']}"
    if t == "draft_discard":
        return f"{pl()} discards {event['card']} (draft)"
    if t == "save":
        return f"{pl()} saves {event['card']} face down"
    if t == "end_turn":
        return f"{pl()} ends the turn at step {event['step']}, discarding {event['discarded']}"
    if t == "play":
        rem = f", removing {event['removes']}" if event["removes"] else ""
        return (
            f"{pl()} plays {event['card']} {event['zone']} for {event['price']} coin(s){rem}"
            f" (step {event['step']})"
        )
    if t == "remove":
        return f"{pl()}'s {event['card']} is removed ({event['reason']})"
    if t in ("coins", "glory"):
        verb = "gains" if event["amount"] >= 0 else "loses"
        return f"{pl()} {verb} {abs(event['amount'])} {t} ({event['source']})"
    if t == "store":
        return f"{pl()} puts {event['amount']} coin(s) on {event['card']}"
    if t == "tokens":
        return f"{pl()}'s {event['card']} age tokens {event['amount']:+d}"
    if t == "steal":
        return f"{pl()} takes {event['amount']} coin(s) from {pl('from')} ({event['source']})"
    if t == "hand_discard":
        return f"{pl()} discards {event['card']} from hand ({event['source']})"
    if t == "peek":
        return f"{pl()} looks at {pl('target')}'s hand: {', '.join(event['cards']) or '-'}"
    if t == "battle":
        w = event["winner"]
        res = "nobody wins" if w < 0 else f"P{w + 1} wins"
        return (
            f"{pl('attacker')} attacks {pl('defender')}: {event['attack']} vs "
            f"{event['defence']}, {res}"
        )
    if t == "upkeep":
        return f"{pl()} {'pays' if event['paid'] else 'cannot pay'} upkeep {event['due']}"
    if t == "die":
        back = ", saved for the next Play Phase" if event["returns"] else ""
        return f"{pl()}'s {event['card']} dies{back}"
    if t == "game_end":
        winners = ", ".join(f"P{w + 1}" for w in event["winners"])
        return f"=== Game over: glory {event['glory']}, coins {event['coins']}; winner(s) {winners}"
    return str(event)  # pragma: no cover

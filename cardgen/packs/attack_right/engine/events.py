"""The event log: structured events as small tuples (cheap to record), their field names,
and conversion to JSON-ready dicts and readable text.

An event is ``(type, *values)``; :data:`EVENT_FIELDS` names the values and says what each
holds: a card, cards, a zone, a seat, seats, one value per seat, a source (a card id or one of
:data:`SOURCES`), a round, a season id, a phase (:data:`PHASES`), a reason (:data:`REASONS`),
a whole number, a count (a whole number from 0) or a flag (true or false).  Card instances are
ints in the tuple and card ids in the dict form; zones are names.  A scenario's expected events
are checked against these kinds before it runs (:mod:`..scenario.references`).
"""

from __future__ import annotations

from cardgen.packs.attack_right.engine.compiled import ZONES

CARD, CARDS, ZONE, SEAT, SEATS, PER_SEAT, SOURCE = (
    "card",
    "cards",
    "zone",
    "seat",
    "seats",
    "per_seat",
    "source",
)
ROUND, SEASON, PHASE, REASON, INT, COUNT, FLAG = (
    "round",
    "season",
    "phase",
    "reason",
    "int",
    "count",
    "flag",
)
SOURCES = ("income", "battle", "first_to_end", "coins")
"""What a ``source`` names besides the id of the card whose effect it was."""
PHASES = ("play", "battle", "income", "age")
"""The phases a ``phase`` event announces (a round's draft starts with its ``round`` event)."""
REASONS = ("replaced", "upkeep")
"""Why a card is removed (``remove`` events): to make room, or unpaid upkeep."""

EVENT_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "round": (("round", ROUND), ("season", SEASON)),
    "phase": (("phase", PHASE),),
    "deal": (("player", SEAT), ("cards", CARDS)),
    "pick": (("player", SEAT), ("card", CARD)),
    "draft_discard": (("player", SEAT), ("card", CARD)),
    "save": (("player", SEAT), ("card", CARD)),
    "end_turn": (("player", SEAT), ("discarded", COUNT), ("step", COUNT)),
    "play": (
        ("player", SEAT),
        ("card", CARD),
        ("zone", ZONE),
        ("price", COUNT),
        ("removes", CARD),
        ("step", COUNT),
    ),
    "remove": (("player", SEAT), ("card", CARD), ("reason", REASON), ("coins", COUNT)),
    "coins": (("player", SEAT), ("amount", INT), ("source", SOURCE)),
    "glory": (("player", SEAT), ("amount", INT), ("source", SOURCE)),
    "store": (("player", SEAT), ("card", CARD), ("amount", COUNT)),
    "tokens": (("player", SEAT), ("card", CARD), ("amount", INT)),
    "steal": (("player", SEAT), ("from", SEAT), ("amount", COUNT), ("source", SOURCE)),
    "hand_discard": (("player", SEAT), ("card", CARD), ("source", SOURCE)),
    "peek": (("player", SEAT), ("target", SEAT), ("cards", CARDS)),
    "battle": (
        ("attacker", SEAT),
        ("defender", SEAT),
        ("attack", COUNT),
        ("defence", COUNT),
        ("winner", SEAT),
    ),
    "upkeep": (("player", SEAT), ("due", COUNT), ("paid", FLAG)),
    "die": (("player", SEAT), ("card", CARD), ("coins", COUNT), ("returns", FLAG)),
    "game_end": (("glory", PER_SEAT), ("coins", PER_SEAT), ("winners", SEATS)),
    "look": (("player", SEAT), ("target", SEAT), ("card", CARD), ("step", COUNT)),
    "intercept": (("player", SEAT), ("target", SEAT), ("card", CARD), ("step", COUNT)),
    "glimpse": (("player", SEAT), ("target", SEAT), ("card", CARD), ("step", COUNT)),
    "move": (("player", SEAT), ("card", CARD), ("from_zone", ZONE), ("zone", ZONE)),
}

VIEW_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "reveal": (("player", SEAT), ("card", CARD), ("zone", ZONE)),
}
"""Events only a player's view writes (:mod:`.views`), never the engine: ``reveal``, when the
Battle Phase turns face up a hidden card the viewer saw flipped face down."""

PRIVATE = frozenset({"deal", "pick", "save", "peek", "glimpse"})
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
    """One readable line for an event dict (players shown as P1..PN; a card a player's view
    did not see, ``"?"``, as "a face-down card")."""
    event = {k: "a face-down card" if v == "?" else v for k, v in event.items()}
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
    if t == "look":
        return f"{pl()} uses {event['card']} to look at the card {pl('target')} is about to play"
    if t == "glimpse":
        return f"{pl()} looks at the card {pl('target')} is about to play: {event['card']}"
    if t == "intercept":
        return f"{pl()} discards {event['card']}, which {pl('target')} was about to play"
    if t == "move":
        return f"{pl()} moves {event['card']} from {event['from_zone']} to {event['zone']}"
    if t == "reveal":
        return f"{pl()}'s face-down card in the {event['zone']} zone is {event['card']}"
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

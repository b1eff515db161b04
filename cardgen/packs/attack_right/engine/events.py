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


# --- the engine kit's events -------------------------------------------------------------------
_ZONE_WORDS = "left|middle|right"
#: the kit's form of each event: fields (``name:domain``), its readable text, its role and who
#: sees it whole.  Seats are ``seat`` (the old ``player``); a hidden card another seat flips
#: face down is a ``play_hidden`` its owner sees, and ``reveal`` at the Battle Phase
KIT_EVENTS: tuple[tuple, ...] = (
    ("round", "round:int season:text", "=== Round {round} ({season}) ===", None, None),
    ("phase", "phase:play|battle|income|age", "--- {phase} ---", None, None),
    ("deal", "seat:seat cards:card", "{seat} is dealt {cards}", None, "cards"),
    ("pick", "seat:seat card:card", "{seat} keeps {card}", "drawn", "card"),
    ("draft_discard", "seat:seat card:card", "{seat} discards {card} (draft)", None, "card"),
    ("save", "seat:seat card:card", "{seat} saves {card} face down", None, "card"),
    (
        "end_turn",
        "seat:seat discarded:int step:int",
        "{seat} ends the turn at step {step}, discarding {discarded}",
        None,
        None,
    ),
    (
        "play",
        f"seat:seat card:card zone:{_ZONE_WORDS} price:int removes:card step:int",
        "{seat} plays {card} {zone} for {price} coin(s) (step {step})",
        "played",
        None,
    ),
    (
        "play_hidden",
        f"seat:seat card:card zone:{_ZONE_WORDS} price:int removes:card step:int",
        "{seat} plays {card} face down {zone} for {price} coin(s) (step {step})",
        "played",
        "card",
    ),
    (
        "reveal",
        f"seat:seat card:card zone:{_ZONE_WORDS}",
        "{seat}'s face-down card in the {zone} zone is {card}",
        None,
        None,
    ),
    (
        "remove",
        "seat:seat card:card reason:replaced|upkeep coins:int",
        "{seat}'s {card} is removed ({reason})",
        None,
        None,
    ),
    (
        "coins",
        "seat:seat amount:int source:text",
        "{seat}: {amount:+d} coins ({source})",
        None,
        None,
    ),
    (
        "glory",
        "seat:seat amount:int source:text",
        "{seat}: {amount:+d} glory ({source})",
        None,
        None,
    ),
    (
        "store",
        "seat:seat card:card amount:int",
        "{seat} puts {amount} coin(s) on {card}",
        None,
        None,
    ),
    (
        "tokens",
        "seat:seat card:card amount:int",
        "{seat}'s {card} age tokens {amount:+d}",
        None,
        None,
    ),
    (
        "steal",
        "seat:seat from:seat amount:int source:text",
        "{seat} takes {amount} coin(s) from {from} ({source})",
        None,
        None,
    ),
    (
        "hand_discard",
        "seat:seat card:card source:text",
        "{seat} discards {card} from hand ({source})",
        None,
        "card",
    ),
    ("peek", "seat:seat target:seat cards:card", "{seat} looks at {target}'s hand", None, "cards"),
    (
        "battle",
        "attacker:seat defender:seat attack:int defence:int winner:seat",
        "{attacker} attacks {defender}: {attack} vs {defence}, winner {winner}",
        None,
        None,
    ),
    ("upkeep", "seat:seat due:int paid:bool", "{seat} upkeep {due} (paid: {paid})", None, None),
    (
        "die",
        "seat:seat card:card coins:int returns:bool",
        "{seat}'s {card} dies (back to hand: {returns})",
        None,
        None,
    ),
    (
        "game_end",
        "glory:int coins:int winners:seat",
        "=== Game over: glory {glory}, coins {coins}; winner(s) {winners}",
        None,
        None,
    ),
    (
        "look",
        "seat:seat target:seat card:card step:int",
        "{seat} uses {card} to look at the card {target} is about to play",
        None,
        None,
    ),
    (
        "intercept",
        "seat:seat target:seat card:card step:int",
        "{seat} discards {card}, which {target} was about to play",
        None,
        "card",
    ),
    (
        "glimpse",
        "seat:seat target:seat card:card step:int",
        "{seat} looks at the card {target} is about to play: {card}",
        None,
        "card",
    ),
    (
        "move",
        f"seat:seat card:card from_zone:{_ZONE_WORDS} zone:{_ZONE_WORDS}",
        "{seat} moves {card} from {from_zone} to {zone}",
        None,
        None,
    ),
)


def _converter(kind: str, ids: tuple[str, ...]):
    """A function turning one raw event of ``kind`` into the kit's tuple (None: the raw
    event is in the kit's form already)."""
    zones = tuple(z.value for z in ZONES)
    todo = [
        (k, how)
        for k, (_name, how) in enumerate(EVENT_FIELDS[kind], 1)
        if how in (CARD, CARDS, ZONE) or (how == SEAT and kind == "battle")
    ]
    if not todo:
        return None
    if len(todo) == 1 and todo[0][1] == CARD:
        k = todo[0][0]
        return lambda e: (*e[:k], ids[e[k]] if e[k] >= 0 else None, *e[k + 1 :])

    def convert(e: tuple) -> tuple:
        out = list(e)
        for k, how in todo:
            v = e[k]
            if how == CARD:
                out[k] = ids[v] if v >= 0 else None
            elif how == CARDS:
                out[k] = tuple(ids[i] for i in v)
            elif how == ZONE:
                out[k] = zones[v]
            elif v < 0:
                out[k] = None
        return tuple(out)

    return convert


_CONVERTERS: dict[tuple[str, ...], dict] = {}


def kit_events(st, raw: list[tuple]) -> list[tuple]:
    """``raw`` (the engine's events: card instances, zone indexes) in the kit's form (card
    ids, zone names, ``None`` for no card or no winner).  A hidden card's play is a
    ``play_hidden`` its owner alone sees whole, and the Battle Phase ``reveal``\\ s the
    hidden cards still face down."""
    card = st.card
    ids = st.game.ids
    conv = _CONVERTERS.get(ids)
    if conv is None:
        conv = _CONVERTERS[ids] = {k: _converter(k, ids) for k in EVENT_FIELDS}
    zones = tuple(z.value for z in ZONES)
    face_down: dict[int, tuple[int, int]] = {}
    out: list[tuple] = []
    append = out.append
    for e in raw:
        kind = e[0]
        if kind == "play":
            _k, p, inst, z, cost, victim, step = e
            face_down.pop(victim, None)
            hidden = card[inst].hidden
            if hidden:
                face_down[inst] = (p, z)
            append(
                ("play_hidden" if hidden else "play", p, ids[inst], zones[z], cost,
                 ids[victim] if victim >= 0 else None, step)
            )  # fmt: skip
            continue
        if face_down:
            if kind == "phase" and e[1] == "battle":
                append(e)
                out += [("reveal", q, ids[i], zones[z]) for i, (q, z) in face_down.items()]
                face_down.clear()
                continue
            if kind == "remove":
                face_down.pop(e[2], None)
            elif kind == "move" and e[2] in face_down:
                face_down[e[2]] = (e[1], e[4])
        f = conv[kind]
        append(e if f is None else f(e))
    return out

"""The catalogue compiled to flat, int-coded tuples for a fast engine.

Every physical card of the chosen decks becomes an *instance* (an int ``0..M-1``, numbered in
catalogue order, so numbering is identical in every process).  ``CardDef`` holds one design's
numbers and its effects as small tuples grouped by trigger; the hot loops only index tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.effects import (
    AgeTokens,
    DiscardFromHand,
    Discount,
    Flank,
    GainCoins,
    GainGlory,
    Hidden,
    Intercept,
    MoveCard,
    PeekHand,
    Power,
    Produce,
    ReturnToHand,
    StealCoins,
    StoreCoins,
    Upkeep,
)
from cardgen.packs.attack_right.model import CardType, Placement, RulesModel

ZONES = (Placement.LEFT, Placement.MIDDLE, Placement.RIGHT)
#: the zones as the events and views write them
ZONE_NAMES = tuple(z.value for z in ZONES)
"""Zone index -> placement: 0 left, 1 middle, 2 right."""
LEFT, MIDDLE, RIGHT = 0, 1, 2
DEFENCE, ATTACK = 0, 1
STATS = ("defence", "attack")

# --- counters (``per``): 0 none, 1..4 below, RES_BASE + r for resource r -----------------
PER_NONE, PER_TOKEN, PER_UNIT, PER_BUILDING, PER_CARD = 0, 1, 2, 3, 4
RES_BASE = 10
_PER = {None: PER_NONE, "age_token": PER_TOKEN, "unit": PER_UNIT}
_PER.update({"building": PER_BUILDING, "card": PER_CARD})

# --- triggered-effect opcodes ----------------------------------------------------------------
OP_COINS, OP_GLORY, OP_STORE, OP_TOKENS, OP_STEAL, OP_DISCARD, OP_PEEK = range(7)
OP_NAMES: tuple[str, ...] = ("gain_coins", "gain_glory", "store_coins", "age_tokens", "steal_coins")
OP_NAMES += ("discard_from_hand", "peek_hand")

# --- targets ---------------------------------------------------------------------------------
T_OWNER, T_NEIGHBOUR, T_NEIGHBOURS, T_SELF, T_OWN_UNITS, T_NEIGHBOUR_UNITS, T_ZONE = range(7)
_TARGET = {
    "owner": T_OWNER,
    "neighbour": T_NEIGHBOUR,
    "neighbours": T_NEIGHBOURS,
    "self": T_SELF,
    "own_units": T_OWN_UNITS,
    "neighbour_units": T_NEIGHBOUR_UNITS,
    "zone": T_ZONE,
}

# --- battle outcomes (``when``) ----------------------------------------------------------------
ATTACK_WON, ATTACK_LOST, DEFENCE_WON, DEFENCE_LOST, ALWAYS = range(5)
_WHEN = {
    None: ALWAYS,
    "always": ALWAYS,
    "attack_won": ATTACK_WON,
    "attack_lost": ATTACK_LOST,
    "defence_won": DEFENCE_WON,
    "defence_lost": DEFENCE_LOST,
}

# --- what a move_card effect may move ----------------------------------------------------------
MOVE_UNIT, MOVE_BUILDING, MOVE_ANY = 1, 2, 3
_MOVE = {"unit": MOVE_UNIT, "building": MOVE_BUILDING, "card": MOVE_ANY}

Trig = tuple[int, int, int, int, int]
"""A triggered effect: (opcode, amount, per, target, when)."""
PowerMod = tuple[int, int, int]
"""An ongoing power change: (stat, amount, per)."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One design, int-coded.  Powers are ``None`` for a printed ``-``."""

    index: int
    id: str
    name: str
    is_unit: bool
    cost: int
    discount: tuple[int, ...]
    zones: tuple[int, ...]
    defence: int | None
    attack: int | None
    star: bool
    produce: tuple[tuple[int, int], ...]
    discounts: tuple[tuple[int, int], ...]  # (applies: 0 any, 1 unit, 2 building; amount)
    power_self: tuple[PowerMod, ...]
    power_zone: tuple[PowerMod, ...]
    power_neighbour: tuple[PowerMod, ...]
    played: tuple[Trig, ...]
    battle: tuple[Trig, ...]
    income: tuple[Trig, ...]
    upkeep: int
    age_start: tuple[Trig, ...]
    dies: tuple[Trig, ...]
    returns: bool
    hidden: bool
    flank: bool
    #: targets (T_NEIGHBOUR / T_NEIGHBOURS) of its intercept abilities, once per round each
    intercepts: tuple[int, ...]
    #: when played, may move one of its owner's other cards: 0 no, else MOVE_UNIT/BUILDING/ANY
    moves: int
    #: any power change (self, zone or neighbour): its power needs :func:`card_power`
    has_power_mods: bool
    #: changes its kingdom's cached numbers (zone/neighbour power, production, discounts)
    modifies: bool

    def power(self, stat: int) -> int | None:
        return self.defence if stat == DEFENCE else self.attack


def _per(per: str | None, resources: tuple[str, ...]) -> int:
    if per in _PER:
        return _PER[per]
    return RES_BASE + resources.index(per)


def compile_card(card: Card, index: int, rules: RulesModel) -> CardDef:
    """Compile one design against the rules model."""
    res = rules.resource_ids
    produce: list[tuple[int, int]] = []
    discounts: list[tuple[int, int]] = []
    mods: dict[str, list[PowerMod]] = {"self": [], "zone": [], "neighbour": []}
    trig: dict[str, list[Trig]] = {t: [] for t in ("played", "battle", "income", "age_start")}
    trig["dies"] = []
    upkeep = moves = 0
    returns = hidden = flank = False
    intercepts: list[int] = []
    for e in card.effects:
        if isinstance(e, Produce):
            produce.append((res.index(e.resource), e.amount))
        elif isinstance(e, Discount):
            applies = {"any": 0, "unit": 1, "building": 2}[e.applies_to]
            discounts.append((applies, e.amount))
        elif isinstance(e, Power):
            stat = STATS.index(e.stat)
            mods[e.target].append((stat, e.amount, _per(e.per, res)))
        elif isinstance(e, Upkeep):
            upkeep += e.amount
        elif isinstance(e, ReturnToHand):
            returns = True
        elif isinstance(e, Hidden):
            hidden = True
        elif isinstance(e, Flank):
            flank = True
        elif isinstance(e, Intercept):
            intercepts.append(_TARGET[e.target])
        elif isinstance(e, MoveCard):
            moves = _MOVE[e.what]
        else:
            trig[e.trigger].append(_compile_trig(e, res))
    # A discount resource printed twice still counts each unit produced once.
    discount = tuple(dict.fromkeys(res.index(r) for r in card.discount))
    return CardDef(
        index=index,
        id=card.id,
        name=card.name,
        is_unit=card.type is CardType.UNIT,
        cost=card.cost,
        discount=discount,
        zones=tuple(ZONES.index(p) for p in card.placement),
        defence=card.defence_value,
        attack=card.attack_value,
        star=card.star,
        produce=tuple(produce),
        discounts=tuple(discounts),
        power_self=tuple(mods["self"]),
        power_zone=tuple(mods["zone"]),
        power_neighbour=tuple(mods["neighbour"]),
        played=tuple(trig["played"]),
        battle=tuple(trig["battle"]),
        income=tuple(trig["income"]),
        upkeep=upkeep,
        age_start=tuple(trig["age_start"]),
        dies=tuple(trig["dies"]),
        returns=returns,
        hidden=hidden,
        flank=flank,
        intercepts=tuple(intercepts),
        moves=moves,
        has_power_mods=bool(mods["self"] or mods["zone"] or mods["neighbour"]),
        modifies=bool(mods["zone"] or mods["neighbour"] or produce or discounts),
    )


def _compile_trig(e, res: tuple[str, ...]) -> Trig:
    when = _WHEN[getattr(e, "when", None)]
    per = _per(getattr(e, "per", None), res)
    target = _TARGET[getattr(e, "target", "owner")]
    if isinstance(e, GainGlory):
        return (OP_GLORY, e.amount, per, target, when)
    if isinstance(e, GainCoins):
        return (OP_COINS, e.amount, per, target, when)
    if isinstance(e, StoreCoins):
        return (OP_STORE, e.amount, PER_NONE, T_SELF, when)
    if isinstance(e, AgeTokens):
        return (OP_TOKENS, e.amount, PER_NONE, target, when)
    if isinstance(e, StealCoins):
        return (OP_STEAL, e.amount, PER_NONE, target, when)
    if isinstance(e, DiscardFromHand):
        return (OP_DISCARD, e.amount, PER_NONE, target, when)
    if isinstance(e, PeekHand):
        return (OP_PEEK, 0, PER_NONE, target, when)
    raise TypeError(f"no executor for effect kind {e.kind!r}")  # pragma: no cover


#: compile_card's designs by (card, rules) object ids and index, with the objects (each
#: seating of a simulation compiles the same cards in another deck order: numbered anew,
#: compiled once, renumbered once per index)
_DEFS: dict[tuple[int, int, int], tuple[Card, RulesModel, CardDef]] = {}


def _reindexed(d: CardDef, index: int) -> CardDef:
    """``dataclasses.replace(d, index=index)`` without its per-call field introspection."""
    new = object.__new__(CardDef)
    for name in _FIELDS:
        object.__setattr__(new, name, getattr(d, name))
    object.__setattr__(new, "index", index)
    return new


_FIELDS = tuple(f.name for f in fields(CardDef))


def _compiled(card: Card, index: int, rules: RulesModel) -> CardDef:
    """:func:`compile_card`, reusing the design compiled for the same card and rules objects."""
    hit = _DEFS.get((id(card), id(rules), index))
    if hit is not None and hit[0] is card and hit[1] is rules:
        return hit[2]
    if len(_DEFS) > 4096:
        _DEFS.clear()
    other = _DEFS.get((id(card), id(rules), -1))
    if other is None or other[0] is not card or other[1] is not rules:
        d = compile_card(card, index, rules)
        _DEFS[id(card), id(rules), -1] = (card, rules, d)  # the design, whatever its index
    else:
        d = other[2] if other[2].index == index else _reindexed(other[2], index)
    _DEFS[id(card), id(rules), index] = (card, rules, d)
    return d


@dataclass(frozen=True, slots=True)
class CompiledPool:
    """The instances of a game: ``card[i]`` is instance ``i``'s design; seasons by index."""

    designs: tuple[CardDef, ...]
    card: tuple[CardDef, ...]
    season: tuple[int, ...]
    by_id: dict[str, tuple[int, ...]]

    @property
    def size(self) -> int:
        return len(self.card)

    def instances_of(self, card_id: str) -> tuple[int, ...]:
        return self.by_id.get(card_id, ())


def compile_pool(cards: list[Card], rules: RulesModel, *, first_game: bool) -> CompiledPool:
    """Compile the designs and number every physical copy (star cards left out in a first game)."""
    designs: list[CardDef] = []
    inst: list[CardDef] = []
    season: list[int] = []
    by_id: dict[str, list[int]] = {}
    for card in cards:
        if first_game and card.star:
            continue
        d = _compiled(card, len(designs), rules)
        designs.append(d)
        s = rules.season_ids.index(card.season)
        for _ in range(card.copies):
            by_id.setdefault(card.id, []).append(len(inst))
            inst.append(d)
            season.append(s)
    return CompiledPool(
        tuple(designs), tuple(inst), tuple(season), {k: tuple(v) for k, v in by_id.items()}
    )

"""The compiled set-up of Attack the Tower: the army's designs as a table the engine reads fast,
the rules model's numbers and settings, and :class:`Game` which deals new states."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from cardgen.engine import Setup, SetupError
from cardgen.engine.definition import check_settings
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.model import Settings, TowerCard, TowerRules

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue


@dataclass(frozen=True, slots=True)
class TroopDef:
    """A troop type as the engine reads it."""

    id: str
    name: str
    power: int
    initiative: bool
    artillery: bool
    unique: bool
    infantry: bool


@dataclass(frozen=True, slots=True)
class Design:
    """One card design: a base (``troop`` its troop type's index) or an ability."""

    index: int
    id: str
    name: str
    pile: str
    copies: int
    troop: int = -1
    type: str = ""
    effects: tuple = ()
    special_power: int = -1
    special_traits: tuple[str, ...] = ()
    extra_damage: int = 0
    #: a base card; a special troop card (read in the engine's hot loops: set once)
    is_base: bool = field(init=False)
    is_special: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_base", self.pile == "base")
        object.__setattr__(self, "is_special", self.special_power >= 0)


@dataclass(frozen=True)
class Compiled:
    """The army and rules of a catalogue, compiled once per game set-up."""

    designs: tuple[Design, ...]
    troops: tuple[TroopDef, ...]
    territories: int
    slots: int
    base_power: int
    palace_power: int
    opening_hand: int
    hand_limit: int
    renewal_draw: int
    max_troops: int
    settings: Settings
    by_id: dict[str, int] = field(default_factory=dict)
    #: what a hand (its design indices in order) offers: the build phase's actions, the plays
    #: of its ability cards and its special troop cards (filled as hands are met)
    hands: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: what the abilities in play of an army (its ``played`` designs in order) do, by play
    #: (filled as they are met)
    plays: dict[tuple[int, ...], InPlay] = field(default_factory=dict, compare=False, repr=False)

    @property
    def board_size(self) -> int:
        return self.territories * self.slots

    @cached_property
    def artillery(self) -> frozenset[int]:
        """The indices of the troop types with the artillery trait."""
        return frozenset(i for i, t in enumerate(self.troops) if t.artillery)

    @cached_property
    def troop_power(self) -> tuple[int, ...]:
        """Each troop type's printed power."""
        return tuple(t.power for t in self.troops)

    @cached_property
    def unique_bases(self) -> tuple[bool, ...]:
        """Whether each design is a base whose troop type has the unique trait."""
        return tuple(d.is_base and self.troops[d.troop].unique for d in self.designs)

    @cached_property
    def infantry(self) -> tuple[bool, ...]:
        """Whether each troop type is infantry."""
        return tuple(t.infantry for t in self.troops)

    @cached_property
    def attack_actions(self) -> tuple[tuple[int, ...], ...]:
        """The attacks from each own territory, one per enemy territory, in order."""
        n = self.territories
        return tuple(tuple(A.attack_action(f, t) for t in range(n)) for f in range(n))

    def hand_actions(
        self, hand: list[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """What ``hand`` offers, read once per distinct hand: ``done`` and the builds of its
        bases on every slot; the plays of its ability cards that are not special troops;
        its special troop cards (designs), each sorted, each design once."""
        key = tuple(hand)
        known = self.hands.get(key)
        if known is None:
            designs = self.designs
            kinds = set(hand)
            bases = sorted(d for d in kinds if designs[d].is_base)
            slots = range(self.board_size)
            builds = (A.DONE, *(A.build_action(d, s) for d in bases for s in slots))
            cards = (d for d in kinds if not designs[d].is_base and not designs[d].is_special)
            plays = tuple(sorted(A.PLAY + d for d in cards))
            specials = tuple(sorted(d for d in kinds if designs[d].is_special))
            if len(self.hands) >= 100_000:  # a bound on the memory of a long run
                self.hands.clear()
            known = self.hands[key] = (builds, plays, specials)
        return known

    def in_play(self, played: list[int]) -> InPlay:
        """What the abilities ``played`` (design indices in order) do, read once per list."""
        key = tuple(played)
        known = self.plays.get(key)
        if known is None:
            designs, arts = self.designs, self.artillery
            effects = tuple(e for d in key for e in designs[d].effects)
            if len(self.plays) >= 100_000:  # a bound on the memory of a long run
                self.plays.clear()
            known = self.plays[key] = InPlay(
                effects,
                any(e.kind == "cancel_enemy_initiative" for e in effects),
                tuple(e for e in effects if e.kind == "strike"),
                any(
                    e.kind == "damage_manned_bases" and (e.troop == -1 or e.troop in arts)
                    for e in effects
                ),
            )
        return known

    def deck(self, pile: str) -> list[int]:
        """Every card of ``pile`` as design indices (copies included), in catalogue order."""
        return [d.index for d in self.designs if d.pile == pile for _ in range(d.copies)]


def compile_catalogue(cat: Catalogue, settings: Settings | None = None) -> Compiled:
    """The engine's table of ``cat`` (``settings`` replaces the rules model's readings)."""
    rules: TowerRules = cat.rules
    troops = tuple(
        TroopDef(
            t.id,
            t.troop,
            t.power,
            "initiative" in t.traits,
            "artillery" in t.traits,
            "unique" in t.traits,
            t.infantry,
        )
        for t in rules.troop_types
    )
    tindex = {t.id: i for i, t in enumerate(troops)}
    designs = tuple(_design(i, c, tindex) for i, c in enumerate(cat.cards))
    if not any(d.is_base for d in designs):
        raise SetupError("the army has no base cards")
    return Compiled(
        designs=designs,
        troops=troops,
        territories=rules.territories,
        slots=rules.slots,
        base_power=rules.base_power,
        palace_power=rules.palace_power,
        opening_hand=rules.opening_hand,
        hand_limit=rules.hand_limit,
        renewal_draw=rules.renewal_draw,
        max_troops=rules.max_troops_per_base,
        settings=settings or rules.settings,
        by_id={d.id: d.index for d in designs},
    )


def _design(index: int, card: TowerCard, tindex: dict[str, int]) -> Design:
    if card.pile == "base":
        assert card.troop is not None  # the model requires a base's troop type
        return Design(index, card.id, card.name, "base", card.copies, troop=tindex[card.troop])
    special = card.special
    return Design(
        index,
        card.id,
        card.name,
        "ability",
        card.copies,
        type=card.type or "",
        effects=tuple(_effect(e, tindex) for e in card.effects if e.kind != "special_troop"),
        special_power=special.power if special else -1,
        special_traits=tuple(special.traits) if special else (),
        extra_damage=special.extra_damage if special else 0,
    )


@dataclass(frozen=True, slots=True)
class Effect:
    """An ability's effect as the engine reads it: ``troop`` -1 for all troops."""

    kind: str
    troop: int = -1
    amount: int = 0
    when: str = "always"


@dataclass(frozen=True, slots=True)
class InPlay:
    """What an army's abilities in play do: their effects in order, whether they cancel the
    enemy's initiative, their strikes, and whether its artillery may damage manned bases."""

    effects: tuple[Effect, ...]
    cancels_initiative: bool
    strikes: tuple[Effect, ...]
    bypass: bool


def _effect(e: Any, tindex: dict[str, int]) -> Effect:
    troop = tindex.get(getattr(e, "troops", "all"), -1)
    if e.kind == "set_power":
        return Effect(e.kind, troop, e.value)
    return Effect(e.kind, troop, getattr(e, "amount", 0), getattr(e, "when", "always"))


#: the armies' colours (a seat's side: only a name, both armies play by the same rules)
SIDES = ("red", "blue")


class Game:
    """A game of two armies of ``cat`` with ``setup``'s settings (the kit's ``Game``)."""

    def __init__(self, cat: Catalogue, setup: Setup) -> None:
        self.setup = setup
        self.table = compile_catalogue(cat, check_settings(cat, setup.settings))

    def new_initial_state(self, seed: int) -> Any:
        """A new game: piles shuffled, the first player drawing its opening hand."""
        from cardgen.packs.attack_the_tower.engine.state import State

        return State.new(self, seed)

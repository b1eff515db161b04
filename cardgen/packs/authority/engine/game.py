"""A game of Authority: the catalogue's units as numbered card instances, and the seats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.engine.definition import check_settings
from cardgen.engine.errors import SetupError
from cardgen.engine.protocol import Setup
from cardgen.packs.authority.engine.actions import Act, encode
from cardgen.packs.authority.engine.state import OFFER_SPY, OFFER_UNIT, USE_ENEMY, USE_SELF, State
from cardgen.packs.authority.model import Ability, Kind, Role, RulesModel, Settings, Trigger, Unit

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

#: the one team layout of four players (R25): P1 and P3 against P2 and P4
PARTNERS = ((0, 2), (1, 3))
#: the hand tables by the units' offers and discard abilities (:meth:`Game.hand_table`)
_HAND_TABLES: dict[tuple, dict[tuple[int, ...], dict[int, tuple[list[int], int]]]] = {}


@dataclass(frozen=True, slots=True)
class UnitDef:
    """What the engine reads of one unit design (shared by its instances)."""

    id: str
    name: str
    faction: str
    role: Role
    power: int | None
    cost: int | None
    abilities: tuple[Ability, ...]
    is_kingsguard: bool
    #: the ability that acts when the unit is discarded for it, if any
    discard_ability: Ability | None

    @classmethod
    def of(cls, card: Unit, rules: RulesModel) -> UnitDef:
        return cls(
            card.id,
            card.name,
            card.faction,
            card.role,
            card.power,
            card.cost,
            tuple(card.abilities),
            card.id == rules.kingsguard,
            next((a for a in card.abilities if a.trigger is Trigger.discard), None),
        )


class Game:
    """A catalogue compiled for one :class:`Setup`: a faction per seat (``sides``), the
    settings in force, the teams (``Setup.teams`` or ``settings.mode: 2v2``: R25)."""

    def __init__(self, catalogue: Catalogue, setup: Setup) -> None:
        rules: RulesModel = catalogue.rules
        self.catalogue = catalogue
        self.setup = setup
        self.rules = rules
        #: the readings in force: ``rules.settings`` with the game's overrides
        self.settings: Settings = check_settings(catalogue, setup.settings)
        self.sides = tuple(setup.sides) or tuple(rules.market_faction_ids[: setup.players])
        self.num_players = n = len(self.sides)
        if len(set(self.sides)) != n:
            raise SetupError("each player chooses a different faction (rules reference R8)")
        teams = setup.teams or (PARTNERS if self.settings.mode == "2v2" else ())
        if teams and n != 4:
            raise SetupError(f"2 vs. 2 is for four players, not {n} (rules reference R25)")
        #: the teams, each a tuple of seats (empty: every seat for itself)
        self.team_layout: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in teams)
        #: each seat's team
        self.teams: tuple[int, ...] = tuple(
            next((k for k, t in enumerate(self.team_layout) if s in t), s) for s in range(n)
        )
        #: each seat's team as a tuple of seats (itself alone outside 2 vs. 2)
        self.mates = tuple(tuple(s for s in range(n) if self.teams[s] == t) for t in self.teams)
        self.units: list[UnitDef] = []
        supply: dict[str, list[int]] = {}
        for card in catalogue.cards:
            d = UnitDef.of(card, rules)
            for _ in range(card.copies):
                supply.setdefault(card.id, []).append(len(self.units))
                self.units.append(d)
        self.starting_ids: list[list[int]] = []
        self.kingsguard_ids: list[int] = []
        for _ in range(n):
            deck = []
            for unit_id, count in rules.starting_deck.items():
                for _ in range(count):
                    if not supply.get(unit_id):
                        raise SetupError(f"not enough {unit_id} for {n} starting decks")
                    deck.append(supply[unit_id].pop(0))
            self.starting_ids.append(deck)
            if not supply.get(rules.kingsguard):
                raise SetupError(f"not enough {rules.kingsguard} for {n} players")
            self.kingsguard_ids.append(supply[rules.kingsguard].pop(0))
        self.market_ids: list[int] = []
        self.general_ids: list[int] = []
        aside = self.settings.generals_aside
        for card in catalogue.cards:
            if card.faction not in self.sides:
                continue
            for inst in supply[card.id]:
                if aside and card.role is Role.leader:
                    self.general_ids.append(inst)
                else:
                    self.market_ids.append(inst)
        #: the unused starting units (out of the game), so every instance has a place
        dealt = set(self.market_ids) | set(self.general_ids)
        self.unused_ids = sorted(i for ids in supply.values() for i in ids if i not in dealt)
        #: each instance's card design id
        self.card_ids: list[str] = [u.id for u in self.units]
        #: per instance, its power (0 for none) and its worth in a deck (the bots' hot paths)
        self.powers = tuple(u.power or 0 for u in self.units)
        self.values = tuple((u.power or 0) + 1.5 * len(u.abilities) for u in self.units)
        #: per instance, the legal actions' hot path: its design's number (one per card id),
        #: its cost (-1: not for sale), what it offers from the hand (:data:`OFFER_UNIT`,
        #: :data:`OFFER_SPY` or 0) and how its discard ability aims (:data:`USE_ENEMY`,
        #: :data:`USE_SELF` or 0)
        number = {c.id: k for k, c in enumerate(catalogue.cards)}
        self.design = tuple(number[u.id] for u in self.units)
        self.costs = tuple(-1 if u.cost is None else u.cost for u in self.units)
        self.offers = tuple(
            OFFER_UNIT if u.role is Role.unit else OFFER_SPY if u.role is Role.spy else 0
            for u in self.units
        )
        self.uses = tuple(
            0
            if u.discard_ability is None
            else USE_ENEMY
            if u.discard_ability.kind is Kind.monarch_damage
            else USE_SELF
            for u in self.units
        )
        self.kingsguards = tuple(u.is_kingsguard for u in self.units)
        #: per instance, its abilities that act at the start of its owner's turn: from the
        #: general zone, from a defence row
        self.general_abilities = tuple(
            tuple(a for a in u.abilities if a.trigger is Trigger.general) for u in self.units
        )
        self.defend_abilities = tuple(
            tuple(a for a in u.abilities if a.trigger is Trigger.defend) for u in self.units
        )
        #: the defence rows but the Kingsguard's and their capacities
        self.caps = tuple(enumerate(rules.defence_rows, start=1))
        self._general_offers: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        #: the hand tables (:meth:`hand_table`), shared by the games of one catalogue's units
        tables = _HAND_TABLES.get((self.offers, self.uses))
        if tables is None:
            if len(_HAND_TABLES) >= 16:  # a long session's catalogues: keep the latest
                _HAND_TABLES.clear()
            tables = _HAND_TABLES[self.offers, self.uses] = {}
        self._hand_tables = tables
        #: the order in which an attack meets the defence rows (rules reference R1)
        self.row_order = (3, 2, 1, 0) if self.settings.attack_order == "outermost" else (1, 2, 3, 0)

    def hand_table(self, seat: int, opp: list[int]) -> dict[int, tuple[list[int], int]]:
        """The actions of ``seat``'s hand, ``opp`` its opponents, by instance (filled in as
        asked: :meth:`hand_actions`), kept for each seat and its opponents."""
        key = (seat, *opp)
        table = self._hand_tables.get(key)
        if table is None:
            table = self._hand_tables[key] = {}
        return table

    def hand_actions(self, seat: int, opp: list[int], inst: int) -> tuple[list[int], int]:
        """The actions instance ``inst`` offers from ``seat``'s hand, ``opp`` its opponents:
        those always offered, and the one offered on a condition (0: none), DEFEND (a row
        with room) or HUNT (an enemy spy)."""
        acts = []
        offer, extra = self.offers[inst], 0
        if offer == OFFER_UNIT:
            acts += [encode(Act.ATTACK, inst, o) for o in opp]
            acts.append(encode(Act.RECRUIT, inst))
            extra = encode(Act.DEFEND, inst)
        elif offer == OFFER_SPY:
            acts += [encode(Act.RECRUIT, inst), encode(Act.SPY, inst)]
            extra = encode(Act.HUNT, inst)
        use = self.uses[inst]
        if use == USE_ENEMY:
            acts += [encode(Act.USE, inst, o) for o in opp]
        elif use == USE_SELF:
            acts.append(encode(Act.USE, inst, seat))
        return acts, extra

    def general_offers(self, generals: tuple[int, ...]) -> list[tuple[int, int]]:
        """What the generals set aside offer, ``(cost, action)`` (of each design the first; a
        general without a cost is for free), kept for each set of them."""
        offers = self._general_offers.get(generals)
        if offers is None:
            seen: set[int] = set()
            offers = []
            for inst in generals:
                if self.design[inst] not in seen:
                    seen.add(self.design[inst])
                    offers.append((max(self.costs[inst], 0), encode(Act.BUY_GENERAL, inst)))
            self._general_offers[generals] = offers
        return offers

    def new_initial_state(self, seed: int) -> State:
        """A dealt game: the market deck and starting decks shuffled, first hands drawn."""
        state = State(self, seed)
        state.setup()
        return state

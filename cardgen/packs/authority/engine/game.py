"""A game of Authority: the catalogue's units as numbered card instances, and the seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.authority.engine.state import State
from cardgen.packs.authority.model import Ability, Role, RulesModel, Settings, Trigger, Unit


class GameSetupError(ValueError):
    """A game that cannot be set up (player count, unknown or repeated faction, short supply)."""


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

    @property
    def discard_ability(self) -> Ability | None:
        return next((a for a in self.abilities if a.trigger is Trigger.discard), None)

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
        )


class Game:
    """The set-up of games of ``catalogue`` with one chosen faction per seat.

    ``Game(cat, ["bloodrunners", "golden-ox"], seed=7).new_initial_state()`` deals a game;
    ``new_initial_state(seed=k)`` deals another with the same seats.
    """

    def __init__(
        self,
        catalogue: Catalogue,
        sides: Sequence[str],
        *,
        seed: int = 0,
        log_events: bool = True,
        settings: Settings | None = None,
    ) -> None:
        rules: RulesModel = catalogue.rules
        self.catalogue = catalogue
        self.rules = rules
        #: the readings in force: ``rules.settings`` unless given (tests try the others)
        self.settings = settings or rules.settings
        self.sides = tuple(sides)
        self.seed = seed
        self.log_events = log_events
        self.num_players = n = len(self.sides)
        gt = catalogue.pack.game_type
        if not gt.min_players <= n <= gt.max_players:
            raise GameSetupError(
                f"{n} players: Authority seats {gt.min_players} to {gt.max_players}"
            )
        for side in self.sides:
            if side not in rules.market_faction_ids:
                raise GameSetupError(
                    f"unknown faction {side!r}; choose from {', '.join(rules.market_faction_ids)}"
                )
        if len(set(self.sides)) != n:
            raise GameSetupError("each player chooses a different faction (rules reference R8)")
        if self.settings.mode == "2v2" and n != 4:
            raise GameSetupError(f"2 vs. 2 is for four players, not {n} (rules reference R25)")
        #: each seat's team: 2 vs. 2 seats P1 and P3 against P2 and P4 (R25), else one each
        self.teams: tuple[int, ...] = tuple(
            s % 2 if self.settings.mode == "2v2" else s for s in range(n)
        )
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
                        raise GameSetupError(f"not enough {unit_id} for {n} starting decks")
                    deck.append(supply[unit_id].pop(0))
            self.starting_ids.append(deck)
            if not supply.get(rules.kingsguard):
                raise GameSetupError(f"not enough {rules.kingsguard} for {n} players")
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
        self.unused_ids = sorted(
            i
            for ids in supply.values()
            for i in ids
            if i not in set(self.market_ids) | set(self.general_ids)
        )
        self.warnings: list[str] = []

    def card_id(self, inst: int) -> str:
        return self.units[inst].id

    def new_initial_state(self, seed: int | None = None) -> State:
        """A dealt game: the market deck and starting decks shuffled, first hands drawn."""
        state = State(self, self.seed if seed is None else seed)
        state.setup()
        return state

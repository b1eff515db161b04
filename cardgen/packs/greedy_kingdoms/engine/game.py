"""The compiled game: a catalogue's cards as vectors the state's rules read quickly."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cardgen.engine import Setup, SetupError, check_settings
from cardgen.packs.greedy_kingdoms.engine.actions import PAYMENTS, ZERO, Vec
from cardgen.packs.greedy_kingdoms.engine.state import State
from cardgen.packs.greedy_kingdoms.model import (
    RESOURCES,
    BlockIncome,
    GreedyCard,
    GreedyRules,
    Kind,
    PromoteDiscount,
    StartIncome,
    SuccessBonus,
)


def vec(amounts: Mapping[Any, int]) -> Vec:
    """A Cost or Income as a vector in the manual's Resource order."""
    return tuple(amounts.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Character:
    card_id: str
    name: str
    number: int
    special: bool
    cost: Vec
    income: Vec


@dataclass(frozen=True, slots=True)
class Upgrade:
    card_id: str
    name: str
    kind: Kind
    cost: Vec
    start: Vec  # start-of-turn Income
    bonus: dict[int, Vec]  # Character number -> extra Income when it succeeds, paid in full
    block: Vec  # Income at the owner's start of turn per Failed Character it last defended
    discount: int  # Resources fewer to promote

    @property
    def is_palace(self) -> bool:
        return self.kind is Kind.PALACE


def _add(a: Vec, b: Vec) -> Vec:
    return tuple(x + y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _upgrade(card: GreedyCard) -> Upgrade:
    start, block, discount = ZERO, ZERO, 0
    bonus: dict[int, Vec] = {}
    for e in card.effects:
        if isinstance(e, StartIncome):
            start = _add(start, vec(e.gain))
        elif isinstance(e, SuccessBonus):
            bonus[e.number] = _add(bonus.get(e.number, ZERO), vec(e.gain))
        elif isinstance(e, BlockIncome):
            block = _add(block, vec(e.gain))
        elif isinstance(e, PromoteDiscount):
            discount += e.amount
    return Upgrade(card.id, card.name, card.kind, vec(card.cost), start, bonus, block, discount)


class Game:
    """A catalogue compiled for play with one set-up (its settings overridden): the
    Characters by number, the Upgrade deck's cards, the Royal Palace, the action tables.
    ``new_initial_state(seed)`` starts a game."""

    def __init__(self, catalogue: Any, setup: Setup) -> None:
        rules: GreedyRules = catalogue.rules
        self.setup = setup
        self.catalogue = catalogue
        #: the bots' commit scores by position (:func:`.ai._commit_weights`)
        self.commit_memo: dict[tuple, tuple[list[float], list[float]]] = {}
        self.rules = rules
        self.settings = check_settings(catalogue, setup.settings)
        self.chips = rules.chips_per_resource
        self.numbers = tuple(range(1, rules.hand_numbers + 1))
        self.battle_size = rules.battle_characters
        self.line_size = rules.upgrade_line
        self.palaces_to_win = rules.palaces_to_win
        self.promotion_cost = rules.promotion_cost
        self.ordinary: dict[int, Character] = {}
        self.special: dict[int, Character] = {}
        upgrades: list[Upgrade] = []
        deck: list[int] = []
        palaces: list[int] = []
        for card in catalogue:
            if card.kind.is_character:
                ch = Character(
                    card.id,
                    card.name,
                    card.number,
                    card.kind is Kind.SPECIAL,
                    vec(card.cost),
                    vec(card.income),
                )
                (self.special if ch.special else self.ordinary)[ch.number] = ch
                continue
            upgrades.append(_upgrade(card))
            into = palaces if card.kind is Kind.PALACE else deck
            into.extend([len(upgrades) - 1] * card.copies)
        missing = [n for n in self.numbers if n not in self.ordinary]
        if missing or not palaces:
            raise SetupError(
                f"the catalogue lacks Ordinary Workers {missing}" if missing else "no Royal Palace"
            )
        self.upgrades = tuple(upgrades)
        self.upgrade_deck = tuple(deck)  # card indices, one per physical card
        self.palace = palaces[0]
        self.palace_count = len(palaces)
        self.special_numbers = tuple(sorted(self.special))
        #: the commits: each a sorted tuple of card numbers
        self.combos = tuple(combinations(self.numbers, self.battle_size))
        self.combo_index = {c: k for k, c in enumerate(self.combos)}
        #: each payment's Resources as a vector, and the payments of each size (with their index)
        self.payment_chips: tuple[Vec, ...] = tuple(
            tuple(pay.count(r) for r in range(len(RESOURCES)))  # type: ignore[misc]
            for pay in PAYMENTS
        )
        self.payment_sizes = tuple(len(pay) for pay in PAYMENTS)
        self.payments_of: dict[int, list[tuple[int, Vec]]] = {}
        for j, pay in enumerate(PAYMENTS):
            self.payments_of.setdefault(len(pay), []).append((j, self.payment_chips[j]))
        self.upgrade_index = {u.card_id: k for k, u in enumerate(self.upgrades)}

    def new_initial_state(self, seed: int = 0) -> Any:
        """A new game: the decks shuffled with ``seed``, at the Rock-Scissors-Paper chance node."""
        return State(self, seed)

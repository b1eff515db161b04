"""The OpenSpiel-style state: two players, each with a Gate and a Castle (face-down stacks, top
first) and a hand; the deck and the discard pile.

The seed gives the attack, not the turn, so a state's only action is "attack with hand card
``i``" for the player to move, after which the other player moves; the game ends when a Castle
is empty.  A card revealed during an attack and put back face down stays *known*: both players
saw it, so it is public in every observation.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardgen.packs.castle_rampage.model import RampageCard, RampageRules

STRUCTURES = ("gate", "castle")


class GameSetupError(ValueError):
    """A game that cannot be dealt (too few deck cards for the set-up)."""


@dataclass
class Slot:
    """One face-down card of a structure; ``card`` None is a card not yet dealt (the odds
    computation deals lazily, on reveal); ``known`` once it has been revealed."""

    card: RampageCard | None
    known: bool = False


@dataclass
class Side:
    """One player's structures and hand."""

    gate: list[Slot] = field(default_factory=list)
    castle: list[Slot] = field(default_factory=list)
    hand: list[RampageCard] = field(default_factory=list)

    def stack(self, structure: str) -> list[Slot]:
        return self.gate if structure == "gate" else self.castle

    def clone(self) -> Side:
        return Side(
            [Slot(s.card, s.known) for s in self.gate],
            [Slot(s.card, s.known) for s in self.castle],
            list(self.hand),
        )


@dataclass
class State:
    """Both sides, the deck, the discard pile, whose turn it is and the winner, if any."""

    rules: RampageRules
    sides: list[Side]
    deck: list[RampageCard] = field(default_factory=list)
    discard: list[RampageCard] = field(default_factory=list)
    current_player: int = 0
    winner: int | None = None
    #: every event of every attack, in order
    history: list = field(default_factory=list)
    #: how an unknown slot's card is dealt when it is revealed (lazy deals)
    draw: Callable[[], RampageCard] | None = field(default=None, repr=False, compare=False)

    # --- OpenSpiel's questions ---------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the loser; 0.5 each while the game goes on."""
        if self.winner is None:
            return [0.5, 0.5]
        return [1.0 if p == self.winner else 0.0 for p in range(2)]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The hand positions of the cards with an attack value (none when it is not
        ``player``'s turn or the game is over)."""
        p = self.current_player if player is None else player
        if self.is_terminal() or p != self.current_player:
            return []
        return [i for i, c in enumerate(self.sides[p].hand) if c.attack is not None]

    def apply_action(self, action: int):
        """The player to move attacks with hand card ``action``; the other player moves next.
        Returns the :class:`~.resolve.AttackResult`."""
        from cardgen.packs.castle_rampage.engine.resolve import resolve_attack

        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action} for player {self.current_player}")
        player = self.current_player
        card = self.sides[player].hand.pop(action)
        result = resolve_attack(self, player, card)
        self.current_player = 1 - player
        return result

    def observation(self, player: int) -> dict:
        """What ``player`` may see: own hand, each structure top first (a known card's id, else
        ``"?"``), the other hand's size, the discard pile and the deck's size."""

        def stack(slots: list[Slot]) -> list[str]:
            return [s.card.id if s.known and s.card is not None else "?" for s in slots]

        return {
            "player": player,
            "current_player": self.current_player,
            "hand": [c.id for c in self.sides[player].hand],
            "sides": [
                {
                    "gate": stack(side.gate),
                    "castle": stack(side.castle),
                    "hand_size": len(side.hand),
                }
                for side in self.sides
            ],
            "discard": [c.id for c in self.discard],
            "deck_size": len(self.deck),
            "winner": self.winner,
        }

    def clone(self) -> State:
        return State(
            self.rules,
            [s.clone() for s in self.sides],
            list(self.deck),
            list(self.discard),
            self.current_player,
            self.winner,
            list(self.history),
            self.draw,
        )

    def cards(self) -> list[str]:
        """The ids of every card in the game, wherever it is, sorted (a conservation check)."""
        ids = [c.id for c in self.deck] + [c.id for c in self.discard]
        for side in self.sides:
            ids += [c.id for c in side.hand]
            ids += [s.card.id for s in side.gate + side.castle if s.card is not None]
        return sorted(ids)

    def state_hash(self) -> str:
        """A digest of the whole state (replay and determinism checks)."""
        data = {
            "sides": [
                {
                    k: [(s.card.id if s.card else None, s.known) for s in side.stack(k)]
                    for k in STRUCTURES
                }
                | {"hand": [c.id for c in side.hand]}
                for side in self.sides
            ],
            "deck": [c.id for c in self.deck],
            "discard": [c.id for c in self.discard],
            "current": self.current_player,
            "winner": self.winner,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def deck_of(cards: Sequence[RampageCard]) -> list[RampageCard]:
    """Every physical deck card of ``cards`` (each design ``copies`` times), in catalogue order."""
    return [c for c in cards if c.pile == "deck" for _ in range(c.copies)]


class Game:
    """A game of the catalogue's cards: :meth:`new_initial_state` deals a seeded set-up."""

    def __init__(self, rules: RampageRules, cards: Sequence[RampageCard]):
        self.rules = rules
        self.cards = list(cards)

    @classmethod
    def from_catalogue(cls, catalogue) -> Game:
        return cls(catalogue.rules, list(catalogue))

    def new_initial_state(self, seed: int) -> State:
        """Shuffle the deck with ``seed`` and deal each player's Gate, Castle and hand."""
        deck = deck_of(self.cards)
        setup = self.rules.setup
        need = 2 * (setup.gate + setup.castle + setup.hand)
        if len(deck) < need:
            raise GameSetupError(f"the deck has {len(deck)} cards; the set-up deals {need}")
        random.Random(seed).shuffle(deck)
        sides = []
        for _ in range(2):
            gate = [Slot(deck.pop()) for _ in range(setup.gate)]
            castle = [Slot(deck.pop()) for _ in range(setup.castle)]
            hand = [deck.pop() for _ in range(setup.hand)]
            sides.append(Side(gate, castle, hand))
        return State(self.rules, sides, deck)

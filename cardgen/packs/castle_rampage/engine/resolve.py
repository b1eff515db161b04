"""The attack cascade (seed 001): reveal the top card of the attacked structure, compare the
attack strength with its defence value there, then destroy, return or continue.

- A < D: the attacking card is destroyed (a Veteran goes back to its owner's hand, and on
  A = D too if its ``survives_defeat`` has ``on_tie``); the
  defending card goes back face down on top of its structure (R1); damage is not remembered.
- A = D: both are destroyed and no further card is revealed, even when the Gate is now empty.
- A > D: the defending card is destroyed, A becomes A - D and the next card is revealed; when
  the Gate runs out the attack goes on against the Castle.
- A purple card destroyed during an attack applies its effect to the attack (``end_attack``,
  ``weaken``, ``destroy_next``: the next cards of its own structure, R13); a Digger targets
  the Castle directly.
- The game ends when the last Castle card is destroyed: the attacker wins.

Every step is an event ``(type, *fields)`` of the engine's schema (:mod:`.definition`).  The
readings of the seed's contradictions are the settings of ``rules.yaml`` (the rules reference).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen.packs.castle_rampage.model import RampageCard, Settings

if TYPE_CHECKING:  # the state calls the resolution: these name its types
    from cardgen.packs.castle_rampage.engine.state import Seat, State


@dataclass
class Battlefield:
    """What an attack touches: the defender's structures, the attacker's hand, the discard
    pile, the card values and the rules' readings; ``deal`` gives the card of a slot not dealt
    yet (the odds deal lazily, on reveal)."""

    attacker: int
    defender: Seat
    hand: list[str]
    discard: list[str]
    cards: Mapping[str, RampageCard]
    settings: Settings
    purple: Callable[[RampageCard], bool]
    deal: Callable[[], str] | None = None


@dataclass
class AttackResult:
    """What an attack did: its events, the defending cards it destroyed (in order), whether
    it broke the Gate (destroyed its last card), whether it won the game, and where the
    attacking card went (``discard``, ``hand``)."""

    attacker: int
    card: RampageCard
    strength: int
    events: list[tuple[Any, ...]] = field(default_factory=list)
    destroyed: list[str] = field(default_factory=list)
    broke_gate: bool = False
    won: bool = False
    attacker_to: str = "discard"


class _Attack:
    """The running attack; its methods are the seed's steps."""

    def __init__(self, board: Battlefield, card: RampageCard, strength: int):
        self.board = board
        self.settings = board.settings
        self.side = board.defender
        self.result = AttackResult(board.attacker, card, strength)
        self.strength = strength
        self.live = True
        self.placed = False

    def emit(self, *event: Any) -> None:
        self.result.events.append(event)

    def card(self, card_id: str) -> RampageCard:
        return self.board.cards[card_id]

    def reveal(self, structure: str) -> RampageCard:
        stack = self.side.stack(structure)
        if stack[0] is None:
            if self.board.deal is None:
                raise ValueError(f"an undealt card in the {structure} and no way to deal it")
            stack[0] = self.board.deal()
        self.side.seen(structure)[0] = True
        return self.card(stack[0])

    def finish_attacker(self, to: str) -> None:
        card = self.result.card
        self.live = False
        self.placed = True
        self.result.attacker_to = to
        (self.board.hand if to == "hand" else self.board.discard).append(card.id)
        self.emit("attacker", card.id, to, self.result.won)

    def destroy_top(self, structure: str, why: str) -> RampageCard:
        """Destroy the top card of ``structure``; the game ends with its last Castle card."""
        stack = self.side.stack(structure)
        card_id = stack.pop(0)
        self.side.seen(structure).pop(0)
        if card_id is None:  # destroyed unseen (destroy_next): still dealt now
            assert self.board.deal is not None
            card_id = self.board.deal()
        self.board.discard.append(card_id)
        self.result.destroyed.append(card_id)
        self.emit("destroy", card_id, structure, why)
        if not stack and structure == "gate":
            self.result.broke_gate = True
            self.emit("gate_broken", 1 - self.board.attacker)
        if not stack and structure == "castle":
            self.result.won = True
            self.live = False
            self.emit("game_over", self.board.attacker)
        return self.card(card_id)

    def next_structure(self, current: str) -> str | None:
        """Where the cascade goes on from ``current``: the Gate while it has cards, then the
        Castle; an attack on the Castle (a Digger's) never turns back to the Gate."""
        if current == "gate" and self.side.gate:
            return "gate"
        if self.side.castle and not self.result.won:
            return "castle"
        return None

    def purple(self, card: RampageCard, structure: str) -> None:
        """A purple card destroyed during the attack: its effects, in order."""
        if not self.board.purple(card):
            return
        for effect in card.on_destroyed:
            if effect.kind == "end_attack":
                if self.live:
                    self.emit("end_attack", card.id)
                    self.finish_attacker("discard")
            elif effect.kind == "weaken":
                if self.live:
                    before = self.strength
                    self.strength -= effect.amount
                    self.emit("weaken", card.id, effect.amount, before, max(self.strength, 0))
                    if self.strength <= 0:
                        self.finish_attacker("discard")
            elif effect.kind == "destroy_next":
                # the next cards of the purple card's own structure (R13): never across from
                # the Gate into the Castle, which only the attack itself goes on to
                for _ in range(effect.count):
                    if not self.side.stack(structure) or self.result.won:
                        break
                    victim = self.destroy_top(structure, f"{card.id}: destroy_next")
                    self.purple(victim, structure)

    def run(self) -> AttackResult:
        card = self.result.card
        structure = "gate" if self.side.gate else "castle"
        if card.has("targets_castle"):
            structure = "castle"
        self.emit("attack", card.id, structure, self.strength)
        if (
            structure == "castle"
            and not card.has("targets_castle")
            and self.settings.empty_gate == "no_attack"
        ):
            self.emit("no_attack")
            self.finish_attacker("discard")
            return self.result
        while self.live:
            defender = self.reveal(structure)
            d = defender.defence(structure)
            a = self.strength
            self.emit("reveal", defender.id, structure, d, a)
            if a < d:
                self.emit("compare", a, d, "lower")
                slot = self.side.stack(structure).pop(0)
                self.side.seen(structure).pop(0)
                back = structure
                # R1's other reading; a Castle is emptied only by destroying its last card
                if self.settings.failed_defender_returns_to == "gate" and self.side.castle:
                    back = "gate"
                self.side.stack(back).insert(0, slot)
                self.side.seen(back).insert(0, True)
                self.emit("return", defender.id, back)
                self.finish_attacker("hand" if card.has("survives_defeat") else "discard")
            elif a == d:
                self.emit("compare", a, d, "equal")
                self.strength = 0
                self.destroy_top(structure, "equal")
                if self.live:
                    survives = next((e for e in card.effects if e.kind == "survives_defeat"), None)
                    on_tie = survives is not None and getattr(survives, "on_tie", False)
                    self.finish_attacker("hand" if on_tie else "discard")
                if self.settings.purple_on_tie == "apply":
                    self.purple(defender, structure)
            else:
                self.strength = a - d
                self.emit("compare", a, d, "higher")
                self.destroy_top(structure, f"{a} > {d}")
                if self.live:
                    self.purple(defender, structure)
                if self.live:
                    nxt = self.next_structure(structure)
                    if nxt is None:  # cannot happen: an empty Castle ended the game
                        break
                    if nxt != structure:
                        self.emit("breach", self.strength)
                    structure = nxt
        if not self.placed:  # the game ended: the attacking card is discarded
            self.finish_attacker("discard")
        return self.result


def attack(board: Battlefield, card: RampageCard, strength: int | None = None) -> AttackResult:
    """``board.attacker`` attacks with ``card`` (already out of any hand), with the card's
    attack strength unless ``strength`` is given.  Mutates the board's lists."""
    value = card.attack if strength is None else strength
    if value is None or value < 1:
        raise ValueError(f"{card.id} has no attack strength")
    return _Attack(board, card, value).run()


def resolve_attack(
    state: State, attacker: int, card: RampageCard, strength: int | None = None
) -> AttackResult:
    """Player ``attacker`` of the game ``state`` attacks the other player with ``card``
    (already out of any hand); the state records the attack's events and its winner."""
    if state.winner is not None:
        raise ValueError("the game is over")
    rules = state.game.rules
    board = Battlefield(
        attacker,
        state.seats[1 - attacker],
        state.seats[attacker].hand,
        state.discard,
        state.game.cards,
        state.game.settings,
        rules.is_purple,
    )
    result = attack(board, card, strength)
    if state.events is not None:
        state.events.extend(result.events)
    if result.won:
        state.winner = attacker
    return result

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

Every step is an :class:`Event` whose text is what a scenario expects.  The readings of the
seed's contradictions are the settings of ``rules.yaml`` (see the rules reference).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.packs.castle_rampage.engine.state import Side, Slot, State
from cardgen.packs.castle_rampage.model import RampageCard


@dataclass(frozen=True)
class Event:
    """One step of an attack: its kind, its readable text and its data."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass
class AttackResult:
    """What an attack did: its events, the defending cards it destroyed (in order), whether
    it broke the Gate (destroyed its last card), whether it won the game, and where the
    attacking card went (``discard``, ``hand``)."""

    attacker: int
    card: RampageCard
    strength: int
    events: list[Event] = field(default_factory=list)
    destroyed: list[RampageCard] = field(default_factory=list)
    broke_gate: bool = False
    won: bool = False
    attacker_to: str = "discard"

    def lines(self) -> list[str]:
        return [e.text for e in self.events]


class _Attack:
    """The running attack; its methods are the seed's steps."""

    def __init__(self, state: State, attacker: int, card: RampageCard, strength: int):
        self.state = state
        self.settings = state.rules.settings
        self.side: Side = state.sides[1 - attacker]
        self.result = AttackResult(attacker, card, strength)
        self.strength = strength
        self.live = True
        self.placed = False

    def emit(self, kind: str, text: str, **data: Any) -> None:
        event = Event(kind, text, data)
        self.result.events.append(event)
        self.state.history.append(event)

    def reveal(self, structure: str) -> RampageCard:
        slot: Slot = self.side.stack(structure)[0]
        if slot.card is None:
            if self.state.draw is None:
                raise ValueError(f"an undealt card in the {structure} and no way to deal it")
            slot.card = self.state.draw()
        slot.known = True
        return slot.card

    def finish_attacker(self, to: str) -> None:
        card = self.result.card
        self.live = False
        self.placed = True
        self.result.attacker_to = to
        if to == "hand":
            self.state.sides[self.result.attacker].hand.append(card)
            self.emit("attacker", f"{card.id} returns to its owner's hand", card=card.id, to=to)
        else:
            self.state.discard.append(card)
            text = "goes to the discard pile" if self.result.won else "is destroyed"
            self.emit("attacker", f"{card.id} {text}", card=card.id, to=to)

    def destroy_top(self, structure: str, why: str) -> RampageCard:
        """Destroy the top card of ``structure``; the game ends with its last Castle card."""
        slot = self.side.stack(structure).pop(0)
        card = slot.card
        if card is None:
            card = self.state.draw()  # destroyed unseen (destroy_next): still dealt now
        self.state.discard.append(card)
        self.result.destroyed.append(card)
        self.emit(
            "destroy", f"{card.id} is destroyed ({why})", card=card.id, structure=structure, why=why
        )
        if structure == "gate" and not self.side.gate:
            self.result.broke_gate = True
        if structure == "castle" and not self.side.castle:
            self.result.won = True
            self.state.winner = self.result.attacker
            self.live = False
            self.emit(
                "game_over",
                f"the last Castle card is destroyed: player {self.result.attacker + 1} wins",
                winner=self.result.attacker,
            )
        return card

    def next_structure(self, current: str) -> str | None:
        """Where the cascade goes on from ``current``: the Gate while it has cards, then the
        Castle; an attack on the Castle (a Digger's) never turns back to the Gate."""
        if current == "gate" and self.side.gate:
            return "gate"
        if self.side.castle and self.state.winner is None:
            return "castle"
        return None

    def purple(self, card: RampageCard, structure: str) -> None:
        """A purple card destroyed during the attack: its effects, in order."""
        if not self.state.rules.is_purple(card):
            return
        for effect in card.on_destroyed:
            if effect.kind == "end_attack":
                if self.live:
                    self.emit(
                        "effect",
                        f"{card.id}: end_attack, the attack ends",
                        card=card.id,
                        effect=effect.kind,
                    )
                    self.finish_attacker("discard")
            elif effect.kind == "weaken":
                if self.live:
                    before = self.strength
                    self.strength -= effect.amount
                    self.emit(
                        "effect",
                        f"{card.id}: weaken {effect.amount}, strength {before} -> "
                        f"{max(self.strength, 0)}",
                        card=card.id,
                        effect=effect.kind,
                    )
                    if self.strength <= 0:
                        self.finish_attacker("discard")
            elif effect.kind == "destroy_next":
                # the next cards of the purple card's own structure (R13): never across from
                # the Gate into the Castle, which only the attack itself goes on to
                for _ in range(effect.count):
                    if not self.side.stack(structure) or self.state.winner is not None:
                        break
                    victim = self.destroy_top(structure, f"{card.id}: destroy_next")
                    self.purple(victim, structure)

    def run(self) -> AttackResult:
        card = self.result.card
        structure = "gate" if self.side.gate else "castle"
        if card.has("targets_castle"):
            structure = "castle"
        self.emit(
            "attack",
            f"{card.id} attacks the {structure} with strength {self.strength}",
            card=card.id,
            strength=self.strength,
            structure=structure,
        )
        if (
            structure == "castle"
            and not card.has("targets_castle")
            and self.settings.empty_gate == "no_attack"
        ):
            self.emit("no_attack", "the Gate is empty: the attack has no target (R2)")
            self.finish_attacker("discard")
            return self.result
        while self.live:
            defender = self.reveal(structure)
            d = defender.defence(structure)
            a = self.strength
            self.emit(
                "reveal",
                f"reveal {defender.id} from the {structure}: defence {d}",
                card=defender.id,
                structure=structure,
                defence=d,
                strength=a,
            )
            if a < d:
                self.emit("compare", f"{a} < {d}: the attack fails", outcome="lower")
                slot = self.side.stack(structure).pop(0)
                back = structure
                # R1's other reading; a Castle is emptied only by destroying its last card
                if self.settings.failed_defender_returns_to == "gate" and self.side.castle:
                    back = "gate"
                self.side.stack(back).insert(0, slot)
                self.emit(
                    "return",
                    f"{defender.id} goes back face down on top of the {back}",
                    card=defender.id,
                    structure=back,
                )
                self.finish_attacker("hand" if card.has("survives_defeat") else "discard")
            elif a == d:
                self.emit("compare", f"{a} = {d}: both cards are destroyed", outcome="equal")
                self.strength = 0
                self.destroy_top(structure, "equal")
                if self.live:
                    survives = next((e for e in card.effects if e.kind == "survives_defeat"), None)
                    self.finish_attacker("hand" if survives and survives.on_tie else "discard")
                if self.settings.purple_on_tie == "apply":
                    self.purple(defender, structure)
            else:
                self.strength = a - d
                self.emit("compare", f"{a} > {d}: strength {a} - {d} = {a - d}", outcome="higher")
                self.destroy_top(structure, f"{a} > {d}")
                if self.live:
                    self.purple(defender, structure)
                if self.live:
                    nxt = self.next_structure(structure)
                    if nxt is None:  # cannot happen: an empty Castle ended the game
                        break
                    if nxt != structure:
                        self.emit(
                            "breach",
                            f"the Gate is empty: the attack goes on against the "
                            f"castle with strength {self.strength}",
                            strength=self.strength,
                        )
                    structure = nxt
        if not self.placed:  # the game ended: the attacking card is discarded
            self.finish_attacker("discard")
        return self.result


def resolve_attack(
    state: State, attacker: int, card: RampageCard, strength: int | None = None
) -> AttackResult:
    """Player ``attacker`` attacks the other player with ``card`` (already out of any hand),
    with the card's attack strength unless ``strength`` is given.  Mutates ``state``."""
    if state.winner is not None:
        raise ValueError("the game is over")
    value = card.attack if strength is None else strength
    if value is None or value < 1:
        raise ValueError(f"{card.id} has no attack strength")
    return _Attack(state, attacker, card, value).run()

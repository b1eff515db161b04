"""Castle Rampage's game on the engine kit: two players, each with a Gate and a Castle (face-down
stacks of card ids, top first) and a hand; the deck (top first) and the discard pile.

The seed gives the attack, not the turn; the rules reference reads the rest (R14-R16): the
players take turns, P1 first.  At the start of a turn the player to move draws
``setup.draw`` cards; then attacks with one hand card that has an attack value (the cascade:
:mod:`.resolve`), or, holding none, passes.  The game ends when an attack destroys the last
card of a Castle (the attacker wins) or when the player to move cannot draw: the deck is
empty (a draw).  A card revealed during an attack and put back face down stays *known*:
both players saw it, so it is public in every observation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from cardgen.engine import ScenarioError, SetupError, TableGame, TableState, seat_name
from cardgen.engine.vocab import did_you_mean
from cardgen.packs.castle_rampage.engine.resolve import resolve_attack
from cardgen.packs.castle_rampage.model import RampageCard

STRUCTURES = ("gate", "castle")
#: the engine option that changes card values for one game (a scenario's "any card with the
#: example's values"): ``{card id: {field: value}}``
CARD_VALUES = "card_values"


@dataclass
class Seat:
    """One player's structures (top first; ``None``: a card not dealt yet, the odds' lazy
    deal), which of their cards both players have seen, and the hand."""

    hand: list[str] = field(default_factory=list)
    gate: list[Any] = field(default_factory=list)
    castle: list[Any] = field(default_factory=list)
    gate_seen: list[bool] = field(default_factory=list)
    castle_seen: list[bool] = field(default_factory=list)

    def stack(self, structure: str) -> list[Any]:
        return self.gate if structure == "gate" else self.castle

    def seen(self, structure: str) -> list[bool]:
        return self.gate_seen if structure == "gate" else self.castle_seen

    def known(self) -> list[str]:
        """The ids of the cards of its structures both players have seen, Gate then Castle."""
        return [
            c
            for s in STRUCTURES
            for c, k in zip(self.stack(s), self.seen(s), strict=True)
            if k and c is not None
        ]

    def place(self, structure: str, cards: list[Any]) -> None:
        """Put ``cards`` face down as ``structure``, none of them seen."""
        self.stack(structure)[:] = cards
        self.seen(structure)[:] = [False] * len(cards)


class State(TableState):
    """A game in progress; its attributes are the fields of the designer's view."""

    game: Game

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.deck = game.deck(pile="deck")
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.seats = [Seat(), Seat()]
        self.turn = 1
        self.to_move: int | None = 0
        self.winner: int | None = None
        setup = game.rules.setup
        for seat in self.seats:
            seat.place("gate", self.take(setup.gate))
            seat.place("castle", self.take(setup.castle))
            seat.hand = self.take(setup.hand)
        self.start_turn()

    # --- the rules -------------------------------------------------------------------------
    def take(self, n: int) -> list[str]:
        """The deck's top ``n`` cards (fewer if it runs out), off the deck."""
        cards, self.deck[:n] = self.deck[:n], []
        return cards

    def start_turn(self) -> None:
        """The player to move draws (R15); the game ends if the deck is empty (R16)."""
        p = self.to_move
        assert p is not None
        if not self.deck:
            self.emit("deck_out", p)
            self.to_move = None
            return
        for card in self.take(self.game.rules.setup.draw):
            self.seats[p].hand.append(card)
            self.emit("draw", p, card)

    def resolve(self, actions: Mapping[int, int]) -> None:
        ((p, action),) = actions.items()
        if action == self.game.pass_action:
            self.emit("pass", self.turn, p)
        else:
            card = self.game.designs[action]
            self.seats[p].hand.remove(card)
            self.emit("play", self.turn, p, card)
            resolve_attack(self, p, self.game.cards[card])
        if self.winner is not None:
            self.to_move = None
            return
        self.to_move, self.turn = 1 - p, self.turn + 1
        self.start_turn()

    def attackers(self, seat: int) -> list[int]:
        """The design numbers of ``seat``'s hand cards that can attack."""
        index, cards = self.game.index, self.game.cards
        return sorted({index[c] for c in self.seats[seat].hand if cards[c].attack is not None})

    # --- the protocol ----------------------------------------------------------------------
    def movers(self) -> list[int]:
        return [] if self.to_move is None else [self.to_move]

    def legal_actions(self, seat: int) -> list[int]:
        if seat != self.to_move:
            return []
        return self.attackers(seat) or [self.game.pass_action]

    def action_to_string(self, seat: int, action: int) -> str:
        if action == self.game.pass_action:
            return "pass"
        return f"attack with {self.game.designs[action]}"

    def is_terminal(self) -> bool:
        return self.to_move is None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.5, 0.5]
        return [float(p == self.winner) for p in (0, 1)]

    def view(self, seat: int | None) -> dict[str, Any]:
        def stack(s: Seat, structure: str) -> list[Any]:
            cards, seen = s.stack(structure), s.seen(structure)
            if seat is None:
                return list(cards)
            return [c if k else None for c, k in zip(cards, seen, strict=True)]

        return {
            "turn": self.turn,
            "to_move": None if self.to_move is None else seat_name(self.to_move),
            "winner": None if self.winner is None else seat_name(self.winner),
            "deck": list(self.deck) if seat is None else len(self.deck),
            "discard": list(self.discard),
            "players": [
                {
                    "hand": list(s.hand) if seat in (None, p) else len(s.hand),
                    "gate": stack(s, "gate"),
                    "castle": stack(s, "castle"),
                    "known": s.known(),
                }
                for p, s in enumerate(self.seats)
            ],
        }

    def determinise(self, seat: int, rng: random.Random) -> Self:
        """A copy in which the other hand, the deck's order and every unseen card of both
        players' structures (nobody sees their own) are dealt anew among themselves."""
        other = self._copy(rng.getrandbits(64))
        other.events = None
        places: list[tuple[list[Any], int]] = [(other.deck, i) for i in range(len(other.deck))]
        hand = other.seats[1 - seat].hand
        places += [(hand, i) for i in range(len(hand))]
        for s in other.seats:
            for structure in STRUCTURES:
                cards = s.stack(structure)
                places += [(cards, i) for i, k in enumerate(s.seen(structure)) if not k]
        pool = [lst[i] for lst, i in places]
        rng.shuffle(pool)
        for (lst, i), card in zip(places, pool, strict=True):
            lst[i] = card
        return other

    def arrange(self, given: Mapping[str, Any]) -> None:
        """A described state: any field of the designer's view; a structure given anew is all
        unseen unless ``known`` names its seen cards (in order, Gate then Castle)."""
        for key, value in given.items():
            if key in ("turn", "deck", "discard"):
                setattr(self, key, list(value) if isinstance(value, list) else value)
            elif key in ("to_move", "winner"):  # seats as indexes (Engine.arrange)
                setattr(self, key, value)
            elif key == "players":
                for p, fields in value.items():
                    self._arrange_seat(p, fields)
            else:
                raise ScenarioError(f"{key} cannot be set in a scenario")
        if self.to_move is not None and (
            self.winner is not None or not all(s.castle for s in self.seats)
        ):
            raise ScenarioError(
                "a Castle is empty or the game has a winner: the game is over (to_move: null)"
            )

    def _arrange_seat(self, p: int, fields: Mapping[str, Any]) -> None:
        seat = self.seats[p]
        for k, v in fields.items():
            if k == "hand":
                seat.hand = list(v)
            elif k in STRUCTURES:
                seat.place(k, list(v))
            elif k != "known":
                raise ScenarioError(f"players.{seat_name(p)}.{k} cannot be set in a scenario")
        if "known" not in fields:
            return
        for s in STRUCTURES:
            seat.seen(s)[:] = [False] * len(seat.stack(s))
        slots = [(s, i) for s in STRUCTURES for i in range(len(seat.stack(s)))]
        at = 0
        for card in fields["known"]:
            while at < len(slots) and seat.stack(slots[at][0])[slots[at][1]] != card:
                at += 1
            if at == len(slots):
                raise ScenarioError(
                    f"players.{seat_name(p)}.known: {card} is not (in that order) a card of "
                    "its Gate or Castle"
                )
            seat.seen(slots[at][0])[slots[at][1]] = True
            at += 1


class Game(TableGame):
    """The catalogue compiled for play: the deck designs by action number (the last number
    is ``pass``), with the values a set-up's ``card_values`` option changes."""

    state = State

    def check(self) -> None:
        self.cards = with_values(self.catalogue.by_id, self.options.get(CARD_VALUES) or {})
        self.designs = sorted(c.id for c in self.catalogue.select(pile="deck"))
        self.index = {c: k for k, c in enumerate(self.designs)}
        self.pass_action = len(self.designs)
        setup = self.rules.setup
        need = 2 * (setup.gate + setup.castle + setup.hand)
        if len(self.deck(pile="deck")) < need:
            raise SetupError(
                f"the deck has {len(self.deck(pile='deck'))} cards; the set-up deals {need}"
            )

    def new_initial_state(self, seed: int) -> State:
        return State(self, seed)


def with_values(
    cards: Mapping[str, RampageCard], values: Mapping[str, Any]
) -> dict[str, RampageCard]:
    """``cards`` with the ``card_values`` option's changes; :class:`SetupError` naming a card
    or value that is not one (each card is validated as its file would be)."""
    from pydantic import ValidationError

    if not isinstance(values, Mapping):
        raise SetupError(f"{CARD_VALUES} is a mapping {{card: {{field: value}}}}")
    out = dict(cards)
    for card_id, change in values.items():
        card = cards.get(card_id)
        if card is None or card.pile != "deck":
            raise SetupError(f"{CARD_VALUES}: {card_id!r} is not a deck card of the catalogue")
        fields = ("attack", "gate", "castle", "effects")
        if not isinstance(change, Mapping):
            raise SetupError(
                f"{CARD_VALUES}.{card_id}: give attack, gate, castle or effects: {{field: value}}"
            )
        for k in change:
            if k not in fields:
                raise SetupError(
                    f"{CARD_VALUES}.{card_id}: unknown field {k!r}{did_you_mean(str(k), fields)}; "
                    "give attack, gate, castle or effects"
                )
        try:
            out[card_id] = type(card).model_validate({**card.model_dump(), **change})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise SetupError(f"{CARD_VALUES}.{card_id}.{where}: {first['msg']}") from None
    return out


def deck_of(cards: Sequence[RampageCard]) -> list[RampageCard]:
    """Every physical deck card of ``cards`` (each design ``copies`` times), in catalogue order."""
    return [c for c in cards if c.pile == "deck" for _ in range(c.copies)]

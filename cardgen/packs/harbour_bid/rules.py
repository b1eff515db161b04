"""Harbour Bid's rules, the whole game on cardgen's engine kit.

Two merchants bid crew cards for the cargo in the dock.  Each round both choose a crew card
from their hand at once; the stronger bid takes every cargo in the dock.  A tie leaves the
cargo for the next bid (or throws it overboard: ``settings.tie``).  Bids go to the discard,
then each player draws.  When the cargo runs out, the most points win.

The kit supplies the rest: bots, logs, replays, scenarios, simulation and the conformance
suite.  Change a rule here, then run ``cardgen scenario run`` and ``cardgen simulate``
(docs/engine-tutorial.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cardgen.engine import (
    Engine,
    EventSchema,
    EventType,
    GameInfo,
    Grammar,
    SetupError,
    TableGame,
    TableLayout,
    TableState,
)


@dataclass
class Seat:
    """One merchant: crew cards in hand, cargo taken, points."""

    hand: list[str] = field(default_factory=list)
    won: list[str] = field(default_factory=list)
    score: int = 0


class State(TableState):
    """A game in progress; its attributes are the fields of the designer's view."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.seats = [Seat(), Seat()]
        self.crew_deck, self.cargo_deck = game.deck(kind="crew"), game.deck(kind="cargo")
        self.rng.shuffle(self.crew_deck)
        self.rng.shuffle(self.cargo_deck)
        self.discard: list[str] = []
        self.dock: list[str] = []
        self.round = 0
        for p in (0, 1):
            self.draw(p, game.rules.hand_size)
        self.next_cargo()

    # --- the rules -------------------------------------------------------------------------
    def draw(self, p: int, n: int) -> None:
        for _ in range(n):
            if not self.crew_deck and self.discard:
                self.crew_deck, self.discard = self.discard, []
                self.rng.shuffle(self.crew_deck)
                self.emit("reshuffle")
            if self.crew_deck:
                self.seats[p].hand.append(self.crew_deck.pop())
                self.emit("draw", p, self.seats[p].hand[-1])

    def next_cargo(self) -> None:
        if self.cargo_deck and all(s.hand for s in self.seats):
            self.round += 1
            self.dock.append(self.cargo_deck.pop())
            self.emit("dock", self.round, self.dock[-1])
        else:
            self.round = -1
            self.dock.clear()
            self.emit("close", *(s.score for s in self.seats))

    def strength(self, card: str) -> int:
        c = self.game.cards[card]
        suits = {self.game.cards[x].suit for x in self.dock}
        return c.strength + (c.ability.bonus if c.ability.bonus_suit in suits else 0)

    def resolve(self, actions: Mapping[int, int]) -> None:
        bids = {p: self.game.crew[a] for p, a in sorted(actions.items())}
        power = {p: self.strength(card) for p, card in bids.items()}
        for p, card in bids.items():
            self.seats[p].hand.remove(card)
            self.emit("bid", p, card, power[p])
        winner = max(power, key=power.__getitem__) if power[0] != power[1] else None
        if winner is None:
            self.emit("tie", power[0])
            if self.game.settings.tie == "discard":
                self.dock.clear()
        else:
            for cargo in self.dock:
                self.seats[winner].won.append(cargo)
                self.seats[winner].score += self.game.cards[cargo].points
                self.emit("take", winner, cargo)
            self.dock.clear()
        for p, card in bids.items():
            ability = self.game.cards[card].ability
            if ability.rescue and p != winner:  # a tie loses too
                self.seats[p].hand.append(card)
                self.emit("rescue", p, card)
            else:
                self.discard.append(card)
            self.draw(p, ability.draw + self.game.rules.draw_per_round)
        self.next_cargo()

    # --- the protocol ----------------------------------------------------------------------
    def movers(self) -> list[int]:
        return [] if self.round < 0 else [0, 1]

    def legal_actions(self, seat: int) -> list[int]:
        index = self.game.crew_index
        return [] if self.round < 0 else sorted({index[c] for c in self.seats[seat].hand})

    def action_to_string(self, seat: int, action: int) -> str:
        return f"bid {self.game.crew[action]}"

    def is_terminal(self) -> bool:
        return self.round < 0

    def returns(self) -> list[float]:
        a, b = (s.score for s in self.seats)
        return [0.5, 0.5] if a == b else [float(a > b), float(b > a)]

    def hidden(self, seat: int) -> list[list[list[str]]]:
        return [[self.seats[1 - seat].hand, self.crew_deck], [self.cargo_deck]]

    def view(self, seat: int | None) -> dict[str, Any]:
        def cards(zone: list[str], visible: bool) -> list[str] | int:
            return list(zone) if visible else len(zone)

        return {
            "round": self.round,
            "dock": list(self.dock),
            "discard": list(self.discard),
            "crew_deck": cards(self.crew_deck, seat is None),
            "cargo_deck": cards(self.cargo_deck, seat is None),
            "players": [
                {"hand": cards(s.hand, seat in (None, p)), "won": list(s.won), "score": s.score}
                for p, s in enumerate(self.seats)
            ],
        }


class Game(TableGame):
    """The catalogue compiled for play: the crew cards by action number."""

    state = State

    def check(self) -> None:
        self.crew = sorted(c.id for c in self.catalogue.select(kind="crew"))
        self.crew_index = {c: k for k, c in enumerate(self.crew)}
        if len(self.deck(kind="crew")) < 2 * self.rules.hand_size or not self.deck(kind="cargo"):
            raise SetupError("Harbour Bid needs two hands of crew cards and some cargo")


class HarbourBid(Engine[State]):
    """What the kit needs to know of Harbour Bid."""

    info = GameInfo("harbour-bid", "Harbour Bid", 2, 2, simultaneous=True, max_length=200)
    game = Game
    search: ClassVar = {"iterations": 100}
    grammar = Grammar("bid {card}")
    events = EventSchema(
        EventType("draw", "seat:seat card:card", "{seat} draws {card}", "drawn", "seat", ("card",)),
        EventType("dock", "round:int card:card", "round {round}: {card} reaches the dock"),
        EventType(
            "bid", "seat:seat card:card strength:int", "{seat} bids {card} ({strength})", "played"
        ),
        EventType("take", "seat:seat card:card", "{seat} takes {card}"),
        EventType("tie", "strength:int", "a tie at {strength}"),
        EventType("rescue", "seat:seat card:card", "{seat} takes {card} back"),
        EventType("reshuffle", "", "the crew discard becomes the crew deck"),
        EventType("close", "p1:int p2:int", "the harbour closes: {p1} to {p2}"),
    )
    layout = TableLayout(seats="players", centre=("dock", "discard"), piles=("discard",))
    vocabulary: ClassVar = dict.fromkeys(
        ("players.*.hand", "players.*.won", "dock", "discard", "crew_deck", "cargo_deck"), "card"
    )

    def evaluate(self, state: State, seat: int) -> float:
        """Points ahead and strength kept in hand, as a win chance."""
        if state.is_terminal():
            return state.returns()[seat]
        me, them = state.seats[seat], state.seats[1 - seat]
        kept = sum(state.game.cards[c].strength for c in me.hand) / 10
        lead = me.score - them.score + kept - len(them.hand) / 2
        return 0.5 + max(-0.45, min(0.45, lead / 20))

    def score(self, state: State, seat: int) -> int:
        return state.seats[seat].score


ENGINE = HarbourBid()

"""What the engine kit needs to know of Greedy Kingdoms: its facts, action grammar, events,
vocabulary, and the hooks that feed the kit's bots, scenarios and simulation."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardgen.engine import Engine, EventSchema, EventType, GameInfo, Grammar, TableLayout
from cardgen.engine.figures import Figures, Tally
from cardgen.packs.greedy_kingdoms.engine import ai
from cardgen.packs.greedy_kingdoms.engine.actions import PATTERNS
from cardgen.packs.greedy_kingdoms.engine.game import Game
from cardgen.packs.greedy_kingdoms.engine.state import DRAW, PHASES, State
from cardgen.packs.greedy_kingdoms.model import CHOOSABLE, RESOURCES, Kind


def amounts(v: Sequence[int]) -> str:
    """``[0, 1, 2, 0]`` (Honor, Gold, Food, Land) as ``1 gold, 2 food``."""
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(v) if n) or "nothing"


def _success(e: Mapping[str, Any]) -> str:
    who = f"{e['seat']}'s Character {e['number']} succeeds"
    if e["full"]:
        return f"{who}: pays {amounts(e['paid'])}, income {amounts(e['income'])}"
    return f"{who} but its Cost cannot be paid in full: pays {amounts(e['paid'])}, no income"


def _gain(e: Mapping[str, Any]) -> str:
    why = e["why"] + (f":{e['card']}" if e["card"] else "")
    return f"{e['seat']} takes {amounts(e['amounts'])} ({why})"


#: per Character, its defences (the simulation's ``defend`` events: :meth:`GreedyKingdoms.
#: simulation_events`) and of its attacks the share that succeeded and was paid, succeeded
#: unpaid, or failed (the Knight is rarely paid in full)
FIGURES = Figures(
    tallies=(
        Tally("attacks", "success", by="full", values=((True, "paid"), (False, "unpaid"))),
        Tally("attacks", "failed", part="failed"),
        Tally("defences", "defend"),
    ),
    tallied=lambda card: card.is_character,
    tally_title="Characters",
    tally_note="Per game: times committed in attack and in defence; of the attacks the share "
    "that succeeded and was paid, succeeded unpaid, failed.",
    tally_chart="paid",
    labels={"paid": "attacks paid in full"},
    draws=False,
)

#: amounts (``paid``, ``income`` …) are lists of chips: Honor, Gold, Food, Land
EVENTS = EventSchema(
    EventType(
        "first_attacker",
        "seat:seat",
        "Rock-Scissors-Paper: {seat} is the first Attacker",
        role="first",
    ),
    EventType("turn", "turn:int seat:seat", "-- turn {turn}: {seat} attacks"),
    EventType(
        "gain", "seat:seat amounts:int why:distribute|start|income|bonus|block card:card", _gain
    ),
    EventType(
        "short",
        "seat:seat owed:int got:int",
        lambda e: (
            f"{e['seat']} is owed {amounts(e['owed'])}, the Resource Area has {amounts(e['got'])}"
        ),
    ),
    EventType(
        "refill",
        "seat:seat slot:int card:card",
        "the Upgrade line's slot {slot} gets {card}",
        "drawn",
    ),
    EventType("no_choice", "seat:seat", "{seat}: no Gold, Food or Land left to choose"),
    EventType("pass", "seat:seat", "{seat} passes"),
    EventType("obtain", "seat:seat card:card slot:int", "{seat} obtains {card}", "played"),
    EventType(
        "palace",
        "seat:seat card:card number:int",
        "{seat} places Royal Palace number {number}",
        "played",
    ),
    EventType(
        "promote",
        "seat:seat number:int card:card paid:int",
        lambda e: f"{e['seat']} returns {amounts(e['paid'])} and promotes Character {e['number']}",
        "drawn",
    ),
    EventType(
        "reveal",
        "seat:seat attack:int defend:int",
        "battle: {seat} attacks with {attack}, the Defender plays {defend}",
    ),
    EventType(
        "defend",
        "seat:seat card:card",
        "{seat} defends with {card}",
    ),
    EventType(
        "failed",
        "seat:seat number:int card:card paid:int",
        lambda e: f"{e['seat']}'s Character {e['number']} fails: pays {amounts(e['paid'])}",
        "played",
    ),
    EventType(
        "success",
        "seat:seat number:int card:card full:bool paid:int income:int",
        _success,
        "played",
    ),
    EventType("battle_end", "seat:seat", "the Characters return to their hands"),
    EventType("end_turn", "turn:int", "end of turn {turn}: the roles switch"),
    EventType("win", "seat:seat turn:int", "{seat} wins with a second Royal Palace in turn {turn}"),
    EventType("draw", "turn:int", "the turn limit ({turn}) is reached: a draw"),
)


class GreedyKingdoms(Engine[State]):
    """Greedy Kingdoms on the engine kit."""

    info = GameInfo(
        "greedy-kingdoms",
        "Greedy Kingdoms",
        2,
        2,
        simultaneous=True,
        max_length=7010,  # the longest turn limit (1000) of at most 7 decisions, and the set-up
        score="palaces",
    )
    game = Game
    grammar = Grammar(*PATTERNS)
    events = EVENTS
    figures = FIGURES
    #: the start of turn's choice takes no Honor: the grammar refuses it (a scenario may say so)
    refusable: ClassVar = {"resource": tuple(r for r in RESOURCES if r not in CHOOSABLE)}
    vocabulary: ClassVar = {
        "phase": PHASES,
        "attacker": "seat",
        "movers": "seat",
        "line": "card",
        "upgrade_deck": "card",
        "distributed": CHOOSABLE,
        "players.*.kingdom": "card",
    }
    derived = frozenset({"movers", "palaces"})
    layout = TableLayout(seats="players", centre=("line", "special_deck", "pending"))
    search: ClassVar = {"iterations": 48, "rollout_depth": 8, "opponents": "policy"}

    def bots(self) -> Mapping[str, Any]:
        return {"greedy": ai.GreedyBot}

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def policy(self, state: State, seat: int, rng: random.Random) -> int:
        return ai.greedy_choice(state, seat, rng)

    def search_actions(self, state: State, seat: int) -> Sequence[int]:
        return ai.search_actions(state, seat)

    def simulation_events(self, state: State) -> Sequence[tuple]:
        """The game's events, each ``reveal`` followed by a ``defend`` event per Character the
        Defender committed (the Special Worker where promoted): what the figures count."""
        events = state.events or ()
        g, out = state.game, []
        promoted: list[set[int]] = [set(), set()]
        for e in events:
            out.append(e)
            if e[0] == "promote":
                promoted[e[1]].add(e[2])
            elif e[0] == "reveal":
                dfd = 1 - e[1]
                for n in e[3]:
                    ch = g.special[n] if n in promoted[dfd] else g.ordinary[n]
                    out.append(("defend", dfd, ch.card_id))
        return out

    def card_name(self, catalogue: Any, card_id: str) -> str:
        return card_id  # the log names cards by id, as the scenarios' log lines do

    def shown_cards(self, catalogue: Any, observation: Any) -> Any:
        """The Characters, named by number in the observation, as their cards: each seat's
        eight (``characters``: the Special Worker where promoted), its ``promoted`` and its
        ``commit``, the Special Worker Deck's and the Attacker's ``pending``."""
        ordinary, special = _characters(catalogue)
        numbers = range(1, catalogue.rules.hand_numbers + 1)
        seen = dict(observation)
        players = []
        for fields in observation["players"]:
            own = {n: special[n] if n in fields["promoted"] else ordinary[n] for n in numbers}
            commit = fields["commit"]
            players.append(
                {
                    **fields,
                    "characters": list(own.values()),
                    "promoted": [special[n] for n in fields["promoted"]],
                    "commit": None if commit is None else [own[n] for n in commit],
                }
            )
        seen["players"] = players
        if isinstance(observation["special_deck"], list):
            seen["special_deck"] = [special[n] for n in observation["special_deck"]]
        attacker = int(observation["attacker"][1:]) - 1
        seen["pending"] = [players[attacker]["characters"][n - 1] for n in observation["pending"]]
        return seen

    def action_cards(self, catalogue: Any, observation: Any, seat: int, text: str) -> list[str]:
        """The designs an action takes or plays: the Characters ``commit 1+2+6`` and
        ``resolve 6`` name (the seat's own, a Special Worker where promoted), the Upgrade in
        the line's slot ``obtain slot 3`` takes and the Royal Palace ``obtain palace`` takes.
        A promotion names none: the Special Worker it takes is drawn face down (the seat
        does not choose it), and is named by the commits once promoted."""
        verb, _, rest = text.partition(" ")
        if verb == "obtain":
            if rest == "palace":
                return [c.id for c in catalogue if c.kind is Kind.PALACE][:1]
            slot = int(rest.removeprefix("slot "))
            line = observation["line"]
            card = line[slot - 1] if 0 < slot <= len(line) else None
            return [card] if card else []
        if verb not in ("commit", "resolve"):
            return []
        seen = self.shown_cards(catalogue, observation)["players"][seat]["characters"]
        return [seen[int(n) - 1] for n in rest.split("+")]

    def result_lines(self, state: State) -> list[str]:
        lines = [
            f"P{p + 1}: {state.palaces[p]} Royal Palace(s), {state.res[p][0]} Honor"
            + (" (winner)" if state.winner == p else "")
            for p in (0, 1)
        ]
        return lines + (["draw"] if state.winner == DRAW else [])

    def score(self, state: State, seat: int) -> int:
        return int(state.palaces[seat])


def _characters(catalogue: Any) -> tuple[dict[int, str], dict[int, str]]:
    """The Ordinary and the Special Workers' card ids by number."""
    kinds: dict[Kind, dict[int, str]] = {Kind.ORDINARY: {}, Kind.SPECIAL: {}}
    for card in catalogue:
        if card.kind.is_character:
            kinds[card.kind][card.number] = card.id
    return kinds[Kind.ORDINARY], kinds[Kind.SPECIAL]


ENGINE = GreedyKingdoms()

"""Game logs: play a game with bots and write it as JSON or text; replay a JSON log.

A JSON log holds what re-runs the game (catalogue digest, seed, bots, every step: the chance
outcome and each player's action) plus the events and the final state hash; no timestamps, so
the same game gives the same bytes.  It is the designer's log (both players' commits).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.engine_api import PlayedGame as CorePlayedGame
from cardgen.engine_api import bot_seed, catalogue_digest
from cardgen.packs.greedy_kingdoms.engine.actions import describe
from cardgen.packs.greedy_kingdoms.engine.bots import make_bot, play_game
from cardgen.packs.greedy_kingdoms.engine.game import Game
from cardgen.packs.greedy_kingdoms.engine.state import DRAW, IllegalActionError, State
from cardgen.packs.greedy_kingdoms.model import RESOURCES

LOG_FORMAT = "cardgen-greedy-kingdoms-log/1"
#: the two seats: the neighbouring kingdoms of the manual's story
SIDES = ("north", "south")


class ReplayError(ValueError):
    """A log that cannot be replayed or does not reach its recorded final state."""


def player_range(cat: Catalogue) -> tuple[int, int]:
    """Greedy Kingdoms is for two."""
    return 2, 2


def sides(cat: Catalogue) -> tuple[str, ...]:
    return SIDES


@dataclass
class PlayedGame(CorePlayedGame):
    """A finished game with the names of the bots that played it and the sides."""

    sides: tuple[str, ...] = SIDES


def play_with_bots(
    cat: Catalogue, sides: Sequence[str], bots: Sequence[str], seed: int, **options
) -> PlayedGame:
    """Play one full game with named bots (seat ``p`` uses ``bots[p]``)."""
    game = Game(cat)
    players = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(bots)]
    state = play_game(game.new_initial_state(seed), players, check=True)
    return PlayedGame(state, tuple(bots), tuple(sides))


#: every word of a log line's fixed text (:func:`event_text`) and of a gain's reason; with the
#: card ids and Resources, the words a scenario's ``no_events`` may use (a typo there would pass)
LOG_WORDS = frozenset(
    """
    rock scissors paper is the first attacker turn attacks takes owed resource area has upgrade
    line s slot gets no gold food or land left to choose passes obtains places royal palace
    number returns and promotes character battle with defender plays fails pays succeeds income
    but its cost cannot be paid in full characters return to their hands end of roles switch
    wins a second limit reached draw nothing distribute start block bonus p
    """.split()  # noqa: SIM905 (a list of words reads best as words)
)


def _amounts(v) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(v) if n]
    return ", ".join(parts) or "nothing"


def event_text(e: tuple, game: Game) -> str:
    """One event as a line of the readable log."""
    kind, *a = e
    P = lambda p: f"P{p + 1}"  # noqa: E731
    match kind:
        case "first_attacker":
            return f"Rock-Scissors-Paper: {P(a[0])} is the first Attacker"
        case "turn":
            return f"-- turn {a[0]}: {P(a[1])} attacks"
        case "gain":
            return f"{P(a[0])} takes {_amounts(a[1])} ({a[2]})"
        case "short":
            return f"{P(a[0])} is owed {_amounts(a[1])}, the Resource Area has {_amounts(a[2])}"
        case "refill":
            return f"the Upgrade line's slot {a[0] + 1} gets {a[1]}"
        case "no_choice":
            return f"{P(a[0])}: no Gold, Food or Land left to choose"
        case "pass":
            return f"{P(a[0])} passes"
        case "obtain":
            return f"{P(a[0])} obtains {a[1]}"
        case "palace":
            return f"{P(a[0])} places Royal Palace number {a[1]}"
        case "promote":
            return f"{P(a[0])} returns {_amounts(a[2])} and promotes Character {a[1]}"
        case "reveal":
            return f"battle: {P(a[0])} attacks with {list(a[1])}, the Defender plays {list(a[2])}"
        case "failed":
            return f"{P(a[0])}'s Character {a[1]} fails: pays {_amounts(a[2])}"
        case "success":
            return (
                f"{P(a[0])}'s Character {a[1]} succeeds: pays {_amounts(a[2])}, "
                f"income {_amounts(a[3])}"
            )
        case "unpaid":
            return (
                f"{P(a[0])}'s Character {a[1]} succeeds but its Cost cannot be paid in full: "
                f"pays {_amounts(a[2])}, no income"
            )
        case "battle_end":
            return "the Characters return to their hands"
        case "end_turn":
            return f"end of turn {a[0]}: the roles switch"
        case "win":
            return f"{P(a[0])} wins with a second Royal Palace in turn {a[1]}"
        case "draw":
            return f"the turn limit ({a[0]}) is reached: a draw"
    return repr(e)


def event_dicts(state: State) -> list[list]:
    """The events as JSON-ready lists."""
    return [json.loads(json.dumps(e)) for e in state.events or ()]


def _results(st: State) -> list[dict]:
    return [
        {"seat": r.seat, "palaces": r.palaces, "honor": r.honor, "winner": r.winner}
        for r in st.results()
    ]


def to_json_log(played: PlayedGame, catalogue_label: str) -> str:
    """The JSON game log (stable key order, no timestamps)."""
    st = played.state
    doc = {
        "format": LOG_FORMAT,
        "catalogue": catalogue_label,
        "catalogue_digest": catalogue_digest(st.game.catalogue),
        "seed": st.seed,
        "bots": list(played.bots),
        "steps": [list(h) for h in st.history],
        "events": event_dicts(st),
        "turns": st.turn,
        "results": _results(st),
        "final_state_hash": st.state_hash(),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def to_text_log(played: PlayedGame) -> str:
    """The readable game log: one line per event."""
    st = played.state
    g = st.game
    lines = [
        f"Greedy Kingdoms: seed {st.seed}",
        "Bots: " + ", ".join(f"P{p + 1} {b}" for p, b in enumerate(played.bots)),
    ]
    lines += [event_text(tuple(e), g) for e in st.events or ()]
    for r in st.results():
        mark = " (winner)" if r.winner else ""
        lines.append(f"P{r.seat + 1}: {r.palaces} Royal Palace(s), {r.honor} Honor{mark}")
    if st.winner == DRAW:
        lines.append("draw")
    lines.append(f"{st.turn} turns; final state hash {st.state_hash()}")
    return "\n".join(lines) + "\n"


def to_view_log(played: PlayedGame, viewer: int, catalogue_label: str, *, as_json: bool) -> str:
    """What seat ``viewer`` saw: every event (all are public once they happen: the commits at
    the reveal, a promotion's number as the Ordinary Worker is laid face up), and in JSON its
    observation, legal actions and choice at each of its decisions — never the decks' order
    or the other player's commit before the reveal, nor the seed."""
    st = played.state
    g = st.game
    if viewer not in (0, 1):
        raise ValueError(f"no seat {viewer}: the game has seats 0-1")
    lines = [event_text(tuple(e), g) for e in st.events or ()]
    if not as_json:
        head = [f"Greedy Kingdoms, as P{viewer + 1} saw it", f"Bots: {', '.join(played.bots)}"]
        return "\n".join([*head, *lines]) + "\n"
    decisions = []
    replay = g.new_initial_state(st.seed)
    for k, step in enumerate(st.history):
        if step[0] == "c":
            replay.apply_chance(step[1])
            continue
        if viewer in replay.acting_players():
            decisions.append(
                {
                    "step": k + 1,
                    "observation": replay.observation(viewer),
                    "legal": [describe(a, g) for a in replay.legal_actions(viewer)],
                    "chosen": describe(step[1 + viewer], g),
                }
            )
        replay.apply_actions([step[1], step[2]])
    doc = {
        "catalogue": catalogue_label,
        "catalogue_digest": catalogue_digest(g.catalogue),
        "viewer": viewer + 1,
        "bots": list(played.bots),
        "events": lines,
        "decisions": decisions,
        "results": _results(st),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class ReplayResult:
    """A replay's final ``state``, the log's ``expected_hash`` and the first ``problem``."""

    state: State
    expected_hash: str
    problem: str | None

    @property
    def ok(self) -> bool:
        return not self.problem and self.state.state_hash() == self.expected_hash


def replay_steps(game: Game, seed: int, steps: list) -> State:
    """Re-run recorded steps (``["c", seat]`` chance, ``["p", a0, a1]`` actions)."""
    state = game.new_initial_state(seed)
    for k, step in enumerate(steps):
        try:
            if step[0] == "c":
                state.apply_chance(int(step[1]))
            elif step[0] == "p":
                state.apply_actions([step[1], step[2]])
            else:
                raise IllegalActionError(f"unknown step kind {step[0]!r}")
        except (IllegalActionError, TypeError, IndexError, ValueError) as exc:
            raise ReplayError(f"step {k + 1}: {exc}") from None
    return state


def replay_log(text: str, cat: Catalogue) -> ReplayResult:
    """Re-run a JSON game log on ``cat``; ReplayError if it cannot be replayed."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not a JSON game log: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != LOG_FORMAT:
        raise ReplayError(f"not a Greedy Kingdoms game log (expected format {LOG_FORMAT!r})")
    try:
        seed, steps = int(doc["seed"]), list(doc["steps"])
        expected, events = str(doc["final_state_hash"]), list(doc["events"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"game log is missing or has a bad field: {exc}") from None
    if doc.get("catalogue_digest") != catalogue_digest(cat):
        raise ReplayError("the catalogue differs from the one the game was played with")
    state = replay_steps(Game(cat), seed, steps)
    got = event_dicts(state)
    problem = None
    for k, (want, have) in enumerate(zip(events, got, strict=False)):
        if want != have:
            problem = f"event {k + 1} differs: the log has {want}, the replay {have}"
            break
    else:
        if len(events) != len(got):
            problem = f"the log has {len(events)} events, the replay {len(got)}"
    return ReplayResult(state, expected, problem)

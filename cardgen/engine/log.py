"""The one game log of every game: JSON to replay and check, text to read, a seat's view.

The JSON log (``cardgen-game-log``, version :data:`LOG_VERSION`) holds what re-runs the game —
the game's id, the catalogue's digest, the seed, the set-up, each seat's bot and every step as
action strings — and what the replay must find again: every event and the final state's
digest.  It has no timestamps: the same game gives the same bytes.  It is the designer's log
(everything); ``view(played, seat)`` is what one seat may know.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.engine.chance import CHANCE, at_chance
from cardgen.engine.definition import Engine
from cardgen.engine.errors import EngineError, ReplayError
from cardgen.engine.play import PlayedGame, apply_strings
from cardgen.engine.protocol import Event, State, seat_name
from cardgen.engine.vocab import parse_seat

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

LOG_FORMAT = "cardgen-game-log"
LOG_VERSION = 1
#: the log's keys, in the order they are written
KEYS = (
    "format",
    "version",
    "game",
    "catalogue",
    "catalogue_digest",
    "seed",
    "setup",
    "seats",
    "steps",
    "events",
    "result",
    "final_digest",
)


def catalogue_digest(catalogue: Catalogue) -> str:
    """A SHA-256 of the rules and cards a game depends on (a replay on other cards is refused).
    Which file holds the rules (``engine:``: ``rules.py``, ``play.yaml``) is not part of it:
    a log replays on the same game's rules written either way."""
    rules = catalogue.rules.model_dump(mode="json")
    rules.pop("engine", None)
    data = {
        "rules": rules,
        "cards": [c.model_dump(mode="json") for c in catalogue.cards],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def event_dicts(engine: Engine, events: list[Event] | None) -> list[dict[str, Any]]:
    """A state's events as mappings (seats as ``P1``)."""
    return [engine.events.to_dict(e) for e in events or ()]


def result_of(state: State) -> dict[str, Any]:
    """The end of a game as a log records it: each seat's return and the winners."""
    r = [float(x) for x in state.returns()] if state.is_terminal() else []
    best = max(r) if r else 0.0
    winners = [seat_name(k) for k, x in enumerate(r) if x == best and x > 0]
    return {"ended": state.is_terminal(), "returns": r, "winners": winners}


def to_json(played: PlayedGame, catalogue_label: str) -> str:
    """The JSON game log of a played game (needs the action strings: ``play(record=True)``)."""
    if len(played.strings) != len(played.steps):
        raise EngineError("the game was played without recording its action strings")
    setup = played.setup
    seats = []
    for p in range(setup.players):
        seat: dict[str, Any] = {"seat": seat_name(p), "bot": played.bots[p]}
        if setup.sides:
            seat["side"] = setup.sides[p]
        seats.append(seat)
    doc = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": played.engine.info.id,
        "catalogue": catalogue_label,
        "catalogue_digest": catalogue_digest(played.catalogue),
        "seed": played.seed,
        "setup": setup.to_json(),
        "seats": seats,
        "steps": [step_json(step) for step in played.strings],
        "events": event_dicts(played.engine, played.state.events),
        "result": result_of(played.state),
        "final_digest": played.state.digest(),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def step_json(step: Mapping[int, str]) -> dict[str, str]:
    """A step as the log writes it: ``{"P1": action, ...}`` or ``{"chance": outcome}``."""
    return {("chance" if p == CHANCE else seat_name(p)): s for p, s in sorted(step.items())}


def to_text(played: PlayedGame) -> str:
    """The readable game log: the seats, one line per event, the results."""
    eng, cat = played.engine, played.catalogue
    setup = played.setup
    lines = [f"{eng.info.name}: seed {played.seed}"]
    for p in range(setup.players):
        side = f" ({setup.sides[p]})" if setup.sides else ""
        lines.append(f"{seat_name(p)}{side}: {played.bots[p]}")
    name = lambda c: eng.card_name(cat, c)  # noqa: E731
    lines += [eng.events.text(d, name) for d in event_dicts(eng, played.state.events)]
    lines += eng.result_lines(played.state)
    lines.append(f"{len(played.steps)} steps; final state {played.state.digest()[:16]}")
    return "\n".join(lines) + "\n"


def view(played: PlayedGame, seat: int, catalogue_label: str, *, as_json: bool) -> str:
    """What ``seat`` may know of the game: the events as it saw them and, in JSON, its
    observation, legal actions and choice at each of its decisions (never the seed, the deck
    order or another seat's hidden cards)."""
    eng, setup = played.engine, played.setup
    if not 0 <= seat < setup.players:
        raise EngineError(f"no seat {seat_name(seat)}: the game has P1-P{setup.players}")
    state = played.game.new_initial_state(played.seed)
    decisions = []
    for k, step in enumerate(played.steps):
        if seat in step:
            decisions.append(
                {
                    "step": k + 1,
                    "observation": state.observation(seat),
                    "legal": [state.action_to_string(seat, a) for a in state.legal_actions(seat)],
                    "chosen": state.action_to_string(seat, step[seat]),
                }
            )
        if CHANCE in step and at_chance(state):
            state.apply_chance(step[CHANCE])
        else:
            state.apply(step)
    seen = [eng.events.seen_by(d, seat) for d in event_dicts(eng, played.state.events)]
    if not as_json:
        name = lambda c: eng.card_name(played.catalogue, c)  # noqa: E731
        head = [f"{eng.info.name}, as {seat_name(seat)} saw it"]
        return "\n".join(head + [eng.events.text(d, name) for d in seen]) + "\n"
    doc = {
        "format": LOG_FORMAT + "-view",
        "version": LOG_VERSION,
        "game": eng.info.id,
        "catalogue": catalogue_label,
        "viewer": seat_name(seat),
        "setup": setup.to_json(),
        "events": seen,
        "decisions": decisions,
        "result": result_of(played.state),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Replay:
    """A replayed log: the final ``state``, the log's ``expected`` digest and the first
    ``problem`` found (None: every event and the final state are the same)."""

    state: State
    steps: int
    expected: str
    problem: str | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def read(text: str) -> dict[str, Any]:
    """A JSON game log's document, its format and version checked; :class:`ReplayError`."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not a JSON game log: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != LOG_FORMAT:
        raise ReplayError(f"not a cardgen game log (its format is not {LOG_FORMAT!r})")
    if doc.get("version") != LOG_VERSION:
        raise ReplayError(
            f"game log version {doc.get('version')!r}; this cardgen reads version {LOG_VERSION}"
        )
    missing = [k for k in KEYS if k not in doc]
    if missing:
        raise ReplayError(f"the game log lacks {', '.join(missing)}")
    return doc


def setup_of(engine: Engine, catalogue: Catalogue, doc: Mapping[str, Any]) -> Any:
    """The checked set-up a log (or a saved game) records."""
    s = doc.get("setup")
    if not isinstance(s, dict):
        raise ReplayError("the game log's setup is not a mapping")
    try:
        players = int(s["players"])
        teams = [[_seat(x, players) for x in t] for t in s.get("teams", [])]
        return engine.setup(
            catalogue,
            players,
            tuple(s.get("sides", ())),
            s.get("settings") or {},
            s.get("options") or {},
            teams,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"the game log's setup: {exc}") from None


def _seat(x: Any, players: int) -> int:
    k = parse_seat(x, players)
    if k is None:
        raise ValueError(f"{x!r} is not a seat")
    return k


def steps_of(doc: Mapping[str, Any], players: int) -> list[dict[int, str]]:
    """The log's steps as ``{seat: action string}``."""
    out = []
    for k, step in enumerate(doc["steps"]):
        if not isinstance(step, dict) or not step:
            raise ReplayError(f"step {k + 1} is not a mapping of seats to actions")
        try:
            out.append(
                {(CHANCE if p == "chance" else _seat(p, players)): str(a) for p, a in step.items()}
            )
        except ValueError as exc:
            raise ReplayError(f"step {k + 1}: {exc}") from None
    return out


def opened(
    text: str, engine: Engine, catalogue: Catalogue
) -> tuple[dict[str, Any], Any, int, list[dict[int, str]]]:
    """A JSON game log of ``engine``'s game on ``catalogue``: its document, set-up, seed and
    steps, checked; :class:`ReplayError` for a log of another game or catalogue."""
    doc = read(text)
    if doc["game"] != engine.info.id:
        raise ReplayError(f"a log of {doc['game']!r}, not of {engine.info.id!r}")
    if doc["catalogue_digest"] != catalogue_digest(catalogue):
        raise ReplayError("the catalogue differs from the one the game was played with")
    setup = setup_of(engine, catalogue, doc)
    try:
        seed = int(doc["seed"])
    except (TypeError, ValueError):
        raise ReplayError("the game log's seed is not a whole number") from None
    return doc, setup, seed, steps_of(doc, setup.players)


def replay(text: str, engine: Engine, catalogue: Catalogue) -> Replay:
    """Re-run a JSON game log on ``catalogue``, checking every event as it happens and the
    final state; :class:`ReplayError` for a log that cannot be replayed at all."""
    doc, setup, seed, steps = opened(text, engine, catalogue)
    want = doc["events"]
    if not isinstance(want, list):
        raise ReplayError("the game log's events are not a list")
    state = engine.new_game(catalogue, setup).new_initial_state(seed)
    problem, checked = None, 0
    # the set-up's events (the deal) are checked before the first step: a log saved before
    # anyone moved has them and no step
    for k, texts in enumerate([None, *steps]):
        if texts is not None:
            try:
                apply_strings(state, texts)
            except EngineError as exc:
                raise ReplayError(f"step {k}: {exc}") from None
        when = f"after step {k}" if k else "at the set-up"
        events = state.events or []
        for j in range(checked, len(events)):
            got = engine.events.to_dict(events[j])
            if j >= len(want):
                problem = f"{when}: event {j + 1} ({got}) is not in the log"
            elif want[j] != got:
                problem = f"{when}: event {j + 1} differs: the log has {want[j]}, the replay {got}"
            if problem:
                return Replay(state, k, str(doc["final_digest"]), problem)
        checked = len(events)
    if checked != len(want):
        problem = f"the log has {len(want)} events, the replay {checked}"
    elif state.digest() != doc["final_digest"]:
        problem = (
            f"the replay ends in state {state.digest()[:16]}…, "
            f"the log recorded {str(doc['final_digest'])[:16]}…"
        )
    return Replay(state, len(steps), str(doc["final_digest"]), problem)

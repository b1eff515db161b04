"""Game logs: play a game with bots and write it as JSON or text; replay a JSON log; one
player's view of a game.

A JSON log holds what is needed to re-run the game (catalogue digest, sides, seed, settings,
every action) plus the events, the result and the final state hash; no timestamps, so the same
game always gives the same bytes.  It is the designer's log: both hands are in it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.engine_api import PlayedGame, bot_seed
from cardgen.packs.attack_the_tower.engine.bots import make_bot
from cardgen.packs.attack_the_tower.engine.game import SIDES, Game
from cardgen.packs.attack_the_tower.engine.state import State
from cardgen.packs.attack_the_tower.model import Settings

LOG_FORMAT = "cardgen-tower-log/1"


class ReplayError(ValueError):
    """A log that cannot be replayed."""


def player_range(cat: Catalogue) -> tuple[int, int]:
    """Attack the Tower is for two players."""
    return 2, 2


def sides(cat: Catalogue) -> tuple[str, ...]:
    """The two armies' colours."""
    return SIDES


def play_with_bots(
    cat: Catalogue, sides: Sequence[str], bots: Sequence[str], seed: int, **options
) -> PlayedGame:
    """Play one full game with named bots (seat ``p`` uses ``bots[p]``)."""
    game = Game(cat, sides, seed=seed)
    players = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(bots)]
    state = game.new_initial_state()
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(players[p].step(state, p))
    return PlayedGame(state, tuple(bots))


def result_of(state: State) -> dict:
    return {
        "winner": state.winner,
        "stalemate": state.stalemate,
        "turns": state.turn,
        "returns": state.returns(),
    }


def to_json_log(played: PlayedGame, catalogue_label: str) -> str:
    """The replayable JSON log of a played game."""
    state = played.state
    game = state.game
    doc = {
        "format": LOG_FORMAT,
        "catalogue": catalogue_label,
        "digest": state.table.digest,
        "sides": list(game.sides),
        "seed": game.seed,
        "bots": list(played.bots),
        "settings": state.table.settings.model_dump(mode="json"),
        "actions": [[p, a] for p, a in state.history],
        "events": state.events,
        "result": result_of(state),
        "final_hash": state.state_hash(),
    }
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def describe(state: State, event: dict) -> str:
    """One event as a line of the readable log."""
    e = dict(event)
    kind = e.pop("event")
    who = f"P{e.pop('player') + 1} " if "player" in e else ""
    e.pop("turn", None)
    if kind == "action":
        return ""
    detail = ", ".join(f"{k}={v}" for k, v in e.items())
    return f"{who}{kind}{': ' + detail if detail else ''}"


def to_text_log(played: PlayedGame) -> str:
    """The readable log: one line per event, by turn."""
    state = played.state
    lines = [
        f"Attack the Tower — {' vs '.join(state.game.sides)}, seed {state.game.seed}, "
        f"bots {', '.join(played.bots)}"
    ]
    turn = -1
    for event in state.events or []:
        if event["turn"] != turn:
            turn = event["turn"]
            lines.append(f"== turn {turn} ==" if turn else "== set-up ==")
        line = describe(state, event)
        if line:
            lines.append("  " + line)
    r = result_of(state)
    if r["stalemate"]:
        lines.append(f"stalemate after {state.table.settings.max_turns} turns")
    else:
        lines.append(f"P{r['winner'] + 1} wins on turn {r['turns']}")
    return "\n".join(lines) + "\n"


def _hidden(event: dict, viewer: int) -> dict:
    """``event`` as ``viewer`` sees it: the opponent's drawn cards are face down."""
    if event.get("player") not in (None, viewer) and event["event"] == "draw":
        return {**event, "card": None}
    return event


def to_view_log(played: PlayedGame, viewer: int, catalogue_label: str, *, as_json: bool) -> str:
    """What seat ``viewer`` may see: the events with the opponent's draws face down and, in
    JSON, ``viewer``'s observation at each of its decisions."""
    state = played.state
    events = [_hidden(e, viewer) for e in state.events or []]
    if not as_json:
        lines = [f"Attack the Tower — the view of P{viewer + 1}"]
        lines += ["  " + describe(state, e) for e in events if describe(state, e)]
        return "\n".join(lines) + "\n"
    replay = state.game.new_initial_state()
    decisions = []
    for p, action in state.history:
        if p == viewer:
            decisions.append({"observation": replay.observation(viewer), "action": action})
        replay.apply_action(action)
    doc = {
        "format": LOG_FORMAT + "+view",
        "catalogue": catalogue_label,
        "viewer": viewer,
        "events": events,
        "decisions": decisions,
        "result": result_of(state),
    }
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


@dataclass
class ReplayResult:
    ok: bool
    state: State
    expected_hash: str
    problem: str | None = None


def replay_log(text: str, cat: Catalogue) -> ReplayResult:
    """Re-run a JSON log on ``cat``: every event and the final state must be the same."""
    try:
        doc = json.loads(text)
        if doc.get("format") != LOG_FORMAT:
            raise ReplayError(f"not an Attack the Tower log (format {doc.get('format')!r})")
        settings = Settings.model_validate(doc["settings"])
        game = Game(cat, doc["sides"], seed=doc["seed"], settings=settings)
        actions = [(int(p), int(a)) for p, a in doc["actions"]]
        expected_hash, expected_events = doc["final_hash"], doc["events"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ReplayError(f"unreadable log: {exc}") from None
    if game.table.digest != doc.get("digest"):
        raise ReplayError("the log was played with other cards or rules (catalogue digest)")
    state = game.new_initial_state()
    for i, (p, action) in enumerate(actions):
        if state.current_player() != p or action not in state.legal_actions():
            return ReplayResult(False, state, expected_hash, f"step {i + 1} is not legal")
        state.apply_action(action)
    events = json.loads(json.dumps(state.events))
    if events != expected_events:
        first = next(
            (i for i, (a, b) in enumerate(zip(events, expected_events, strict=False)) if a != b),
            min(len(events), len(expected_events)),
        )
        return ReplayResult(False, state, expected_hash, f"event {first + 1} differs")
    return ReplayResult(state.state_hash() == expected_hash, state, expected_hash)

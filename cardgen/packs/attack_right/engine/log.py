"""Game logs: play a game with bots and write it as JSON or text; replay a JSON log.

A JSON log holds what is needed to re-run the game (catalogue digest, decks, seed, options,
every step's actions) plus the event log, the results and the final state hash.  It has no
timestamps or timings, so the same game always gives the same bytes.  It is the designer's log:
every player's private choices are in it.  :func:`to_view_log` writes one player's view instead
(:mod:`.views`).  A replay checks every event and the final state against the log.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.engine_api import PlayedGame, bot_seed, catalogue_digest
from cardgen.packs.attack_right.engine.bots import make_bot
from cardgen.packs.attack_right.engine.events import to_dict, to_text
from cardgen.packs.attack_right.engine.game import Game, GameOptions
from cardgen.packs.attack_right.engine.state import State
from cardgen.packs.attack_right.engine.views import view_json, view_lines

LOG_FORMAT = "cardgen-game-log/1"


class ReplayError(ValueError):
    """A log that cannot be replayed or does not reach its recorded final state."""


def player_range(cat: Catalogue) -> tuple[int, int]:
    """The fewest and the most players (the rules model's ``players``)."""
    return cat.rules.players.min, cat.rules.players.max


def sides(cat: Catalogue) -> tuple[str, ...]:
    """What a seat plays: the catalogue's deck ids (`cardgen play` seats the first ones)."""
    return tuple(cat.rules.deck_ids)


def play_with_bots(
    cat: Catalogue, decks: Sequence[str], bots: Sequence[str], seed: int, *, first_game: bool
) -> PlayedGame:
    """Play one full game with named bots (seat ``p`` uses ``bots[p]``)."""
    game = Game(cat, decks, seed=seed, options=GameOptions(first_game=first_game))
    players = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(bots)]
    state = game.new_initial_state()
    n = state.n
    while not state.is_terminal():
        acting = state.acting_players()
        state.apply_actions([players[p].step(state, p) if p in acting else None for p in range(n)])
    return PlayedGame(state, tuple(bots))


def event_dicts(state: State) -> list[dict]:
    return [to_dict(e, state.game.card_id) for e in state.raw_events or ()]


def _results(st: State) -> list[dict]:
    return [
        {
            "seat": r.seat,
            "glory": r.glory,
            "coins": r.coins,
            "cards": r.cards,
            "rank": r.rank,
            "winner": r.winner,
        }
        for r in st.results()
    ]


def to_json_log(played: PlayedGame, catalogue_label: str) -> str:
    """The JSON game log (stable key order, no timestamps)."""
    st = played.state
    g = st.game
    doc = {
        "format": LOG_FORMAT,
        "catalogue": catalogue_label,
        "catalogue_digest": catalogue_digest(g.catalogue),
        "decks": list(g.decks),
        "players": g.num_players,
        "seed": g.seed,
        "first_game": g.first_game,
        "bots": list(played.bots),
        "warnings": g.warnings,
        "actions": [list(a) for a in st.history],
        "events": event_dicts(st),
        "results": _results(st),
        "final_state_hash": st.state_hash(),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def to_view_log(played: PlayedGame, viewer: int, catalogue_label: str, *, as_json: bool) -> str:
    """What seat ``viewer`` saw of the game (:mod:`.views`): its observation at each of its
    decisions and the events as it saw them (JSON), or the events as text."""
    st = played.state
    g = st.game
    if not 0 <= viewer < g.num_players:
        raise ValueError(f"no seat {viewer}: the game has seats 0-{g.num_players - 1}")
    if as_json:
        doc = {
            "catalogue": catalogue_label,
            "catalogue_digest": catalogue_digest(g.catalogue),
            "decks": list(g.decks),
            "players": g.num_players,
            "first_game": g.first_game,
            "bots": list(played.bots),
            "warnings": g.warnings,
            "results": _results(st),
        }
        return view_json(st, viewer, doc)
    return _text(played, view_lines(st, viewer), f"as P{viewer + 1} saw it")


def to_text_log(played: PlayedGame) -> str:
    """The readable game log: one line per public event and private choice."""
    return _text(played, [to_text(e) for e in event_dicts(played.state)], "")


def _text(played: PlayedGame, events: list[str], seen: str) -> str:
    st = played.state
    g = st.game
    head = f"Attack Right: {g.num_players} players, decks {', '.join(g.decks)}"
    lines = [
        head
        + (f", {seen}" if seen else f", seed {g.seed}")
        + (", first game" if g.first_game else ""),
        "Bots: " + ", ".join(f"P{p + 1} {b}" for p, b in enumerate(played.bots)),
    ]
    lines += [f"warning: {w}" for w in g.warnings]
    lines += events
    for r in st.results():
        mark = " (winner)" if r.winner else ""
        lines.append(
            f"P{r.seat + 1}: {r.glory} glory, {r.coins} coins, {r.cards} cards, rank {r.rank}{mark}"
        )
    if not seen:
        lines.append(f"final state hash {st.state_hash()}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ReplayResult:
    """The outcome of a replay: the state reached and whether it matches the log
    (``problem``: the first event that differs, if one does)."""

    state: State
    expected_hash: str
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None and self.state.state_hash() == self.expected_hash


def first_difference(logged: list, replayed: list[dict]) -> str | None:
    """The first event where the log and the replay differ, as a sentence (None: all agree)."""
    for k, (want, got) in enumerate(zip(logged, replayed, strict=False)):
        if want != got:
            return f"event {k + 1} differs: the log has {want}, the replay {got}"
    if len(logged) != len(replayed):
        return f"the log has {len(logged)} events, the replay {len(replayed)}"
    return None


def replay_log(text: str, cat: Catalogue) -> ReplayResult:
    """Re-run a JSON game log on ``cat``; raise ReplayError if it cannot be replayed."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not a JSON game log: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != LOG_FORMAT:
        raise ReplayError(f"not a game log (expected format {LOG_FORMAT!r})")
    try:
        decks, seed, first = doc["decks"], int(doc["seed"]), bool(doc["first_game"])
        actions, expected = doc["actions"], str(doc["final_state_hash"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"game log is missing or has a bad field: {exc}") from None
    if doc.get("catalogue_digest") != catalogue_digest(cat):
        raise ReplayError("the catalogue differs from the one the game was played with")
    events = doc.get("events")
    if not isinstance(events, list):
        raise ReplayError("game log is missing or has a bad field: 'events'")
    game = Game(cat, decks, seed=seed, options=GameOptions(first_game=first))
    state = game.new_initial_state()
    for k, acts in enumerate(actions):
        try:
            state.apply_actions(list(acts))
        except (ValueError, TypeError) as exc:
            raise ReplayError(f"step {k + 1}: {exc}") from None
    return ReplayResult(state, expected, first_difference(events, event_dicts(state)))

"""Game logs: play a game with bots and write it as JSON or text; replay a JSON log.

A JSON log holds what is needed to re-run the game (catalogue digest, decks, seed, options,
every step's actions) plus the event log, the results and the final state hash.  It has no
timestamps or timings, so the same game always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_right.engine.bots import make_bot
from cardgen.packs.attack_right.engine.events import to_dict, to_text
from cardgen.packs.attack_right.engine.game import Game, GameOptions
from cardgen.packs.attack_right.engine.state import State

LOG_FORMAT = "cardgen-game-log/1"


class ReplayError(ValueError):
    """A log that cannot be replayed or does not reach its recorded final state."""


def catalogue_digest(cat: Catalogue) -> str:
    """A SHA-256 of the cards and rules a game depends on."""
    data = {
        "rules": cat.rules.model_dump(mode="json"),
        "cards": [c.model_dump(mode="json") for c in cat.cards],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def player_range(cat: Catalogue) -> tuple[int, int]:
    """The fewest and the most players (the rules model's ``players``)."""
    return cat.rules.players.min, cat.rules.players.max


def sides(cat: Catalogue) -> tuple[str, ...]:
    """What a seat plays: the catalogue's deck ids (`cardgen play` seats the first ones)."""
    return tuple(cat.rules.deck_ids)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in a game with seed ``seed``."""
    return seed * 100 + seat + 1


@dataclass
class PlayedGame:
    """A finished game with the names of the bots that played it."""

    state: State
    bots: tuple[str, ...]

    @property
    def warnings(self) -> list[str]:
        """Set-up warnings of the game (e.g. a deck recommended for more players)."""
        return self.state.game.warnings


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
    return [to_dict(e, state.game.card_id) for e in state.events or ()]


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
        "results": [
            {
                "seat": r.seat,
                "glory": r.glory,
                "coins": r.coins,
                "cards": r.cards,
                "rank": r.rank,
                "winner": r.winner,
            }
            for r in st.results()
        ],
        "final_state_hash": st.state_hash(),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def to_text_log(played: PlayedGame) -> str:
    """The readable game log: one line per public event and private choice."""
    st = played.state
    g = st.game
    lines = [
        f"Attack Right: {g.num_players} players, decks {', '.join(g.decks)}, seed {g.seed}"
        + (", first game" if g.first_game else ""),
        "Bots: " + ", ".join(f"P{p + 1} {b}" for p, b in enumerate(played.bots)),
    ]
    lines += [f"warning: {w}" for w in g.warnings]
    lines += [to_text(e) for e in event_dicts(st)]
    for r in st.results():
        mark = " (winner)" if r.winner else ""
        lines.append(
            f"P{r.seat + 1}: {r.glory} glory, {r.coins} coins, {r.cards} cards, rank {r.rank}{mark}"
        )
    lines.append(f"final state hash {st.state_hash()}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ReplayResult:
    """The outcome of a replay: the state reached and whether it matches the log."""

    state: State
    expected_hash: str

    @property
    def ok(self) -> bool:
        return self.state.state_hash() == self.expected_hash


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
    game = Game(cat, decks, seed=seed, options=GameOptions(first_game=first))
    state = game.new_initial_state()
    for k, acts in enumerate(actions):
        try:
            state.apply_actions(list(acts))
        except (ValueError, TypeError) as exc:
            raise ReplayError(f"step {k + 1}: {exc}") from None
    return ReplayResult(state, expected)

"""Game logs for `cardgen play`: play a game with bots, write it as text or JSON, replay a
JSON log (every event and the final state checked)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.engine_api import PlayedGame, bot_seed, catalogue_digest
from cardgen.packs.authority.engine.bots import make_bot
from cardgen.packs.authority.engine.game import Game, GameSetupError
from cardgen.packs.authority.engine.state import IllegalActionError, State
from cardgen.packs.authority.model import Settings

LOG_FORMAT = "cardgen-authority-log/1"
#: the options of `cardgen play` this engine takes besides the seats: ``teams``, 2 vs. 2
PLAY_OPTIONS = ("teams",)


class ReplayError(ValueError):
    """A log that cannot be replayed."""


def player_range(cat: Catalogue) -> tuple[int, int]:
    """2 to 4 players, and never more than there are factions to choose."""
    gt = cat.pack.game_type
    return gt.min_players, min(gt.max_players, len(cat.rules.market_faction_ids))


def sides(cat: Catalogue) -> tuple[str, ...]:
    """The factions a player may choose."""
    return tuple(cat.rules.market_faction_ids)


def play_with_bots(
    cat: Catalogue, factions: Sequence[str], bots: Sequence[str], seed: int, **options
) -> PlayedGame:
    """Play one game, seat ``p`` choosing ``factions[p]`` and played by ``bots[p]``."""
    if options.get("first_game"):
        raise GameSetupError("Authority has no first-game variant")
    game = Game(cat, factions, seed=seed, settings=game_settings(cat, options.get("teams")))
    players = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(bots)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(players[state.current].step(state, state.current))
    return PlayedGame(state, tuple(bots))


def game_settings(cat: Catalogue, teams: bool | None, mode: str | None = None) -> Settings:
    """The catalogue's readings, in 2 vs. 2 when ``teams`` (``mode``: a log's)."""
    mode = "2v2" if teams else mode
    if mode is None:
        return cat.rules.settings
    return Settings.model_validate({**cat.rules.settings.model_dump(), "mode": mode})


def _results(st: State) -> list[dict]:
    return [
        {"seat": s + 1, "hp": max(p.hp, 0), "alive": p.alive, "winner": s in st.winners}
        for s, p in enumerate(st.players)
    ]


def to_json_log(played: PlayedGame, catalogue_label: str) -> str:
    """The replayable log: set-up, every action, the events, results and final hash."""
    st = played.state
    doc = {
        "format": LOG_FORMAT,
        "catalogue": catalogue_label,
        "catalogue_sha256": catalogue_digest(st.game.catalogue),
        "factions": list(st.game.sides),
        "mode": st.game.settings.mode,
        "bots": list(played.bots),
        "seed": st.game.seed,
        "actions": st.history,
        "events": st.events,
        "turns": st.turn,
        "results": _results(st),
        "final_state_hash": st.state_hash(),
    }
    return json.dumps(doc, indent=1) + "\n"


def to_text_log(played: PlayedGame) -> str:
    """The readable log: every event, then the standings."""
    st = played.state
    teams = ", 2 vs. 2: P1 and P3 against P2 and P4" if st.game.settings.mode == "2v2" else ""
    head = [
        f"Authority: {len(st.players)} players{teams}, seed {st.game.seed}",
        *(
            f"P{s + 1}: {f} ({b})"
            for s, (f, b) in enumerate(zip(st.game.sides, played.bots, strict=True))
        ),
        "",
    ]
    tail = ["", f"after {st.turn} turns:"] + [
        f"P{r['seat']}: {r['hp']} HP{' — winner' if r['winner'] else ''}" for r in _results(st)
    ]
    return "\n".join([*head, *(st.events or []), *tail]) + "\n"


def to_view_log(played: PlayedGame, viewer: int, catalogue_label: str, *, as_json: bool) -> str:
    """What seat ``viewer`` (0-based) saw: the events (every command is made on the table, so
    all are public) and, at each of its decisions, its observation (its own hand, the others'
    pile sizes).  The other players' hands and every deck's order stay hidden."""
    st = played.state
    g = st.game
    if not 0 <= viewer < g.num_players:
        raise ValueError(f"no seat {viewer}: the game has seats 0-{g.num_players - 1}")
    replay = g.new_initial_state()
    decisions = []
    for a in st.history:
        if replay.current == viewer:
            decisions.append({"turn": replay.turn, "observation": replay.observation(viewer)})
        replay.apply_action(a)
    if as_json:
        doc = {
            "format": LOG_FORMAT + "-view",
            "catalogue": catalogue_label,
            "viewer": viewer + 1,
            "factions": list(g.sides),
            "bots": list(played.bots),
            "events": st.events,
            "decisions": decisions,
            "results": _results(st),
        }
        return json.dumps(doc, indent=1) + "\n"
    hands: dict[int, list[str]] = {}
    for d in decisions:
        hands.setdefault(d["turn"], d["observation"]["players"][viewer]["hand"])
    lines = [f"Authority as P{viewer + 1} saw it, seed {g.seed}", ""]
    for e in st.events or []:
        lines.append(e)
        turn = e.split(":")[0].removeprefix("turn ")
        if e.startswith("turn ") and turn.isdigit() and int(turn) in hands:
            lines.append(f"  your hand: {', '.join(hands[int(turn)])}")
    return "\n".join(lines) + "\n"


@dataclass
class ReplayResult:
    state: State
    expected_hash: str
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None and self.state.state_hash() == self.expected_hash


def replay_log(text: str, cat: Catalogue) -> ReplayResult:
    """Re-run a JSON log on ``cat``: ReplayError if it cannot be; ``problem`` names the first
    event it does not reproduce."""
    try:
        doc = json.loads(text)
        if doc.get("format") != LOG_FORMAT:
            raise ReplayError(f"not an Authority game log (format {doc.get('format')!r})")
        settings = game_settings(cat, None, doc.get("mode"))
        game = Game(cat, doc["factions"], seed=int(doc["seed"]), settings=settings)
        actions = [int(a) for a in doc["actions"]]
        expected = str(doc["final_state_hash"])
        events = doc.get("events") or []
    except (ValueError, KeyError, TypeError, GameSetupError) as exc:
        raise ReplayError(f"cannot replay the log: {exc}") from None
    state = game.new_initial_state()
    problem = None
    for i, a in enumerate(actions):
        try:
            state.apply_action(a)
        except IllegalActionError as exc:
            problem = f"action {i + 1}: {exc}"
            break
    if problem is None and state.events != events:
        n = next(
            (i for i, (a, b) in enumerate(zip(state.events, events, strict=False)) if a != b),
            min(len(state.events), len(events)),
        )
        got = state.events[n] if n < len(state.events) else "(nothing)"
        want = events[n] if n < len(events) else "(nothing)"
        problem = f"event {n + 1}: the log has {want!r}, the replay {got!r}"
    return ReplayResult(state, expected, problem)

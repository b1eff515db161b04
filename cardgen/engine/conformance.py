"""The conformance suite: what every engine on the kit must do, checked by playing it.

Like OpenSpiel's test that plays every registered game, :func:`check_engine` plays seeded games
with every bot and checks, as it goes, the protocol's promises:

* every decision offers legal actions, each written once and matching exactly one pattern of
  the game's grammar with values of its vocabulary; the game ends within ``max_length``;
* every observation is JSON; every word in the designer's view is of a declared domain, and
  every field of a list's mappings too (what a scenario may name when the list is empty);
  every event is of a declared type with values of its fields' domains;
* a clone plays on independently; a game replays from its log to the same events and state;
* what a seat may see does not change when what it cannot see is resampled
  (``determinise``), and the resampling does change something where the game hides anything;
* the seats' views have the same shape (a symmetric game);
* a described state round-trips: a mid-game designer's view arranged onto a new game gives
  the same view (every zone can be set by a scenario).

Each failure is a :class:`Nonconformance` naming the game, the seed, the step and what broke.
The test suite runs it over every installed engine (``tests/test_engine_conformance.py``).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.engine.bots import bot_names, make_bot
from cardgen.engine.chance import at_chance, sample_chance
from cardgen.engine.definition import Engine
from cardgen.engine.log import replay, to_json
from cardgen.engine.play import bot_seed, play
from cardgen.engine.protocol import ChanceState, Setup, State, seat_name
from cardgen.engine.vocab import Vocabulary

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue


class Nonconformance(AssertionError):
    """An engine that breaks a promise of the protocol."""


@dataclass
class Report:
    """What a conformance run played: games, decisions, states checked for hidden information,
    and how many of those determinisations changed the hidden state."""

    games: int = 0
    decisions: int = 0
    hidden_checks: int = 0
    hidden_changed: int = 0
    clones: int = 0
    arranged: int = 0


def check_engine(
    engine: Engine,
    catalogue: Catalogue,
    setups: Sequence[Setup],
    *,
    seeds: Iterable[int] = range(8),
    bots: Sequence[str] | None = None,
    every: int = 1,
) -> Report:
    """Play every ``setup`` from every seed with each bot in every seat, checking the promises
    (module docstring) at every ``every``-th decision; raises :class:`Nonconformance`."""
    report = Report()
    names = list(bots) if bots is not None else bot_names(engine)
    for setup in setups:
        vocab = Vocabulary(frozenset(catalogue.by_id), setup.players, dict(engine.vocabulary))
        if engine.info.symmetric:
            check_symmetry(engine, catalogue, setup)
        for k, seed in enumerate(seeds):
            bot = names[k % len(names)]
            _play_checked(engine, catalogue, setup, vocab, seed, bot, every, report)
            played = play(engine, catalogue, setup, [bot] * setup.players, seed)
            result = replay(to_json(played, "conformance"), engine, catalogue)
            if not result.ok:
                raise Nonconformance(f"seed {seed}: the replay differs: {result.problem}")
            report.games += 1
    if engine.info.hidden_information and report.hidden_checks and not report.hidden_changed:
        raise Nonconformance(
            f"{engine.info.name} declares hidden information, but determinise changed the "
            f"designer's view in none of {report.hidden_checks} states"
        )
    return report


def _play_checked(
    engine: Engine,
    catalogue: Catalogue,
    setup: Setup,
    vocab: Vocabulary,
    seed: int,
    bot: str,
    every: int,
    report: Report,
) -> None:
    game = engine.new_game(catalogue, setup)
    state = game.new_initial_state(seed)
    seated = [make_bot(engine, game, bot, bot_seed(seed, p)) for p in range(setup.players)]
    rng = random.Random(seed)
    step = 0
    where = f"{engine.info.name}, seed {seed}, bot {bot}"
    seen_events = 0
    while not state.is_terminal():
        if step >= engine.info.max_length:
            raise Nonconformance(f"{where}: no end within {engine.info.max_length} decisions")
        if at_chance(state):
            _check_chance(state, f"{where}, step {step}")
            state.apply_chance(sample_chance(state))
            seen_events = _check_events(engine, state, vocab, seen_events, where)
            step += 1
            continue
        movers = list(state.movers())
        if not movers:
            raise Nonconformance(f"{where}, step {step}: not ended, yet nobody moves")
        check = step % every == 0
        if check:
            _check_state(engine, state, vocab, f"{where}, step {step}")
            _check_hidden(engine, state, setup, rng, f"{where}, step {step}", report)
            if step % (every * 5) == 0:
                _check_clone(state, movers, rng, f"{where}, step {step}")
                report.clones += 1
            if step in (3, 40):
                _check_arrange(engine, game, state, seed, f"{where}, step {step}")
                report.arranged += 1
        joint = {p: seated[p].choose(state, p) for p in movers}
        for p, a in joint.items():
            if a not in state.legal_actions(p):
                raise Nonconformance(
                    f"{where}, step {step}: {bot} chose {a}, not legal for P{p + 1}"
                )
        state.apply(joint)
        seen_events = _check_events(engine, state, vocab, seen_events, f"{where}, step {step}")
        step += 1
        report.decisions += 1
    r = list(state.returns())
    if len(r) != setup.players or any(not 0.0 <= x <= 1.0 for x in r):
        raise Nonconformance(f"{where}: returns {r} are not one result in [0, 1] per seat")
    if state.movers() or any(state.legal_actions(p) for p in range(setup.players)):
        raise Nonconformance(f"{where}: the game ended but someone may still move")


def _check_chance(state: ChanceState, where: str) -> None:
    outcomes = list(state.chance_outcomes())
    total = sum(p for _, p in outcomes)
    if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
        raise Nonconformance(f"{where}: chance outcomes {outcomes} are not a distribution")
    texts = [state.chance_to_string(o) for o, _ in outcomes]
    if len(set(texts)) != len(texts):
        raise Nonconformance(f"{where}: chance outcomes are written alike: {texts}")


def _check_state(engine: Engine, state: State, vocab: Vocabulary, where: str) -> None:
    for p in state.movers():
        legal = list(state.legal_actions(p))
        if not legal:
            raise Nonconformance(f"{where}: P{p + 1} moves but has no legal action")
        texts = [state.action_to_string(p, a) for a in legal]
        if len(set(texts)) != len(texts):
            dup = sorted({t for t in texts if texts.count(t) > 1})
            raise Nonconformance(f"{where}: P{p + 1}'s actions are written alike: {dup}")
        for t in texts:
            n = engine.grammar.covers(t)
            if n != 1:
                raise Nonconformance(f"{where}: {t!r} matches {n} patterns of the grammar")
            try:
                engine.grammar.parse(t, vocab)
            except ValueError as exc:
                raise Nonconformance(f"{where}: the engine wrote {t!r}: {exc}") from None
    for seat in (None, *range(vocab.players)):
        view = state.observation(seat)
        try:
            json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise Nonconformance(f"{where}: the view of {seat} is not JSON: {exc}") from None
    _check_shapes(state.observation(None), vocab, where)
    for path, value in _leaves(state.observation(None), ()):
        if isinstance(value, str):
            domain = vocab.domain_of(path)
            if domain is None:
                raise Nonconformance(
                    f"{where}: {'.'.join(path)} holds {value!r}, a word of no declared domain "
                    "(add its path to the engine's vocabulary)"
                )
            problem = vocab.problem(value, domain)
            if problem:
                raise Nonconformance(f"{where}: {'.'.join(path)}: {problem}")


def _check_shapes(view: Any, vocab: Vocabulary, where: str) -> None:
    """Every field of a list's mappings (``players`` aside: a seat's fields are always there),
    and of a mapping some of whose fields the vocabulary declares, is declared: a scenario's
    keys are checked against them when the game holds the list empty or the mapping null."""
    for path, mapping in _records(view, ()):
        if path == ("players", "*"):
            continue
        declared = vocab.keys_of(path)
        if path[-1:] != ("*",) and not declared - {"*"}:
            continue
        if "*" in declared:
            continue
        missing = [str(k) for k in mapping if str(k) not in declared]
        if missing:
            raise Nonconformance(
                f"{where}: {'.'.join(path)} holds {', '.join(missing)}, of no declared domain "
                f"(add {'.'.join((*path, missing[0]))} to the engine's vocabulary)"
            )


def _records(value: Any, path: tuple[str, ...]) -> Iterable[tuple[tuple[str, ...], dict]]:
    if isinstance(value, dict):
        if path:
            yield path, value
        for k, v in value.items():
            yield from _records(v, (*path, str(k)))
    elif isinstance(value, list):
        for v in value:
            yield from _records(v, (*path, "*"))


def _leaves(value: Any, path: tuple[str, ...]) -> Iterable[tuple[tuple[str, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, str(k)))
    elif isinstance(value, list):  # a list's words have the list's domain; its records an index
        for v in value:
            yield from _leaves(v, (*path, "*") if isinstance(v, dict | list) else path)
    else:
        yield path, value


def _check_events(engine: Engine, state: State, vocab: Vocabulary, start: int, where: str) -> int:
    events = state.events or []
    for e in events[start:]:
        try:
            doc = engine.events.to_dict(e)
        except ValueError as exc:
            raise Nonconformance(f"{where}: event {e!r}: {exc}") from None
        fields = dict(engine.events.types[doc["type"]].fields)
        for name, v in doc.items():
            if name == "type" or v is None:
                continue
            for item in v if isinstance(v, list) else [v]:
                problem = vocab.problem(item, fields[name])
                if problem:
                    raise Nonconformance(f"{where}: event {doc}: {name}: {problem}")
    return len(events)


def _check_hidden(
    engine: Engine, state: State, setup: Setup, rng: random.Random, where: str, report: Report
) -> None:
    full = state.observation(None)
    for seat in range(setup.players):
        world = state.determinise(seat, random.Random(rng.getrandbits(32)))
        report.hidden_checks += 1
        if world.observation(seat) != state.observation(seat):
            raise Nonconformance(
                f"{where}: {seat_name(seat)}'s view changes when what it cannot see is "
                "resampled: it sees something hidden, or determinise changes what it sees"
            )
        if world.observation(None) != full:
            report.hidden_changed += 1
        if world.events:
            raise Nonconformance(f"{where}: a determinised copy records events")


def _check_clone(state: State, movers: list[int], rng: random.Random, where: str) -> None:
    before = state.digest()
    first = state.clone()
    joint = {p: _pick(first, p, rng) for p in movers}
    first.apply(joint)
    if state.digest() != before:
        raise Nonconformance(f"{where}: applying an action to a clone changed the original")
    twin = state.clone()
    twin.apply(joint)
    if twin.digest() != first.digest():
        raise Nonconformance(f"{where}: two clones given the same actions differ")


def _pick(state: State, seat: int, rng: random.Random) -> int:
    legal = state.legal_actions(seat)
    return legal[rng.randrange(len(legal))]


def _check_arrange(engine: Engine, game: Any, state: State, seed: int, where: str) -> None:
    view = state.observation(None)
    given = {k: v for k, v in view.items() if k not in engine.derived and k != "players"}
    players = {
        p: {k: v for k, v in pv.items() if k not in engine.derived}
        for p, pv in enumerate(view.get("players", []))
    }
    if players:
        given["players"] = players
    fresh = game.new_initial_state(seed + 1)
    try:
        engine.arrange(fresh, copy.deepcopy(given))
    except Exception as exc:
        raise Nonconformance(f"{where}: the designer's view cannot be arranged: {exc}") from None
    if fresh.observation(None) != view:
        diff = [k for k in view if fresh.observation(None).get(k) != view[k]]
        raise Nonconformance(f"{where}: an arranged view differs from the one given in {diff}")


def check_symmetry(engine: Engine, catalogue: Catalogue, setup: Setup) -> None:
    """Every seat's view of a new game has the same shape (keys and kinds of values)."""
    state = engine.new_game(catalogue, setup).new_initial_state(0)
    shapes = [_shape(state.observation(p)) for p in range(setup.players)]
    for p, s in enumerate(shapes[1:], 1):
        if s != shapes[0]:
            raise Nonconformance(
                f"{engine.info.name}: {seat_name(p)}'s view is not shaped like P1's"
            )


def _shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items() if k != "players"}
    if isinstance(value, list):
        return "list"
    return type(value).__name__

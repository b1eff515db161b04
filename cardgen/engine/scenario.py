"""Scenario files: rules tests a designer writes in YAML, one format for every game.

::

    name: A tie leaves the cargo in the dock
    description: "A tie: the cargo stays for the next bid."   # the passage it checks
    cards: ../cards                 # the catalogue, relative to this file
    setup: {players: 2, settings: {tie: carry}}
    seed: 7                         # a seeded new game (set-up included) …
    given:                          # … then, optionally, a described state
      dock: [saffron]
      P1: {hand: [captain, cook]}
      P2: {hand: [bosun, smuggler]}
    steps:
      - {P1: bid cook, P2: bid bosun}             # one step: each mover's action string
      - chance: heads                             # a chance node's outcome (else: the seed)
      - illegal: {P1: bid smuggler}               # well formed, refused by the rules
      - refused: {P1: bid cook, P2: bid cook}     # a move refused as a whole (a joint one)
      - expect: {dock: [saffron]}                 # anywhere between steps
    expect:
      P1: {score: 0}
      events: [{type: tie, count: 1}]             # exact counts (at_least: N; none: at least one)
      log: ["a tie at 5"]                         # lines of the readable log, in order
      legal: {P1: [bid captain]}                  # exactly these (or {includes, excludes})
      winner: none                                # P1, [P1, P2], none (the game goes on)
      seen_by: {P2: {P1: {hand: 2}}}              # what one seat may know (its observation)

Everything is checked before anything runs: the file's shape (every key at every depth, with a
did-you-mean, and the type of each value the format fixes) against the pydantic models of
:mod:`cardgen.engine.scenario_model` (its JSON Schema: ``cardgen schema --scenario``), then
against the game: every value against the game's vocabulary (card ids, seats, the
phases …), every action string against its grammar.  A malformed ``illegal`` step is an
error, never a pass; one naming a word the engine declares refusable for its slot
(``Engine.refusable``: a rule its grammar enforces) is well formed, and refused.  ``given``
and ``expect`` name fields of the designer's view of the game (``cardgen play --format
json`` shows them): top-level fields, and each seat's under ``P1``….  ``seen_by`` expects
the same fields of one seat's observation (a card it may not see is ``null``, a hand it may
not see its size).  A list may be expected as ``{size: N}``, ``{contains: [...]}``,
``{excludes: [...]}`` (none of them) or ``{at: {index: value}}``; a list of mappings is
compared item by item on the fields each expected item names, and its items' keys are
checked against the fields the vocabulary declares for them (the game may hold none yet).

The packs' old scenario formats are no longer read: such a file is refused with the release
that converts it (:data:`CONVERTER`).
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.diagnostics import DiagnosticError, Position
from cardgen.engine.chance import CHANCE, settle
from cardgen.engine.definition import Engine
from cardgen.engine.errors import EngineError, SetupError
from cardgen.engine.grammar import normalise
from cardgen.engine.log import event_dicts, result_of
from cardgen.engine.play import apply_chance_string, apply_strings
from cardgen.engine.protocol import State, seat_name
from cardgen.engine.registry import engine_of
from cardgen.engine.scenario_model import DEFAULT_CARDS, SPECIAL, problems, step_kind
from cardgen.engine.vocab import Vocabulary, did_you_mean, parse_seat
from cardgen.util.files import describe_os_error

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.catalogue.yaml_source import SourceMap

LIST_TESTS = ("size", "contains", "excludes", "at")
#: the release that converts a file of a pack's old scenario format (the last with the
#: converters: ``cardgen scenario upgrade FILE``)
CONVERTER = "cardgen 0.1.0 (git commit dcb183f, the last release with `cardgen scenario upgrade`)"
#: keys of the packs' old formats (Attack Right, Attack the Tower, Authority, Castle Rampage,
#: Greedy Kingdoms) that the kit's format does not have: top level, ``setup``, a step
OLD_TOP = ("rule", "decks", "players", "settings", "first_game", "slot_power", "deals",
           "factions", "state", "passage", "defender", "attacker", "attack")  # fmt: skip
OLD_SETUP = ("round", "phase", "step", "discard", "first_end_done", "attacker", "new_game",
             "turn", "resources", "promoted", "kingdom", "palaces")  # fmt: skip
OLD_STEP = ("actions", "do", "choose", "develop", "commit", "resolve", "expect_error")


class Problems(Exception):
    """A scenario that is malformed: each problem with its file position."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Outcome:
    """A scenario's result: its name and every problem (empty: it passes)."""

    name: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def collect(paths: Iterable[Path]) -> list[Path]:
    """The scenario files among ``paths`` (folders are searched for ``*.yaml``), sorted."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*.y*ml") if x.is_file()))
        else:
            out.append(p)
    return out


_CATALOGUES: dict[Path, Catalogue] = {}


def catalogue_of(path: Path, doc: Any, smap: SourceMap) -> Catalogue:
    """The catalogue a scenario plays on (``cards:``, relative to the file), loaded once; a
    file naming none plays on ``../cards``."""
    from cardgen.catalogue.loader import load_catalogue

    cards = doc.get("cards", DEFAULT_CARDS) if isinstance(doc, dict) else DEFAULT_CARDS
    if not isinstance(cards, str) or "\0" in cards or not cards.strip():
        raise Problems([f"{smap.at(('cards',))}: cards is the catalogue folder's path"])
    root = Path(os.path.normpath(path.parent / cards))
    with contextlib.suppress(OSError, RuntimeError):  # a symlink loop: loading it says so
        root = root.resolve()
    if root not in _CATALOGUES:
        try:
            _CATALOGUES[root] = load_catalogue(root)
        except DiagnosticError as exc:
            at = smap.at(("cards",))
            raise Problems(
                [f"{at}: catalogue {cards}: {d.position}: {d.message}" for d in exc.diagnostics]
            ) from None
        except OSError as exc:
            why = describe_os_error(exc, exc.filename)
            raise Problems([f"{smap.at(('cards',))}: catalogue {cards}: {why}"]) from None
    return _CATALOGUES[root]


def parse_text(text: str, name: str, engine: Engine, catalogue: Catalogue) -> Scenario:
    """A scenario written ``text`` (its file named ``name`` in problems) played on
    ``catalogue`` whatever its ``cards:`` says; :class:`Problems` with every problem found."""
    from cardgen.catalogue.yaml_source import parse_yaml

    try:
        doc, smap = parse_yaml(text, name)
    except DiagnosticError as exc:
        raise Problems([f"{d.position}: {d.message}" for d in exc.diagnostics]) from None
    return Scenario.parse(doc, smap, engine, catalogue)


def run_file(path: Path) -> Outcome:
    """Read, check and run one scenario file; every problem is in the outcome (no traceback)."""
    from cardgen.catalogue.yaml_source import load_yaml

    try:
        doc, smap = load_yaml(path, display=str(path))
    except DiagnosticError as exc:
        return Outcome(path.stem, [f"{d.position}: {d.message}" for d in exc.diagnostics])
    name = doc.get("name") if isinstance(doc, dict) else None
    name = name if isinstance(name, str) else path.stem
    old = old_format_key(doc)
    if old is not None:
        return Outcome(
            name,
            [
                f"{smap.at(old)}: a scenario in a pack's old format, no longer read: "
                f"convert it with {CONVERTER}: `cardgen scenario upgrade "
                f"{path}`; or write it in the kit's format (docs/scenario-format.md)"
            ],
        )
    try:
        cat = catalogue_of(path, doc, smap)
        engine = engine_of(cat)
        scenario = Scenario.parse(doc, smap, engine, cat)
        return Outcome(name, scenario.run())
    except Problems as exc:
        return Outcome(name, exc.problems)
    except EngineError as exc:
        return Outcome(name, [f"{path}: {exc}"])


# --------------------------------------------------------------------------- checking
class _Checker:
    """Collects the problems of one scenario document, each at its position."""

    def __init__(self, smap: SourceMap, vocab: Vocabulary, engine: Engine) -> None:
        self.smap, self.vocab, self.engine = smap, vocab, engine
        self.problems: list[str] = []

    def add(self, path: tuple, message: str, *, key: bool = False) -> None:
        self.problems.append(f"{self.smap.at(path, key=key)}: {message}")

    def seat(self, value: Any, path: tuple) -> int | None:
        k = parse_seat(value, self.vocab.players)
        if k is None:
            self.add(path, self.vocab.problem(value, "seat") or "not a seat")
        return k

    def action(self, text: Any, path: tuple, *, refused: bool = False) -> bool:
        """Whether ``text`` is a well-formed action; ``refused`` (an ``illegal:`` or
        ``refused:`` step's) also when a slot holds a word the engine declares refusable (a
        rule the grammar enforces: it is refused, so the step holds)."""
        if not isinstance(text, str):
            self.add(path, f"{text!r} is not an action string")
            return False
        grammar = self.engine.grammar
        try:
            grammar.parse(text, self.vocab)
        except ValueError as exc:
            if refused and grammar.refused(text, self.vocab, self.engine.refusable):
                return True
            self.add(path, str(exc))
            return False
        return True

    def view(
        self, data: Any, shape: Any, path: tuple, where: str, *, setting: bool, fpath: tuple = ()
    ) -> None:
        """Check ``data`` (a partial view at file path ``path``) against ``shape`` (the view
        the game gives; ``fpath`` is where it sits in it, as the vocabulary's patterns)."""
        if not isinstance(data, dict):
            self.add(path, f"{where or 'a view'} is a mapping")
            return
        for k, v in data.items():
            sub = (*path, k)
            if not setting and not fpath and k in SPECIAL:
                continue  # checked by _check_special
            if isinstance(shape, dict) and shape.get("players") is not None:
                seat = parse_seat(k, self.vocab.players) if isinstance(k, str) else None
                if seat is not None:
                    self.view(
                        v,
                        shape["players"][seat],
                        sub,
                        str(k),
                        setting=setting,
                        fpath=("players", "*"),
                    )
                    continue
            if not isinstance(shape, dict) or k not in shape or k == "players":
                choices = [str(x) for x in shape] if isinstance(shape, dict) else []
                if isinstance(shape, dict) and "players" in shape:
                    choices = [c for c in choices if c != "players"]
                    choices += [seat_name(p) for p in range(self.vocab.players)]
                if not setting:
                    choices += list(SPECIAL)
                self.add(
                    sub,
                    f"unknown field {k!r}{' of ' + where if where else ''}"
                    f"{did_you_mean(str(k), choices)}; the fields are: {', '.join(choices)}",
                    key=True,
                )
                continue
            if setting and k in self.engine.derived:
                self.add(sub, f"{k!r} is computed by the rules: expect it, do not set it", key=True)
                continue
            self.value(v, shape[k], sub, (*fpath, str(k)), setting=setting)

    def value(self, v: Any, seen: Any, path: tuple, fpath: tuple, *, setting: bool) -> None:
        """Check ``v`` (at file path ``path``) against ``seen`` (what the game holds there
        now, perhaps nothing) and the vocabulary's patterns for ``fpath``."""
        domain = self.vocab.domain_of(fpath)
        declared = self.vocab.keys_of(fpath) - {"*"}
        if isinstance(v, dict) and (isinstance(seen, dict) or (seen is None and declared)):
            self.mapping(v, seen if isinstance(seen, dict) else {}, path, fpath, setting=setting)
            return
        if isinstance(v, dict):  # a test of a list: {size: N}, {contains: [...]}, {at: {i: x}}
            if setting:
                self.add(path, "a described state sets whole values, not size or contains")
                return
            if not isinstance(seen, list | int) and seen is not None:
                self.add(path, "size, contains, excludes and at apply to a list")
                return
            bad = [k for k in v if k not in LIST_TESTS]
            for k in bad:
                self.add(
                    (*path, k), f"unknown test {k!r}{did_you_mean(str(k), LIST_TESTS)}", key=True
                )
            if "size" in v and type(v["size"]) is not int:
                self.add((*path, "size"), "size is a whole number")
            for test in ("contains", "excludes"):
                items = v.get(test)
                if items is None:
                    continue
                if not isinstance(items, list):
                    self.add((*path, test), f"{test} is a list")
                    continue
                for i, item in enumerate(items):
                    self.element(item, seen, (*path, test, i), fpath, setting=False)
            at = v.get("at", {})
            if not isinstance(at, dict):
                self.add((*path, "at"), "at is a mapping {index: value}")
                at = {}
            for i, item in at.items():
                if type(i) is not int or i < 0:  # its length is known only when it is checked
                    self.add((*path, "at", i), f"{i!r} is not an index of a list", key=True)
                else:
                    self.element(item, seen, (*path, "at", i), fpath, setting=False)
            return
        if isinstance(v, list):
            if seen is not None and not isinstance(seen, list):
                self.add(path, f"a list where the game has {type(seen).__name__}")
                return
            for i, item in enumerate(v):
                self.element(item, seen, (*path, i), fpath, setting=setting)
            return
        if seen is not None and v is not None and not _same_kind(v, seen):
            self.add(path, f"{v!r} where the game has {type(seen).__name__} ({seen!r})")
            return
        if type(v) is int and type(seen) is int:  # a count (a seat sees a hidden hand's size)
            return
        self._leaf(v, domain, path)

    def mapping(self, v: dict, seen: dict, path: tuple, fpath: tuple, *, setting: bool) -> None:
        """A mapping's keys against those the game holds there and those its vocabulary
        declares (a mapping the game holds as null, a list's items), each value checked."""
        known = [str(k) for k in seen]
        known += sorted(self.vocab.keys_of(fpath) - {"*"} - set(known))
        for k, x in v.items():
            if str(k) not in known:
                what = _field_name(fpath)
                self.add(
                    (*path, k),
                    f"unknown key {k!r} {what}{did_you_mean(str(k), known)}; "
                    f"the keys are: {', '.join(known) or 'none'}",
                    key=True,
                )
                continue
            have = seen.get(k, seen.get(str(k)))
            self.value(x, have, (*path, k), (*fpath, str(k)), setting=setting)

    def element(self, item: Any, seen: Any, path: tuple, fpath: tuple, *, setting: bool) -> None:
        """An item of the list at ``fpath``: a mapping's keys against those the vocabulary
        declares for the list's items (``field.*.key``) and those of the game's items now, a
        word against the list's domain."""
        items = seen if isinstance(seen, list) else []
        if not isinstance(item, dict | list):
            self._leaf(item, self.vocab.domain_of(fpath), path)
            return
        declared = self.vocab.keys_of((*fpath, "*")) - {"*"}
        shapes = [x for x in items if isinstance(x, dict)]
        if isinstance(item, dict) and not declared and not shapes:
            what = ".".join(fpath) or "this list"
            self.add(path, f"the items of {what} are not mappings (the game declares no fields)")
            return
        merged: dict[str, Any] = {}
        for x in shapes:  # the game's items now: their keys, each key's first value
            for k, y in x.items():
                merged.setdefault(str(k), y)
        if isinstance(item, dict):
            self.mapping(item, merged, path, (*fpath, "*"), setting=setting)
        else:
            self.value(item, None, path, (*fpath, "*"), setting=setting)

    def _leaf(self, v: Any, domain: Any, path: tuple) -> None:
        if v is None or (isinstance(v, bool | int | float) and domain in (None, "int", "bool")):
            return
        if domain is None:
            if isinstance(v, str):
                self.add(
                    path, f"{v!r}: this field's words are not declared in the game's vocabulary"
                )
            return
        problem = self.vocab.problem(v, domain)
        if problem:
            self.add(path, problem)


def _field_name(fpath: tuple) -> str:
    """``in an item of tableau``, ``in battle``: where a key sits, in words."""
    names = [p for p in fpath if p != "*"]
    if not names:
        return "here"
    return f"in an item of {names[-1]}" if fpath[-1] == "*" else f"in {names[-1]}"


#: the new games scenarios were last checked on, by engine, catalogue, set-up and seed (the
#: scenarios of a folder share a few); each entry keeps its engine and catalogue alive
_FIRSTS: dict[tuple[int, int, str, int], tuple[Engine, Catalogue, State]] = {}


def _first_state(engine: Engine, cat: Catalogue, setup: Any, seed: int) -> State:
    """The first state of ``engine``'s new game on ``cat`` (only observed: it is shared)."""
    key = (id(engine), id(cat), repr(setup), seed)
    hit = _FIRSTS.get(key)
    if hit is not None and hit[0] is engine and hit[1] is cat:
        return hit[2]
    first = engine.new_game(cat, setup).new_initial_state(seed)
    if len(_FIRSTS) >= 32:
        _FIRSTS.clear()
    _FIRSTS[key] = (engine, cat, first)
    return first


def _same_kind(a: Any, b: Any) -> bool:
    if isinstance(b, bool) or isinstance(a, bool):
        return isinstance(a, bool) and isinstance(b, bool)
    if isinstance(b, int | float):
        return isinstance(a, int | float)
    return isinstance(a, type(b))


# --------------------------------------------------------------------------- the scenario
@dataclass
class Scenario:
    """A checked scenario, ready to run."""

    engine: Engine
    catalogue: Catalogue
    smap: SourceMap
    setup: Any
    seed: int
    given: dict[str, Any] | None
    #: (kind, data, path): kind is act, chance, illegal, refused or expect
    steps: list[tuple[str, Any, tuple]]
    expect: dict[str, Any] | None
    vocab: Vocabulary

    @classmethod
    def parse(cls, doc: Any, smap: SourceMap, engine: Engine, cat: Catalogue) -> Scenario:
        """Check ``doc`` against the game; :class:`Problems` with every problem found."""

        shape_problems = problems(doc, smap)
        if shape_problems:
            raise Problems(shape_problems)
        s = doc.get("setup") or {}
        players = s.get("players")
        try:
            teams = s.get("teams") or []
            n = players if isinstance(players, int) else None
            lo = engine.player_range(cat)[0]
            seats_n = n or (len(s.get("sides") or ()) or lo)
            team_ix = [[_seat_or_fail(x, seats_n) for x in t] for t in teams]
            setup = engine.setup(
                cat,
                n,
                tuple(s.get("sides") or ()),
                s.get("settings") or {},
                s.get("options") or {},
                team_ix,
            )
        except (SetupError, ValueError, TypeError) as exc:
            raise Problems([f"{smap.at(('setup',))}: {exc}"]) from None
        seed = doc.get("seed", 0)
        vocab = Vocabulary(frozenset(cat.by_id), setup.players, dict(engine.vocabulary))
        chk = _Checker(smap, vocab, engine)
        try:  # a game may refuse what only it checks (an option's value)
            first = _first_state(engine, cat, setup, seed)
        except SetupError as exc:
            raise Problems([f"{smap.at(('setup',))}: {exc}"]) from None
        shape = first.observation(None)
        given = doc.get("given")
        if given is not None:
            chk.view(given, shape, ("given",), "", setting=True)
        steps: list[tuple[str, Any, tuple]] = []
        for i, st in enumerate(doc.get("steps") or []):
            path, kind = ("steps", i), step_kind(st)
            if kind == "act":
                _check_actions(chk, st, path, refused=False)
                steps.append(("act", st, path))
                continue
            data, sub = st[kind], (*path, kind)
            if kind == "expect":
                chk.view(data, shape, sub, "", setting=False)
                _check_special(chk, data, sub, first)
            elif kind != "chance":
                _check_actions(chk, data, sub, refused=True)
            steps.append((str(kind), data, sub))
        expect = doc.get("expect")
        if expect is not None:
            chk.view(expect, shape, ("expect",), "", setting=False)
            _check_special(chk, expect, ("expect",), first)
        if chk.problems:
            raise Problems(chk.problems)
        return cls(engine, cat, smap, setup, seed, given, steps, expect, vocab)

    def start(self) -> State:
        """The scenario's first state: its seeded new game, arranged as ``given`` describes
        (with none of the new game's events: those the game logs playing on from the described
        position, a phase it resolves at once, are kept); :class:`EngineError` if it cannot be
        arranged."""
        game = self.engine.new_game(self.catalogue, self.setup)
        state = game.new_initial_state(self.seed)
        if self.given is not None:
            if state.events is not None:
                state.events.clear()
            self.engine.arrange(state, _by_seat(self.given, self.setup.players))
        return state

    def moves(self) -> list[dict[int, str]]:
        """Its steps that move (``act`` and ``chance``) as ``{seat: action string}``, the chance
        outcome under ``CHANCE``; the checks (``illegal``, ``expect``) left out."""

        out: list[dict[int, str]] = []
        for kind, data, _ in self.steps:
            if kind == "chance":
                out.append({CHANCE: data})
            elif kind == "act":
                out.append({_seat_or_fail(k, self.setup.players): v for k, v in data.items()})
        return out

    def run(self) -> list[str]:
        """Play the scenario: every expectation that does not hold, with its position."""
        try:
            state = self.start()
        except EngineError as exc:
            return [f"{self.smap.at(('given',))}: {exc}"]
        problems: list[str] = []
        for k, (kind, data, path) in enumerate(self.steps):
            where = self.smap.at(path)
            if kind == "expect" and not self._fixes_chance(k):
                settle(state)  # it sees the game after the chance the scenario does not fix
            if kind == "chance":
                try:
                    apply_chance_string(state, data)
                except EngineError as exc:
                    problems.append(f"{where}: {exc}")
                    return problems
                continue
            if kind in ("act", "illegal", "refused"):
                settle(state)  # chance the scenario does not fix is drawn from its seed
            if kind == "act":
                texts = {parse_seat(k, self.setup.players): v for k, v in data.items()}
                try:
                    apply_strings(state, texts)  # type: ignore[arg-type]
                except EngineError as exc:
                    problems.append(f"{where}: {exc}")
                    return problems
            elif kind == "refused":
                move = {_seat_or_fail(k, self.setup.players): v for k, v in data.items()}
                try:
                    apply_strings(state.clone(), move)
                except EngineError:
                    continue
                problems.append(
                    f"{where}: the move {dict(data)} was allowed; "
                    "the scenario says the rules refuse it"
                )
            elif kind == "illegal":
                for k, text in data.items():
                    seat = _seat_or_fail(k, self.setup.players)
                    legal = {
                        normalise(state.action_to_string(seat, a))
                        for a in state.legal_actions(seat)
                    }
                    if normalise(text) in legal:
                        problems.append(
                            f"{where}: {k} {text!r} was allowed; "
                            "the scenario says the rules refuse it"
                        )
            else:
                problems += self._expect(state, data, path)
        if self.expect is not None:
            settle(state)
            problems += self._expect(state, self.expect, ("expect",))
        return problems

    def _fixes_chance(self, k: int) -> bool:
        """Whether a ``chance:`` step follows step ``k`` before the next move (an expectation
        before it sees the chance node)."""
        for kind, _, _ in self.steps[k + 1 :]:
            if kind == "chance":
                return True
            if kind in ("act", "illegal", "refused"):
                return False
        return False

    # --- expectations ---------------------------------------------------------------------
    def _expect(
        self, state: State, want: Mapping[str, Any], path: tuple, viewer: int | None = None
    ) -> list[str]:
        """The problems of ``want`` against the designer's view (or ``viewer``'s)."""
        out: list[str] = []
        view = state.observation(viewer)
        for k, v in want.items():
            sub = (*path, k)
            if k in SPECIAL and viewer is None:
                out += self._special(state, k, v, sub)
                continue
            seat = parse_seat(k, self.setup.players) if isinstance(k, str) else None
            if seat is not None:
                for f, x in v.items():
                    out += _compare(
                        view["players"][seat][f], x, f"{k}.{f}", self.smap.at((*sub, f))
                    )
            else:
                out += _compare(view[k], v, str(k), self.smap.at(sub))
        return out

    def _special(self, state: State, key: str, v: Any, path: tuple) -> list[str]:
        where = self.smap.at(path)
        eng, players = self.engine, self.setup.players
        if key == "events":
            have = event_dicts(eng, state.events)
            out = []
            for i, pat in enumerate(v):
                want = {f: x for f, x in pat.items() if f not in ("count", "at_least")}
                n = sum(1 for e in have if all(e.get(f) == x for f, x in want.items()))
                count, least = pat.get("count"), pat.get("at_least", 1)
                if (count is None and n < least) or (count is not None and n != count):
                    need = (
                        f"{count}"
                        if count is not None
                        else f"at least {'one' if least == 1 else least}"
                    )
                    seen = [e for e in have if e["type"] == want.get("type")][:6]
                    out.append(
                        f"{self.smap.at((*path, i))}: expected {need} event(s) {want}, found {n}"
                        + (f"; events of that type: {seen}" if seen else "")
                    )
            return out
        if key == "log":
            name = lambda c: eng.card_name(self.catalogue, c)  # noqa: E731
            lines = [eng.events.text(d, name) for d in event_dicts(eng, state.events)]
            k = 0
            for i, line in enumerate(v):
                while k < len(lines) and lines[k] != line:
                    k += 1
                if k == len(lines):
                    return [
                        f"{self.smap.at((*path, i))}: the log has no line {line!r} (in order); "
                        f"it reads: {lines[-12:]}"
                    ]
                k += 1
            return []
        if key == "legal":
            out = []
            for s, want in v.items():
                seat = _seat_or_fail(s, players)
                legal = sorted(
                    normalise(state.action_to_string(seat, a)) for a in state.legal_actions(seat)
                )
                if isinstance(want, list):
                    if sorted(normalise(x) for x in want) != legal:
                        out.append(
                            f"{where}: {s}'s legal actions are {legal}, expected {sorted(want)}"
                        )
                    continue
                for x in want.get("includes", []):
                    if normalise(x) not in legal:
                        out.append(f"{where}: {s} cannot {x!r}; legal: {legal}")
                for x in want.get("excludes", []):
                    if normalise(x) in legal:
                        out.append(f"{where}: {s} can {x!r}, expected not")
            return out
        if key == "winner":
            result = result_of(state)
            want_w = [] if v in (None, "none") else ([v] if isinstance(v, str) else list(v))
            if not state.is_terminal() and want_w:
                return [f"{where}: the game has not ended (expected winner {v})"]
            if state.is_terminal() and not want_w:
                return [f"{where}: the game ended, won by {result['winners'] or 'nobody'}"]
            if sorted(result["winners"]) != sorted(want_w):
                return [f"{where}: the winners are {result['winners']}, expected {want_w}"]
            return []
        if key == "terminal":
            if bool(state.is_terminal()) != bool(v):
                return [f"{where}: the game has {'' if state.is_terminal() else 'not '}ended"]
            return []
        if key == "seen_by":
            problems: list[str] = []
            for s, want in v.items():
                got = self._expect(state, want, (*path, s), _seat_or_fail(s, players))
                problems += [x.replace(": ", f": seen by {s}: ", 1) for x in got]
            return problems
        return []


def _check_actions(chk: _Checker, data: dict[str, Any], path: tuple, *, refused: bool) -> None:
    for k, text in data.items():
        if chk.seat(k, (*path, k)) is not None:
            chk.action(text, (*path, k), refused=refused)


def _check_special(chk: _Checker, data: dict[str, Any], path: tuple, first: State) -> None:
    """The special expectations (:data:`SPECIAL`, their shape already checked) of ``data``
    against the game; ``first`` is a new game's first state (what a seat's observation
    holds)."""
    eng, vocab = chk.engine, chk.vocab
    for key in SPECIAL:
        v, sub = data.get(key), (*path, key)
        if key == "events":
            for i, pat in enumerate(v or ()):
                at = (*sub, i)
                et = eng.events.types.get(pat["type"])
                if et is None:
                    chk.add(
                        (*at, "type"),
                        f"unknown event type {pat['type']!r}"
                        f"{did_you_mean(str(pat['type']), eng.events.types)}",
                    )
                    continue
                fields = dict(et.fields)
                for f, x in pat.items():
                    if f in ("type", "count", "at_least"):
                        continue
                    if f not in fields:
                        chk.add(
                            (*at, f),
                            f"event {et.name!r} has no field {f!r}{did_you_mean(f, fields)}; "
                            f"its fields: {', '.join(fields) or 'none'}",
                            key=True,
                        )
                        continue
                    for item in x if isinstance(x, list) else [x]:
                        problem = None if item is None else vocab.problem(item, fields[f])
                        if problem:
                            chk.add((*at, f), problem)
        elif key == "legal":
            for s, want in (v or {}).items():
                if chk.seat(s, (*sub, s)) is None:
                    continue
                if isinstance(want, list):
                    for i, x in enumerate(want):
                        chk.action(x, (*sub, s, i))
                    continue
                for k2 in ("includes", "excludes"):
                    for i, x in enumerate(want.get(k2) or []):
                        chk.action(x, (*sub, s, k2, i))
        elif key == "winner" and v is not None and v != "none":
            for i, x in enumerate(v if isinstance(v, list) else [v]):
                chk.seat(x, (*sub, i) if isinstance(v, list) else sub)
        elif key == "seen_by":
            for s, want in (v or {}).items():
                seat = chk.seat(s, (*sub, s))
                if seat is not None:
                    seen = first.observation(seat)
                    chk.view(want, seen, (*sub, s), f"what {s} sees", setting=False)


def _compare(have: Any, want: Any, name: str, where: Position) -> list[str]:
    if isinstance(want, dict) and not isinstance(have, dict):
        items = have if isinstance(have, list) else []
        size = have if isinstance(have, int) and not isinstance(have, bool) else len(items)
        out = []
        if "size" in want and size != want["size"]:
            out.append(f"{where}: {name} has {size}, expected {want['size']}")
        wanted = want.get("contains") or []
        if _mappings(wanted):  # each mapping matches an item of its own by the fields it names
            free = list(items)
            for w in wanted:
                hit = next((h for h in free if not _compare(h, w, name, where)), None)
                if hit is None:
                    out.append(f"{where}: {name} has no item like {w}; it holds {items}")
                else:
                    free.remove(hit)
            wanted = []
        missing = Counter(wanted) - Counter(items) if wanted else Counter()
        if missing:
            out.append(f"{where}: {name} lacks {sorted(missing.elements())}; it holds {items}")
        unwanted = [x for x in want.get("excludes") or () if _holds(items, x, name, where)]
        if unwanted:
            shown = sorted(map(str, unwanted)) if _mappings(unwanted) else sorted(set(unwanted))
            out.append(f"{where}: {name} holds {shown}, expected none of them")
        for i, x in (want.get("at") or {}).items():
            if i >= len(items):
                out.append(f"{where}: {name} has {len(items)}, no [{i}] (expected {x!r})")
            elif isinstance(x, dict):
                out += _compare(items[i], x, f"{name}[{i}]", where)
            elif items[i] != x:
                out.append(f"{where}: {name}[{i}] is {items[i]!r}, expected {x!r}")
        return out
    if _mappings(want) and _mappings(have):  # item by item, each by the fields it names
        if len(have) != len(want):
            return [f"{where}: {name} has {len(have)} items, expected {len(want)}: {have}"]
        return [
            p for i, (h, w) in enumerate(zip(have, want, strict=True))
            for p in _compare(h, w, f"{name}[{i}]", where)
        ]  # fmt: skip
    if isinstance(want, dict) and isinstance(have, dict):
        out = []
        for k, v in want.items():
            out += _compare(have.get(k, have.get(str(k))), v, f"{name}.{k}", where)
        return out
    if have != want:
        return [f"{where}: {name} is {have!r}, expected {want!r}"]
    return []


def _holds(items: list, x: Any, name: str, where: Position) -> bool:
    """Whether ``items`` holds ``x`` (a mapping: an item with the fields it names)."""
    if isinstance(x, dict):
        return any(isinstance(h, dict) and not _compare(h, x, name, where) for h in items)
    return x in items


def _mappings(x: Any) -> bool:
    """A non-empty list of mappings."""
    return isinstance(x, list) and bool(x) and all(isinstance(i, dict) for i in x)


def _by_seat(given: Mapping[str, Any], players: int) -> dict[str, Any]:
    """A checked ``given`` with its seat keys gathered under ``players`` as indexes."""
    out: dict[str, Any] = {}
    for k, v in given.items():
        seat = parse_seat(k, players) if isinstance(k, str) else None
        if seat is None:
            out[k] = copy.deepcopy(v)
        else:
            out.setdefault("players", {})[seat] = copy.deepcopy(v)
    return out


def _seat_or_fail(x: Any, players: int) -> int:
    k = parse_seat(x, players)
    if k is None:
        raise ValueError(f"{x!r} is not a seat of a {players}-player game")
    return k


# --------------------------------------------------------------------------- old formats
def old_format_key(doc: Any) -> tuple[str | int, ...] | None:
    """The path of the first key in ``doc`` that marks a pack's old scenario format (a key
    the kit's format does not have: :data:`OLD_TOP`, :data:`OLD_SETUP`, :data:`OLD_STEP`,
    a seat by number, a step of words), or None."""
    if not isinstance(doc, dict):
        return None
    for k in doc:
        if k in OLD_TOP:
            return (k,)
    setup = doc.get("setup")
    if isinstance(setup, dict):
        for k in setup:
            if k in OLD_SETUP or (k == "players" and isinstance(setup[k], list)):
                return ("setup", k)
    steps = doc.get("steps")
    for i, step in enumerate(steps if isinstance(steps, list) else ()):
        if isinstance(step, str):  # a step of words with no seat
            return ("steps", i)
        for k in step if isinstance(step, dict) else ():
            if k in OLD_STEP or type(k) is int:
                return ("steps", i, k)
    return None

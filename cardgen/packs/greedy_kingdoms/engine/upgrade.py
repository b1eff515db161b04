"""Greedy Kingdoms' old scenario format in the engine kit's (``cardgen scenario upgrade``).

The old format: top-level ``settings``; ``setup`` (``new_game``, or a position: ``phase``,
``attacker``, ``turn``, ``resources``/``promoted``/``kingdom`` by player, ``line``, the decks,
``palace_pile``, ``supply``; the rest as after the initial distribution); steps ``chance: P2``,
``choose``, ``develop``, ``commit``, ``resolve`` without a seat (the mover's), any of them
with ``expect_error``; ``expect`` with ``resources``/``promoted``/``kingdom``/``palaces`` by
player, ``winner: draw``, ``legal`` in the old words, ``events`` (text in the log, in order)
and ``no_events``.

Converted: the position to ``given`` (its defaults are the kit's described state's); each step
to the mover's action string (the movers followed through the turn); an ``expect_error`` step
to an ``illegal`` step, or to ``expect: {movers: …}`` for a step missing a mover; a player's
Resources expected as all four (the old check compared them all); an event text to a ``log``
line when it is a whole line (or determines one), else to an event pattern (its order is not
kept); a ``no_events`` text to an event pattern with ``count: 0``.  What cannot be converted is
an :class:`~cardgen.engine.UpgradeError` at its place in the file (a misspelled ``no_events``
text, which the old format let pass whatever happened, among them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardgen.engine import UpgradeError
from cardgen.engine.vocab import did_you_mean
from cardgen.packs.greedy_kingdoms.model import RESOURCES

SEATS = ("P1", "P2")
OLD_SETUP = {"new_game", "phase", "attacker", "turn", "resources", "promoted", "kingdom",
             "line", "upgrade_deck", "special_deck", "palace_pile", "supply"}  # fmt: skip
OLD_STEP = {"choose", "develop", "commit", "resolve", "expect_error"}
OLD_EXPECT = {"resources", "promoted", "kingdom", "palaces", "no_events"}
_A = r"(?:\d+ (?:honor|gold|food|land)(?:, \d+ (?:honor|gold|food|land))*|nothing)"
#: the old event texts, whole lines (the kit's event texts write them alike)
LINES = [re.compile(p) for p in (
    r"Rock-Scissors-Paper: P\d is the first Attacker", r"-- turn \d+: P\d attacks",
    rf"P\d takes {_A} \((?:distribute|start|income|bonus|block)(?::[\w-]+)?\)",
    rf"P\d is owed {_A}, the Resource Area has {_A}", r"the Upgrade line's slot \d+ gets [\w-]+",
    r"P\d: no Gold, Food or Land left to choose", r"P\d passes", r"P\d obtains [\w-]+",
    r"P\d places Royal Palace number \d+", rf"P\d returns {_A} and promotes Character \d+",
    r"battle: P\d attacks with \[[\d, ]*\], the Defender plays \[[\d, ]*\]",
    rf"P\d's Character \d+ fails: pays {_A}",
    rf"P\d's Character \d+ succeeds: pays {_A}, income {_A}",
    rf"P\d's Character \d+ succeeds but its Cost cannot be paid in full: pays {_A}, no income",
    r"the Characters return to their hands", r"end of turn \d+: the roles switch",
    r"P\d wins with a second Royal Palace in turn \d+",
    r"the turn limit \(\d+\) is reached: a draw",
)]  # fmt: skip


def _chips(text: str) -> list[int]:
    """``2 honor, 1 gold`` as ``[2, 1, 0, 0]``."""
    found = dict((r, int(n)) for n, r in re.findall(r"(\d+) (\w+)", text))
    return [found.get(r, 0) for r in RESOURCES]


#: old event texts that are parts of a line: (pattern, the event pattern it stands for)
PARTS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"(P\d) attacks with (\[[\d, ]*\]), the Defender plays (\[[\d, ]*\])"),
     lambda m: f"battle: {m[0]}"),  # the rest of the line: a log line
    (re.compile(r"(P\d)'s Character (\d+) fails"),
     lambda m: {"type": "failed", "seat": m[1], "number": int(m[2])}),
    (re.compile(r"(P\d)'s Character (\d+) succeeds"),
     lambda m: {"type": "success", "seat": m[1], "number": int(m[2])}),
    (re.compile(r"succeeds"), lambda m: {"type": "success"}),
    (re.compile(rf"income ({_A})"),
     lambda m: {"type": "success", "full": True, "income": _chips(m[1])}),
    (re.compile(r"battle:"), lambda m: {"type": "reveal"}),
    (re.compile(r"block:"), lambda m: {"type": "gain", "why": "block"}),
    (re.compile(r"start:([\w-]+)"), lambda m: {"type": "gain", "why": "start", "card": m[1]}),
]  # fmt: skip
#: the parts of a line the old scenarios wrote (a misspelled one gets the closest)
KNOWN_PARTS = ("succeeds", "battle:", "block:", "fails", "income")


def is_old(doc: Any) -> bool:
    """Whether ``doc`` is a scenario of the old format."""
    if not isinstance(doc, dict):
        return False
    setup, expect = doc.get("setup"), doc.get("expect")
    steps: list[Any] = doc["steps"] if isinstance(doc.get("steps"), list) else []
    return (
        "settings" in doc
        or (isinstance(setup, dict) and bool(set(setup) & OLD_SETUP))
        or any(
            isinstance(s, dict) and (set(s) & OLD_STEP or s.get("chance") in SEATS) for s in steps
        )
        or (
            isinstance(expect, dict)
            and (
                bool(set(expect) & OLD_EXPECT)
                or expect.get("winner") == "draw"
                or any(isinstance(e, str) for e in expect.get("events") or ())
            )
        )
    )


def upgrade(doc: Any) -> dict[str, Any] | None:
    """``doc`` in the kit's format, or None if it is not of the old format."""
    if not is_old(doc):
        return None
    out: dict[str, Any] = {k: doc[k] for k in ("name", "description", "cards") if k in doc}
    if doc.get("settings"):
        out["setup"] = {"settings": dict(doc["settings"])}
    if "seed" in doc:
        out["seed"] = doc["seed"]
    setup = doc.get("setup") or {}
    with _at("setup"):
        if setup.get("new_game"):
            turn = _Turn("chance", 0)
        else:
            out["given"] = _given(setup)
            turn = _Turn(out["given"]["phase"], SEATS.index(out["given"]["attacker"]))
    steps = []
    for i, old in enumerate(doc.get("steps") or []):
        with _at("steps", i):
            steps.append(turn.step(i, old))
    if steps:
        out["steps"] = steps
    with _at("expect"):
        expect = _expect(doc.get("expect") or {})
    if expect:
        out["expect"] = expect
    return out


@contextmanager
def _at(*path: str | int) -> Iterator[None]:
    """Whatever is not of the old format's shape under ``path`` is an :class:`UpgradeError`
    there (never a traceback)."""
    try:
        yield
    except UpgradeError as exc:
        raise UpgradeError(str(exc), exc.path or path) from None
    except (TypeError, KeyError, AttributeError, ValueError) as exc:
        where = f"step {int(path[1]) + 1}" if path[:1] == ("steps",) else ".".join(map(str, path))
        raise UpgradeError(f"{where} is not as the old format writes it ({exc})", path) from None


def _given(setup: dict[str, Any]) -> dict[str, Any]:
    given: dict[str, Any] = {
        "phase": setup.get("phase", "develop"),
        "attacker": setup.get("attacker", "P1"),
        "turn": setup.get("turn", 1),
    }
    for key in ("line", "upgrade_deck", "special_deck", "palace_pile", "supply"):
        if setup.get(key) is not None:
            given[key] = setup[key]
    for p in SEATS:
        fields = {
            k: setup[k][p] for k in ("resources", "promoted", "kingdom") if p in setup.get(k, {})
        }
        if fields:
            given[p] = fields
    return given


class _Turn:
    """Follows the movers through the old steps (which name no seat)."""

    def __init__(self, phase: str, attacker: int) -> None:
        self.phase, self.attacker, self.dealt = phase, attacker, 0
        self.committed: set[str] = set()

    def step(self, i: int, old: dict[str, Any]) -> dict[str, Any]:
        kinds = [k for k in ("chance", "choose", "develop", "commit", "resolve") if k in old]
        if len(kinds) != 1:
            raise UpgradeError(
                f"step {i + 1}: a step has exactly one of chance, choose, develop, commit, resolve",
                ("steps", i),
            )
        kind = kinds[0]
        att = SEATS[self.attacker]
        if kind == "chance":
            self.phase, self.attacker, self.dealt = "distribute", SEATS.index(old["chance"]), 0
            return {"chance": f"{old['chance']} wins Rock-Scissors-Paper"}
        if kind == "commit":
            acts = {p: "commit " + "+".join(map(str, sorted(n))) for p, n in old["commit"].items()}
        elif kind == "choose":
            seat = (
                att if self.phase != "distribute" or self.dealt == 1 else SEATS[1 - self.attacker]
            )
            acts = {seat: f"choose {old['choose']}"}
        elif kind == "develop":
            with _at("steps", i, "develop"):
                acts = {att: _develop(old["develop"])}
        else:
            acts = {att: f"resolve {old['resolve']}"}
        error = old.get("expect_error")
        if error is None:
            self._advance(kind, acts)
            return acts
        missing = re.search(r"(P\d) must act now", error)
        if missing:
            return {"expect": {"movers": sorted({*acts, missing[1]})}}
        if "not legal" in error:
            return {"illegal": acts}
        raise UpgradeError(
            f"step {i + 1}: expect_error {error!r} has no equivalent (an illegal action is "
            "'not legal in the … phase', a missing mover 'P2 must act now')",
            ("steps", i, "expect_error"),
        )

    def _advance(self, kind: str, acts: dict[str, str]) -> None:
        if kind == "choose" and self.phase == "distribute":
            self.dealt += 1
            self.phase = "start" if self.dealt == 3 else self.phase
        elif kind == "choose":
            self.phase = "develop"
        elif kind == "develop" and self.phase in ("develop", "start"):
            self.phase = "commit"
        elif kind == "develop":  # the turn ends: the roles switch
            self.phase, self.attacker = "start", 1 - self.attacker
        elif kind == "commit":
            self.committed |= set(acts)
            if self.committed >= set(SEATS):
                self.phase, self.committed = "develop2", set()


def _develop(d: Any) -> str:
    if d == "pass":
        return "pass"
    if d == "palace":
        return "obtain palace"
    if isinstance(d, dict) and "obtain" in d:
        return f"obtain slot {d['obtain']}"
    if isinstance(d, dict) and "promote" in d:
        paid = sorted(d["promote"], key=lambda r: RESOURCES.index(r) if r in RESOURCES else 9)
        return "promote paying " + ("+".join(paid) or "nothing")
    raise UpgradeError(f"develop: {d!r} is not pass, palace, obtain or promote")


def _expect(old: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        k: old[k] for k in ("phase", "attacker", "turn") if old.get(k) is not None
    }
    if old.get("supply") is not None:
        out["supply"] = _all(old["supply"])
    for p in SEATS:
        fields: dict[str, Any] = {}
        if p in (old.get("resources") or {}):
            fields["resources"] = _all(old["resources"][p])
        if p in (old.get("promoted") or {}):
            fields["promoted"] = sorted(old["promoted"][p])
        for key in ("kingdom", "palaces"):
            if p in (old.get(key) or {}):
                fields[key] = old[key][p]
        if fields:
            out[p] = fields
    if old.get("winner") is not None:
        out["winner"] = list(SEATS) if old["winner"] == "draw" else old["winner"]
    if old.get("legal"):
        out["legal"] = {}
        for p, ws in old["legal"].items():
            out["legal"][p] = []
            for k, w in enumerate(ws):
                with _at("expect", "legal", p, k):
                    out["legal"][p].append(_words(w))
    log: list[str] = []
    events: list[dict[str, Any]] = []
    for k, text in enumerate(old.get("events") or ()):
        if any(r.fullmatch(text) for r in LINES):
            log.append(text)
            continue
        with _at("expect", "events", k):
            part = _part(text, "events")
        (log if isinstance(part, str) else events).append(part)
    for k, text in enumerate(old.get("no_events") or ()):
        with _at("expect", "no_events", k):
            part = _part(text, "no_events")
            if isinstance(part, str):
                raise UpgradeError(f"no_events: {text!r} has no equivalent event pattern")
        events.append({**part, "count": 0})
    if events:
        out["events"] = events
    if log:
        out["log"] = log
    return out


def _part(text: str, key: str) -> Any:
    for pattern, make in PARTS:
        m = pattern.fullmatch(text)
        if m:
            return make(m)
    raise UpgradeError(
        f"{key}: {text!r} is neither a line of the log nor a part of one the upgrade knows"
        f"{did_you_mean(text, KNOWN_PARTS)}"
    )


def _all(chips: dict[str, int]) -> dict[str, int]:
    """A Resource mapping with every Resource (the old check compared all four)."""
    return {r: chips.get(r, 0) for r in RESOURCES}


def _words(old: str) -> str:
    """An action in the old log's words as an action string."""
    subs = (
        (r"obtain line slot (\d+)", r"obtain slot \1"),
        (r"obtain a Royal Palace", "obtain palace"),
        (r"resolve Character (\d+)", r"resolve \1"),
        (r"pass|choose \w+", r"\g<0>"),
    )
    for pattern, new in subs:
        if re.fullmatch(pattern, old):
            return re.sub(pattern, new, old)
    m = re.fullmatch(r"(promote returning|commit) (.+)", old)
    if m is None:
        raise UpgradeError(f"legal: {old!r} is not an action of the old format")
    head = "promote paying" if m[1] == "promote returning" else "commit"
    return f"{head} {'+'.join(m[2].split(', '))}"

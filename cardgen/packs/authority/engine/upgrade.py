"""Authority's old scenario format in the engine kit's (``cardgen scenario upgrade``).

The old format: top-level ``players``, ``factions``, ``settings`` (``mode: 2v2`` for teams),
``seed``; a ``state`` (``current``, ``authority``, ``may_replace``, ``market``,
``market_deck``, ``generals``, and per player ``hp``, ``hand``, ``deck``, ``discard``,
``rows`` by number, ``general``; every zone it does not name empty, each row 0 holding its
Kingsguard), whose ``current`` player's turn starts after it is built; steps of the current
player (``attack: {unit, target}``, ``strike: {unit, player}``, ``buy: UNIT``, ``end: true``
…, any of them under ``illegal``); ``expect`` with ``players`` by number, ``pending`` by seat,
``winner`` as numbers, ``events`` (whole log lines, in order) and ``no_events``.

Converted: the state to ``given`` standing before the turn (``phase: start``, ``turn: 0``: the
turn begins at the first step, or at a ``chance`` step when there is none); each step to the
mover's action string (the turn passes in seat order at each ``end``; a seat eliminated on the
way is not known to the conversion); ``mode: 2v2`` to ``setup: {teams: …}``; ``events`` to
``log`` lines; a ``no_events`` line to an event pattern with ``count: 0`` (of any unit: the
line names it by name, the kit by id); ``pending`` to each seat's; sorted lists where the old
check compared them sorted.  What cannot be converted is an
:class:`~cardgen.engine.UpgradeError` at its place (an ``ignore`` of a unit not in the named
player's rows, a ``no_events`` line no event writes).
"""

from __future__ import annotations

import re
from typing import Any

from cardgen.engine import UpgradeError
from cardgen.engine.vocab import did_you_mean

OLD_TOP = {"players", "factions", "settings", "state"}
HAND = {"defend": "defend with {u}", "recruit": "recruit with {u}", "spy": "place spy {u}",
        "hunt": "hunt with {u}", "retire": "retire {u}", "buy": "buy {u}",
        "buy_general": "buy general {u}", "replace": "replace {u}"}  # fmt: skip
#: the old format's step verbs
STEPS = (*HAND, "end", "attack", "use", "remove_spy", "strike", "wound", "ignore", "disable")


def is_old(doc: Any) -> bool:
    return isinstance(doc, dict) and "given" not in doc and bool(OLD_TOP & set(doc))


def upgrade(doc: dict[str, Any]) -> dict[str, Any] | None:
    """``doc`` in the kit's format, or None when it is not of the old format."""
    if not is_old(doc):
        return None
    out: dict[str, Any] = {k: doc[k] for k in ("name", "description", "cards") if k in doc}
    players = doc.get("players", len(doc.get("factions") or ()) or 2)
    setup: dict[str, Any] = {"players": players}
    if doc.get("factions"):
        setup["sides"] = doc["factions"]
    settings = dict(doc.get("settings") or {})
    if settings.pop("mode", None) == "2v2":
        setup["teams"] = [["P1", "P3"], ["P2", "P4"]]
    if settings:
        setup["settings"] = settings
    out["setup"] = setup
    if "seed" in doc:
        out["seed"] = doc["seed"]
    state = doc.get("state") or {}
    out["given"] = _given(state)
    steps = _steps(doc.get("steps") or [], state, players)
    if not steps and doc.get("expect"):
        steps = [{"chance": f"P{state.get('current', 1)}'s turn begins"}]
    if steps:
        out["steps"] = steps
    if doc.get("expect"):
        out["expect"] = _expect(doc["expect"], players)
    return out


TABLE = ("authority", "may_replace", "market", "market_deck", "generals")
SEAT = ("hp", "hand", "deck", "discard", "general", "rows")


def _known(fields: Any, keys: tuple[str, ...], path: tuple) -> None:
    """An :class:`UpgradeError` at the first key of ``fields`` the old format did not have."""
    for k in fields if isinstance(fields, dict) else ():
        if k not in keys:
            raise UpgradeError(f"unknown key {k!r}{did_you_mean(str(k), keys)}", (*path, k))


def _given(state: dict[str, Any]) -> dict[str, Any]:
    given: dict[str, Any] = {"phase": "start", "turn": 0, "current": f"P{state.get('current', 1)}"}
    _known(state, ("current", "players", *TABLE), ("state",))
    for k in TABLE:
        if k in state:
            given[k] = state[k]
    named = any(k in state for k in ("market", "market_deck", "generals"))
    for s, p in enumerate(state.get("players") or [], start=1):
        _known(p, SEAT, ("state", "players", s - 1))
        fields: dict[str, Any] = {}
        for k in ("hp", "hand", "deck", "discard", "general"):
            if k in p:
                fields[k] = p[k]
        for r, units in sorted((p.get("rows") or {}).items()):
            fields[f"row{r}"] = units
        named = named or any(k != "hp" for k in fields)
        if fields:
            given[f"P{s}"] = fields
    if not named:
        given["market"] = []  # the old state emptied every zone it did not name
    return given


def _steps(steps: list[Any], state: dict[str, Any], players: int) -> list[dict[str, Any]]:
    seat = state.get("current", 1)
    out: list[dict[str, Any]] = []
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or len(step) != 1:
            raise UpgradeError("a step is exactly one action", ("steps", i))
        ((kind, arg),) = step.items()
        illegal = kind == "illegal"
        path: tuple[str | int, ...] = ("steps", i)
        if illegal:
            if not isinstance(arg, dict) or len(arg) != 1:
                raise UpgradeError("an illegal step is exactly one action", (*path, kind))
            path = (*path, kind)
            ((kind, arg),) = arg.items()
        text = _action(kind, arg, seat, state, (*path, kind))
        out.append({"illegal": {f"P{seat}": text}} if illegal else {f"P{seat}": text})
        if kind == "end" and not illegal:
            seat = seat % players + 1
    return out


def _action(kind: str, arg: Any, seat: int, state: dict[str, Any], path: tuple) -> str:
    unit = arg.get("unit") if isinstance(arg, dict) else arg
    if kind not in STEPS:
        raise UpgradeError(f"unknown step {kind!r}{did_you_mean(kind, STEPS)}", path)
    if kind == "end":
        return "end turn"
    if kind in HAND:
        return HAND[kind].format(u=unit)
    if kind == "attack":
        return f"attack P{arg.get('target')} with {unit}"
    if kind == "use":
        target = arg.get("target") if isinstance(arg, dict) else None
        return f"use {unit}" if target in (None, seat) else f"use {unit} on P{target}"
    owner = arg.get("player") if isinstance(arg, dict) else None
    if owner is None:
        raise UpgradeError(f"{kind}: say which player's unit (player: N)", path)
    if kind == "remove_spy":
        return f"remove spy {unit} of P{owner}"
    if kind in ("strike", "wound"):
        return f"{kind} {unit} of P{owner}"
    if kind in ("ignore", "disable"):
        row = arg.get("row")
        if row is None:
            rows = (state.get("players") or [{}] * owner)[owner - 1].get("rows") or {}
            found = [r for r, units in rows.items() if unit in units]
            if len(found) != 1:
                where = "in no row" if not found else f"in rows {found}: say which (row: N)"
                raise UpgradeError(f"{kind}: P{owner}'s {unit} is {where}", path)
            row = found[0]
        return f"{kind} {unit} of P{owner} in row {row}"
    raise AssertionError(kind)  # every kind of STEPS is converted above


def _expect(ex: dict[str, Any], players: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in ("authority", "market"):
        if k in ex:
            out[k] = ex[k]
    if "annihilated" in ex:
        out["annihilated"] = sorted(ex["annihilated"])
    if "current" in ex:
        out["current"] = f"P{ex['current']}"
    seats: dict[int, dict[str, Any]] = {}
    for s, pe in (ex.get("players") or {}).items():
        f = seats.setdefault(s, {})
        for k in ("hp", "alive"):
            if k in pe:
                f[k] = pe[k]
        for k in ("hand", "discard", "general"):
            if k in pe:
                f[k] = sorted(pe[k])
        for r, units in sorted((pe.get("rows") or {}).items()):
            f[f"row{r}"] = sorted(units)
        if "hand_size" in pe and "hand" not in pe:
            f["hand"] = {"size": pe["hand_size"]}
        if "deck_size" in pe:
            f["deck"] = {"size": pe["deck_size"]}
    if "pending" in ex:  # the old check compared every seat's
        for s in range(1, players + 1):
            seats.setdefault(s, {})["pending"] = ex["pending"].get(s, 0)
    for s in sorted(seats):
        out[f"P{s}"] = seats[s]
    if "winner" in ex:
        out["winner"] = [f"P{s}" for s in ex["winner"]]
    if ex.get("events"):
        out["log"] = list(ex["events"])
    if ex.get("no_events"):
        out["events"] = [
            _pattern(line, ("expect", "no_events", i)) for i, line in enumerate(ex["no_events"])
        ]
    return out


def _pattern(line: str, path: tuple) -> dict[str, Any]:
    """The event pattern (``count: 0``) of an old log line: its type and fields but the
    unit, which the line names by its name, not its id: no such event of any unit (stricter
    than the line)."""
    from cardgen.packs.authority.engine.definition import EVENTS

    for et in EVENTS:
        if not isinstance(et.text, str):
            continue
        names = re.findall(r"\{(\w+)\}", et.text)
        regex = re.escape(et.text)
        for n in names:
            regex = regex.replace(re.escape("{" + n + "}"), f"(?P<{n}>.+?)", 1)
        m = re.fullmatch(regex, line)
        if m is None:
            continue
        doms = dict(et.fields)
        fields: dict[str, Any] = {"type": et.name}
        for n in names:
            if doms[n] != "card":
                fields[n] = int(m[n]) if doms[n] == "int" else m[n]
        return {**fields, "count": 0}
    raise UpgradeError(f"no event of the log reads {line!r}", path)

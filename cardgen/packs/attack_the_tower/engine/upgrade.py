"""Attack the Tower's old scenario format in the engine kit's (``cardgen scenario upgrade``).

The old format: ``rule`` (the passage), top-level ``settings``; ``setup`` (``attacker``,
``phase`` main or renew-choice, ``players`` as a list of ``board``/``troops`` by slot,
``hand``, ``specials``); steps in words without a seat (the seat to act's; ``target 1 troop
0`` names seat 1 from 0), a step ``{do: …, refused: true}`` the rules refuse; ``expect`` with
``players`` (board and troops by slot, the hand in any order, the special troops in order),
``dealt`` (damage assigned by each seat), ``winner`` (0, 1 or null), ``phase``, ``events``
(kinds that happened, in order) and ``no_events``.

Converted: the set-up to ``given`` (turn 1, every slot of the board written, a board or troops
all empty left out; the seed's board of 3 territories of 3 slots); each step to the mover's
action (the movers followed through the turn by the words: the attacker declares, the window
alternates from the attacker until two passes, damage is assigned by the seat opposite the
unit, a renewal goes attacker then defender); a refused step to ``expect: {to_act: …}`` and an
``illegal`` step (so a refusal by a seat that does not act cannot pass); the board and troops
expected by slot to ``at``; the hand to ``size`` and ``contains``; ``dealt`` to each seat's
``dealt``; an event kind expected n times to a pattern with ``at_least: n`` (their order is not
kept); ``no_events`` to ``count: 0``. What cannot be converted is an
:class:`~cardgen.engine.UpgradeError` at its place: an unknown key, a misspelt event kind, a
step of no known verb.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardgen.engine import UpgradeError
from cardgen.engine.scenario import old_keys as _keys
from cardgen.engine.vocab import did_you_mean

SEATS = ("P1", "P2")
#: the seed's board: 3 territories of 3 slots
BOARD = 9
TOP = ("name", "cards", "rule", "seed", "settings", "setup", "steps", "expect")
SETUP = ("attacker", "phase", "players")
PLAYER = ("board", "troops", "hand", "specials")
STEP = ("do", "refused")
EXPECT = ("players", "dealt", "winner", "phase", "events", "no_events")
VERBS = ("pass", "end", "renew", "no-renew", "keep", "burn", "done", "draw", "play", "discard",
         "build", "attack", "target")  # fmt: skip


def is_old(doc: Any) -> bool:
    """Whether ``doc`` is a scenario of the old format."""
    if not isinstance(doc, dict):
        return False
    setup, steps = doc.get("setup"), doc.get("steps")
    return (
        "rule" in doc
        or "settings" in doc
        or (isinstance(setup, dict) and bool(set(setup) & set(SETUP)))
        or (isinstance(steps, list) and any(isinstance(s, str) or "do" in s for s in steps))
    )


def upgrade(doc: Any) -> dict[str, Any] | None:
    """``doc`` in the kit's format, or None if it is not of the old format."""
    if not is_old(doc):
        return None
    from cardgen.packs.attack_the_tower.engine.definition import EVENTS

    _keys(doc, TOP, (), "a scenario")
    out: dict[str, Any] = {k: doc[k] for k in ("name", "cards") if k in doc}
    if "rule" in doc:
        out["description"] = doc["rule"]
    if doc.get("settings"):
        out["setup"] = {"settings": dict(doc["settings"])}
    if "seed" in doc:
        out["seed"] = doc["seed"]
    setup = _keys(doc.get("setup") or {}, SETUP, ("setup",), "setup")
    attacker = setup.get("attacker", 0)
    phase = setup.get("phase", "main")
    given: dict[str, Any] = {"turn": 1, "phase": phase, "attacker": SEATS[attacker]}
    for p, spec in enumerate(setup.get("players") or []):
        path = ("setup", "players", p)
        spec = _keys(spec, PLAYER, path, "a player")
        board = _slots(spec.get("board") or {}, None, (*path, "board"))
        troops = _slots(spec.get("troops") or {}, 0, (*path, "troops"))
        mine: dict[str, Any] = {}
        if any(c is not None for c in board):
            mine["board"] = board
        if any(troops):
            mine["troops"] = troops
        for key in ("hand", "specials"):
            if spec.get(key):
                mine[key] = list(spec[key])
        if mine:
            given[SEATS[p]] = mine
    out["given"] = given
    out["steps"] = _steps(doc.get("steps") or [], attacker, phase)
    expect = _expect(doc.get("expect") or {}, set(EVENTS.types))
    if expect:
        out["expect"] = expect
    return out


def _slots(by_slot: Any, empty: Any, path: tuple) -> list[Any]:
    if not isinstance(by_slot, dict):
        raise UpgradeError("give the slots as a mapping {slot: value}", path)
    out = [empty] * BOARD
    for slot, v in by_slot.items():
        if type(slot) is not int or not 0 <= slot < BOARD:
            raise UpgradeError(f"slot {slot!r}: the board has slots 0 to {BOARD - 1}", path)
        out[slot] = v
    return out


class _Turn:
    """Who acts, followed through the old steps by their words."""

    def __init__(self, attacker: int, phase: str) -> None:
        self.attacker, self.mode, self.actor = attacker, phase, attacker
        self.passes = 0
        self.renewal: list[int] = []

    def step(self, words: list[str], path: tuple) -> int:
        """The seat that plays ``words``, the turn moved on past them."""
        verb, a = words[0], self.attacker
        if verb == "target":
            if len(words) < 3 or words[1] not in ("0", "1"):
                raise UpgradeError("a target names a seat (0 or 1) and a unit", path)
            self.mode = "allocate"
            return 1 - int(words[1])
        if verb in ("pass", "play") and self.mode in ("window", "allocate"):
            if self.mode == "allocate":  # the palace battle's window opens with the attacker
                self.mode, self.actor, self.passes = "window", a, 0
            seat = self.actor
            self.passes = self.passes + 1 if verb == "pass" else 0
            self.actor = 1 - seat
            if self.passes == 2:
                self.mode = "allocate"
            return seat
        if verb == "attack":
            self.mode, self.actor, self.passes = "window", a, 0
            return a
        if verb == "renew":
            self.mode, self.renewal = "renewal", [a, 1 - a]
            return a
        if verb == "no-renew":
            self.mode = "main"
            return a
        if verb in ("draw", "discard", "build", "done") and self.mode == "renewal":
            seat = self.renewal[0]
            if verb == "done":
                self.renewal.pop(0)
                self.mode = "renewal" if self.renewal else "main"
            return seat
        if verb == "end":
            self.mode, self.attacker = "renew-choice", 1 - a
            return a
        if verb == "play":
            self.mode = "main"
            return a
        raise UpgradeError(f"cannot tell who plays {' '.join(words)!r} here", path)


def _words(text: Any, path: tuple) -> list[str]:
    if not isinstance(text, str) or not text.split():
        raise UpgradeError("a step is the action's words", path)
    words = text.split()
    if words[0] not in VERBS:
        raise UpgradeError(f"unknown step {words[0]!r}{did_you_mean(words[0], VERBS)}", path)
    return words


def _steps(steps: Any, attacker: int, phase: str) -> list[dict[str, Any]]:
    if not isinstance(steps, list):
        raise UpgradeError("steps is a list", ("steps",))
    turn, out = _Turn(attacker, phase), list[dict[str, Any]]()
    for i, old in enumerate(steps):
        path: tuple = ("steps", i)
        refused = False
        if isinstance(old, dict):
            _keys(old, STEP, path, "a step")
            refused = old.get("refused", False)
            if type(refused) is not bool:
                raise UpgradeError("refused is true or false", (*path, "refused"))
            path, old = (*path, "do"), old.get("do")
        words = _words(old, path)
        if refused:
            seat = turn.actor if turn.mode in ("window",) else turn.attacker
            if turn.mode == "renewal":
                seat = turn.renewal[0]
            out.append({"expect": {"to_act": SEATS[seat]}})
            out.append({"illegal": {SEATS[seat]: _action(words)}})
            continue
        seat = turn.step(words, path)
        out.append({SEATS[seat]: _action(words)})
    return out


def _action(words: list[str]) -> str:
    if words[0] == "target":
        words = ["target", SEATS[int(words[1])], *words[2:]]
    return " ".join(words)


def _expect(expect: Any, kinds: set[str]) -> dict[str, Any]:
    expect = _keys(expect, EXPECT, ("expect",), "expect")
    out: dict[str, Any] = {}
    for p, spec in enumerate(expect.get("players") or []):
        path = ("expect", "players", p)
        spec = _keys(spec, PLAYER, path, "a player")
        mine: dict[str, Any] = {}
        for key in ("board", "troops"):
            if spec.get(key):
                _slots(spec[key], None, (*path, key))
                mine[key] = {"at": dict(spec[key])}
        if spec.get("hand") is not None:
            mine["hand"] = {"size": len(spec["hand"]), "contains": list(spec["hand"])}
        if spec.get("specials") is not None:
            mine["specials"] = list(spec["specials"])
        if mine:
            out[SEATS[p]] = mine
    dealt = expect.get("dealt")
    if dealt is not None:
        if not isinstance(dealt, list) or len(dealt) != 2:
            raise UpgradeError("dealt: one number per seat (2)", ("expect", "dealt"))
        for p, n in enumerate(dealt):
            out.setdefault(SEATS[p], {})["dealt"] = n
    if "phase" in expect:
        out["phase"] = expect["phase"]
    events: list[dict[str, Any]] = []
    for key in ("events", "no_events"):
        for i, kind in enumerate(expect.get(key) or []):
            if kind not in kinds:
                raise UpgradeError(
                    f"unknown event {kind!r}{did_you_mean(str(kind), kinds)}", ("expect", key, i)
                )
    for kind, n in Counter(expect.get("events") or []).items():
        events.append({"type": kind, "at_least": n} if n > 1 else {"type": kind})
    events += [{"type": kind, "count": 0} for kind in dict.fromkeys(expect.get("no_events") or [])]
    if events:
        out["events"] = events
    if "winner" in expect:
        w = expect["winner"]
        if w not in (None, 0, 1):
            raise UpgradeError(f"winner {w!r}: 0, 1 or null", ("expect", "winner"))
        out["winner"] = "none" if w is None else SEATS[w]
    return out

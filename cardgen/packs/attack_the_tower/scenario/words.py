"""A scenario step's words (``attack 0 2``, ``play blacksmith``, ``target 1 special blacksmith``):
their vocabulary checked against the game before the scenario runs, and resolved to the engine's
action in the state the step is played in.

A step names a well-formed action or it is an error: a misspelt verb, card, pile or unit kind,
a slot or territory off the board, a card not in the hand of the seat to act, a unit not in the
battle.  So a step expected to be refused (``refused: true``) fails unless the action it names
exists and the rules refuse it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.game import Compiled
from cardgen.packs.attack_the_tower.engine.state import UNIT_KINDS, State

#: verb -> what each of its words is (``unit`` takes a slot, a special troop's card or nothing)
VERBS: dict[str, tuple[str, ...]] = {
    "pass": (),
    "end": (),
    "renew": (),
    "no-renew": (),
    "keep": (),
    "burn": (),
    "done": (),
    "draw": ("pile",),
    "play": ("card",),
    "discard": ("card",),
    "build": ("base card", "slot"),
    "attack": ("territory", "territory"),
    "target": ("seat", "unit kind", "where"),
}
SIMPLE = {
    "pass": A.PASS,
    "end": A.END_TURN,
    "renew": A.RENEW,
    "no-renew": A.NO_RENEW,
    "keep": A.KEEP,
    "burn": A.BURN,
    "done": A.DONE,
}
PILES = ("ability", "base")


class Malformed(ValueError):
    """Step words that name no action of the game, or none in the state they are played in."""


def suggest(word: object, options: Iterable[object]) -> str:
    """`` (did you mean 'x'?)`` for the option nearest ``word``, or nothing."""
    match = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


def _number(word: str, what: str, top: int) -> int:
    if not word.isdigit() or int(word) >= top:
        raise Malformed(f"{what} {word!r}: a number from 0 to {top - 1}")
    return int(word)


def _card(table: Compiled, word: str, pile: str | None = None) -> int:
    ids = [d.id for d in table.designs if pile is None or d.pile == pile]
    if word not in ids:
        what = "card" if pile is None else f"{pile} card"
        raise Malformed(f"unknown {what} {word!r}{suggest(word, ids)}")
    return table.by_id[word]


def read(table: Compiled, text: str) -> tuple[str, list]:
    """The verb and arguments of ``text`` (card ids as design indices); :class:`Malformed`
    naming the first word the game does not know."""
    verb, *rest = text.split() or [""]
    if verb not in VERBS:
        raise Malformed(f"unknown step {verb!r}{suggest(verb, VERBS)}; steps: {', '.join(VERBS)}")
    kinds = VERBS[verb]
    optional = verb == "target" and len(rest) == 2  # the palace, or any unit of a kind
    if len(rest) != len(kinds) and not optional:
        words = " ".join(k.upper().replace(" ", "-") for k in kinds)
        raise Malformed(f"{verb!r} takes {len(kinds)} word(s): {verb} {words}".rstrip())
    args: list = []
    for kind, word in zip(kinds, rest, strict=False):
        if kind == "pile":
            if word not in PILES:
                raise Malformed(f"unknown pile {word!r}{suggest(word, PILES)}: ability or base")
            args.append(word)
        elif kind == "card":
            args.append(_card(table, word))
        elif kind == "base card":
            args.append(_card(table, word, "base"))
        elif kind == "slot":
            args.append(_number(word, "slot", table.board_size))
        elif kind == "territory":
            args.append(_number(word, "territory", table.territories))
        elif kind == "seat":
            args.append(_number(word, "seat", 2))
        elif kind == "unit kind":
            if word not in UNIT_KINDS:
                raise Malformed(f"unknown unit {word!r}{suggest(word, UNIT_KINDS)}")
            args.append(word)
        elif args[1] == "special":
            args.append(_card(table, word, "ability"))
        elif args[1] == "palace":
            raise Malformed("the palace is one unit: `target SEAT palace`")
        else:
            args.append(_number(word, "slot", table.board_size))
    return verb, args


def resolve(state: State, text: str) -> int:
    """The action ``text`` names in ``state`` (legal or not); :class:`Malformed` when the words
    are not the game's, or name a card the seat to act does not hold or a unit not in the
    battle (the runner would look for it there)."""
    verb, args = read(state.table, text)
    if verb in SIMPLE:
        return SIMPLE[verb]
    if verb == "draw":
        return A.DRAW_ABILITY if args[0] == "ability" else A.DRAW_BASE
    if verb == "attack":
        return A.attack_action(*args)
    seat = state.current_player()
    if verb in ("play", "discard", "build"):
        if args[0] not in state.players[seat].hand:
            card = state.design(args[0]).id
            raise Malformed(f"{card} is not in the hand of seat {seat}, the seat to act")
        if verb == "build":
            return A.build_action(*args)
        return (A.PLAY if verb == "play" else A.DISCARD) + args[0]
    return _target(state, *args)


def _target(state: State, owner: int, kind: str, where: int | None = None) -> int:
    b = state.battle
    if b is None:
        raise Malformed("no battle is under way: there is no unit to target")
    units = [
        i
        for i, u in enumerate(b.units)
        if u.owner == owner and u.kind == kind and not u.dead and where in (None, u.slot)
    ]
    if not units:
        said = "" if where is None else f" {where}"
        raise Malformed(f"seat {owner} has no {kind}{said} alive in this battle")
    legal = set(state.legal_actions())
    return next((A.TARGET + i for i in units if A.TARGET + i in legal), A.TARGET + units[0])


def words(state: State, action: int) -> str:
    """An action as a step's words."""
    kind, a, b = A.decode(action)
    names = {A.END_TURN: "end", A.RENEW: "renew", A.NO_RENEW: "no-renew", A.DONE: "done"}
    if action in names:
        return names[action]
    if kind in ("play", "discard"):
        return f"{kind} {state.design(a).id}"
    if kind == "build":
        return f"build {state.design(a).id} {b}"
    if kind == "attack":
        return f"attack {a} {b}"
    if kind == "target" and state.battle is not None:
        u = state.battle.units[a]
        where = state.design(u.slot).id if u.kind == "special" else u.slot
        return f"target {u.owner} {u.kind}" + ("" if u.kind == "palace" else f" {where}")
    return kind

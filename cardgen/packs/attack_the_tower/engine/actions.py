"""Attack the Tower's actions: ints, OpenSpiel style.

====================  =========================================================
``PASS`` (0)          pass the ability window of a battle
``END_TURN`` (1)      the attacking player ends the turn
``RENEW``/``NO_RENEW``  the attacking player calls a renewal, or not
``KEEP``/``BURN``     set-up: keep the opening hand, or burn it and draw again
``DRAW_ABILITY``/``DRAW_BASE``  draw a card from the ability or the base pile
``DONE`` (8)          stop building bases
``DISCARD + d``       discard a card of design ``d`` (over the hand limit)
``PLAY + d``          play an ability card of design ``d``
``ATTACK + f*10 + t`` attack from own territory ``f`` the enemy territory ``t``
``TARGET + u``        assign damage to the battle's unit ``u`` (up to what kills it): of
                      identical units (owner, kind, slot) only the most damaged is offered
``BUILD + d*100 + s`` build a base of design ``d`` on slot ``s`` (territory*slots + k)
====================  =========================================================

Their words (:data:`PATTERNS`, the engine's grammar): ``pass``, ``end``, ``renew``,
``no-renew``, ``keep``, ``burn``, ``done``, ``draw ability``, ``discard CARD``, ``play CARD``,
``attack FROM TO`` (territories 0-2), ``build CARD SLOT`` (slot = territory*3 + k) and
``target P2 troop SLOT``, ``target P2 special CARD``, ``target P2 base SLOT``, ``target P2 palace``.
"""

from __future__ import annotations

PASS = 0
END_TURN = 1
RENEW = 2
NO_RENEW = 3
KEEP = 4
BURN = 5
DRAW_ABILITY = 6
DRAW_BASE = 7
DONE = 8
DISCARD = 100
PLAY = 200
ATTACK = 300
TARGET = 400
BUILD = 1000

NAMES = {
    PASS: "pass",
    END_TURN: "end",
    RENEW: "renew",
    NO_RENEW: "no-renew",
    KEEP: "keep",
    BURN: "burn",
    DRAW_ABILITY: "draw ability",
    DRAW_BASE: "draw base",
    DONE: "done",
}
PATTERNS = (
    "pass",
    "end",
    "renew",
    "no-renew",
    "keep",
    "burn",
    "done",
    "draw {pile:ability|base}",
    "discard {card}",
    "play {card}",
    "attack {origin:int} {target:int}",
    "build {card} {slot:int}",
    "target {seat} troop {slot:int}",
    "target {seat} special {card}",
    "target {seat} base {slot:int}",
    "target {seat} palace",
)


def build_action(design: int, slot: int) -> int:
    """The action building design ``design`` on board slot ``slot``."""
    return BUILD + design * 100 + slot


def decode(action: int) -> tuple[str, int, int]:
    """``(kind, a, b)`` of an action: ``("build", design, slot)``, ``("attack", f, t)`` …
    (the territory count of attacks is fixed at 3 by :data:`ATTACK` spacing: f*10 + t)."""
    if action in NAMES:
        return NAMES[action], 0, 0
    if action >= BUILD:
        return "build", (action - BUILD) // 100, (action - BUILD) % 100
    if action >= TARGET:
        return "target", action - TARGET, 0
    if action >= ATTACK:
        return "attack", (action - ATTACK) // 10, (action - ATTACK) % 10
    if action >= PLAY:
        return "play", action - PLAY, 0
    if action >= DISCARD:
        return "discard", action - DISCARD, 0
    raise ValueError(f"unknown action {action}")


def attack_action(origin: int, target: int) -> int:
    """The action attacking the enemy territory ``target`` from own territory ``origin``."""
    return ATTACK + origin * 10 + target

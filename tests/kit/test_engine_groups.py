"""The engine definition's hooks in four groups (rules, AI, presentation, reports), generic
over the engine's state; a pack still overrides each hook by its one name."""

from __future__ import annotations

import inspect

from cardgen.engine.definition import AI, Engine, Presentation, Reports, Rules
from cardgen.engine.registry import engine_packs
from cardgen.packs.harbour_bid.rules import ENGINE as HARBOUR
from cardgen.packs.harbour_bid.rules import State as HarbourState

GROUPS = (Rules, AI, Presentation, Reports)


def _own(cls: type) -> set[str]:
    return {k for k in vars(cls) if not k.startswith("_")}


def test_every_hook_belongs_to_one_group_and_the_engine_adds_none():
    owned = [_own(g) for g in GROUPS]
    assert all(owned)
    assert sum(len(o) for o in owned) == len(set().union(*owned))  # no hook in two groups
    assert _own(Engine) == set()
    hooks = {k for k, v in inspect.getmembers(Engine) if not k.startswith("_") and callable(v)}
    assert hooks <= set().union(*owned)
    assert {"new_game", "setup", "arrange"} <= _own(Rules)
    assert {"bots", "evaluate", "policy", "search_actions"} <= _own(AI)
    assert {"card_name", "shown_cards", "action_cards"} <= _own(Presentation)
    assert {"score", "result_lines", "metrics"} <= _own(Reports)


def test_an_engine_is_generic_over_its_state():
    assert Engine[HarbourState].__origin__ is Engine
    bases = getattr(type(HARBOUR), "__orig_bases__", ())
    assert Engine[HarbourState] in bases


def test_every_shipped_engine_is_each_group():
    for pack, engine in engine_packs():
        assert all(isinstance(engine, g) for g in GROUPS), pack.game_type.id

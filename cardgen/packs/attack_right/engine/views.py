"""A player's view of a played game: the events as that player saw them, and the observation at
each of their decisions (`cardgen play --view N`).

The full log (:mod:`.log`) is the designer's: every private pick and every face-down card.  A
view keeps what one seat may know:

* private events (``deal``, ``pick``, ``save``, ``peek``, ``glimpse``) only if they are the
  viewer's;
* a card another player discarded face down (the draft's last card, a random hand discard, an
  intercepted card the viewer neither intercepted nor lost) shows as :data:`UNSEEN` (``"?"``,
  never a card id);
* a hidden card another player flips is ``"?"`` in its ``play`` event and in the events about
  it, until the Battle Phase turns it face up: a ``reveal`` event (player, card, zone) then says
  what it was;
* the seed and the actions are left out (with them the whole game can be replayed).
"""

from __future__ import annotations

import json

from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.events import PRIVATE, VIEW_FIELDS, to_dict, to_text
from cardgen.packs.attack_right.engine.game import Game, GameOptions
from cardgen.packs.attack_right.engine.observation import observe
from cardgen.packs.attack_right.engine.state import State

VIEW_FORMAT = "cardgen-game-view/1"
UNSEEN = "?"
"""A card the viewer did not see, in place of its id."""
_ABOUT_A_CARD = ("tokens", "store", "remove", "move")  # events whose second value is a card


def view_events(st: State, viewer: int) -> list[dict]:
    """The event log of ``st`` as seat ``viewer`` saw it (see the module docstring)."""
    card, cid = st.card, st.game.card_id
    out: list[dict] = []
    face_down: dict[int, tuple[int, int]] = {}  # others' hidden cards flipped this phase
    for e in st.raw_events or ():
        kind = e[0]
        if kind in PRIVATE and e[1] != viewer:
            continue
        d = to_dict(e, cid)
        if kind == "play":
            if e[5] in face_down:
                d["removes"] = UNSEEN
                del face_down[e[5]]
            if e[1] != viewer and card[e[2]].hidden:
                face_down[e[2]] = (e[1], e[3])
                d["card"] = UNSEEN
        elif kind in _ABOUT_A_CARD and e[2] in face_down:
            d["card"] = UNSEEN
            if kind == "remove":
                del face_down[e[2]]
            elif kind == "move":
                face_down[e[2]] = (e[1], e[4])
        elif (kind in ("draft_discard", "hand_discard") and e[1] != viewer) or (
            kind == "intercept" and viewer not in (e[1], e[2])
        ):
            d["card"] = UNSEEN
        out.append(d)
        if kind == "phase" and e[1] == "battle":
            names = [name for name, _how in VIEW_FIELDS["reveal"]]
            out += [
                {"type": "reveal", **dict(zip(names, (q, cid(i), ZONES[z].value), strict=True))}
                for i, (q, z) in face_down.items()
            ]
            face_down.clear()
    return out


def decisions(st: State, viewer: int) -> list[dict]:
    """The observation of ``viewer`` before each of their decisions and what they chose,
    found by replaying the game's actions from its start."""
    g = st.game
    game = Game(g.catalogue, g.decks, seed=g.seed, options=GameOptions(first_game=g.first_game))
    again = game.new_initial_state()
    out = []
    for k, actions in enumerate(st.history):
        if actions[viewer] is not None:
            out.append(
                {
                    "step": k + 1,
                    "observation": observe(again, viewer),
                    "choice": again.action_to_string(viewer, actions[viewer]),
                }
            )
        again.apply_actions(list(actions), check=False)
    return out


def view_json(st: State, viewer: int, doc: dict) -> str:
    """The JSON view of seat ``viewer``: ``doc`` (the log's public fields) with the view's
    events, the decisions and the results."""
    view = {
        "format": VIEW_FORMAT,
        "viewer": viewer,
        **doc,
        "decisions": decisions(st, viewer),
        "events": view_events(st, viewer),
    }
    return json.dumps(view, indent=1, ensure_ascii=False) + "\n"


def view_lines(st: State, viewer: int) -> list[str]:
    """The readable lines of the events ``viewer`` saw."""
    return [to_text(e) for e in view_events(st, viewer)]


__all__ = ["UNSEEN", "VIEW_FORMAT", "decisions", "view_events", "view_json", "view_lines"]

"""Attack Right's old scenario format, read only to upgrade it (``cardgen scenario upgrade``):
its models (the old docs/scenario-format.md), how an old action names an engine action
(:func:`encode`) and how the old ``deals`` ordered the season piles (:func:`arrange_deals`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardgen.engine.errors import UpgradeError
from cardgen.engine.scenario import OLD_DEFAULT_CARDS
from cardgen.packs.attack_right.engine.actions import END, play_action, react_action, save_action
from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.executors import targets
from cardgen.packs.attack_right.engine.state import State
from cardgen.packs.attack_right.model import Placement


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardSpec(_M):
    """A tableau card with its age tokens and stored coins."""

    card: str
    tokens: int = Field(0, ge=0)
    coins: int = Field(0, ge=0)


TableauSpec = dict[Placement, list[str | CardSpec]]


class PlayerSetup(_M):
    coins: int | None = Field(None, ge=0)
    glory: int = Field(0, ge=0)
    hand: list[str] = []
    pack: list[str] = []
    kept: list[str] = []
    saved: list[str] = []
    ended: bool = False
    tableau: TableauSpec = {}


PhaseName = Literal["draft", "play", "battle", "income", "age"]


class Setup(_M):
    round: int = Field(1, ge=1)
    phase: PhaseName = "play"
    step: int = Field(0, ge=0)
    first_end_done: bool = False
    players: list[PlayerSetup] = []
    discard: list[str] = []


class PlayAct(_M):
    play: str
    zone: Placement
    replace: str | None = None


class LookAct(_M):
    """Look at the card the Neighbour in seat ``at`` is about to play, spending the round's
    look of the intercept card ``look`` (``at`` may be left out when that card reaches one
    Neighbour only)."""

    look: str
    at: int | None = None


class InterceptAct(_M):
    """Discard the card a Neighbour is about to play, once looked at (an ``intercept``
    ability)."""

    intercept: str


class MoveAct(_M):
    """Move one of your cards to another zone (a ``move_card`` effect)."""

    move: str
    zone: Placement


class SaveAct(_M):
    save: str


class PickAct(_M):
    pick: str


Action = Literal["end", "pass"] | PlayAct | SaveAct | PickAct | LookAct | InterceptAct | MoveAct


class PlayerExpect(_M):
    coins: int | None = None
    glory: int | None = None
    hand: list[str] | None = None
    pack: list[str] | None = None
    kept: list[str] | None = None
    saved: list[str] | None = None
    ended: bool | None = None
    tableau: TableauSpec | None = None
    tableau_size: int | None = None
    hand_size: int | None = None


class Seen(_M):
    """What ``viewer`` sees of ``seat``'s tableau: card ids in play order, null = face down."""

    viewer: int
    seat: int
    tableau: list[str | None]


class Peek(_M):
    viewer: int
    seat: int
    hand: list[str]


class Glimpse(_M):
    """``viewer`` has seen the card ``seat`` was about to play (an ``intercept`` look)."""

    viewer: int
    seat: int
    card: str


class PileExpect(_M):
    """A season pile: its size, cards it holds and does not hold, how many star cards."""

    size: int | None = Field(None, ge=0)
    contains: list[str] = []
    excludes: list[str] = []
    stars: int | None = Field(None, ge=0)


class BankExpect(_M):
    """The bank: coins and age tokens of the box not held by a player or on a card (negative
    when an unlimited bank has paid out more than the box holds)."""

    coins: int | None = None
    tokens: int | None = None


class Expect(_M):
    round: int | None = None
    phase: Literal["draft", "play", "end"] | None = None
    decision: Literal["draft", "play", "look", "intercept", "move"] | None = None
    players: dict[int, PlayerExpect] = {}
    discard: list[str] | None = None
    #: events in order (``count: N``: exactly N such events, in any order)
    events: list[dict[str, Any]] = []
    no_events: list[dict[str, Any]] = []
    winners: list[int] | None = None
    seen: list[Seen] = []
    peeks: list[Peek] = []
    glimpses: list[Glimpse] = []
    legal: dict[int, list[Action]] = {}
    illegal: dict[int, list[Action]] = {}
    #: per seat: the cards dealt to it at the last deal
    dealt: dict[int, list[str]] = {}
    #: per season id
    piles: dict[str, PileExpect] = {}
    bank: BankExpect | None = None


class Step(_M):
    """One simultaneous step: an action per acting seat (forced ones may be left out)."""

    actions: dict[int, Action] = {}
    expect: Expect | None = None
    illegal: bool = False

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, data: Any) -> Any:
        if isinstance(data, dict) and not is_long_step(data):
            return {"actions": data}
        return data


def is_long_step(data: dict) -> bool:
    """A step written with ``actions:`` (and ``expect``/``illegal``), not as bare actions."""
    return bool({"actions", "expect", "illegal"} & set(data))


class Scenario(_M):
    """A scenario file; ``source``/``data``: where it was read from (for positions)."""

    name: str
    rule: str = ""
    description: str = ""
    cards: str = OLD_DEFAULT_CARDS
    players: int | None = Field(None, ge=2, le=4)
    decks: list[str] | None = None
    seed: int = 0
    first_game: bool = False
    settings: dict[str, Any] = {}
    slot_power: dict[Placement, list[Literal["attack", "defence"]]] | None = None
    setup: Setup = Setup()
    #: per round, per seat: cards that round's draft deals to the seat (the rest at random)
    deals: dict[int, dict[int, list[str]]] = {}
    steps: list[Step] = []
    expect: Expect = Expect()

    @property
    def num_players(self) -> int:
        """The number of seats: ``players``, else one per deck, else per setup player (≥ 2)."""
        if self.players:
            return self.players
        return len(self.decks) if self.decks else max(2, len(self.setup.players))


# --- actions and deals ------------------------------------------------------------------
_KIND = {
    PickAct: "pick",
    PlayAct: "play",
    SaveAct: "save",
    LookAct: "look",
    InterceptAct: "intercept",
    MoveAct: "move",
}
_ALLOWED = {
    "draft": ("pick",),
    "play": ("play", "save", "end"),
    "look": ("look", "pass"),
    "intercept": ("intercept", "pass"),
    "move": ("move", "pass"),
}


def encode(st: State, p: int, act: Action, where: str) -> int:
    """The engine action for a scenario action of seat ``p``."""
    m = st.game.num_instances
    kind = act if isinstance(act, str) else _KIND[type(act)]
    if kind not in _ALLOWED.get(st.decision, ()):
        now = st.decision or "finished game"
        raise UpgradeError(f"{where}: {kind!r} is not a choice of the {now} decision")
    if act in ("end", "pass"):
        return END
    if isinstance(act, LookAct):
        return react_action(_look_code(st, p, act, where), m)
    if isinstance(act, InterceptAct):  # a card looked at, or one a Neighbour is about to play
        hands = st.hands[st.game.left[p]] + st.hands[st.game.right[p]]
        about = [st.action_card(a) for a in st.pending or () if a is not None]
        cards = [*st.offers[p], *(i for i in about if i in hands)]
        place = "the cards Neighbours are about to play"
        inst = find_in(st, cards, act.intercept, f"{where}: intercept", place)
        return react_action(inst, m)
    if isinstance(act, MoveAct):
        inst = find_in(st, st.tab[p], act.move, f"{where}: move", "the tableau")
        return react_action(inst * 3 + ZONES.index(act.zone), m)
    if isinstance(act, PickAct):
        return find_in(st, st.packs[p], act.pick, f"{where}: pick", "the pack")
    if isinstance(act, SaveAct):
        return save_action(find_in(st, st.hands[p], act.save, f"{where}: save", "the hand"))
    assert isinstance(act, PlayAct)
    inst = find_in(st, st.hands[p], act.play, f"{where}: play", "the hand")
    z = ZONES.index(act.zone)
    victim = -1
    if act.replace is not None:
        victim = find_in(
            st, st.zone_cards(p, z), act.replace, f"{where}: replace", f"the {act.zone} zone"
        )
    return play_action(inst, z, victim, m)


def _look_code(st: State, p: int, act: LookAct, where: str) -> int:
    """The look code of ``act`` (``card * 2 + side``), legal or not: a well-formed look names
    an intercept card of ``p``'s tableau and a Neighbour of ``p``.  Of several copies of the
    card, one with that look on offer is taken."""
    g = st.game
    cards = [i for i in st.tab[p] if st.card[i].intercepts]
    find_in(st, cards, act.look, f"{where}: look", "the tableau's intercept cards")
    copies = [i for i in cards if st.card[i].id == act.look]
    at = act.at
    if at is None:
        reach = {q for t in st.card[copies[0]].intercepts for q in targets(st, p, copies[0], t)}
        if len(reach) != 1:
            seats = " or ".join(f"at: {q}" for q in sorted(reach))
            raise UpgradeError(f"{where}: look: {act.look!r} reaches two Neighbours: {seats}")
        at = reach.pop()
    if at not in (g.left[p], g.right[p]) or at == p:
        raise UpgradeError(f"{where}: look: seat {at} is not a Neighbour of seat {p}")
    codes = [i * 2 + (at != g.left[p]) for i in copies]
    offered = st.offers[p] if st.decision == "look" else ()
    return next((c for c in codes if c in offered), codes[0])


def find_in(st: State, insts: list[int], card_id: str, where: str, place: str) -> int:
    """The first instance of ``card_id`` among ``insts`` (``place`` names them in the error)."""
    for i in insts:
        if st.card[i].id == card_id:
            return i
    raise UpgradeError(f"{where}: {card_id!r} is not in {place}")


def arrange_deals(st: State, deals: dict[int, dict[int, list[str]]], first: int) -> None:
    """Order the season piles so that each round of ``deals`` (from round ``first`` on, the
    first one still to be dealt) deals the named cards to the named seats, in that order at
    the front of the pack; the rest of each pack comes from the shuffled pile as usual.

    A round's deal takes ``hand size x players`` cards from the end of its season's pile, seat
    0's pack last (:func:`~.phases.start_round`); the earlier rounds of the season still to be
    dealt take theirs first."""
    g = st.game
    n, h = st.n, g.hand_size
    fixed: dict[int, dict[int, int]] = {}  # season -> pile position -> instance
    for rnd in sorted(deals):
        where = f"deals.{rnd}"
        if rnd < first:
            raise UpgradeError(f"{where}: round {rnd} is dealt before the scenario starts")
        season = g.season_of_round[rnd]
        pile = st.piles[season]
        earlier = sum(1 for r in range(first, rnd) if g.season_of_round[r] == season)
        end = len(pile) - earlier * n * h
        if end - n * h < 0:
            raise UpgradeError(f"{where}: the {g.rules.seasons[season].id} pile runs out first")
        slots = fixed.setdefault(season, {})
        for p, ids in sorted(deals[rnd].items()):
            if len(ids) > h:
                raise UpgradeError(f"{where}.{p}: {len(ids)} cards; a pack holds {h}")
            start = end - (p + 1) * h
            for k, card_id in enumerate(ids):
                slots[start + k] = _reserve(st, season, slots, card_id, f"{where}.{p}")
    for season, slots in fixed.items():
        pile = st.piles[season]
        rest = iter([i for i in pile if i not in slots.values()])
        st.piles[season] = [slots[k] if k in slots else next(rest) for k in range(len(pile))]


def _reserve(st: State, season: int, slots: dict[int, int], card_id: str, where: str) -> int:
    """An instance of ``card_id`` in the ``season`` pile not yet given a place."""
    pool = st.game.pool
    name = st.game.rules.season_ids[season]
    copies = pool.instances_of(card_id)
    if copies and pool.season[copies[0]] != season:
        other = st.game.rules.season_ids[pool.season[copies[0]]]
        raise UpgradeError(f"{where}: {card_id!r} is a {other} card; that round deals {name}")
    taken = set(slots.values())
    pile = st.piles[season]
    for inst in copies:
        if inst in pile and inst not in taken:
            return inst
    raise UpgradeError(f"{where}: no copy of {card_id!r} left in the {name} pile")

"""Build an engine state from a scenario's partial setup."""

from __future__ import annotations

from cardgen.packs.attack_right.engine import phases
from cardgen.packs.attack_right.engine.actions import END, play_action, react_action, save_action
from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.executors import targets
from cardgen.packs.attack_right.engine.game import Game
from cardgen.packs.attack_right.engine.state import PHASES, State
from cardgen.packs.attack_right.scenario.file_format import (
    Action,
    CardSpec,
    InterceptAct,
    LookAct,
    MoveAct,
    PickAct,
    PlayAct,
    SaveAct,
    Setup,
)
from cardgen.scenarios.protocol import ScenarioError as CoreScenarioError


class ScenarioError(CoreScenarioError):
    """A scenario that cannot be set up or run as written."""


def _take(st: State, card_id: str, where: str) -> int:
    """Take an unused instance of ``card_id`` out of the piles."""
    pool = st.game.pool
    if card_id not in pool.by_id:
        known = ", ".join(sorted(pool.by_id))
        raise ScenarioError(f"{where}: unknown card {card_id!r} (cards of these decks: {known})")
    for inst in pool.instances_of(card_id):
        for pile in st.piles:
            if inst in pile:
                pile.remove(inst)
                return inst
    raise ScenarioError(f"{where}: no copy of {card_id!r} left (the decks hold fewer)")


def build_state(game: Game, setup: Setup, deals: Deals | None = None) -> State:
    """A state with the setup's cards placed and everything else shuffled into the piles;
    ``deals`` names cards of later drafts (see :func:`arrange_deals`)."""
    st = State.initial(game)
    n = st.n
    if len(setup.players) > n:
        raise ScenarioError(f"setup lists {len(setup.players)} players; the game has {n}")
    if setup.round > game.rounds:
        raise ScenarioError(f"round {setup.round}: the game has {game.rounds} rounds")
    st.round = setup.round
    order = 0
    for p, ps in enumerate(setup.players):
        where = f"setup.players[{p}]"
        if ps.coins is not None:
            st.coins[p] = ps.coins
        st.glory[p] = ps.glory
        for field in ("hand", "pack", "kept", "saved"):
            target = {"hand": st.hands, "pack": st.packs, "kept": st.kept, "saved": st.saved}
            target[field][p].extend(_take(st, c, f"{where}.{field}") for c in getattr(ps, field))
        st.ended[p] = ps.ended
        cap = game.capacity[game.season_of_round[st.round]]
        for placement, cards in ps.tableau.items():
            z = ZONES.index(placement)
            if len(cards) > cap[z]:
                raise ScenarioError(f"{where}.tableau.{placement}: {len(cards)} > {cap[z]} slots")
            for spec in cards:
                spec = CardSpec(card=spec) if isinstance(spec, str) else spec
                inst = _take(st, spec.card, f"{where}.tableau")
                st.tab[p].append(inst)
                st.zone[inst] = z
                st.tokens[inst] = spec.tokens
                st.stored[inst] = spec.coins
                st.seq[inst] = order * n + p
                order += 1
        st.refresh_mods(p)
    st.discard.extend(_take(st, c, "setup.discard") for c in setup.discard)
    st.gstep = order
    st.step = setup.step
    st.first_end_done = setup.first_end_done
    st.minted = sum(st.coins) + sum(st.stored)
    st.bank = max(0, game.coin_supply - st.minted)
    st.token_bank = max(0, game.token_supply - sum(st.tokens))
    phase = setup.phase
    st.phase = [str(x) for x in PHASES].index(phase)
    deal_now = phase == "draft" and not any(st.packs)
    if deals:
        arrange_deals(st, deals, first=setup.round if deal_now else setup.round + 1)
    if deal_now:
        phases.start_round(st)
    elif phase in ("battle", "income", "age"):
        phases.resume(st)
    return st


Deals = dict[int, dict[int, list[str]]]
"""Per round, per seat: card ids that round's draft deals to the seat."""


def arrange_deals(st: State, deals: Deals, first: int) -> None:
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
            raise ScenarioError(f"{where}: round {rnd} is dealt before the scenario starts")
        season = g.season_of_round[rnd]
        pile = st.piles[season]
        earlier = sum(1 for r in range(first, rnd) if g.season_of_round[r] == season)
        end = len(pile) - earlier * n * h
        if end - n * h < 0:
            raise ScenarioError(f"{where}: the {g.rules.seasons[season].id} pile runs out first")
        slots = fixed.setdefault(season, {})
        for p, ids in sorted(deals[rnd].items()):
            if len(ids) > h:
                raise ScenarioError(f"{where}.{p}: {len(ids)} cards; a pack holds {h}")
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
        raise ScenarioError(f"{where}: {card_id!r} is a {other} card; that round deals {name}")
    taken = set(slots.values())
    pile = st.piles[season]
    for inst in copies:
        if inst in pile and inst not in taken:
            return inst
    raise ScenarioError(f"{where}: no copy of {card_id!r} left in the {name} pile")


def find_in(st: State, insts: list[int], card_id: str, where: str, place: str) -> int:
    """The first instance of ``card_id`` among ``insts`` (``place`` names them in the error)."""
    for i in insts:
        if st.card[i].id == card_id:
            return i
    raise ScenarioError(f"{where}: {card_id!r} is not in {place}")


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
        raise ScenarioError(f"{where}: {kind!r} is not a choice of the {now} decision")
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
            raise ScenarioError(f"{where}: look: {act.look!r} reaches two Neighbours: {seats}")
        at = reach.pop()
    if at not in (g.left[p], g.right[p]) or at == p:
        raise ScenarioError(f"{where}: look: seat {at} is not a Neighbour of seat {p}")
    codes = [i * 2 + (at != g.left[p]) for i in copies]
    offered = st.offers[p] if st.decision == "look" else ()
    return next((c for c in codes if c in offered), codes[0])

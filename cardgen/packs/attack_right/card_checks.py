"""Engine-backed card checks for ``cardgen validate``.

Static checks (always run):

* E301 — the lowest price a card can reach in its own season (cost minus the most discount the
  other slots of a Kingdom could give it) is more than a player can have by then.
* E302 — none of the card's placements has a slot in its season.
* E303 — one of its effects can never fire or never change anything.

``simulation_check(games)`` plays seeded games with greedy bots and warns (W301) on cards that
are drafted but almost never playable (legal and affordable) while in hand;
:func:`run_simulation_check` adds the balance warnings of the simulation's report (W302 dead,
W303 dominant, W304 never affordable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.effects import (
    AgeTokens,
    Discount,
    Flank,
    GainCoins,
    GainGlory,
    Power,
    Produce,
    ReturnToHand,
    StealCoins,
)
from cardgen.packs.attack_right.model import RulesModel, Stat


@dataclass(frozen=True, slots=True)
class CardReport:
    """What the checks found for one card."""

    card: str
    season: str
    lowest_price: int
    max_coins: int
    legal_zones: tuple[str, ...]

    @property
    def affordable(self) -> bool:
        return self.lowest_price <= self.max_coins


def _available(cat: Catalogue, season: str) -> list[Card]:
    """Cards that can be in a Kingdom during ``season`` (this and earlier seasons)."""
    order = cat.rules.season_ids
    return [c for c in cat if order.index(c.season) <= order.index(season)]


def _discount_from(card: Card, other: Card) -> int:
    """How much ``other`` in the same Kingdom lowers ``card``'s price."""
    value = 0
    wanted = set(card.discount)
    for e in other.effects:
        if (isinstance(e, Produce) and e.resource in wanted) or (
            isinstance(e, Discount)
            and (e.applies_to == "any" or (e.applies_to == "unit") == card.is_unit)
        ):
            value += e.amount
    return value


def _top(values: Iterable[tuple[int, int]], k: int) -> int:
    """Sum of the ``k`` largest values, each available ``copies`` times."""
    out = []
    for value, copies in values:
        out.extend([value] * copies)
    return sum(sorted(out, reverse=True)[:k])


def _season_capacity(rules: RulesModel, season: str) -> int:
    return rules.season(season).capacity


def _coin_gain(e, k: int) -> int:
    """An upper bound of the coins one effect gives its owner in a round."""
    if isinstance(e, StealCoins):
        return e.amount * 2
    if isinstance(e, GainCoins) and not isinstance(e, GainGlory) and e.target == "owner":
        return max(e.amount, 0) * (k if e.per else 1)
    return 0


def max_coins(cat: Catalogue, season: str) -> int:
    """Most coins a player can hold at the last play phase of ``season``: starting coins plus,
    for every earlier round, income, the first-to-end coin and the best card income."""
    rules = cat.rules
    eco = rules.economy
    last = max(rules.season(season).rounds)
    total = eco.starting_coins
    for r in range(1, last):
        s = rules.season_of_round(r).id
        k = _season_capacity(rules, s)
        gains = ((_coin_gain(e, k), c.copies) for c in _available(cat, s) for e in c.effects)
        best = _top(gains, k)
        total += eco.income + eco.first_to_end_bonus + best
    return total


def report(cat: Catalogue, card: Card) -> CardReport:
    """The numbers the static checks use for one card."""
    rules = cat.rules
    k = _season_capacity(rules, card.season) - 1
    pool = [(c, c.copies - (1 if c.id == card.id else 0)) for c in _available(cat, card.season)]
    best = _top(((_discount_from(card, c), n) for c, n in pool if n > 0), k)
    slots = rules.season(card.season).slots
    zones = tuple(p.value for p in card.placement if slots.get(p, 0) > 0)
    return CardReport(
        card.id, card.season, max(0, card.cost - best), max_coins(cat, card.season), zones
    )


def _never_fires(cat: Catalogue, card: Card) -> Iterable[tuple[int, str]]:
    rules = cat.rules
    discounted = {r for c in cat for r in c.discount}
    counted = {getattr(e, "per", None) for c in cat for e in c.effects}
    flank = any(isinstance(e, Flank) for e in card.effects)
    usable = {s for p in card.placement for s in rules.stats_of(p)}
    last_season = rules.season_of_round(rules.draft.rounds).id
    token_givers = any(
        isinstance(e, AgeTokens) and e.amount > 0 and (e.target != "self" or c.id == card.id)
        for c in cat
        for e in c.effects
    )
    for i, e in enumerate(card.effects):
        if isinstance(e, Produce) and e.resource not in discounted and e.resource not in counted:
            yield i, f"produces {e.resource}, which no card uses as a discount or counts"
        elif isinstance(e, Discount) and not any(
            e.applies_to == "any" or c.type.value == e.applies_to for c in cat if c.id != card.id
        ):
            yield i, f"discounts {e.applies_to} cards, but the catalogue has no other one"
        elif (
            isinstance(e, Power) and e.target == "self" and not flank and Stat(e.stat) not in usable
        ):
            yield i, f"changes {e.stat}, which none of its placements counts"
        elif isinstance(e, Power) and e.target == "zone":
            slots = [s.slots.get(p, 0) for s in rules.seasons for p in card.placement]
            if max(slots, default=0) < 2:
                yield i, "gives power to other cards in its zone, but its zones hold one card"
        elif (
            isinstance(e, ReturnToHand)
            and card.season == last_season
            and card.is_unit
            and len(rules.season(last_season).rounds) < 3
            and not token_givers
        ):
            yield (
                i,
                (
                    f"a {last_season} unit dies at the earliest in the last round's Age Phase, "
                    "where returning to hand is discarding"
                ),
            )


def check_cards(cat: Catalogue) -> Iterable[Diagnostic]:
    """E301/E302/E303 for every card of the catalogue."""
    for card in cat:
        rep = report(cat, card)
        if not rep.legal_zones:
            zones = ", ".join(p.value for p in card.placement)
            yield Diagnostic(
                "E302",
                f"no slot for {zones} in {card.season}",
                cat.position(card.id, "placement"),
                card.id,
            )
        if not rep.affordable:
            yield Diagnostic(
                "E301",
                f"lowest reachable price {rep.lowest_price} exceeds the {rep.max_coins} coins a "
                f"player can have in {card.season}",
                cat.position(card.id, "cost"),
                card.id,
            )
        for i, why in _never_fires(cat, card):
            yield Diagnostic("E303", why, cat.position(card.id, "effects", i), card.id)


# ------------------------------------------------------------------ simulation
@dataclass(slots=True)
class Playability:
    """Per design: times held in a play hand, and of those how often it could be played."""

    held: int = 0
    playable: int = 0
    played: int = 0

    @property
    def rate(self) -> float:
        return self.playable / self.held if self.held else 1.0


class _Counting:
    """A kit bot that counts, at each of its play decisions (not an intercept or a move), which
    hand cards had a legal play and which card it played."""

    name = "greedy"

    def __init__(self, bot: Any, stats: dict[str, Playability], held: dict) -> None:
        self.bot, self.stats, self.held = bot, stats, held

    def choose(self, st: Any, seat: int) -> int:
        from cardgen.packs.attack_right.engine.state import PLAY

        action = self.bot.choose(st, seat)
        if st.phase == PLAY and not st.sub:
            m1 = st.game.num_instances + 1
            ok = {a // m1 // 3 for a in st.legal_actions(seat) if a >= 0}
            held = self.held
            for i in st.hands[seat]:  # by round: a card counts once a Play Phase
                held[st.round, i] = held.get((st.round, i), False) or i in ok
            if action >= 0:
                self.stats[st.card[action // m1 // 3].id].played += 1
        return action


def simulate(cat: Catalogue, games: int, *, seed: int = 0) -> dict[str, Playability]:
    """Play ``games`` seeded games with greedy bots (the kit's steps and chance draws);
    measure each design's playability."""
    from cardgen.engine import Setup
    from cardgen.engine.bots import make_bot
    from cardgen.engine.chance import settle
    from cardgen.engine.play import step
    from cardgen.packs.attack_right.engine.definition import ENGINE

    decks = list(cat.rules.deck_ids)
    n = min(len(decks), cat.rules.players.max)
    stats: dict[str, Playability] = {c.id: Playability() for c in cat}
    for k in range(games):
        rot = k % len(decks)
        setup = Setup(n, tuple((decks[rot:] + decks[:rot])[:n]))
        game = ENGINE.simulation_game(cat, setup)
        held: dict[tuple[int, int], bool] = {}
        bots = [
            _Counting(make_bot(ENGINE, game, "greedy", seed + k * 10 + p), stats, held)
            for p in range(n)
        ]
        st = game.new_initial_state(seed + k)
        settle(st)
        while not st.is_terminal():
            step(st, bots)
            settle(st)  # a glory tie for the first battle
        for (_round, i), ok in held.items():
            s = stats[game.ids[i]]
            s.held += 1
            s.playable += ok
    return stats


def simulation_check(
    games: int, *, min_held: int = 5, threshold: float = 0.1
) -> Callable[[Catalogue], Iterable[Diagnostic]]:
    """A validate check: W301 for cards held at least ``min_held`` times but playable in
    fewer than ``threshold`` of them, over ``games`` greedy games."""

    def check(cat: Catalogue) -> Iterable[Diagnostic]:
        from cardgen.engine import SetupError

        try:
            stats = simulate(cat, games)
        except SetupError:  # too few cards to deal a game: the count checks report it
            return
        for cid, s in stats.items():
            if s.held >= min_held and s.rate < threshold:
                yield Diagnostic(
                    "W301",
                    f"held in {s.held} play hands over {games} greedy games, playable in only "
                    f"{s.playable} ({s.rate:.0%}); played {s.played} times",
                    cat.position(cid, "cost"),
                    cid,
                )

    return check


def run_simulation_check(cat: Catalogue, games: int) -> list[Diagnostic]:
    """:func:`simulation_check` (W301) and the balance warnings of the simulation core's
    report (W302 dead, W303 dominant, W304 never affordable:
    :mod:`cardgen.packs.attack_right.simulation.warnings`) over ``games`` greedy games; the
    form `cardgen validate` caches."""
    from cardgen.packs.attack_right.engine.game import GameSetupError
    from cardgen.packs.attack_right.simulation.warnings import balance_summary, balance_warnings
    from cardgen.simulate import SimSpecError

    out = list(simulation_check(games)(cat))
    try:
        summary = balance_summary(cat, games)
    except (GameSetupError, SimSpecError):  # too few cards to deal: the count checks say so
        return out
    return out + list(balance_warnings(cat, summary))

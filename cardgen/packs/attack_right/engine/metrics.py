"""Attack Right's balance figures on the engine kit (:meth:`AttackRight.metrics`), beside the
kit's per-design drawn/played/win-when-played and game length.

Counted from what a simulation's game records (:class:`~.state.Tally`, the engine's battle
records and glory by source): per deck, glory by source, battles won and end coins; per card
design, copies dealt, drafted (pick and its position in the pack), played, drafted but never
affordable, won when played; per deck and round, coins, battle power, glory, cards played,
coins left and slots filled; the groups of players by the deck most of their played cards came
from and by each deck's share of them.  The summary, the balance targets' verdicts and the
report's sections are :mod:`..simulation.balance` and :mod:`..simulation.report`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardgen.engine.simulation import DESIGN_FIELDS, DESIGN_SEAT_FIELDS
from cardgen.packs.attack_right.simulation.report import sections
from cardgen.simulate.stats import Block, Layout

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.engine.simulation import GameSpec, SimResult
    from cardgen.packs.attack_right.engine.state import State
    from cardgen.simulate.report_model import Section
    from cardgen.simulate.spec import SimSpec

#: per deck, besides the core's games, wins and glory: glory by source, battles won, end coins
DECK_FIELDS = (
    "battle_glory",
    "coin_glory",
    "effect_glory",
    "attacks_won",
    "defences_won",
    "end_coins",
)
#: per card design: copies dealt, drafted, played; drafted but never affordable; player-games
#: in which it was played and how many of those the player won; draft picks, the sum of their
#: positions (1 = first pick of a pack) and of their squares; player-games in which a copy was
#: drafted
CARD_FIELDS = (
    "dealt",
    "drafted",
    "played",
    "never_affordable",
    "played_games",
    "played_wins",
    "picks",
    "pick_position",
    "pick_position_sq",
    "drafted_games",
)
#: per deck and round: samples, coins at the end of the round, battle attack and defence power,
#: glory at the end of the round; cards played in the round (and its square), coins left when
#: the player ended the Play Phase, tableau cards then and the slots the season has
ROUND_FIELDS = (
    "samples",
    "coins",
    "attack",
    "defence",
    "glory",
    "played",
    "played_sq",
    "coins_left",
    "filled",
    "capacity",
)
#: per group of players (by the deck most of their played cards came from): games, wins
GROUP_FIELDS = ("games", "wins")
#: the share of a player's played cards that came from a deck, in these bins (upper bounds)
SHARE_BINS = (0.0, 0.25, 0.5, 0.75, 1.0)
#: the group of players whose played cards have no single most frequent deck
TIED = "tied"


def _at(fields: tuple[str, ...], *names: str) -> tuple[int, ...]:
    return tuple(fields.index(n) for n in names)


_PGAMES, _PWINS = _at(CARD_FIELDS, "played_games", "played_wins")
_R_SAMPLES, _R_COINS, _R_ATK, _R_DEF, _R_GLORY = _at(
    ROUND_FIELDS, "samples", "coins", "attack", "defence", "glory"
)
_R_PLAYED, _R_PLAYED_SQ, _R_LEFT, _R_FILLED, _R_CAP = _at(
    ROUND_FIELDS, "played", "played_sq", "coins_left", "filled", "capacity"
)
_DGAMES = CARD_FIELDS.index("drafted_games")
_PICKS, _POS, _SQ, _DRAFTED, _PLAYED = _at(
    CARD_FIELDS, "picks", "pick_position", "pick_position_sq", "drafted", "played"
)
#: the kit's per-design figures (its ``design`` block), counted here from the Tally
_K_DRAWN, _K_PLAYED, _K_GAMES, _K_WINS = _at(
    DESIGN_FIELDS, "drawn", "played", "games_played", "wins_played"
)
_D_BATTLE, _D_COIN, _D_EFFECT, _D_ATK, _D_DEF, _D_COINS = _at(DECK_FIELDS, *DECK_FIELDS)


def blocks(catalogue: Catalogue) -> tuple[Block, ...]:
    """The counters of Attack Right beyond the core's: per deck, per card, per deck and round,
    per majority deck of the played cards and per (deck, share of the played cards) bin."""
    rules = catalogue.rules
    decks = tuple(rules.deck_ids)
    rounds = range(1, rules.draft.rounds + 1)
    return (
        Block("deck", decks, DECK_FIELDS),
        Block("card", tuple(c.id for c in catalogue.cards), CARD_FIELDS),
        Block("round", tuple(f"{d}/{r}" for d in decks for r in rounds), ROUND_FIELDS),
        Block("majority", (*decks, TIED), GROUP_FIELDS),
        Block(
            "share", tuple(f"{d}/{b}" for d in decks for b in range(len(SHARE_BINS))), GROUP_FIELDS
        ),
    )


def share_bin(played: int, total: int) -> int:
    """The :data:`SHARE_BINS` bin of ``played`` cards out of ``total`` (0: none of them)."""
    if not played:
        return 0
    share = played / total
    return next(b for b, top in enumerate(SHARE_BINS) if b and share <= top + 1e-12)


#: share_bin by (played, total), as the figures meet them
_BINS: dict[tuple[int, int], int] = {}


def majority(counts: list[int]) -> int:
    """The deck most of the played cards came from, or ``len(counts)`` (tied or none)."""
    top = max(counts)
    if not top or counts.count(top) > 1:
        return len(counts)
    return counts.index(top)


def round_item(layout: Layout, deck: int, rnd: int) -> int:
    """The item of deck ``deck`` in round ``rnd`` (1-based) in the ``round`` block."""
    rounds = len(layout.labels("round")) // len(layout.labels("deck"))
    return deck * rounds + (rnd - 1)


class _Slots:
    """The counter offsets of one seating (a compiled game), worked out once per run."""

    def __init__(self, layout: Layout, game: Any) -> None:
        L = self.layout = layout
        cards = {c: k for k, c in enumerate(L.labels("card"))}
        decks = L.labels("deck")
        dk = [decks.index(d) for d in game.decks]
        index = {d: k for k, d in enumerate(decks)}
        m = game.num_instances
        card_slot = tuple(L.start("card", cards[game.card_id(i)]) for i in range(m))
        self.card_slot = card_slot
        designs = {c: k for k, c in enumerate(L.labels("design"))}
        #: per instance, its design's counter in the kit's ``design`` block
        self.design_slot = tuple(L.start("design", designs[game.card_id(i)]) for i in range(m))
        #: the kit's design counter of each card counter (one per design)
        self.kit_of = dict(zip(card_slot, self.design_slot, strict=True))
        #: the kit's first ``design_seat`` counter of each card counter
        players = len(L.labels("design_seat")) // len(L.labels("design"))
        self.seat_of = {
            card_slot[i]: L.start("design_seat", designs[game.card_id(i)] * players)
            for i in range(m)
        }
        self.at = {f: tuple(k + j for k in card_slot) for j, f in enumerate(CARD_FIELDS)}
        self.deck_slot = tuple(L.start("deck", d) for d in dk)
        self.round_slot = tuple(L.start("round", round_item(L, d, 1)) for d in dk)
        deck_of = {c.id: index[c.deck] for c in game.catalogue.cards}
        self.card_deck = tuple(deck_of[game.card_id(i)] for i in range(m))
        self.decks = tuple(sorted(dk))
        self.n_decks = len(decks)


def _slots(state: State, layout: Layout) -> _Slots:
    game = state.game
    s = getattr(game, "metric_slots", None)
    if s is None or s.layout is not layout:
        s = game.metric_slots = _Slots(layout, game)
    return s


def count(state: State, layout: Layout, C: list[int]) -> None:
    """Add a finished simulation game's figures to the counters ``C``, the kit's per-design
    ones included (copies drawn: picked; played; player-games played and won)."""
    tally = state.tally
    if tally is None:
        raise ValueError("Attack Right's figures need a simulation's game (Game.tally)")
    s = _slots(state, layout)
    n, game = state.n, state.game
    slot, card_deck, kit = s.card_slot, s.card_deck, s.design_slot
    dealt_at = s.at["dealt"]
    for _k, _p, cards in tally.deals:
        for i in cards:
            C[dealt_at[i]] += 1
    # each seat's picks in order: the j-th is at position j % kept + 1 of its round's pack
    # (a first game also keeps the pack's last card: drafted, not a pick)
    picks = game.hand_size - 1
    mine: list[list[int]] = [[] for _ in range(n)]
    for p, i in tally.picks:
        mine[p].append(i)
    weights = _pick_weights(picks, picks + 1 if game.first_game else picks, len(tally.picks))
    drafted_by: list[set[int]] = []
    for kept in mine:
        for i, (w, pos, sq) in zip(kept, weights, strict=False):
            k = slot[i]
            C[k + _PICKS] += w
            C[k + _POS] += pos
            C[k + _SQ] += sq
            C[k + _DRAFTED] += 1
            C[kit[i] + _K_DRAWN] += 1
        drafted_by.append({slot[i] for i in kept})
    played: list[set[int]] = [set() for _ in range(n)]
    by_deck = [[0] * s.n_decks for _ in range(n)]
    for p, i in tally.plays:
        k = slot[i]
        C[k + _PLAYED] += 1
        C[kit[i] + _K_PLAYED] += 1
        played[p].add(k)
        by_deck[p][card_deck[i]] += 1
    never_at = s.at["never_affordable"]
    for i in set().union(*mine) - tally.affordable:
        C[never_at[i]] += 1
    won_atk, won_def = _rounds(state, s, C)
    results = state.results()
    score(state, results, C, s.deck_slot, played, won_atk, won_def, s.kit_of, s.seat_of)
    groups(layout, results, C, s.decks, drafted_by, by_deck)


_WEIGHTS: dict[tuple[int, int], list[tuple[int, int, int]]] = {}


def _pick_weights(picks: int, kept: int, most: int) -> list[tuple[int, int, int]]:
    """Per pick of a seat in order, what it adds to the card's picks, pick position and its
    square (none for a first game's last card of the pack), at least ``most`` of them."""
    w = _WEIGHTS.setdefault((picks, kept), [])
    for j in range(len(w), most):
        pos = j % kept + 1
        w.append((1, pos, pos * pos) if pos <= picks else (0, 0, 0))
    return w


def _rounds(state: State, s: _Slots, C: list[int]) -> tuple[list[int], list[int]]:
    """Per deck and round: battle power, and at the round's end coins, glory, cards played,
    coins left and tableau cards when the player ended the Play Phase, the season's slots."""
    rslot, step_r, n = s.round_slot, len(ROUND_FIELDS), state.n
    game = state.game
    tally = state.tally
    assert tally is not None  # a simulation's game (checked by the caller)
    left = {(r, p): (coins, tab) for r, p, coins, tab in tally.ended}
    won_atk, won_def = [0] * n, [0] * n
    add_battles(C, rslot, step_r, state.battles, won_atk, won_def)
    for r, coins, glory, tabs, in_round in tally.rounds:
        roff = (r - 1) * step_r
        cap = sum(game.capacity[game.season_of_round[r]])
        for p in range(n):
            coins_left, filled = left.get((r, p), (coins[p], tabs[p]))
            add_round(C, rslot[p] + roff, coins[p], glory[p], in_round[p], coins_left, filled, cap)
    return won_atk, won_def


def add_battles(C: list[int], rslot, step_r: int, battles, won_atk, won_def) -> None:
    """The battles' attack and defence power per deck and round, and who won them."""
    for rnd, attacker, defender, attack, defence, winner in battles:
        roff = (rnd - 1) * step_r
        C[rslot[attacker] + roff + _R_ATK] += attack
        C[rslot[defender] + roff + _R_DEF] += defence
        if winner == attacker:
            won_atk[attacker] += 1
        elif winner == defender:
            won_def[defender] += 1


def add_round(
    C: list[int], k: int, coins: int, glory: int, played: int, left: int, filled: int, cap: int
) -> None:
    """One seat's figures at a round's end, from its counter ``k`` in the ``round`` block."""
    C[k + _R_SAMPLES] += 1
    C[k + _R_COINS] += coins
    C[k + _R_GLORY] += glory
    C[k + _R_PLAYED] += played
    C[k + _R_PLAYED_SQ] += played * played
    C[k + _R_LEFT] += left
    C[k + _R_FILLED] += filled
    C[k + _R_CAP] += cap


def score(
    state: State, results, C, deck_slot, played, won_atk, won_def, kit=None, seat_of=None
) -> None:
    """Final numbers per deck (glory by source, battles won, end coins) and per design played
    (and the kit's, by the kit's counter ``kit`` of each card counter and its first per-seat
    counter ``seat_of``, when given)."""
    for p, x in enumerate(results):
        w = 1 if x.winner else 0
        k = deck_slot[p]
        C[k + _D_BATTLE] += state.battle_glory[p]
        C[k + _D_COIN] += state.coin_glory[p]
        C[k + _D_EFFECT] += state.effect_glory[p]
        C[k + _D_ATK] += won_atk[p]
        C[k + _D_DEF] += won_def[p]
        C[k + _D_COINS] += x.coins
        for k in played[p]:
            C[k + _PGAMES] += 1
            C[k + _PWINS] += w
        if kit is not None:
            for k in played[p]:
                d = kit[k]
                C[d + _K_GAMES] += 1
                C[d + _K_WINS] += w
                if seat_of is not None:
                    j = seat_of[k] + p * len(DESIGN_SEAT_FIELDS)
                    C[j] += 1
                    C[j + 1] += w


def groups(layout: Layout, results, C, decks, drafted_by, by_deck) -> None:
    """Per player: the designs drafted, the group of the deck most of the played cards came
    from and the share of the played cards of each deck in play."""
    majority_at, share_at = layout.start("majority", 0), layout.start("share", 0)
    width, bins = len(GROUP_FIELDS), len(SHARE_BINS)
    for p, x in enumerate(results):
        w = 1 if x.winner else 0
        for k in drafted_by[p]:
            C[k + _DGAMES] += 1
        counts = by_deck[p]
        k = majority_at + majority(counts) * width
        C[k] += 1
        C[k + 1] += w
        total = sum(counts)
        for d in decks:
            m = counts[d]
            b = _BINS.get((m, total))
            if b is None:
                b = _BINS[m, total] = share_bin(m, total)
            k = share_at + (d * bins + b) * width
            C[k] += 1
            C[k + 1] += w


class AttackRightMetrics:
    """The kit's :class:`~cardgen.engine.simulation.Metrics` of Attack Right."""

    order = (
        "targets",
        "decks",
        "majority",
        "shares",
        "seat_advantage",
        "glory",
        "rounds",
        "economy",
        "cards",
    )

    def blocks(self, catalogue: Catalogue, spec: SimSpec) -> Sequence[Block]:
        return blocks(catalogue)

    def count(self, state: State, game: GameSpec, layout: Layout, counters: list[int]) -> bool:
        """The game's figures and the kit's per-design ones (from the Tally: a simulation's
        game records no events)."""
        count(state, layout, counters)
        return True

    def summarise(self, result: SimResult, catalogue: Catalogue | None) -> dict[str, Any]:
        from cardgen.packs.attack_right.simulation.balance import summarise

        return summarise(result, catalogue)

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]:
        return sections(summary, figures=figures)


METRICS = AttackRightMetrics()

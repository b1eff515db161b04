"""The per-game hot loop: play one seeded game in fast mode and add its numbers to a counter list.

The loop drives the engine itself, so it sees every action: dealt packs, drafted cards, the legal
plays (what is affordable), the plays, and the tableaux right before each battle (the step that
ends a round only ends turns, so the battle is fought with the tableaux seen before it).
Glory sources: battles (recomputed with the engine's ``total_power`` and the tie setting), end
coins (final coins // coins per glory), effects (the rest).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.rules.engine import Game, GameOptions, State
from cardgen.rules.engine.compiled import ATTACK, DEFENCE
from cardgen.rules.engine.effects import total_power
from cardgen.simulate.bots import BOT_NAMES, make_sim_bot
from cardgen.simulate.seeds import bot_seed, game_seed
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import CARD_FIELDS, ROUND_FIELDS, SEAT_FIELDS, Layout

DRAFT, PLAY = 0, 1
_DEALT, _DRAFTED, _PLAYED, _NEVER, _PICKS, _POS = (
    CARD_FIELDS.index(f)
    for f in ("dealt", "drafted", "played", "never_affordable", "picks", "pick_position")
)
_SAMPLES, _COINS, _GLORY = (ROUND_FIELDS.index(f) for f in ("samples", "coins", "glory"))


@dataclass(frozen=True, slots=True)
class Seating:
    """A compiled matchup: the engine ``Game`` (seed set per game) and index maps."""

    game: Game
    card_index: tuple[int, ...]  # instance -> card design index in the layout
    card_slot: tuple[int, ...]  # instance -> offset of its design's card counters
    deck_index: tuple[int, ...]  # seat -> deck index in the layout


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one game gave beyond the counters (for tests and inspection)."""

    state: State
    battle_glory: tuple[int, ...]


def make_layout(catalogue: Catalogue, spec: SimSpec) -> Layout:
    rules = catalogue.rules
    return Layout(
        decks=tuple(rules.deck_ids),
        seats=spec.players,
        bots=BOT_NAMES,
        cards=tuple(c.id for c in catalogue.cards),
        rounds=rules.draft.rounds,
    )


class Simulator:
    """Plays the games of a :class:`SimSpec` on a catalogue; picklable (caches are rebuilt)."""

    def __init__(self, catalogue: Catalogue, spec: SimSpec) -> None:
        self.catalogue = catalogue
        self.spec = spec
        self.layout = make_layout(catalogue, spec)
        self._seatings: dict[tuple[str, ...], Seating] = {}

    def __getstate__(self) -> dict:
        return {"catalogue": self.catalogue, "spec": self.spec}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["catalogue"], state["spec"])

    def seating(self, decks: tuple[str, ...], *, log_events: bool = False) -> Seating:
        """The compiled seating of ``decks`` (built once per process)."""
        key = (*decks, "events") if log_events else decks
        s = self._seatings.get(key)
        if s is None:
            opts = GameOptions(first_game=self.spec.first_game, log_events=log_events)
            game = Game(self.catalogue, decks, seed=0, options=opts)
            cards = {c: k for k, c in enumerate(self.layout.cards)}
            dk = {d: k for k, d in enumerate(self.layout.decks)}
            cix = tuple(cards[c.id] for c in game.pool.card)
            s = Seating(
                game,
                cix,
                tuple(self.layout.card(c, CARD_FIELDS[0]) for c in cix),
                tuple(dk[d] for d in decks),
            )
            self._seatings[key] = s
        return s

    def warnings(self) -> list[str]:
        """Setup warnings of every matchup (e.g. a deck recommended for more players)."""
        out: dict[str, None] = {}
        for m in self.spec.matchups:
            out.update(dict.fromkeys(self.seating(m).game.warnings))
        return list(out)

    def run_chunk(self, start: int, stop: int) -> list[int]:
        """The summed counters of games ``start..stop-1``."""
        counters = self.layout.zeros()
        for index in range(start, stop):
            self.play(index, counters)
        return counters

    def new_state(self, index: int, *, log_events: bool = False) -> State:
        """The initial state of game ``index``."""
        seating = self.seating(self.spec.decks_of(index), log_events=log_events)
        game = copy.copy(seating.game)  # the compiled game is shared; only the seed differs
        game.seed = game_seed(self.spec.seed, index)
        return game.new_initial_state()

    def play(self, index: int, C: list[int], *, log_events: bool = False) -> GameRecord:
        """Play game ``index`` to the end, adding its numbers to ``C``."""
        spec, L = self.spec, self.layout
        seating = self.seating(spec.decks_of(index), log_events=log_events)
        st = self.new_state(index, log_events=log_events)
        g = st.game
        bot_names = spec.bots_of(index)
        bots = [make_sim_bot(b, bot_seed(spec.seed, index, s)) for s, b in enumerate(bot_names)]
        choose = [b.choose for b in bots]
        n, m, hand = st.n, g.num_instances, g.hand_size
        m3 = 3 * (m + 1)
        cix, slot, dk = seating.card_index, seating.card_slot, seating.deck_index
        legal_actions, apply_actions = st.legal_actions, st.apply_actions
        drafted: list[int] = []
        right, ties, bglory = g.right, g.settings.defender_wins_ties, g.battle_glory
        drafted_by = [-1] * m
        afford = bytearray(m)
        pending = [0] * n
        played: list[set[int]] = [set() for _ in range(n)]
        battle = [0] * n
        won_atk = [0] * n
        won_def = [0] * n
        dealt_round = play_round = 0
        while st.phase <= PLAY:
            r = st.round
            if st.phase == DRAFT:
                if r != dealt_round:
                    dealt_round = r
                    for pack in st.packs:
                        for i in pack:
                            C[slot[i] + _DEALT] += 1
                pos = hand - len(st.packs[0]) + 1
                acts = [choose[p](st, p, legal_actions(p)) for p in range(n)]
                for a in acts:
                    k = slot[a]
                    C[k + _PICKS] += 1
                    C[k + _POS] += pos
                apply_actions(acts, check=False)
                continue
            if r != play_round:
                play_round = r
                for p in range(n):
                    for i in st.hands[p]:
                        if drafted_by[i] < 0:
                            drafted_by[i] = p
                            drafted.append(i)
                            pending[p] += 1
                            C[slot[i] + _DRAFTED] += 1
            acts = [None] * n
            ending = True
            ended = st.ended
            for p in range(n):
                if ended[p]:
                    continue
                legal = legal_actions(p)
                if pending[p]:
                    for a in legal:
                        if a < 0:
                            break
                        i = a // m3
                        if not afford[i]:
                            afford[i] = 1
                            pending[p] -= 1
                a = choose[p](st, p, legal)
                acts[p] = a
                if a >= 0:
                    ending = False
                    i = a // m3
                    C[slot[i] + _PLAYED] += 1
                    played[p].add(cix[i])
            if ending:  # the battle is fought with the tableaux as they are now
                for a in range(n):
                    d = right[a]
                    atk = total_power(st, a, ATTACK, d)
                    dfn = total_power(st, d, DEFENCE, a)
                    if atk > dfn:
                        battle[a] += bglory
                        won_atk[a] += 1
                    elif atk < dfn or ties:
                        battle[d] += bglory
                        won_def[d] += 1
                    C[L.round(dk[a], r, "attack")] += atk
                    C[L.round(dk[d], r, "defence")] += dfn
            apply_actions(acts, check=False)
            if ending:
                coins, glory = st.coins, st.glory
                for p in range(n):
                    k = L.round(dk[p], r, ROUND_FIELDS[0])
                    C[k + _SAMPLES] += 1
                    C[k + _COINS] += coins[p]
                    C[k + _GLORY] += glory[p]
        self._score(st, C, seating, bot_names, played, battle, won_atk, won_def)
        for i in drafted:
            if not afford[i]:
                C[slot[i] + _NEVER] += 1
        return GameRecord(st, tuple(battle))

    def _score(self, st, C, seating, bot_names, played, battle, won_atk, won_def) -> None:
        """Final standings: seats, decks (glory by source), bots, cards played, versus."""
        L = self.layout
        results = st.results()
        cpg = st.game.coins_per_glory
        dk = seating.deck_index
        C[0] += 1
        C[1] += sum(1 for x in results if x.winner) > 1
        for p, x in enumerate(results):
            w = int(x.winner)
            for f, v in zip(SEAT_FIELDS, (1, w, x.glory), strict=True):
                C[L.seat(p, f)] += v
            d = dk[p]
            coin_glory = x.coins // cpg
            deck = {
                "games": 1,
                "wins": w,
                "glory": x.glory,
                "glory_sq": x.glory * x.glory,
                "battle_glory": battle[p],
                "coin_glory": coin_glory,
                "effect_glory": x.glory - battle[p] - coin_glory,
                "attacks_won": won_atk[p],
                "defences_won": won_def[p],
                "end_coins": x.coins,
            }
            for f, v in deck.items():
                C[L.deck(d, f)] += v
            b = BOT_NAMES.index(bot_names[p])
            C[L.bot(b, "games")] += 1
            C[L.bot(b, "wins")] += w
            for c in played[p]:
                C[L.card(c, "played_games")] += 1
                C[L.card(c, "played_wins")] += w
            for q, y in enumerate(results):
                if q != p:
                    C[L.pair(d, dk[q], "games")] += 1
                    C[L.pair(d, dk[q], "ahead")] += x.rank < y.rank

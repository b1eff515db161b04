"""The per-game hot loop: play one seeded game in fast mode and add its numbers to a counter list.

The loop drives the engine itself through its public API, so it sees every action: dealt packs,
the drafted cards in pick order (a play phase's hands start with them), the playable cards (what
is affordable), the plays, and, after the step that ends a round, the engine's own battle
records.  Glory sources come from the engine's per-source glory lists (battles, end coins,
effects).  All counter offsets are precomputed per seating, so the loop only adds ints to list
slots; random bots' draws are inlined.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_right.engine import DRAFT, PLAY, Game, GameOptions, State
from cardgen.simulate.bots import BOT_NAMES, FastRandomBot, make_sim_bot
from cardgen.simulate.seeds import game_seeds
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import (
    BOT_FIELDS,
    CARD_FIELDS,
    DECK_FIELDS,
    PAIR_FIELDS,
    ROUND_FIELDS,
    SEAT_FIELDS,
    Layout,
)


def _at(fields: tuple[str, ...], *names: str) -> tuple[int, ...]:
    return tuple(fields.index(n) for n in names)


_PGAMES, _PWINS = _at(CARD_FIELDS, "played_games", "played_wins")
_R_SAMPLES, _R_COINS, _R_ATK, _R_DEF, _R_GLORY = _at(
    ROUND_FIELDS, "samples", "coins", "attack", "defence", "glory"
)
_S_GAMES, _S_WINS, _S_GLORY = _at(SEAT_FIELDS, "games", "wins", "glory")
_D_GAMES, _D_WINS, _D_GLORY, _D_SQ, _D_BATTLE, _D_COIN, _D_EFFECT, _D_ATK, _D_DEF, _D_COINS = _at(
    DECK_FIELDS,
    *("games", "wins", "glory", "glory_sq", "battle_glory", "coin_glory", "effect_glory"),
    *("attacks_won", "defences_won", "end_coins"),
)
_B_GAMES, _B_WINS = _at(BOT_FIELDS, "games", "wins")
_P_GAMES, _P_AHEAD = _at(PAIR_FIELDS, "games", "ahead")


@dataclass(frozen=True, slots=True)
class Seating:
    """A compiled matchup: the engine ``Game`` (seed set per game) and counter offsets."""

    game: Game
    card_slot: tuple[int, ...]  # instance -> first counter of its card design
    card_at: dict[str, tuple[int, ...]]  # card field -> instance -> its counter
    seat_slot: tuple[int, ...]  # seat -> first seat counter
    deck_slot: tuple[int, ...]  # seat -> first counter of its deck
    round_slot: tuple[int, ...]  # seat -> first (deck, round 1) counter of its deck
    pair_slot: tuple[tuple[int, ...], ...]  # seat, seat -> first (deck, deck) counter


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
        self.layout = L = make_layout(catalogue, spec)
        self._seatings: dict[tuple[str, ...], Seating] = {}
        self._bot_slot = tuple(L.bot(b, BOT_FIELDS[0]) for b in range(len(L.bots)))

    def __getstate__(self) -> dict:
        return {"catalogue": self.catalogue, "spec": self.spec}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["catalogue"], state["spec"])

    def seating(self, decks: tuple[str, ...], *, log_events: bool = False) -> Seating:
        """The compiled seating of ``decks`` (built once per process)."""
        key = (*decks, "events") if log_events else decks
        s = self._seatings.get(key)
        if s is None:
            L = self.layout
            opts = GameOptions(first_game=self.spec.first_game, log_events=log_events)
            game = Game(self.catalogue, decks, seed=0, options=opts)
            cards = {c: k for k, c in enumerate(L.cards)}
            dk = [L.decks.index(d) for d in decks]
            card_slot = tuple(
                L.card(cards[game.card_id(i)], CARD_FIELDS[0]) for i in range(game.num_instances)
            )
            s = Seating(
                game,
                card_slot,
                {f: tuple(k + j for k in card_slot) for j, f in enumerate(CARD_FIELDS)},
                tuple(L.seat(p, SEAT_FIELDS[0]) for p in range(len(decks))),
                tuple(L.deck(d, DECK_FIELDS[0]) for d in dk),
                tuple(L.round(d, 1, ROUND_FIELDS[0]) for d in dk),
                tuple(tuple(L.pair(a, b, PAIR_FIELDS[0]) for b in dk) for a in dk),
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
        """The summed counters of games ``start..stop-1``.

        Games are played grouped by seating (a sum does not depend on the order), so the
        compiled tables of one seating stay in the CPU caches for a run of games.
        """
        counters = self.layout.zeros()
        seatings = len(self.spec.matchups)
        for first in range(start, min(stop, start + seatings)):
            for index in range(first, stop, seatings):
                self.play(index, counters)
        return counters

    def new_state(self, index: int, *, log_events: bool = False) -> State:
        """The initial state of game ``index`` (the game is compiled once, seeded per game)."""
        seed, _bots = game_seeds(self.spec.seed, index, self.spec.players)
        seating = self.seating(self.spec.decks_of(index), log_events=log_events)
        return seating.game.new_initial_state(seed=seed)

    def play(self, index: int, C: list[int], *, log_events: bool = False) -> GameRecord:
        """Play game ``index`` to the end, adding its numbers to ``C``."""
        spec = self.spec
        seating = self.seating(spec.decks_of(index), log_events=log_events)
        seed, bot_seeds = game_seeds(spec.seed, index, spec.players)
        st = seating.game.new_initial_state(seed=seed)
        bot_names = spec.bots_of(index)
        bots = [make_sim_bot(b, s) for b, s in zip(bot_names, bot_seeds, strict=True)]
        choose = [b.choose for b in bots]
        # random bots are inlined: the same draw as FastRandomBot.choose, without the call
        draw = [b.random if type(b) is FastRandomBot else None for b in bots]
        all_random = all(draw)
        n, hand = st.n, seating.game.hand_size
        picks = hand - 1  # per player and round; a first game also keeps the pack's last card
        kept = hand if seating.game.first_game else picks
        at = seating.card_at
        dealt_at, picks_at, pos_at = at["dealt"], at["picks"], at["pick_position"]
        drafted_at, played_at, slot = at["drafted"], at["played"], seating.card_slot
        rslot, step_r = seating.round_slot, len(ROUND_FIELDS)
        apply_actions, play_options, action_card = st.apply_actions, st.play_options, st.action_card
        drafted: set[int] = set()
        affordable: set[int] = set()  # cards that had a legal play at their owner's decision
        played: list[set[int]] = [set() for _ in range(n)]
        won_atk = [0] * n
        won_def = [0] * n
        dealt_round = play_round = rounds_done = 0
        while st.phase <= PLAY:
            r = st.round
            if st.phase == DRAFT:
                packs = st.packs  # in the draft the legal actions are the pack's cards
                if r != dealt_round:
                    dealt_round = r
                    for pack in packs:
                        for i in pack:
                            C[dealt_at[i]] += 1
                if all_random:
                    acts = [0] * n
                    for p in range(n):
                        pack = packs[p]
                        acts[p] = pack[int(draw[p]() * len(pack))]
                else:
                    acts = [ch(st, p, packs[p]) for p, ch in enumerate(choose)]
                apply_actions(acts, check=False)
                continue
            if r != play_round:  # the hands start with the cards kept in the draft, in order
                play_round = r
                for h in st.hands:
                    for pos in range(picks):
                        i = h[pos]
                        C[picks_at[i]] += 1
                        C[pos_at[i]] += pos + 1
                        C[drafted_at[i]] += 1
                    if kept > picks:
                        C[drafted_at[h[picks]]] += 1
                    drafted.update(h[:kept])
            acts = [None] * n
            ended = st.ended
            for p in range(n):
                if ended[p]:
                    continue
                legal, playable = play_options(p)
                affordable.update(playable)
                d = draw[p]
                a = legal[int(d() * len(legal))] if d else choose[p](st, p, legal)
                acts[p] = a
                i = action_card(a)
                if i >= 0:
                    C[played_at[i]] += 1
                    played[p].add(slot[i])
            apply_actions(acts, check=False)
            if st.rounds_done != rounds_done:  # this step ended the round: battle, income, age
                rounds_done = st.rounds_done
                roff = (r - 1) * step_r
                for b in st.battles[-n:]:
                    C[rslot[b.attacker] + roff + _R_ATK] += b.attack
                    C[rslot[b.defender] + roff + _R_DEF] += b.defence
                    if b.winner == b.attacker:
                        won_atk[b.attacker] += 1
                    elif b.winner == b.defender:
                        won_def[b.defender] += 1
                coins, glory = st.coins, st.glory
                for p in range(n):
                    k = rslot[p] + roff
                    C[k + _R_SAMPLES] += 1
                    C[k + _R_COINS] += coins[p]
                    C[k + _R_GLORY] += glory[p]
        never_at = at["never_affordable"]
        for i in drafted - affordable:
            C[never_at[i]] += 1
        self._score(st, C, seating, bot_names, played, won_atk, won_def)
        return GameRecord(st, tuple(st.battle_glory))

    def _score(self, st, C, seating, bot_names, played, won_atk, won_def) -> None:
        """Final standings: seats, decks (glory by source), bots, cards played, versus."""
        results = st.results()
        battle, coin_glory, effect_glory = st.battle_glory, st.coin_glory, st.effect_glory
        C[0] += 1
        C[1] += sum(1 for x in results if x.winner) > 1
        pair = seating.pair_slot
        for p, x in enumerate(results):
            w = 1 if x.winner else 0
            glory, coins = x.glory, x.coins
            k = seating.seat_slot[p]
            C[k + _S_GAMES] += 1
            C[k + _S_WINS] += w
            C[k + _S_GLORY] += glory
            k = seating.deck_slot[p]
            C[k + _D_GAMES] += 1
            C[k + _D_WINS] += w
            C[k + _D_GLORY] += glory
            C[k + _D_SQ] += glory * glory
            C[k + _D_BATTLE] += battle[p]
            C[k + _D_COIN] += coin_glory[p]
            C[k + _D_EFFECT] += effect_glory[p]
            C[k + _D_ATK] += won_atk[p]
            C[k + _D_DEF] += won_def[p]
            C[k + _D_COINS] += coins
            k = self._bot_slot[BOT_NAMES.index(bot_names[p])]
            C[k + _B_GAMES] += 1
            C[k + _B_WINS] += w
            for k in played[p]:
                C[k + _PGAMES] += 1
                C[k + _PWINS] += w
            for q, y in enumerate(results):
                if q != p:
                    k = pair[p][q]
                    C[k + _P_GAMES] += 1
                    C[k + _P_AHEAD] += x.rank < y.rank

"""The per-game hot loop: play one seeded game in fast mode and add its numbers to a counter list.

The loop drives the engine itself through its public API, so it sees every action: dealt packs,
the drafted cards in pick order (a play phase's hands start with them), the playable cards (what
is affordable), the plays, and, after the step that ends a round, the engine's own battle
records.  Glory sources come from the engine's per-source glory lists (battles, end coins,
effects).  All counter offsets are precomputed per seating, so the loop only adds ints to list
slots; random bots' draws are inlined.  The core counts the standings (seats, decks, bots, deck
versus deck) from the :class:`~cardgen.simulate.protocol.GameRecord` the loop returns.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_right.engine import DRAFT, PLAY, Game, GameOptions, GameSetupError
from cardgen.packs.attack_right.engine.metrics import (
    CARD_FIELDS,
    ROUND_FIELDS,
    add_battles,
    add_round,
    groups,
    round_item,
    score,
)
from cardgen.packs.attack_right.simulation.seat_bots import FastRandomBot, make_sim_bot
from cardgen.simulate.protocol import GameRecord, GameSpec
from cardgen.simulate.spec import SimSpec, SimSpecError
from cardgen.simulate.stats import Layout


@dataclass(frozen=True, slots=True)
class Seating:
    """A compiled matchup: the engine ``Game`` (seed set per game) and counter offsets."""

    game: Game
    card_slot: tuple[int, ...]  # instance -> first counter of its card design
    card_at: dict[str, tuple[int, ...]]  # card field -> instance -> its counter
    deck_slot: tuple[int, ...]  # seat -> first counter of its deck
    round_slot: tuple[int, ...]  # seat -> first (deck, round 1) counter of its deck
    card_deck: tuple[int, ...]  # instance -> index of its deck in the layout
    decks: tuple[int, ...]  # the layout indices of the decks in play


class Simulator:
    """Plays the games of a :class:`SimSpec` on a catalogue (the simulation's game table);
    picklable (caches are rebuilt)."""

    def __init__(self, catalogue: Catalogue, spec: SimSpec, layout: Layout) -> None:
        self.catalogue = catalogue
        self.spec = spec
        self.layout = layout
        self._seatings: dict[tuple[str, ...], Seating] = {}

    def __getstate__(self) -> dict:
        return {"catalogue": self.catalogue, "spec": self.spec, "layout": self.layout}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["catalogue"], state["spec"], state["layout"])

    def seating(self, decks: tuple[str, ...], *, log_events: bool = False) -> Seating:
        """The compiled seating of ``decks`` (built once per process)."""
        key = (*decks, "events") if log_events else decks
        s = self._seatings.get(key)
        if s is None:
            L = self.layout
            first_game = self.spec.options.get("first_game", False)
            opts = GameOptions(first_game=first_game, log_events=log_events)
            game = Game(self.catalogue, decks, seed=0, options=opts)
            cards = {c: k for k, c in enumerate(L.labels("card"))}
            dk = [L.labels("deck").index(d) for d in decks]
            index = {d: k for k, d in enumerate(L.labels("deck"))}
            deck_of = {c.id: index[c.deck] for c in self.catalogue.cards}
            card_slot = tuple(
                L.start("card", cards[game.card_id(i)]) for i in range(game.num_instances)
            )
            s = Seating(
                game,
                card_slot,
                {f: tuple(k + j for k in card_slot) for j, f in enumerate(CARD_FIELDS)},
                tuple(L.start("deck", d) for d in dk),
                tuple(L.start("round", round_item(L, d, 1)) for d in dk),
                tuple(deck_of[game.card_id(i)] for i in range(game.num_instances)),
                tuple(sorted(dk)),
            )
            self._seatings[key] = s
        return s

    def warnings(self) -> list[str]:
        """Setup warnings of every matchup (e.g. a deck recommended for more players);
        :class:`SimSpecError` for a matchup that cannot be dealt."""
        out: dict[str, None] = {}
        try:
            for m in self.spec.matchups:
                out.update(dict.fromkeys(self.seating(m).game.warnings))
        except GameSetupError as exc:
            raise SimSpecError(str(exc)) from None
        return list(out)

    def play(self, spec: GameSpec, C: list[int], *, log_events: bool = False) -> GameRecord:
        """Play the game ``spec`` to the end, adding its numbers to ``C``."""
        seating = self.seating(spec.sides, log_events=log_events)
        st = seating.game.new_initial_state(seed=spec.seed)
        bots = [make_sim_bot(b, s) for b, s in zip(spec.bots, spec.bot_seeds, strict=True)]
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
        drafted_by: list[set[int]] = [set() for _ in range(n)]  # designs each player drafted
        card_deck = seating.card_deck
        by_deck = [[0] * len(self.layout.labels("deck")) for _ in range(n)]
        in_round = [0] * n  # cards played this round
        left = [0] * n  # coins left when the player ended the Play Phase
        filled = [0] * n  # tableau cards then
        capacity = seating.game.capacity
        season_of = seating.game.season_of_round
        sq_at = at["pick_position_sq"]
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
                for p, h in enumerate(st.hands):
                    for pos in range(picks):
                        i = h[pos]
                        C[picks_at[i]] += 1
                        C[pos_at[i]] += pos + 1
                        C[sq_at[i]] += (pos + 1) * (pos + 1)
                        C[drafted_at[i]] += 1
                    if kept > picks:
                        C[drafted_at[h[picks]]] += 1
                    drafted.update(h[:kept])
                    drafted_by[p].update(slot[i] for i in h[:kept])
                    in_round[p] = 0
                    left[p] = -1
            acts = [None] * n
            if st.sub:  # an intercept or a move decision: only its players act
                for p in st.acting_players():
                    legal = st.legal_actions(p)
                    d = draw[p]
                    acts[p] = legal[int(d() * len(legal))] if d else choose[p](st, p, legal)
                apply_actions(acts, check=False)
                continue
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
                    by_deck[p][card_deck[i]] += 1
                    in_round[p] += 1
                else:  # ending the Play Phase: what is left over
                    left[p] = st.coins[p]
                    filled[p] = len(st.tab[p])
            apply_actions(acts, check=False)
            if st.rounds_done != rounds_done:  # this step ended the round: battle, income, age
                rounds_done = st.rounds_done
                roff = (r - 1) * step_r
                add_battles(C, rslot, step_r, st.battles[-n:], won_atk, won_def)
                coins, glory = st.coins, st.glory
                cap = sum(capacity[season_of[r]])
                for p in range(n):
                    ended = left[p] >= 0
                    add_round(
                        C,
                        rslot[p] + roff,
                        coins[p],
                        glory[p],
                        in_round[p],
                        left[p] if ended else coins[p],
                        filled[p] if ended else len(st.tab[p]),
                        cap,
                    )
        never_at = at["never_affordable"]
        for i in drafted - affordable:
            C[never_at[i]] += 1
        results = st.results()
        score(st, results, C, seating.deck_slot, played, won_atk, won_def)
        groups(self.layout, results, C, seating.decks, drafted_by, by_deck)
        return GameRecord(
            tuple(x.winner for x in results),
            tuple(x.glory for x in results),
            tuple(x.rank for x in results),
            st,
        )

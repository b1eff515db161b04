"""The per-game loop of Attack the Tower's simulation: play one seeded game with the seats'
bots and add its numbers to the counter list."""

from __future__ import annotations

from collections import Counter

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.bots import make_bot
from cardgen.packs.attack_the_tower.engine.game import SIDES, Game, GameSetupError
from cardgen.simulate.protocol import GameRecord, GameSpec
from cardgen.simulate.spec import SimSpec, SimSpecError
from cardgen.simulate.stats import Block, Layout

#: per card design: copies drawn, used (ability played, base built), discarded (over the hand
#: limit or burned), player-games in which it was used and how many of those were won
CARD_FIELDS = ("drawn", "used", "discarded", "used_games", "used_wins")
#: per army colour: turns as attacker, renewals called, attacks declared, palace battles
#: fought, bases built
ARMY_FIELDS = ("turns", "renewals", "attacks", "palace_battles", "builds")
#: the first player's games, wins, and stalemates; the game's turns summed
FIRST_FIELDS = ("games", "wins", "stalemates", "turns")


def blocks(catalogue: Catalogue) -> tuple[Block, ...]:
    """The counters of Attack the Tower beyond the core's."""
    return (
        Block("card", tuple(c.id for c in catalogue.cards), CARD_FIELDS),
        Block("army", SIDES, ARMY_FIELDS),
        Block("first", ("first",), FIRST_FIELDS),
    )


class Simulator:
    """Plays the games of a :class:`SimSpec` (the simulation's game table); picklable."""

    def __init__(self, catalogue: Catalogue, spec: SimSpec, layout: Layout) -> None:
        self.catalogue = catalogue
        self.spec = spec
        self.layout = layout
        self._games: dict[tuple[str, ...], Game] = {}

    def __getstate__(self) -> dict:
        return {"catalogue": self.catalogue, "spec": self.spec, "layout": self.layout}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["catalogue"], state["spec"], state["layout"])

    def game(self, sides: tuple[str, ...]) -> Game:
        g = self._games.get(sides)
        if g is None:
            g = self._games[sides] = Game(self.catalogue, sides, log_events=False)
        return g

    def warnings(self) -> list[str]:
        try:
            for m in self.spec.matchups:
                self.game(m)
        except GameSetupError as exc:
            raise SimSpecError(str(exc)) from None
        return []

    def play(self, spec: GameSpec, C: list[int]) -> GameRecord:
        """Play the game ``spec`` to the end, adding its numbers to ``C``."""
        L = self.layout
        game = self.game(spec.sides)
        st = game.new_initial_state(seed=spec.seed)
        bots = [make_bot(b, s) for b, s in zip(spec.bots, spec.bot_seeds, strict=True)]
        card0 = [L.start("card", i) for i in range(len(st.table.designs))]
        army = [L.start("army", SIDES.index(side)) for side in spec.sides]
        f = {name: k for k, name in enumerate(ARMY_FIELDS)}
        used: list[set[int]] = [set(), set()]
        in_palace = False
        while not st.is_terminal():
            p = st.current_player()
            a = bots[p].step(st, p)
            kind, x, _ = A.decode(a)
            if a in (A.DRAW_ABILITY, A.DRAW_BASE) or a == A.BURN:
                before = Counter(st.players[p].hand)
            st.apply_action(a)
            if a in (A.DRAW_ABILITY, A.DRAW_BASE):
                (card,) = Counter(st.players[p].hand) - before
                C[card0[card]] += 1
            elif a == A.BURN:
                for card, n in before.items():
                    C[card0[card] + 2] += n
            elif kind in ("play", "build"):
                C[card0[x] + 1] += 1
                used[p].add(x)
                if kind == "build":
                    C[army[p] + f["builds"]] += 1
            elif kind == "discard":
                C[card0[x] + 2] += 1
            elif a == A.RENEW:
                C[army[p] + f["renewals"]] += 1
            elif kind == "attack":
                C[army[p] + f["attacks"]] += 1
            palace = st.battle is not None and st.battle.palace
            if palace and not in_palace:
                C[army[st.attacker] + f["palace_battles"]] += 1
            in_palace = palace
        first = st.table.settings.first_player
        for p in range(2):
            C[army[p] + f["turns"]] += st.turn // 2 + (st.turn % 2 if p == first else 0)
            for d in used[p]:
                C[card0[d] + 3] += 1
                C[card0[d] + 4] += st.winner == p
        k = L.start("first", 0)
        C[k] += 1
        C[k + 1] += st.winner == first
        C[k + 2] += st.stalemate
        C[k + 3] += st.turn
        bases = tuple(sum(d >= 0 for d in me.board) for me in st.players)
        if st.winner is None:
            return GameRecord((False, False), bases, (1, 1), st)
        winners = tuple(p == st.winner for p in range(2))
        return GameRecord(winners, bases, tuple(1 if w else 2 for w in winners), st)

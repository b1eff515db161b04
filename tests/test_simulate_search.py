"""The generic ISMCTS bot (cardgen.engine.search) on small games whose answers are known."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from cardgen.engine.search import ISMCTSBot


@dataclass
class Nim:
    """Take 1-3 stones in turn; who takes the last stone wins."""

    stones: int
    player: int = 0


class NimAdapter:
    def movers(self, s: Nim):
        return [] if s.stones == 0 else [s.player]

    def legal(self, s: Nim, player: int):
        return [t for t in (1, 2, 3) if t <= s.stones]

    def apply(self, s: Nim, actions):
        (take,) = actions.values()
        s.stones -= take
        s.player = 1 - s.player

    def is_terminal(self, s: Nim) -> bool:
        return s.stones == 0

    def returns(self, s: Nim):
        winner = 1 - s.player  # the player who took the last stone
        return [1.0 if p == winner else 0.0 for p in (0, 1)]

    def determinise(self, s: Nim, player: int, rng: random.Random) -> Nim:
        return Nim(s.stones, s.player)

    def policy(self, s: Nim, player: int, rng: random.Random) -> int:
        legal = self.legal(s, player)
        return legal[int(rng.random() * len(legal))]


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_finds_the_winning_nim_move(stones):
    """From a pile that is not a multiple of 4 the only winning move leaves a multiple of 4."""
    bot = ISMCTSBot(NimAdapter(), iterations=1500, seed=3)
    assert bot.choose(Nim(stones), 0) == stones % 4


def test_beats_a_random_player_at_nim():
    ad = NimAdapter()
    wins = 0
    for g in range(40):
        rng = random.Random(g)
        s = Nim(rng.randint(5, 15), player=g % 2)
        bot = ISMCTSBot(ad, iterations=300, seed=g)
        while not ad.is_terminal(s):
            p = s.player
            a = bot.choose(s, p) if p == 0 else ad.policy(s, p, rng)
            ad.apply(s, {p: a})
        wins += ad.returns(s)[0] == 1.0
    assert wins >= 36


def test_same_seed_same_choice_and_state_untouched():
    s = Nim(13)
    choices = {ISMCTSBot(NimAdapter(), iterations=50, seed=7).choose(s, 0) for _ in range(3)}
    assert len(choices) == 1
    assert s == Nim(13)


@dataclass
class Guess:
    """Player 0 guesses player 1's hidden card (0 or 1); player 1 moves first, simultaneously
    with nobody, by announcing 0 — a move that reveals nothing."""

    hidden: int
    announced: bool = False
    guess: int | None = None
    seen_by_determinise: list = field(default_factory=list)


class GuessAdapter:
    """The guesser wins on 0 only if the hidden card is 0, and wins on 1 with a small bonus if
    it is 1: a cheating search (reading the hidden card) answers the card; an honest one always
    answers the same, whatever the card."""

    def __init__(self, prior_one: float):
        self.prior_one = prior_one

    def movers(self, s: Guess):
        if s.guess is not None:
            return []
        return [0] if s.announced else [1]

    def legal(self, s: Guess, player: int):
        return [0, 1] if player == 0 else [0]

    def apply(self, s: Guess, actions):
        if 1 in actions:
            s.announced = True
        if 0 in actions:
            s.guess = actions[0]

    def is_terminal(self, s: Guess) -> bool:
        return s.guess is not None

    def returns(self, s: Guess):
        won = 1.0 if s.guess == s.hidden else 0.0
        return [won, 1.0 - won]

    def determinise(self, s: Guess, player: int, rng: random.Random) -> Guess:
        s.seen_by_determinise.append(player)
        hidden = 1 if rng.random() < self.prior_one else 0
        return Guess(hidden, s.announced, s.guess)

    def policy(self, s: Guess, player: int, rng: random.Random) -> int:
        return self.legal(s, player)[0]


@pytest.mark.parametrize("prior_one, expected", [(0.8, 1), (0.2, 0)])
def test_search_uses_determinisations_not_the_hidden_card(prior_one, expected):
    ad = GuessAdapter(prior_one)
    for hidden in (0, 1):
        s = Guess(hidden, announced=True)
        assert ISMCTSBot(ad, iterations=400, seed=1).choose(s, 0) == expected
        assert s.seen_by_determinise and set(s.seen_by_determinise) == {0}


@dataclass
class Duel:
    """Both players pick 1-3 at once for three rounds; each round the higher pick scores, and
    a pick of 3 costs a point.  The opponent model always picks 2."""

    rounds: int = 3
    score: list = field(default_factory=lambda: [0, 0])
    joint: list = field(default_factory=list)


class DuelAdapter:
    def movers(self, s: Duel):
        return [0, 1] if s.rounds else []

    def legal(self, s: Duel, player: int):
        return [1, 2, 3]

    def apply(self, s: Duel, actions):
        assert set(actions) == {0, 1}, "a simultaneous choice applies both players' actions"
        s.joint.append(dict(actions))
        a, b = actions[0], actions[1]
        if a != b:
            s.score[0 if a > b else 1] += 2
        s.score[0] -= a == 3
        s.score[1] -= b == 3
        s.rounds -= 1

    def is_terminal(self, s: Duel) -> bool:
        return s.rounds == 0

    def returns(self, s: Duel):
        a, b = s.score
        return [1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5]

    def determinise(self, s: Duel, player: int, rng: random.Random) -> Duel:
        return Duel(s.rounds, list(s.score), [])

    def policy(self, s: Duel, player: int, rng: random.Random) -> int:
        return 2

    def evaluate(self, s: Duel, player: int) -> float:
        a, b = s.score
        return 0.5 + 0.1 * ((a - b) if player == 0 else (b - a))


def test_simultaneous_moves_answer_the_opponent_model():
    """Against an opponent that picks 2, picking 3 wins the round (net +1)."""
    bot = ISMCTSBot(DuelAdapter(), iterations=300, opponents="policy", seed=0)
    assert bot.choose(Duel(), 0) == 3


def test_cut_rollouts_are_scored_by_evaluate():
    bot = ISMCTSBot(DuelAdapter(), iterations=200, opponents="policy", rollout_depth=0, seed=0)
    assert bot.choose(Duel(), 0) == 3


def test_cut_rollouts_need_evaluate_and_iterations_are_checked():
    with pytest.raises(ValueError, match="evaluate"):
        ISMCTSBot(NimAdapter(), rollout_depth=3)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(NimAdapter(), iterations=0)
    with pytest.raises(ValueError, match="opponents"):
        ISMCTSBot(NimAdapter(), opponents="minimax")


def test_policy_mode_searches_against_the_opponent_model():
    """Against a random opponent, taking 3 of 10 wins more often than the minimax move (2):
    the opponent-model search finds it, the tree search keeps the minimax answer."""
    s = Nim(10)
    assert ISMCTSBot(NimAdapter(), iterations=1500, opponents="policy", seed=3).choose(s, 0) == 3
    assert ISMCTSBot(NimAdapter(), iterations=1500, seed=3).choose(s, 0) == 2


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_halving_root_finds_the_winning_nim_move(stones):
    bot = ISMCTSBot(NimAdapter(), iterations=600, root="halving", seed=3)
    assert bot.choose(Nim(stones), 0) == stones % 4


class CountingGuess(GuessAdapter):
    """Records the first draw of every determinisation's rng."""

    def __init__(self, prior_one: float):
        super().__init__(prior_one)
        self.draws: list[float] = []

    def determinise(self, s, player, rng):
        state = rng.getstate()
        self.draws.append(rng.random())
        rng.setstate(state)
        return super().determinise(s, player, rng)


@pytest.mark.parametrize("prior_one, expected", [(0.8, 1), (0.2, 0)])
def test_halving_compares_actions_on_common_worlds(prior_one, expected):
    """Halving honours the information set and tries both guesses in the same worlds."""
    ad = CountingGuess(prior_one)
    s = Guess(0, announced=True)
    assert ISMCTSBot(ad, iterations=200, root="halving", seed=1).choose(s, 0) == expected
    assert len(ad.draws) == 200 and ad.draws[0::2] == ad.draws[1::2]  # one world per pair


def test_unknown_root_rule():
    with pytest.raises(ValueError, match="root"):
        ISMCTSBot(NimAdapter(), root="thompson")

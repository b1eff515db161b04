"""The generic ISMCTS bot (cardgen.engine.search) on small games whose answers are known,
each an engine's hooks (policy, evaluate, search_world) over a state of the kit's protocol."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardgen.engine.definition import AI
from cardgen.engine.search import ISMCTSBot


@dataclass
class Nim:
    """Take 1-3 stones in turn; who takes the last stone wins."""

    stones: int
    player: int = 0

    def movers(self):
        return [] if self.stones == 0 else [self.player]

    def legal_actions(self, player: int):
        return [t for t in (1, 2, 3) if t <= self.stones]

    def apply(self, actions):
        (take,) = actions.values()
        self.stones -= take
        self.player = 1 - self.player

    def is_terminal(self) -> bool:
        return self.stones == 0

    def returns(self):
        winner = 1 - self.player  # the player who took the last stone
        return [1.0 if p == winner else 0.0 for p in (0, 1)]

    def determinise(self, player: int, rng: random.Random) -> Nim:
        return Nim(self.stones, self.player)


class NimEngine(AI[Any]):
    """Nim's hooks: the default policy (a legal action at random), no evaluate."""


NIM = NimEngine()


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_finds_the_winning_nim_move(stones):
    """From a pile that is not a multiple of 4 the only winning move leaves a multiple of 4."""
    bot = ISMCTSBot(NIM, iterations=1500, seed=3)
    assert bot.choose(Nim(stones), 0) == stones % 4


def test_beats_a_random_player_at_nim():
    wins = 0
    for g in range(40):
        rng = random.Random(g)
        s = Nim(rng.randint(5, 15), player=g % 2)
        bot = ISMCTSBot(NIM, iterations=300, seed=g)
        while not s.is_terminal():
            p = s.player
            a = bot.choose(s, p) if p == 0 else NIM.policy(s, p, rng)
            s.apply({p: a})
        wins += s.returns()[0] == 1.0
    assert wins >= 36


def test_same_seed_same_choice_and_state_untouched():
    s = Nim(13)
    choices = {ISMCTSBot(NIM, iterations=50, seed=7).choose(s, 0) for _ in range(3)}
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

    def movers(self):
        if self.guess is not None:
            return []
        return [0] if self.announced else [1]

    def legal_actions(self, player: int):
        return [0, 1] if player == 0 else [0]

    def apply(self, actions):
        if 1 in actions:
            self.announced = True
        if 0 in actions:
            self.guess = actions[0]

    def is_terminal(self) -> bool:
        return self.guess is not None

    def returns(self):
        won = 1.0 if self.guess == self.hidden else 0.0
        return [won, 1.0 - won]


class GuessEngine(AI[Any]):
    """The guesser wins on 0 only if the hidden card is 0, and wins on 1 with a small bonus if
    it is 1: a cheating search (reading the hidden card) answers the card; an honest one always
    answers the same, whatever the card."""

    def __init__(self, prior_one: float):
        self.prior_one = prior_one

    def search_world(self, state: Guess, seat: int, rng: random.Random) -> Guess:
        state.seen_by_determinise.append(seat)
        hidden = 1 if rng.random() < self.prior_one else 0
        return Guess(hidden, state.announced, state.guess)

    def policy(self, state: Guess, seat: int, rng: random.Random) -> int:
        return state.legal_actions(seat)[0]


@pytest.mark.parametrize("prior_one, expected", [(0.8, 1), (0.2, 0)])
def test_search_uses_determinisations_not_the_hidden_card(prior_one, expected):
    ad = GuessEngine(prior_one)
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

    def movers(self):
        return [0, 1] if self.rounds else []

    def legal_actions(self, player: int):
        return [1, 2, 3]

    def apply(self, actions):
        assert set(actions) == {0, 1}, "a simultaneous choice applies both players' actions"
        self.joint.append(dict(actions))
        a, b = actions[0], actions[1]
        if a != b:
            self.score[0 if a > b else 1] += 2
        self.score[0] -= a == 3
        self.score[1] -= b == 3
        self.rounds -= 1

    def is_terminal(self) -> bool:
        return self.rounds == 0

    def returns(self):
        a, b = self.score
        return [1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5]

    def determinise(self, player: int, rng: random.Random) -> Duel:
        return Duel(self.rounds, list(self.score), [])


class DuelEngine(AI[Any]):
    def policy(self, state: Duel, seat: int, rng: random.Random) -> int:
        return 2

    def evaluate(self, state: Duel, seat: int) -> float:
        a, b = state.score
        return 0.5 + 0.1 * ((a - b) if seat == 0 else (b - a))


def test_simultaneous_moves_answer_the_opponent_model():
    """Against an opponent that picks 2, picking 3 wins the round (net +1)."""
    bot = ISMCTSBot(DuelEngine(), iterations=300, opponents="policy", seed=0)
    assert bot.choose(Duel(), 0) == 3


def test_cut_rollouts_are_scored_by_evaluate():
    bot = ISMCTSBot(DuelEngine(), iterations=200, opponents="policy", rollout_depth=0, seed=0)
    assert bot.choose(Duel(), 0) == 3


def test_cut_rollouts_need_evaluate_and_iterations_are_checked():
    with pytest.raises(ValueError, match="evaluate"):
        ISMCTSBot(NIM, rollout_depth=3)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(NIM, iterations=0)
    with pytest.raises(ValueError, match="opponents"):
        ISMCTSBot(NIM, opponents="minimax")


def test_policy_mode_searches_against_the_opponent_model():
    """Against a random opponent, taking 3 of 10 wins more often than the minimax move (2):
    the opponent-model search finds it, the tree search keeps the minimax answer."""
    s = Nim(10)
    assert ISMCTSBot(NIM, iterations=1500, opponents="policy", seed=3).choose(s, 0) == 3
    assert ISMCTSBot(NIM, iterations=1500, seed=3).choose(s, 0) == 2


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_halving_root_finds_the_winning_nim_move(stones):
    bot = ISMCTSBot(NIM, iterations=600, root="halving", seed=3)
    assert bot.choose(Nim(stones), 0) == stones % 4


class CountingGuess(GuessEngine):
    """Records the first draw of every determinisation's rng."""

    def __init__(self, prior_one: float):
        super().__init__(prior_one)
        self.draws: list[float] = []

    def search_world(self, state, seat, rng):
        saved = rng.getstate()
        self.draws.append(rng.random())
        rng.setstate(saved)
        return super().search_world(state, seat, rng)


@pytest.mark.parametrize("prior_one, expected", [(0.8, 1), (0.2, 0)])
def test_halving_compares_actions_on_common_worlds(prior_one, expected):
    """Halving honours the information set and tries both guesses in the same worlds."""
    ad = CountingGuess(prior_one)
    s = Guess(0, announced=True)
    assert ISMCTSBot(ad, iterations=200, root="halving", seed=1).choose(s, 0) == expected
    assert len(ad.draws) == 200 and ad.draws[0::2] == ad.draws[1::2]  # one world per pair


def test_unknown_root_rule():
    with pytest.raises(ValueError, match="root"):
        ISMCTSBot(NIM, root="thompson")


def test_a_horizon_ends_the_look_ahead_scored_by_evaluate():
    """Cut at the end of the first round (evaluate: the score's margin), the search still
    answers the opponent model, and never plays past that round."""
    looked: list[int] = []

    def one_round(root: Duel, state: Duel) -> bool:
        looked.append(state.rounds)
        return state.rounds < root.rounds

    bot = ISMCTSBot(DuelEngine(), iterations=100, opponents="policy", horizon=one_round, seed=0)
    assert bot.choose(Duel(), 0) == 3
    assert min(looked) == 2


def test_a_horizon_needs_evaluate():
    with pytest.raises(ValueError, match="horizon"):
        ISMCTSBot(NIM, horizon=lambda root, state: True)

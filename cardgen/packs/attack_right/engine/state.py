"""``State``: one position of a game, as flat lists of ints (cheap ``clone``, no deepcopy).

Decision phases are the draft and the play phase; battle, income and age resolve on their
own in the kit's :meth:`State.apply` (a glory tie for the first battle waits at a chance node,
``tie``: :meth:`State.apply_chance` draws who starts).  All players act *simultaneously*:
``apply`` takes one action per mover (``{seat: action}``; a player who ended the play phase
does not move).
``legal_actions(p)`` lists ``p``'s choices as ints (see :mod:`.actions`).

Card instances live in exactly one zone: a season pile, a draft pack, the kept cards, a hand,
the saved cards, a tableau or the discard pile.  Per-instance arrays (``zone``, ``tokens``,
``stored``, ``seq``) describe tableau cards; ``occ[p][z]`` lists ``p``'s cards in zone ``z``
(as instance + 1, in play order), kept up to date as cards enter and leave.

Kept in fast mode too (no event log needed): glory per seat by source (``battle_glory``,
``effect_glory``, ``coin_glory``: they add up to the glory gained), every battle fought
(``battles``, :class:`~.phases.BattleRecord`) and ``rounds_done``, the
number of finished rounds (it grows during the ``apply`` call that ends a round).
When a play phase starts, ``hands[p]`` holds the cards ``p`` kept in that round's draft, in the
order they were kept (the last one of a first game's pack after the picks), then the saved
cards.

A play step can hold three more simultaneous decisions (``sub``, :attr:`State.decision`): once
everyone has chosen, players with an unused ``intercept`` card reaching a Neighbour who chose a
card to play decide whether to look now, with which card and at which Neighbour (``look``: the
card is spent for the round, C19); those who looked see the card and decide whether to discard
it (``intercept``). ``pending`` keeps the step's choices, ``offers[p]`` what ``p`` may take (look
codes, then the card looked at) and ``glimpses`` what each player saw. After the flip, players
who flipped a ``move_card`` card may move one of their other cards (``movers[p]``: that card,
or -1). Only the movers of that decision give an action to :meth:`State.apply`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen.engine.errors import IllegalAction
from cardgen.engine.zones import FieldState, shuffle
from cardgen.packs.attack_right.engine import phases
from cardgen.packs.attack_right.engine.actions import (
    END,
    PASS,
    PlayAction,
    decode_play,
    decode_react,
    play_action,
    react_action,
    save_action,
)
from cardgen.packs.attack_right.engine.compiled import ATTACK, DEFENCE, CardDef
from cardgen.packs.attack_right.engine.compiled import ZONES as PLACES
from cardgen.packs.attack_right.engine.executors import price, total_power
from cardgen.packs.attack_right.engine.game import Game
from cardgen.packs.attack_right.engine.observation import STATE_ZONES
from cardgen.packs.attack_right.model import Phase

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.phases import BattleRecord

DRAFT, PLAY, BATTLE, INCOME, AGE, END_PHASE = range(6)
PHASES = (Phase.DRAFT, Phase.PLAY, Phase.BATTLE, Phase.INCOME, Phase.AGE, "end")
CHOOSE, LOOK, INTERCEPT, MOVE = range(4)
"""Decisions of a play step (``State.sub``): choosing cards, looking at a Neighbour's chosen
card before the flip, discarding it, moving a card after the flip."""


def _first_copies(cards: list[int], design: Sequence[int]) -> list[int]:
    """The first card of each design in ``cards``, in order."""
    seen: dict[int, int] = {}
    for i in cards:
        seen.setdefault(design[i], i)
    return list(seen.values())


@dataclass(slots=True)
class Tally:
    """What a simulation's game records instead of every event (``Game(...,
    log_events=False, tally=True)``): the card instances picked and played,
    the packs dealt (``deal`` events), each turn's end ``(round, seat, coins left, tableau
    cards)``, each round's end ``(round, coins, glory, tableau cards, cards played per seat)``
    and the card instances that had a legal play at one of their owner's play decisions.  The
    kit's figures are counted from the events it turns into at the game's end
    (:func:`.metrics.events`), so it keeps no event log."""

    #: ``(seat, instance)`` of each pick, and of each play
    picks: list[tuple[int, int]] = field(default_factory=list)
    plays: list[tuple[int, int]] = field(default_factory=list)
    deals: list[tuple[str, int, tuple[int, ...]]] = field(default_factory=list)
    ended: list[tuple[int, int, int, int]] = field(default_factory=list)
    rounds: list[tuple] = field(default_factory=list)
    #: cards played by each seat in the round so far
    played: list[int] = field(default_factory=list)
    affordable: set[int] = field(default_factory=set)
    #: per seat, the decision (length of the history) at which :meth:`State.legal_actions`
    #: added its hand's affordable cards (the step's check then skips that seat)
    checked: list[int] = field(default_factory=list)

    def copy(self) -> Tally:
        return Tally(
            self.picks[:],
            self.plays[:],
            self.deals[:],
            self.ended[:],
            self.rounds[:],
            self.played[:],
            set(self.affordable),
            self.checked[:],
        )


class IllegalActionError(IllegalAction):
    """An action that is not legal for that player in this state."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's final standing (``rank`` 1 = winner; tied winners share rank 1)."""

    seat: int
    glory: int
    coins: int
    cards: int
    rank: int
    winner: bool


class State(FieldState):
    """A game position.  See the module docstring; its zones and who sees each are declared
    once (:data:`.observation.STATE_ZONES`), from which the kit derives ``clone``,
    ``determinise``, ``digest`` and ``observation``."""

    ZONES = STATE_ZONES

    __slots__ = (
        "bank",
        "bank_limited",
        "battle_glory",
        "battle_start",
        "battles",
        "burned",
        "card",
        "chance_ties",
        "coin_glory",
        "coins",
        "disc_building",
        "disc_unit",
        "discard",
        "effect_glory",
        "ended",
        "events",
        "face_down",
        "first_end_done",
        "game",
        "glimpses",
        "glory",
        "gstep",
        "hands",
        "history",
        "kept",
        "minted",
        "move_from",
        "n",
        "neighbour_mods",
        "num_resources",
        "occ",
        "offers",
        "packs",
        "peeks",
        "pending",
        "phase",
        "piles",
        "prod",
        "rng",
        "round",
        "rounds_done",
        "saved",
        "seed",
        "seq",
        "step",
        "stored",
        "sub",
        "tab",
        "tally",
        "tie",
        "token_bank",
        "tokens",
        "used",
        "zone",
        "zone_mods",
    )

    game: Game
    card: tuple[CardDef, ...]
    n: int
    num_resources: int
    seed: int
    rng: random.Random
    round: int
    phase: int
    step: int
    gstep: int
    coins: list[int]
    glory: list[int]
    piles: list[list[int]]
    packs: list[list[int]]
    kept: list[list[int]]
    hands: list[list[int]]
    saved: list[list[int]]
    tab: list[list[int]]
    zone: list[int]
    tokens: list[int]
    stored: list[int]
    seq: list[int]
    discard: list[int]
    ended: list[bool]
    first_end_done: bool
    #: ``(viewer, seat, cards)`` of each look at a hand this round
    peeks: list[tuple[int, int, tuple[int, ...]]]
    sub: int
    pending: tuple[int | None, ...] | None
    offers: list[tuple[int, ...]]
    move_from: list[int]
    #: ``(viewer, seat, card, step)`` of each card looked at before its flip
    glimpses: list[tuple[int, int, int, int]]
    used: list[int]
    #: the events so far in the kit's form (card ids, zone names), ``None`` when the game
    #: records none (a simulation's, a search's copy)
    events: list[tuple[Any, ...]] | None
    #: the hidden cards played this Play Phase and still face down: instance -> (seat, zone)
    #: (their ``reveal`` events at the Battle Phase; kept with the events only)
    face_down: dict[int, tuple[int, int]]
    tally: Tally | None
    bank_limited: bool
    bank: int
    token_bank: int
    minted: int
    burned: int
    history: list[tuple[int | None, ...]]
    zone_mods: list[bool]
    neighbour_mods: list[bool]
    occ: list[list[list[int]]]
    prod: list[list[int]]
    disc_unit: list[int]
    disc_building: list[int]
    battle_start: int
    battle_glory: list[int]
    effect_glory: list[int]
    coin_glory: list[int]
    battles: list[BattleRecord]
    rounds_done: int
    tie: tuple[int, ...]
    chance_ties: bool

    # ------------------------------------------------------------------ construction
    @classmethod
    def empty(cls, game: Game, seed: int | None = None) -> State:
        """A state with every field set but no card anywhere (scenarios fill it in)."""
        st = cls.__new__(cls)
        n, m = game.num_players, game.num_instances
        st.game = game
        st.card = game.pool.card
        st.n = n
        st.num_resources = len(game.rules.resource_ids)
        st.seed = game.seed if seed is None else seed
        st.rng = random.Random(st.seed)
        st.round = 1
        st.phase = DRAFT
        st.step = 0
        st.gstep = 0
        st.coins = [game.starting_coins] * n
        st.glory = [0] * n
        st.piles = [[] for _ in game.rules.seasons]
        st.packs = [[] for _ in range(n)]
        st.kept = [[] for _ in range(n)]
        st.hands = [[] for _ in range(n)]
        st.saved = [[] for _ in range(n)]
        st.tab = [[] for _ in range(n)]
        st.zone = [-1] * m
        st.tokens = [0] * m
        st.stored = [0] * m
        st.seq = [0] * m
        st.discard = []
        st.ended = [False] * n
        st.first_end_done = False
        st.peeks = []
        st.sub = CHOOSE
        st.pending = None
        st.offers = [()] * n
        st.move_from = [-1] * n
        st.glimpses = []
        st.used = []
        st.events = [] if game.log_events else None
        st.face_down = {}
        st.tally = Tally(played=[0] * n, checked=[-1] * n) if game.tally else None
        st.bank_limited = not game.settings.bank_unlimited
        st.bank = game.coin_supply - game.starting_coins * n
        st.token_bank = game.token_supply
        st.minted = game.starting_coins * n
        st.burned = 0
        st.history = []
        st.zone_mods = [False] * n
        st.neighbour_mods = [False] * n
        st.occ = [[[], [], []] for _ in range(n)]
        st.prod = [[0] * st.num_resources for _ in range(n)]
        st.disc_unit = [0] * n
        st.disc_building = [0] * n
        st.battle_start = 0
        st.battle_glory = [0] * n
        st.effect_glory = [0] * n
        st.coin_glory = [0] * n
        st.battles = []
        st.rounds_done = 0
        st.tie = ()
        st.chance_ties = False
        return st

    @classmethod
    def initial(cls, game: Game, seed: int | None = None) -> State:
        """Shuffle the season piles separately and deal the first draft."""
        st = cls.empty(game, seed)
        st.piles = [list(pile) for pile in game.piles]
        for pile in st.piles:
            shuffle(st.rng, pile)
        if game.deal:
            phases.start_round(st)
        return st

    # ------------------------------------------------------------------ queries
    @property
    def num_players(self) -> int:  # type: ignore[override]  # (FieldState's attribute: ``n`` here)
        return self.n

    @property
    def current_phase(self) -> Phase | str:
        """``Phase.DRAFT`` or ``Phase.PLAY`` between decisions; ``"end"`` once terminal."""
        return PHASES[self.phase]

    @property
    def season(self) -> int:
        return self.game.season_of_round[self.round]

    @property
    def decision(self) -> str:
        """What the acting players decide now: ``draft``, ``play``, ``look`` (look at a
        Neighbour's chosen card before the flip, with which card, at whom?), ``intercept``
        (discard the card looked at?) or ``move`` (after the flip); ``""`` when nobody decides
        (the game is over)."""
        if self.phase == DRAFT:
            return "draft"
        if self.phase == PLAY:
            return ("play", "look", "intercept", "move")[self.sub]
        return ""

    def is_terminal(self) -> bool:
        return self.phase == END_PHASE

    def movers(self) -> list[int]:
        """The seats that choose now (each gives one action to :meth:`apply`)."""
        if self.phase == DRAFT:
            return list(range(self.n))
        if self.phase == PLAY:
            if self.sub in (LOOK, INTERCEPT):
                return [p for p in range(self.n) if self.offers[p]]
            if self.sub == MOVE:
                return [p for p in range(self.n) if self.move_from[p] >= 0]
            return [p for p in range(self.n) if not self.ended[p]]
        return []

    def zone_cards(self, p: int, z: int) -> list[int]:
        """``p``'s cards in zone ``z``, in play order."""
        zone = self.zone
        return [i for i in self.tab[p] if zone[i] == z]

    def price(self, p: int, inst: int) -> int:
        """What ``inst`` would cost ``p`` if flipped now."""
        return price(self, p, inst)

    def legal_actions(self, player: int) -> list[int]:
        """``player``'s legal actions now (empty if they do not act).  Copies of a design in
        the pack or hand are one choice: the first copy stands for them (their actions are
        written alike)."""
        if self.phase == DRAFT:
            pack = self.packs[player]
            design = self.game.design_of
            if len({design[i] for i in pack}) == len(pack):  # no copies: all of it
                return pack.copy()
            return _first_copies(pack, design)
        if self.phase == PLAY and self.sub:
            acts = self._reactions(player)
            if len(acts) > 2:
                texts = {self.action_to_string(player, a): a for a in reversed(acts)}
                acts = [a for a in acts if texts[self.action_to_string(player, a)] == a]
            return acts
        if self.phase != PLAY or self.ended[player]:
            return []
        hand = self.hands[player]
        if not hand:
            return [END]
        design = self.game.design_of
        cards = hand if len({design[i] for i in hand}) == len(hand) else _first_copies(hand, design)
        playable: list[int] = []
        saves: list[int] = []
        out = self._plays(player, playable, cards, saves)
        tally = self.tally
        if tally is not None:  # the affordable cards of the hand, as the step's check would add
            if cards is hand:
                tally.affordable.update(playable)
            elif playable:  # a copy is affordable with the first one
                ok = {design[i] for i in playable}
                tally.affordable.update(i for i in hand if design[i] in ok)
            tally.checked[player] = len(self.history)
        out += saves
        return out

    def play_options(self, player: int) -> tuple[list[int], list[int]]:
        """``player``'s legal actions and playable cards (:meth:`playable_cards`) in one pass."""
        playable: list[int] = []
        if self.phase != PLAY or self.sub or self.ended[player] or not self.hands[player]:
            return self.legal_actions(player), playable
        out = self._plays(player, playable)
        out += [-2 - i for i in self.hands[player]]
        return out, playable

    def playable_cards(self, player: int) -> list[int]:
        """``player``'s hand cards with at least one legal play now (affordable, with a zone
        that has slots this season: a full zone still offers replacing its occupants)."""
        return self.play_options(player)[1]

    def _reactions(self, p: int) -> list[int]:
        """``p``'s look, intercept or move actions (``PASS`` first), empty if ``p`` does not
        act."""
        m = self.game.num_instances
        if self.sub != MOVE:
            offers = self.offers[p]
            return [PASS, *(react_action(i, m) for i in offers)] if offers else []
        played = self.move_from[p]
        if played < 0:
            return []
        return [PASS, *(react_action(i * 3 + z, m) for i, z in self.moves_of(p, played))]

    def moves_of(self, p: int, played: int) -> list[tuple[int, int]]:
        """(card, zone) moves a ``move_card`` effect of ``played`` offers ``p`` now: another of
        ``p``'s cards of the kind it names, to another zone it may stand in with a free spot."""
        card, zone = self.card, self.zone
        what = card[played].moves
        cap = self.game.capacity[self.season]
        occ = self.occ[p]
        out = []
        for i in self.tab[p]:
            c = card[i]
            if i == played or not (what & (1 if c.is_unit else 2)):
                continue
            out += [(i, z) for z in c.zones if z != zone[i] and len(occ[z]) < cap[z]]
        return out

    def _plays(
        self, p: int, playable: list[int], hand: list[int] | None = None, saves: list | None = None
    ) -> list[int]:
        """The play actions of ``p`` (of the cards of ``hand``, by default all of ``p``'s);
        appends the cards they play to ``playable`` and, if given, the action ending the turn
        saving each card to ``saves``."""
        g = self.game
        coins = self.coins[p]
        prod = self.prod[p]
        du = self.disc_unit[p]
        db = self.disc_building[p]
        season = g.season_of_round[self.round]
        info = g.inst_plays[season]
        free_replace = g.settings.replace_when_free
        occ = self.occ[p]
        # zones where a play may (or must) remove an occupant: full, or occupied when a free
        # slot may replace too; a card with none of them just has its base actions
        c0, c1, c2 = g.capacity[season]
        o0, o1, o2 = occ
        blocked = (
            (1 if o0 and (free_replace or len(o0) >= c0) else 0)
            | (2 if o1 and (free_replace or len(o1) >= c1) else 0)
            | (4 if o2 and (free_replace or len(o2) >= c2) else 0)
        )
        out: list[int] = []
        append = out.append
        save = saves.append if saves is not None else None
        for inst in self.hands[p] if hand is None else hand:
            if save is not None:
                save(-2 - inst)
            cost, unit, disc, zones, mask, bases = info[inst]
            cost -= du if unit else db
            if disc:
                for r in disc:
                    cost -= prod[r]
            if cost > coins or not zones:
                continue
            playable.append(inst)
            if not mask & blocked:
                out += bases
                continue
            for z, cz, base in zones:
                here = occ[z]
                if len(here) < cz:
                    append(base)
                    if free_replace:
                        for v in here:
                            append(base + v)
                else:
                    for v in here:
                        append(base + v)
        return out

    def decode_action(self, action: int) -> PlayAction:
        """A play-phase action decoded (card, zone, victim, saved card)."""
        return decode_play(action, self.game.num_instances)

    def decode_reaction(self, action: int) -> tuple[int, int]:
        """A look, intercept or move action as ``(card, zone)``: for a look the intercept card
        and the side of the Neighbour (0 left, 1 right), for an intercept the card discarded
        and ``-1``; ``(-1, -1)`` for ``PASS``."""
        code = decode_react(action, self.game.num_instances)
        if code < 0:
            return -1, -1
        if self.sub == INTERCEPT:
            return code, -1
        return divmod(code, 2) if self.sub == LOOK else divmod(code, 3)

    def action_card(self, action: int) -> int:
        """The card an action keeps (draft) or plays (play phase); ``-1`` for ending a turn
        and for intercept and move decisions."""
        if self.phase == DRAFT:
            return action
        return action // (3 * self.game.num_instances + 3) if action >= 0 else -1

    def attack_power(self, player: int) -> int:
        """``player``'s attack against their right Neighbour, as a battle would count it now."""
        return total_power(self, player, ATTACK, self.game.right[player])

    def defence_power(self, player: int) -> int:
        """``player``'s defence against their left Neighbour (who attacks them)."""
        return total_power(self, player, DEFENCE, self.game.left[player])

    def visible_cards(self, player: int) -> set[int]:
        """The cards ``player`` sees now: own pack, kept, hand and saved cards, face-up tableau
        cards (hidden cards of others stay face down in the Play Phase they were played in)
        and the hands ``player`` peeked at this round."""
        seen = set(self.packs[player])
        seen.update(self.hands[player], self.kept[player], self.saved[player])
        n, card, seq = self.n, self.card, self.seq
        fresh = self.gstep - self.step  # cards played after this are still face down
        play = self.phase == PLAY
        for q in range(n):
            for i in self.tab[q]:
                if q == player or not play or not card[i].hidden or seq[i] // n <= fresh:
                    seen.add(i)
        for viewer, _q, cards in self.peeks:
            if viewer == player:
                seen.update(cards)
        for viewer, _q, inst, _step in self.glimpses:
            if viewer == player:
                seen.add(inst)
        return seen

    # ------------------------------------------------------------------ lookahead support
    def reseed(self, seed: int) -> None:
        """Replace the state's RNG (random effects, battle order ties) by ``Random(seed)``."""
        self.seed = seed
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ transitions
    def _tally_affordable(self) -> None:
        """Record the hand cards that have a legal play at this decision (a simulation's
        never-affordable figure)."""
        g = self.game
        info = g.inst_plays[g.season_of_round[self.round]]
        tally = self.tally
        assert tally is not None  # the caller's check
        seen, checked = tally.affordable, tally.checked
        ended, hands = self.ended, self.hands
        now = len(self.history) - 1  # the decision being applied
        for p in range(self.n):
            if ended[p] or checked[p] == now:
                continue
            todo = set(hands[p])
            todo -= seen  # most of a hand was affordable at an earlier decision
            if not todo:
                continue
            coins, prod = self.coins[p], self.prod[p]
            du, db = self.disc_unit[p], self.disc_building[p]
            for inst in todo:
                cost, unit, disc, zones, _mask, _bases = info[inst]
                cost -= du if unit else db
                for r in disc:
                    cost -= prod[r]
                if zones and cost <= coins:
                    seen.add(inst)

    # ------------------------------------------------------------------ results
    def results(self) -> list[PlayerResult]:
        """Final standings by glory, then coins, then tableau cards (shared win if all tie)."""
        keys = [(self.glory[p], self.coins[p], len(self.tab[p])) for p in range(self.n)]
        order = sorted(keys, reverse=True)  # a key's first place in it = how many are ahead
        return [PlayerResult(p, *k, order.index(k) + 1, k == order[0]) for p, k in enumerate(keys)]

    def winners(self) -> list[int]:
        return [r.seat for r in self.results() if r.winner]

    def returns(self) -> list[float]:
        """1.0 for each winner (shared wins included), 0.0 otherwise; zeros before the end."""
        if not self.is_terminal():
            return [0.0] * self.n
        return [1.0 if r.winner else 0.0 for r in self.results()]

    # ------------------------------------------------------------------ bookkeeping
    def refresh_mods(self, p: int) -> None:
        """Recompute the cached numbers of ``p``'s tableau (after any change to it that a card
        which ``modifies`` them makes; the occupants per zone are rebuilt too)."""
        card = self.card
        t = self.tab[p]
        occ: list[list[int]] = [[], [], []]
        for i in t:
            occ[self.zone[i]].append(i + 1)
        self.occ[p] = occ
        zm = nm = False
        prod = [0] * self.num_resources
        du = db = 0
        for i in t:
            c = card[i]
            if not c.modifies:
                continue
            if c.power_zone:
                zm = True
            if c.power_neighbour:
                nm = True
            for r, a in c.produce:
                prod[r] += a
            for applies, a in c.discounts:
                if applies != 2:
                    du += a
                if applies != 1:
                    db += a
        self.zone_mods[p] = zm
        self.neighbour_mods[p] = nm
        self.prod[p] = prod
        self.disc_unit[p] = du
        self.disc_building[p] = db

    def card_zones(self) -> dict[int, str]:
        """Where every card instance is (for invariant checks): instance -> zone label."""
        where: dict[int, str] = {}

        def put(label: str, items) -> None:
            for i in items:
                if i in where:
                    raise AssertionError(f"card {i} is in {where[i]} and {label}")
                where[i] = label

        for s, pile in enumerate(self.piles):
            put(f"pile{s}", pile)
        for p in range(self.n):
            put(f"pack{p}", self.packs[p])
            put(f"kept{p}", self.kept[p])
            put(f"hand{p}", self.hands[p])
            put(f"saved{p}", self.saved[p])
            put(f"tableau{p}", self.tab[p])
        put("discard", self.discard)
        return where

    def action_to_string(self, player: int, action: int | None) -> str:
        """A readable action, e.g. ``play wall left (remove woodcutter)``."""
        if action is None:
            return "no action"
        cid = self.game.card_id
        m = self.game.num_instances
        if self.phase == DRAFT:
            return f"pick {cid(action)}" if 0 <= action < m else f"pick #{action}"
        if self.sub:
            inst, z = self.decode_reaction(action)
            if inst < 0 or inst >= m:
                return "pass" if action == PASS else f"action {action}"
            if z < 0:
                return f"intercept {cid(inst)}"
            if self.sub == LOOK:
                q = self.game.right[player] if z else self.game.left[player]
                return f"look with {cid(inst)} at P{q + 1}'s card"
            return f"move {cid(inst)} to {PLACES[z].value}"
        return self._play_text(action, player)

    def _play_text(self, action: int, player: int) -> str:
        """A play-phase choice (a play, or ending the turn) in words."""
        cid = self.game.card_id
        m = self.game.num_instances
        a = decode_play(action, m)
        if action == END:
            return "end"
        if not (0 <= max(a.card, a.save) < m):
            return f"action {action}"
        if a.ends:
            return f"end saving {cid(a.save)}"
        victim = ""
        if a.victim >= 0:  # of several copies in the zone, which one (in play order)
            design, zone = self.card[a.victim], self.zone[a.victim]
            alike = [i for i in self.tab[player] if self.card[i] is design and self.zone[i] == zone]
            nth = f" #{alike.index(a.victim) + 1}" if len(alike) > 1 else ""
            victim = f" (remove {cid(a.victim)}{nth})"
        return f"play {cid(a.card)} {PLACES[a.zone].value}{victim}"

    # ------------------------------------------------------------------ the engine kit
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Who battles first when several have the least glory: each of them alike (the
        kit's chance node; the game's own drivers draw it in :func:`.phases.battle_start`)."""
        tie = self.tie
        return [(p, 1 / len(tie)) for p in tie] if tie else []

    def sample_chance(self) -> int:
        """The draw :func:`.phases.battle_start` makes: a seeded game plays the same."""
        return self.tie[self.rng.randrange(len(self.tie))]

    def chance_to_string(self, outcome: int) -> str:
        return f"P{outcome + 1} battles first"

    def apply_chance(self, outcome: int) -> None:
        """The first battle is ``outcome``'s: the battles, income and age go on."""
        if outcome not in self.tie:
            raise IllegalAction(f"no chance outcome {outcome} now")
        self.tie = ()
        self._kit(lambda: phases.resume(self, outcome))

    def _kit(self, run: Callable[[], None]) -> None:
        """``run()`` with a tie for the first battle left to the kit's chance node."""
        self.chance_ties = True
        try:
            run()
        finally:
            self.chance_ties = False

    def apply(self, actions: Mapping[int, int]) -> None:
        """One action per mover, ``{seat: action}``; :class:`IllegalAction` otherwise.  A
        play is checked on its own (:meth:`_legal`), not by listing every legal action."""
        movers = self.movers()
        acts: list[int | None] = [None] * self.n
        draft, packs, legal = self.phase == DRAFT, self.packs, self._legal
        for p in movers:
            a = actions.get(p)
            if a is None or len(actions) != len(movers):
                who = ", ".join(f"P{p + 1}" for p in movers) or "nobody"
                raise IllegalAction(f"the movers now are {who}; got actions for {sorted(actions)}")
            if not (type(a) is int and a in packs[p] if draft else legal(p, a)):
                raise IllegalAction(f"P{p + 1}: {self.action_to_string(p, a)} is not legal now")
            acts[p] = a
        if len(actions) != len(movers):
            raise IllegalAction(f"nobody moves now; got actions for {sorted(actions)}")
        self._kit(lambda: self._step(acts))

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        """:meth:`apply` unchecked: the simulation's bots choose among the legal actions."""
        acts: list[int | None] = [None] * self.n
        for p, a in actions.items():
            acts[p] = a
        if self.phase == DRAFT:  # :meth:`_step`'s first case, without the call
            self.history.append(tuple(acts))
            phases.draft_step(self, acts)
        else:
            self._step(acts)

    def _step(self, acts: list[int | None]) -> None:
        """One simultaneous step, unchecked: ``acts[p]`` for every mover ``p``, ``None`` for
        the others (a glory tie for the first battle waits at the kit's chance node)."""
        self.history.append(tuple(acts))
        if self.phase == DRAFT:
            phases.draft_step(self, acts)
            return
        if self.phase != PLAY:
            raise IllegalActionError("no decisions are taken in this phase")
        if self.tally is not None and not self.sub:
            self._tally_affordable()
        self.chance_ties = True  # a tie for the first battle waits at the kit's chance node
        try:
            phases.play_step(self, acts)
        finally:
            self.chance_ties = False

    def _legal(self, p: int, a: int) -> bool:
        """Whether ``a`` is one of ``p``'s legal actions (a copy of a design in the pack or
        hand, or of a victim, stands for the copy :meth:`legal_actions` offers)."""
        if type(a) is not int:
            return False
        if self.phase == DRAFT:
            return a in self.packs[p]
        if self.phase != PLAY or self.sub or self.ended[p]:
            return a in self.legal_actions(p)
        if a < 0:
            return not self.hands[p] if a == END else -2 - a in self.hands[p]
        g = self.game
        inst, v = divmod(a, g.num_instances + 1)
        inst, z = divmod(inst, 3)
        if inst >= g.num_instances or inst not in self.hands[p]:
            return False
        _cost, _unit, _disc, zones, _mask, _bases = g.inst_plays[self.season][inst]
        if price(self, p, inst) > self.coins[p]:
            return False
        cap = next((c for zz, c, _b in zones if zz == z), 0)
        here = self.occ[p][z]
        if not cap:
            return False
        if v == 0:
            return len(here) < cap
        return v in here and (len(here) >= cap or g.settings.replace_when_free)

    def arrange(self, given: Mapping[str, Any]) -> None:
        """Put the game in a described position (a scenario's ``given``)."""
        from cardgen.packs.attack_right.engine.arrange import arrange

        arrange(self, given)

    def __repr__(self) -> str:
        return f"<State round {self.round} {PHASES[self.phase]} step {self.step}>"


__all__ = [
    "AGE",
    "BATTLE",
    "CHOOSE",
    "DRAFT",
    "END",
    "END_PHASE",
    "INCOME",
    "INTERCEPT",
    "LOOK",
    "MOVE",
    "PASS",
    "PLAY",
    "IllegalActionError",
    "PlayerResult",
    "State",
    "play_action",
    "save_action",
]

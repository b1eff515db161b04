"""The five phases of a round, as functions on a :class:`~.state.State`.

Draft and play advance one simultaneous step per call; when the play phase is over, battle,
income and age resolve at once and the next round is dealt (or the game is scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardgen.packs.attack_right.engine.actions import END
from cardgen.packs.attack_right.engine.compiled import (
    ALWAYS,
    ATTACK,
    ATTACK_LOST,
    ATTACK_WON,
    DEFENCE,
    DEFENCE_LOST,
    DEFENCE_WON,
)
from cardgen.packs.attack_right.engine.executors import (
    add_tokens,
    die,
    gain_coins,
    gain_glory,
    per_value,
    price,
    remove_card,
    total_power,
)
from cardgen.packs.attack_right.engine.intents import Intents, fire, intend, resolve, run

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State

DRAFT, PLAY, BATTLE, INCOME, AGE, END_PHASE = range(6)


class BattleRecord(NamedTuple):
    """One battle as fought (kept in fast mode too): ``winner`` is ``-1`` when nobody wins."""

    round: int
    attacker: int
    defender: int
    attack: int
    defence: int
    winner: int


_record = tuple.__new__  # builds a BattleRecord without NamedTuple's Python-level __new__


# ------------------------------------------------------------------ round and draft
def start_round(st: State) -> None:
    """Deal each player a draft hand from the season's pile."""
    g = st.game
    st.phase = DRAFT
    st.peeks = []
    pile = st.piles[g.season_of_round[st.round]]
    h = g.hand_size
    for p in range(st.n):
        st.packs[p] = pile[-h:]
        del pile[-h:]
    ev = st.events
    if ev is not None:
        ev.append(("round", st.round, g.rules.seasons[g.season_of_round[st.round]].id))
        for p in range(st.n):
            ev.append(("deal", p, tuple(st.packs[p])))


def draft_step(st: State, actions) -> None:
    """Everyone keeps one card face down and passes the rest left; at the last card the
    remainder is discarded (kept in a first game)."""
    packs, kept, ev = st.packs, st.kept, st.events
    n = st.n
    for p in range(n):
        a = actions[p]
        packs[p].remove(a)
        kept[p].append(a)
        if ev is not None:
            ev.append(("pick", p, a))
    if len(packs[0]) <= 1:
        for p in range(n):
            rest = packs[p]
            if rest:
                if st.game.first_game:
                    kept[p].extend(rest)
                    if ev is not None:
                        ev.append(("pick", p, rest[0]))
                else:
                    st.discard.extend(rest)
                    if ev is not None:
                        ev.append(("draft_discard", p, rest[0]))
            packs[p] = []
        start_play(st)
    else:  # pass left: seat p gets the pack of seat p - 1
        st.packs = packs[-1:] + packs[:-1]


def start_play(st: State) -> None:
    """The play hand is the drafted cards, in the order they were kept, then the saved ones
    (an ordering drivers may rely on: see :class:`~.state.State`)."""
    st.phase = PLAY
    st.step = 0
    st.first_end_done = False
    for p in range(st.n):
        st.hands[p] = st.kept[p] + st.saved[p]
        st.kept[p] = []
        st.saved[p] = []
        st.ended[p] = False
    if st.events is not None:
        st.events.append(("phase", "play"))


# ------------------------------------------------------------------ play
def play_step(st: State, actions) -> None:
    """All chosen cards flip together: costs from the pre-flip snapshot, occupants removed,
    when-played effects counted on the snapshot and unable to target each other."""
    g = st.game
    n, m1 = st.n, g.num_instances + 1
    card, ev = st.card, st.events
    ended, hands, coins = st.ended, st.hands, st.coins
    st.step += 1
    st.gstep += 1
    plays = []
    enders = []
    for p in range(n):
        if ended[p]:
            continue
        a = actions[p]
        if a < 0:
            enders.append((p, -1 if a == END else -2 - a))
            continue
        rest, v = divmod(a, m1)
        inst, z = divmod(rest, 3)
        played = card[inst].played
        counts = tuple(per_value(st, p, inst, e[2]) for e in played) if played else ()
        plays.append((p, inst, z, v - 1, price(st, p, inst), counts))
    # pay (to the bank)
    for p, inst, _z, _v, cost, _c in plays:
        coins[p] -= cost
        st.burned += cost
        if st.bank_limited:
            st.bank += cost
        hands[p].remove(inst)
    # end turns
    if enders:
        bonus = 0 if st.first_end_done else g.first_end_bonus
        st.first_end_done = True
        for p, save in enders:
            hand = hands[p]
            if save >= 0:
                hand.remove(save)
                st.saved[p].append(save)
                if ev is not None:
                    ev.append(("save", p, save))
            st.discard.extend(hand)
            if ev is not None:
                ev.append(("end_turn", p, len(hand), st.step))
            hands[p] = []
            ended[p] = True
            if bonus:
                gain_coins(st, p, bonus, "first_to_end")
    if plays:
        _flip(st, plays)
    if all(ended):
        finish_round(st)


def _flip(st: State, plays: list) -> None:
    """Place the flipped cards and remove the occupants they replace; then their when-played
    effects, counted on the snapshot and unable to target each other, are applied together
    (:mod:`.intents`: no seat goes first)."""
    card, ev = st.card, st.events
    tab, zone, seq, tokens, stored = st.tab, st.zone, st.seq, st.tokens, st.stored
    first = st.gstep * st.n
    for p, inst, z, victim, cost, _c in plays:
        tab[p].append(inst)
        st.occ[p][z].append(inst + 1)
        zone[inst] = z
        seq[inst] = first + p
        tokens[inst] = 0
        stored[inst] = 0
        if ev is not None:
            ev.append(("play", p, inst, z, cost, victim, st.step))
        refresh = card[inst].modifies  # other cards leave p's cached numbers as they are
        if victim >= 0:
            refresh = refresh or card[victim].modifies
            remove_card(st, p, victim, "replaced", refresh=False)
        if refresh:
            st.refresh_mods(p)
    todo = None
    for p, inst, _z, _v, _cost, counts in plays:
        if counts:
            if todo is None:
                todo = Intents()
                flipped = frozenset(x[1] for x in plays)
            for eff, count in zip(card[inst].played, counts, strict=True):
                intend(st, todo, p, inst, eff, count, flipped)
    if todo is not None:
        resolve(st, todo)


# ------------------------------------------------------------------ battle, income, age
def play_order(st: State, cards, start: int) -> list:
    """(owner, inst) pairs sorted in play order: earlier step first, then seat from ``start``."""
    if len(cards) < 2:
        return cards
    n, seq = st.n, st.seq
    if not start:  # seq = step * n + seat: its order is (step, seat)
        return sorted(cards, key=lambda x: seq[x[1]])
    return sorted(cards, key=lambda x: (seq[x[1]] // n, (seq[x[1]] - start) % n))


def battle(st: State) -> None:
    """Battles one by one from the player with the least glory, counter-clockwise."""
    g = st.game
    n, glory, ev = st.n, st.glory, st.events
    low = min(glory)
    lowest = [p for p in range(n) if glory[p] == low]
    start = lowest[st.rng.randrange(len(lowest))] if len(lowest) > 1 else lowest[0]
    st.battle_start = start
    ties = g.settings.defender_wins_ties
    card = st.card
    a = start
    for _ in range(n):
        d = g.right[a]
        atk = total_power(st, a, ATTACK, d)
        dfn = total_power(st, d, DEFENCE, a)
        if atk > dfn:
            winner = a
        elif atk < dfn or ties:
            winner = d
        else:
            winner = -1
        st.battles.append(_record(BattleRecord, (st.round, a, d, atk, dfn, winner)))
        if ev is not None:
            ev.append(("battle", a, d, atk, dfn, winner))
        if winner >= 0:
            gain_glory(st, winner, g.battle_glory, "battle", st.battle_glory)
        ao = ATTACK_WON if winner == a else ATTACK_LOST
        do = DEFENCE_WON if winner == d else DEFENCE_LOST
        todo = []
        for i in st.tab[a]:
            if card[i].battle:
                todo += [(a, i, e) for e in card[i].battle if e[4] == ao or e[4] == ALWAYS]
        for i in st.tab[d]:
            if card[i].battle:
                todo += [(d, i, e) for e in card[i].battle if e[4] == do]
        if todo:
            for p, i, e in play_order(st, todo, start):
                run(st, p, i, e, per_value(st, p, i, e[2]))
        a = d


def income(st: State) -> None:
    """3 coins plus card income to everyone, then upkeep: all or nothing."""
    g = st.game
    card, ev = st.card, st.events
    for p in range(st.n):
        gain_coins(st, p, g.income, "income")
        for i in list(st.tab[p]):
            if card[i].income:
                fire(st, p, i, card[i].income)
    for p in range(st.n):
        due = 0
        for i in st.tab[p]:
            due += card[i].upkeep
        if not due:
            continue
        paid = st.coins[p] >= due
        if ev is not None:
            ev.append(("upkeep", p, due, paid))
        if paid:
            st.coins[p] -= due
            st.burned += due
            if st.bank_limited:
                st.bank += due
        else:
            lost = st.coins[p]
            st.coins[p] = 0
            st.burned += lost
            if st.bank_limited:
                st.bank += lost
            for i in [i for i in st.tab[p] if card[i].upkeep]:
                remove_card(st, p, i, "upkeep")


def age(st: State) -> None:
    """Start-of-age effects and deaths (order per setting), then every unit gains a token."""
    if st.game.settings.age_start_before_deaths:
        _age_start(st)
        _deaths(st)
    else:
        _deaths(st)
        _age_start(st)
    card, tokens = st.card, st.tokens
    plain = not st.bank_limited and st.events is None  # no token bank, nothing to log
    for p in range(st.n):
        for i in st.tab[p]:
            if card[i].is_unit:
                if plain:
                    tokens[i] += 1
                else:
                    add_tokens(st, p, i, 1)


def _age_start(st: State) -> None:
    card = st.card
    todo = [(p, i) for p in range(st.n) for i in st.tab[p] if card[i].age_start]
    for p, i in play_order(st, todo, 0):
        if i in st.tab[p]:
            fire(st, p, i, card[i].age_start)


def _deaths(st: State) -> None:
    card, tokens = st.card, st.tokens
    dying = [(p, i) for p in range(st.n) for i in st.tab[p] if card[i].is_unit and tokens[i] > 0]
    if not dying:
        return
    dying = play_order(st, dying, 0)
    for p, i in dying:
        if card[i].dies:
            fire(st, p, i, card[i].dies)
    owners = []
    for p, i in dying:
        die(st, p, i, refresh=False)
        if card[i].modifies and p not in owners:
            owners.append(p)
    for p in owners:
        st.refresh_mods(p)


def finish_round(st: State) -> None:
    """Battle, income and age; then the next round's draft or the final scoring."""
    st.phase = BATTLE
    resume(st)


def resume(st: State) -> None:
    """Resolve automatic phases from the current one (used by scenarios that start there)."""
    g = st.game
    ev = st.events
    if st.phase == BATTLE:
        if ev is not None:
            ev.append(("phase", "battle"))
        battle(st)
        st.phase = INCOME
    if st.phase == INCOME:
        if ev is not None:
            ev.append(("phase", "income"))
        income(st)
        st.phase = AGE
    if st.phase == AGE:
        if ev is not None:
            ev.append(("phase", "age"))
        age(st)
        st.rounds_done += 1
        if st.round >= g.rounds:
            score(st)
        else:
            st.round += 1
            start_round(st)


def score(st: State) -> None:
    """1 glory per 3 coins; the game is over."""
    g = st.game
    for p in range(st.n):
        bonus = st.coins[p] // g.coins_per_glory
        if bonus:
            gain_glory(st, p, bonus, "coins", st.coin_glory)
    st.phase = END_PHASE
    ev = st.events
    if ev is not None:
        ev.append(("game_end", tuple(st.glory), tuple(st.coins), tuple(st.winners())))

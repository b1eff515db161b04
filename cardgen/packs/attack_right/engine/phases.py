"""The five phases of a round, as functions on a :class:`~.state.State`.

Draft and play advance one simultaneous step per call; when the play phase is over, battle,
income and age resolve at once and the next round is dealt (or the game is scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardgen.packs.attack_right.engine.actions import END, PASS, decode_react
from cardgen.packs.attack_right.engine.compiled import (
    ALWAYS,
    ATTACK,
    ATTACK_LOST,
    ATTACK_WON,
    DEFENCE,
    DEFENCE_LOST,
    DEFENCE_WON,
    ZONE_NAMES,
)
from cardgen.packs.attack_right.engine.executors import (
    add_tokens,
    die,
    gain_glory,
    per_value,
    price,
    remove_card,
    targets,
    total_power,
)
from cardgen.packs.attack_right.engine.intents import Intents, fire, intend, resolve, run

if TYPE_CHECKING:
    from cardgen.packs.attack_right.engine.state import State

DRAFT, PLAY, BATTLE, INCOME, AGE, END_PHASE = range(6)
CHOOSE, LOOK, INTERCEPT, MOVE = range(4)  # the decisions of a play step (State.sub)


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
    ev, ids = st.events, g.ids
    if ev is not None:
        ev.append(("round", st.round, g.rules.seasons[g.season_of_round[st.round]].id))
        for p in range(st.n):
            ev.append(("deal", p, tuple(ids[i] for i in st.packs[p])))
    elif st.tally is not None:
        st.tally.deals += [("deal", p, tuple(st.packs[p])) for p in range(st.n)]


def draft_step(st: State, actions) -> None:
    """Everyone keeps one card face down and passes the rest left; at the last card the
    remainder is discarded (kept in a first game)."""
    packs, kept, ev = st.packs, st.kept, st.events
    tally = st.tally if ev is None else None
    n = st.n
    for pack, keep, a in zip(packs, kept, actions, strict=True):
        pack.remove(a)
        keep.append(a)
    if ev is not None:
        ids = st.game.ids
        ev += [("pick", p, ids[actions[p]]) for p in range(n)]
    elif tally is not None:
        tally.picks += enumerate(actions)  # (seat, instance) of each pick
    if len(packs[0]) <= 1:
        for p in range(n):
            rest = packs[p]
            if rest:
                if st.game.first_game:
                    kept[p].extend(rest)
                    if ev is not None:
                        ev.append(("pick", p, st.game.ids[rest[0]]))
                    elif tally is not None:
                        tally.picks.append((p, rest[0]))
                else:
                    st.discard.extend(rest)
                    if ev is not None:
                        ev.append(("draft_discard", p, st.game.ids[rest[0]]))
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
    st.glimpses = []
    st.used = []
    for p in range(st.n):
        st.hands[p] = st.kept[p] + st.saved[p]
        st.kept[p] = []
        st.saved[p] = []
        st.ended[p] = False
    if st.events is not None:
        st.events.append(("phase", "play"))


# ------------------------------------------------------------------ play
def play_step(st: State, actions) -> None:
    """One decision of a play step (:attr:`State.decision`): the players' choices, then looks
    at chosen cards (if anyone may look), the discards of the cards looked at, then the flip,
    then moves (if anyone may move)."""
    if st.sub == LOOK:
        _looks(st, actions)
    elif st.sub == INTERCEPT:
        _intercepts(st, actions)
    elif st.sub == MOVE:
        _moves(st, actions)
    elif not (st.game.intercepting and _offer_looks(st, actions)):
        flip_step(st, actions)


def _chosen(st: State, actions) -> list[int]:
    """Per seat, the card its action of the step plays (``-1``: none, or the turn ends)."""
    m1 = st.game.num_instances + 1
    return [a // m1 // 3 if a is not None and a >= 0 else -1 for a in actions]


def look_offers(st: State, p: int, chosen: list[int]) -> tuple[int, ...]:
    """The looks ``p`` may take before this flip, as codes ``card * 2 + side`` (side 0: the
    left Neighbour, 1: the right one): each of ``p``'s intercept cards not used this round,
    at each Neighbour it reaches who chose a card to play (C19)."""
    g = st.game
    card, used = st.card, st.used
    codes: list[int] = []
    for i in st.tab[p]:
        if not card[i].intercepts or i in used:
            continue
        for t in card[i].intercepts:
            for q in targets(st, p, i, t):
                code = i * 2 + (q != g.left[p])
                if chosen[q] >= 0 and code not in codes:
                    codes.append(code)
    return tuple(codes)


def look_target(st: State, p: int, code: int) -> tuple[int, int]:
    """The intercept card and the Neighbour's seat of ``p``'s look ``code``."""
    i, side = divmod(code, 2)
    return i, st.game.right[p] if side else st.game.left[p]


def _offer_looks(st: State, actions) -> bool:
    """Before the flip: each player still in the phase whose unused intercept card reaches a
    Neighbour who chose a card to play decides, with the others, whether to look now (naming
    the card that spends its once per round and the Neighbour) or to keep the look for a later
    flip; ``False`` if nobody may look."""
    card, used, ended, tab = st.card, st.used, st.ended, st.tab
    offers: list[tuple[int, ...]] | None = None
    for p in range(st.n):
        if ended[p]:
            continue
        for i in tab[p]:
            if card[i].intercepts and i not in used:
                break
        else:  # no unused intercept card: no look
            continue
        if offers is None:
            chosen = _chosen(st, actions)
            offers = [()] * st.n
        offers[p] = look_offers(st, p, chosen)
    if offers is None or not any(offers):
        return False
    st.sub, st.pending, st.offers = LOOK, tuple(actions), offers
    return True


def _looks(st: State, decisions) -> None:
    """Spend the intercept cards of the looks taken and show each looker the card its
    Neighbour chose (a glimpse); the lookers then decide whether to discard it, or, if nobody
    looked, the step's choices flip."""
    g = st.game
    chosen = _chosen(st, st.pending)
    ev = st.events
    offers: list[tuple[int, ...]] = [()] * st.n
    for p, d in enumerate(decisions):
        if d is None or d == PASS:
            continue
        i, q = look_target(st, p, decode_react(d, g.num_instances))
        inst = chosen[q]
        st.used.append(i)
        st.glimpses.append((p, q, inst, st.step + 1))
        offers[p] = (inst,)
        if ev is not None:
            ev.append(("look", p, q, g.ids[i], st.step + 1))
            ev.append(("glimpse", p, q, g.ids[inst], st.step + 1))
    if any(offers):
        st.sub, st.offers = INTERCEPT, offers
        return
    actions = list(st.pending or ())
    st.sub, st.pending, st.offers = CHOOSE, None, [()] * st.n
    flip_step(st, actions)


def _intercepts(st: State, decisions) -> None:
    """Discard the cards the lookers chose to discard (a card two players looked at and
    discard is discarded once), then flip the rest of the step's choices."""
    g = st.game
    actions = list(st.pending or ())
    chosen = _chosen(st, actions)
    ev = st.events
    gone: list[int] = []
    for p, d in enumerate(decisions):
        if d is None or d == PASS:
            continue
        inst = decode_react(d, g.num_instances)
        q = chosen.index(inst)
        if ev is not None:
            ev.append(("intercept", p, q, g.ids[inst], st.step + 1))
        if inst not in gone:
            gone.append(inst)
            st.hands[q].remove(inst)
            st.discard.append(inst)
            actions[q] = None
    st.sub, st.pending, st.offers = CHOOSE, None, [()] * st.n
    flip_step(st, actions)


def _moves(st: State, decisions) -> None:
    """Apply the chosen moves together (each player moves only their own cards)."""
    ev = st.events
    for p, d in enumerate(decisions):
        if d is None or d == PASS:
            continue
        inst, z = divmod(decode_react(d, st.game.num_instances), 3)
        old = st.zone[inst]
        st.zone[inst] = z
        st.refresh_mods(p)  # rebuilds the zones' occupants too
        if ev is not None:
            ev.append(("move", p, st.game.ids[inst], ZONE_NAMES[old], ZONE_NAMES[z]))
            if inst in st.face_down:  # a face-down card is revealed where it stands
                st.face_down[inst] = (p, z)
    st.sub, st.move_from = CHOOSE, [-1] * st.n
    if all(st.ended):
        finish_round(st)


def flip_step(st: State, actions) -> None:
    """All chosen cards flip together: costs from the pre-flip snapshot, occupants removed,
    when-played effects counted on the snapshot and unable to target each other.  ``None``
    for a player still in the phase: their card was intercepted (they play on)."""
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
        if a is None:
            continue
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
                    ev.append(("save", p, g.ids[save]))
            st.discard.extend(hand)
            if ev is not None:
                ev.append(("end_turn", p, len(hand), st.step))
            elif st.tally is not None:
                st.tally.ended.append((st.round, p, coins[p], len(st.tab[p])))
            hands[p] = []
            ended[p] = True
        if bonus:  # all first enders at once (a short limited bank shares what it holds)
            first = Intents()
            first.coin_gains = [(p, bonus, "first_to_end") for p, _save in enders]
            resolve(st, first)
    if plays:
        _flip(st, plays)
        if g.moving and _offer_moves(st, plays):
            return
    if all(ended):
        finish_round(st)


def _offer_moves(st: State, plays: list) -> bool:
    """After the flip: players whose flipped card may move one of their other cards decide
    next; ``False`` if no such move is possible."""
    movers = [-1] * st.n
    card = st.card
    for p, inst, *_rest in plays:
        if card[inst].moves and st.moves_of(p, inst):
            movers[p] = inst
    if max(movers) < 0:
        return False
    st.sub, st.move_from = MOVE, movers
    return True


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
            _log_play(st, ev, p, inst, z, cost, victim)
        elif st.tally is not None:
            st.tally.plays.append((p, inst))
            st.tally.played[p] += 1
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


def battle_start(st: State) -> int | None:
    """The player with the least glory, who battles first; of several, one drawn at random,
    or None where the kit's chance node draws it (``st.chance_ties``: ``st.tie`` holds them)."""
    glory = st.glory
    low = min(glory)
    lowest = [p for p in range(st.n) if glory[p] == low]
    if len(lowest) == 1:
        return lowest[0]
    if st.chance_ties:
        st.tie = tuple(lowest)
        return None
    return lowest[st.rng.randrange(len(lowest))]


def battle(st: State, start: int) -> None:
    """Battles one by one from ``start`` (:func:`battle_start`), counter-clockwise."""
    g = st.game
    n, ev = st.n, st.events
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
            ev.append(("battle", a, d, atk, dfn, winner if winner >= 0 else None))
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
    """3 coins to everyone, then card income to everyone (each all at once, so a limited bank
    running dry shares what it holds: :mod:`.intents`), then upkeep: all or nothing."""
    g = st.game
    card, ev = st.card, st.events
    base = Intents()
    base.coin_gains = [(p, g.income, "income") for p in range(st.n)]
    resolve(st, base)
    extra = Intents()
    for p in range(st.n):
        for i in st.tab[p]:
            for eff in card[i].income:
                intend(st, extra, p, i, eff, per_value(st, p, i, eff[2]))
    resolve(st, extra)
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


def _log_play(st: State, ev: list, p: int, inst: int, z: int, cost: int, victim: int) -> None:
    """The event of a flipped card: a hidden card's is a ``play_hidden`` its owner alone sees
    whole, and it stays face down (:attr:`~.state.State.face_down`) until the Battle Phase."""
    ids = st.game.ids
    face_down = st.face_down
    face_down.pop(victim, None)
    hidden = st.card[inst].hidden
    if hidden:
        face_down[inst] = (p, z)
    ev.append(
        ("play_hidden" if hidden else "play", p, ids[inst], ZONE_NAMES[z], cost,
         ids[victim] if victim >= 0 else None, st.step)
    )  # fmt: skip


def _reveal(st: State, ev: list) -> None:
    """The Battle Phase turns face up the hidden cards still face down, in play order."""
    ids = st.game.ids
    ev += [("reveal", q, ids[i], ZONE_NAMES[z]) for i, (q, z) in st.face_down.items()]
    st.face_down.clear()


def finish_round(st: State) -> None:
    """Battle, income and age; then the next round's draft or the final scoring."""
    st.phase = BATTLE
    resume(st)


def resume(st: State, start: int | None = None) -> None:
    """Resolve automatic phases from the current one (used by scenarios that start there); a
    glory tie for the first battle stops it at the battle phase when chance draws it
    (``st.tie`` set), and ``start`` resumes it with the first battle's player drawn."""
    g = st.game
    ev = st.events
    if st.phase == BATTLE:
        if start is None:
            if ev is not None:
                ev.append(("phase", "battle"))
                if st.face_down:
                    _reveal(st, ev)
            start = battle_start(st)
            if start is None:
                return
        battle(st, start)
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
        done = st.round
        if st.round >= g.rounds:
            score(st)
        else:
            st.round += 1
            start_round(st)
        tally = st.tally
        if tally is not None:
            tabs = tuple(len(t) for t in st.tab)
            tally.rounds.append((done, tuple(st.coins), tuple(st.glory), tabs, tuple(tally.played)))
            tally.played = [0] * st.n


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

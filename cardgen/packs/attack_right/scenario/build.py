"""Build an engine state from a scenario's partial setup."""

from __future__ import annotations

from cardgen.packs.attack_right.engine import phases
from cardgen.packs.attack_right.engine.actions import END, play_action, save_action
from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.game import Game
from cardgen.packs.attack_right.engine.state import PHASES, State
from cardgen.packs.attack_right.scenario.file_format import (
    Action,
    CardSpec,
    PickAct,
    PlayAct,
    SaveAct,
    Setup,
)
from cardgen.scenarios.protocol import ScenarioError as CoreScenarioError


class ScenarioError(CoreScenarioError):
    """A scenario that cannot be set up or run as written."""


def _take(st: State, card_id: str, where: str) -> int:
    """Take an unused instance of ``card_id`` out of the piles."""
    pool = st.game.pool
    if card_id not in pool.by_id:
        known = ", ".join(sorted(pool.by_id))
        raise ScenarioError(f"{where}: unknown card {card_id!r} (cards of these decks: {known})")
    for inst in pool.instances_of(card_id):
        for pile in st.piles:
            if inst in pile:
                pile.remove(inst)
                return inst
    raise ScenarioError(f"{where}: no copy of {card_id!r} left (the decks hold fewer)")


def build_state(game: Game, setup: Setup) -> State:
    """A state with the setup's cards placed and everything else shuffled into the piles."""
    st = State.initial(game)
    n = st.n
    if len(setup.players) > n:
        raise ScenarioError(f"setup lists {len(setup.players)} players; the game has {n}")
    if setup.round > game.rounds:
        raise ScenarioError(f"round {setup.round}: the game has {game.rounds} rounds")
    st.round = setup.round
    order = 0
    for p, ps in enumerate(setup.players):
        where = f"setup.players[{p}]"
        if ps.coins is not None:
            st.coins[p] = ps.coins
        st.glory[p] = ps.glory
        for field in ("hand", "pack", "kept", "saved"):
            target = {"hand": st.hands, "pack": st.packs, "kept": st.kept, "saved": st.saved}
            target[field][p].extend(_take(st, c, f"{where}.{field}") for c in getattr(ps, field))
        st.ended[p] = ps.ended
        cap = game.capacity[game.season_of_round[st.round]]
        for placement, cards in ps.tableau.items():
            z = ZONES.index(placement)
            if len(cards) > cap[z]:
                raise ScenarioError(f"{where}.tableau.{placement}: {len(cards)} > {cap[z]} slots")
            for spec in cards:
                spec = CardSpec(card=spec) if isinstance(spec, str) else spec
                inst = _take(st, spec.card, f"{where}.tableau")
                st.tab[p].append(inst)
                st.zone[inst] = z
                st.tokens[inst] = spec.tokens
                st.stored[inst] = spec.coins
                st.seq[inst] = order * n + p
                order += 1
        st.refresh_mods(p)
    st.discard.extend(_take(st, c, "setup.discard") for c in setup.discard)
    st.gstep = order
    st.step = setup.step
    st.first_end_done = setup.first_end_done
    st.minted = sum(st.coins) + sum(st.stored)
    st.bank = max(0, game.coin_supply - st.minted)
    st.token_bank = max(0, game.token_supply - sum(st.tokens))
    phase = setup.phase
    st.phase = [str(x) for x in PHASES].index(phase)
    if phase == "draft" and not any(st.packs):
        phases.start_round(st)
    elif phase in ("battle", "income", "age"):
        phases.resume(st)
    return st


def find_in(st: State, insts: list[int], card_id: str, where: str) -> int:
    for i in insts:
        if st.card[i].id == card_id:
            return i
    raise ScenarioError(f"{where}: {card_id!r} is not there")


def encode(st: State, p: int, act: Action, where: str) -> int:
    """The engine action for a scenario action of seat ``p``."""
    m = st.game.num_instances
    if act == "end":
        return END
    if isinstance(act, PickAct):
        return find_in(st, st.packs[p], act.pick, f"{where}: pick")
    if isinstance(act, SaveAct):
        return save_action(find_in(st, st.hands[p], act.save, f"{where}: save"))
    assert isinstance(act, PlayAct)
    inst = find_in(st, st.hands[p], act.play, f"{where}: play")
    z = ZONES.index(act.zone)
    victim = -1
    if act.replace is not None:
        victim = find_in(st, st.zone_cards(p, z), act.replace, f"{where}: replace")
    return play_action(inst, z, victim, m)

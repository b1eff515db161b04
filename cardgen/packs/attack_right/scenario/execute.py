"""Attack Right scenarios: build the state, apply the steps, compare the expectations (the
core, :mod:`cardgen.scenarios`, finds the files and the catalogue and reports)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.events import to_dict
from cardgen.packs.attack_right.engine.game import Game, GameOptions, GameSetupError
from cardgen.packs.attack_right.engine.observation import observe
from cardgen.packs.attack_right.engine.state import PHASES, IllegalActionError, State
from cardgen.packs.attack_right.scenario.build import ScenarioError, build_state, encode
from cardgen.packs.attack_right.scenario.file_format import CardSpec, Expect, Scenario, TableauSpec
from cardgen.packs.attack_right.scenario.references import check_header, check_references


def parse(data: Any, smap: SourceMap) -> Scenario:
    """The scenario of a loaded YAML document; DiagnosticError for a malformed one."""
    from cardgen.catalogue.validation_errors import validate_model

    sc = validate_model(Scenario, data, smap)
    sc._source, sc._document = smap, data
    return sc


def make_game(sc: Scenario, cat: Catalogue) -> Game:
    n = sc.num_players
    decks = sc.decks or list(cat.rules.deck_ids[:n])
    settings = cat.rules.settings.model_copy(update=sc.settings) if sc.settings else None
    if settings is not None:
        settings = type(settings).model_validate(settings.model_dump())
    slot_power = None
    if sc.slot_power is not None:
        slot_power = {**cat.rules.slot_power, **sc.slot_power}
    opts = GameOptions(
        first_game=sc.first_game, settings=settings, slot_power=slot_power, deal=False
    )
    return Game(cat, decks, seed=sc.seed, options=opts)


def run(sc: Scenario, cat: Catalogue) -> list[str]:
    """Run a parsed scenario on ``cat``: every mismatch (empty: it passes); ScenarioError
    if it cannot be set up or run."""
    try:
        return run_scenario(sc, cat)
    except GameSetupError as exc:
        raise ScenarioError(str(exc)) from exc


def run_scenario(sc: Scenario, cat: Catalogue) -> list[str]:
    """Run a parsed scenario on ``cat``; its problems."""
    problems = check_header(sc, cat.rules)
    if problems:  # an unknown deck or setting: no game can be made of it
        return problems
    game = make_game(sc, cat)
    problems = check_references(sc, game)
    if problems:  # a name the game does not know: the scenario would test nothing
        return problems
    st = build_state(game, sc.setup, sc.deals)
    seen_events = 0
    for k, step in enumerate(sc.steps, 1):
        where = f"step {k}"
        if st.is_terminal():
            raise ScenarioError(f"{where}: the game is already over")
        actions: list[int | None] = [None] * st.n
        for p in st.acting_players():
            if p in step.actions:
                actions[p] = encode(st, p, step.actions[p], f"{where}, player {p}")
            else:
                legal = st.legal_actions(p)
                if len(legal) != 1:
                    raise ScenarioError(f"{where}: player {p} must act (no action given)")
                actions[p] = legal[0]
        extra = set(step.actions) - set(st.acting_players())
        if extra:
            raise ScenarioError(f"{where}: player(s) {sorted(extra)} do not act now")
        if step.illegal:
            try:
                st.clone().apply_actions(actions)
            except IllegalActionError:
                continue
            problems.append(f"{where}: expected to be refused as illegal, but was accepted")
            continue
        try:
            st.apply_actions(actions)
        except IllegalActionError as exc:
            problems.append(f"{where}: {exc}")
            return problems
        if step.expect is not None:
            problems += [f"{where}: {p}" for p in check(st, step.expect, seen_events)]
            seen_events = len(st.raw_events or ())
    problems += [f"end: {p}" for p in check(st, sc.expect, seen_events)]
    return problems


# ------------------------------------------------------------------ comparison
def _ids(st: State, insts: Iterable[int]) -> list[str]:
    return [st.card[i].id for i in insts]


def _bag(items: Iterable[str]) -> list[str]:
    return sorted(Counter(items).elements())


def _tableau(st: State, p: int, want: TableauSpec) -> list[str]:
    problems = []
    for placement in ZONES:
        if placement not in want:
            continue
        have = st.zone_cards(p, ZONES.index(placement))
        specs = [CardSpec(card=s) if isinstance(s, str) else s for s in want[placement]]
        got = [CardSpec(card=st.card[i].id, tokens=st.tokens[i], coins=st.stored[i]) for i in have]
        full = any(not isinstance(s, str) for s in want[placement])
        if full:
            ok = got == specs
            show = [g.model_dump() for g in got]
        else:
            ok = [g.card for g in got] == [s.card for s in specs]
            show = [g.card for g in got]
        if not ok:
            problems.append(f"tableau {placement.value}: expected {want[placement]}, got {show}")
    return problems


def _matches(event: dict, want: dict) -> bool:
    return all(event.get(k) == v for k, v in want.items())


def check(st: State, exp: Expect, since: int) -> list[str]:
    """Every difference between ``st`` and the expectation, as readable lines."""
    problems: list[str] = []

    def diff(what: str, want, got) -> None:
        if want is not None and want != got:
            problems.append(f"{what}: expected {want!r}, got {got!r}")

    diff("round", exp.round, st.round)
    diff("phase", exp.phase, str(PHASES[st.phase]))
    diff("decision", exp.decision, st.decision)
    if exp.winners is not None:
        diff("winners", exp.winners, st.winners() if st.is_terminal() else None)
    for p, pe in exp.players.items():
        if not 0 <= p < st.n:
            problems.append(f"player {p}: no such seat")
            continue
        who = f"player {p}"
        diff(f"{who} coins", pe.coins, st.coins[p])
        diff(f"{who} glory", pe.glory, st.glory[p])
        diff(f"{who} ended", pe.ended, st.ended[p])
        diff(f"{who} tableau size", pe.tableau_size, len(st.tab[p]))
        diff(f"{who} hand size", pe.hand_size, len(st.hands[p]))
        for name, insts in (
            ("hand", st.hands[p]),
            ("pack", st.packs[p]),
            ("kept", st.kept[p]),
            ("saved", st.saved[p]),
        ):
            want = getattr(pe, name)
            if want is not None:
                diff(f"{who} {name}", _bag(want), _bag(_ids(st, insts)))
        if pe.tableau is not None:
            problems += [f"{who} {x}" for x in _tableau(st, p, pe.tableau)]
    if exp.discard is not None:
        diff("discard", _bag(exp.discard), _bag(_ids(st, st.discard)))
    events = [to_dict(e, st.game.card_id) for e in (st.raw_events or ())[since:]]
    pos = 0
    for want in exp.events:
        if "count" in want:
            match = {k: v for k, v in want.items() if k != "count"}
            hits = [e for e in events if _matches(e, match)]
            if len(hits) != want["count"]:
                problems.append(
                    f"expected {want['count']} event(s) {match}, got {len(hits)}: {hits or 'none'}"
                )
            continue
        while pos < len(events) and not _matches(events[pos], want):
            pos += 1
        if pos == len(events):
            near = [e for e in events if e["type"] == want.get("type")]
            problems.append(f"missing event {want} (events of that type: {near or 'none'})")
            pos = 0
        else:
            pos += 1
    for want in exp.no_events:
        hits = [e for e in events if _matches(e, want)]
        if hits:
            problems.append(f"unexpected event(s) {hits}")
    for s in exp.seen:
        obs = observe(st, s.viewer)
        got = [c["card"] for c in obs["players"][s.seat]["tableau"]]
        diff(f"player {s.viewer} sees seat {s.seat}'s tableau", s.tableau, got)
    for pk in exp.peeks:
        obs = observe(st, pk.viewer)
        hands = [_bag(x["hand"]) for x in obs["peeks"] if x["seat"] == pk.seat]
        if _bag(pk.hand) not in hands:
            problems.append(
                f"player {pk.viewer} should have seen seat {pk.seat}'s hand {pk.hand}; "
                f"saw {hands or 'nothing'}"
            )
    for gl in exp.glimpses:
        obs = observe(st, gl.viewer)
        cards = [x["card"] for x in obs["glimpses"] if x["seat"] == gl.seat]
        if gl.card not in cards:
            problems.append(
                f"player {gl.viewer} should have seen {gl.card!r} that seat {gl.seat} was about "
                f"to play; saw {cards or 'nothing'}"
            )
    for p, acts in exp.legal.items():
        legal = set(st.legal_actions(p))
        for a in acts:
            try:
                code = encode(st, p, a, f"legal, player {p}")
            except ScenarioError as exc:
                problems.append(str(exc))
                continue
            if code not in legal:
                problems.append(f"player {p}: expected {st.action_to_string(p, code)} legal")
    for p, acts in exp.illegal.items():
        legal = set(st.legal_actions(p))
        for a in acts:
            try:
                code = encode(st, p, a, f"illegal, player {p}")
            except ScenarioError as exc:  # illegal whatever the rules say: it tests nothing
                problems.append(f"{exc}: an expectation that cannot fail")
                continue
            if code in legal:
                problems.append(f"player {p}: expected {st.action_to_string(p, code)} illegal")
    problems += _deal_piles_bank(st, exp)
    return problems


def _deal_piles_bank(st: State, exp: Expect) -> list[str]:
    """The ``dealt``, ``piles`` and ``bank`` expectations."""
    problems: list[str] = []
    g = st.game
    if exp.dealt:
        last: dict[int, tuple[int, ...]] = {}
        for e in st.raw_events or ():
            if e[0] == "deal":
                last[e[1]] = e[2]
        for p, want in exp.dealt.items():
            got = _bag(_ids(st, last[p])) if p in last else None
            if got != _bag(want):
                problems.append(f"player {p} dealt: expected {_bag(want)}, got {got}")
    for season, want in exp.piles.items():
        pile = st.piles[g.rules.season_ids.index(season)]
        ids = _ids(st, pile)
        if want.size is not None and want.size != len(pile):
            problems.append(f"{season} pile size: expected {want.size}, got {len(pile)}")
        missing = sorted(set(want.contains) - set(ids))
        if missing:
            problems.append(f"{season} pile: expected to hold {missing}")
        unwanted = sorted(set(want.excludes) & set(ids))
        if unwanted:
            problems.append(f"{season} pile: expected not to hold {unwanted}")
        stars = sum(1 for i in pile if st.card[i].star)
        if want.stars is not None and want.stars != stars:
            problems.append(f"{season} pile star cards: expected {want.stars}, got {stars}")
    if exp.bank is not None:
        coins = g.coin_supply - sum(st.coins) - sum(st.stored)
        tokens = g.token_supply - sum(st.tokens)
        for what, want, got in (
            ("coins", exp.bank.coins, coins),
            ("tokens", exp.bank.tokens, tokens),
        ):
            if want is not None and want != got:
                problems.append(f"bank {what}: expected {want}, got {got}")
    return problems

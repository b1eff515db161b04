"""Attack Right's old scenario format in the engine kit's (``cardgen scenario upgrade``).

The old format (:mod:`.upgrade_format`): top-level ``players``,
``decks``, ``settings``, ``first_game``, ``rule``; ``setup`` (round, phase, step, each player's
coins, glory, hand, pack, kept, saved, ended and tableau by zone, the discard); steps of seat
indexes to action mappings (a seat with one choice may be left out), each with an ``expect``
or as ``illegal: true``; expectations of players by seat index, bags of cards, tableaus by zone
and events in order (or ``count: N``) since the previous expectation.

Converted: the header to ``setup``/``seed``, ``rule`` and ``description`` to the
``description``; the setup to ``given`` (every seat's zones named, so the kit's new game deals
nothing the old set-up did not have); each step to the movers' action strings, found by playing
the steps on the game (a seat left out gets its one legal action; a look's Neighbour and a
card's copy as the old runner chose them); an ``illegal`` step to the seats whose action the
rules refuse; a bag of cards to ``{contains, size}``; a tableau by zone to the seat's ``zones``
(each card by the fields it names: a card written with its tokens and coins is compared on all
three); a peek or glimpse to an item the designer's ``peeks``/``glimpses`` contain; an event as
a pattern (``player`` is ``seat``, a hidden card's ``play`` is ``play_hidden``): the kit counts
events from the start, so a count or an in-order event (at least one, its order not kept) adds
the matches the game logged before the old expectation's window; what one seat ``seen`` of
another's tableau to ``seen_by`` (that seat's observation); a later round's ``deals`` to the
season piles in the order that deals them; ``dealt`` to that deal's event; a pile's
``excludes`` as it is and ``stars: 0`` as the exclusion of every star design; the bank to the
view's (an unlimited bank's goes below 0).  What has no equivalent (a pile's count of star
cards above 0) is an :class:`~cardgen.engine.UpgradeError` at its place
in the file, as is anything the old models refuse (an unknown key or value).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import ValidationError

from cardgen.engine import UpgradeError
from cardgen.engine.chance import settle
from cardgen.engine.errors import EngineError
from cardgen.engine.log import event_dicts
from cardgen.engine.protocol import seat_name
from cardgen.packs.attack_right.engine import upgrade_format as old
from cardgen.packs.attack_right.engine.events import CARD, EVENT_FIELDS, PER_SEAT, SEAT, SEATS
from cardgen.packs.attack_right.engine.upgrade_format import arrange_deals, encode

OLD_TOP = {"rule", "players", "decks", "settings", "first_game", "slot_power", "deals"}
#: expectations only the old format has (its peeks, glimpses, piles, bank and discard are
#: also fields of the kit's view)
OLD_EXPECT = {"players", "winners", "seen", "dealt", "no_events"}
LISTS = ("hand", "pack", "kept", "saved")


def is_old(doc: Any) -> bool:
    """Whether ``doc`` is a scenario of the old format."""
    if not isinstance(doc, dict):
        return False
    setup, expect = doc.get("setup"), doc.get("expect")
    steps = doc["steps"] if isinstance(doc.get("steps"), list) else []
    return (
        bool(OLD_TOP & set(doc))
        or (isinstance(setup, dict) and isinstance(setup.get("players", 0), list))
        or (isinstance(setup, dict) and bool({"round", "phase", "step", "discard"} & set(setup)))
        or any(
            isinstance(s, dict) and ("actions" in s or any(type(k) is int for k in s))
            for s in steps
        )
        or (isinstance(expect, dict) and bool(OLD_EXPECT & set(expect)))
    )


def upgrade(doc: Any, engine: Any, catalogue: Any) -> dict[str, Any] | None:
    """``doc`` in the kit's format (its steps played on ``catalogue`` by ``engine``), or None
    if it is not of the old format."""
    if not is_old(doc):
        return None
    sc = _model(doc)
    n = sc.num_players
    out: dict[str, Any] = {"name": sc.name}
    text = "\n\n".join(t for t in (sc.rule, sc.description) if t)
    if text:
        out["description"] = text
    out["cards"] = sc.cards
    setup: dict[str, Any] = {"players": n}
    if sc.decks:
        setup["sides"] = list(sc.decks)
    if sc.settings:
        setup["settings"] = dict(sc.settings)
    options: dict[str, Any] = {"first_game": True} if sc.first_game else {}
    if sc.slot_power is not None:
        options["slot_power"] = {z.value: [str(x) for x in v] for z, v in sc.slot_power.items()}
    if options:
        setup["options"] = options
    out["setup"] = setup
    out["seed"] = sc.seed
    with _at("setup"):
        out["given"] = _given(sc.setup, n, catalogue)
    play = _Play(engine, catalogue, out, n)
    if sc.deals:
        with _at("deals"):
            out["given"]["piles"] = play.deal(sc.deals, sc.setup)
    steps: list[dict[str, Any]] = []
    for i, step in enumerate(sc.steps):
        with _at("steps", i):
            steps += play.step(i, step, _long(doc["steps"][i]))
    if steps:
        out["steps"] = steps
    with _at("expect"):
        expect = play.expect(sc.expect, doc.get("expect") or {}, ("expect",))
    if expect:
        out["expect"] = expect
    return out


def _model(doc: dict[str, Any]) -> old.Scenario:
    """The old models' reading of ``doc``; an unknown key or value is an error at its place
    (the deepest of pydantic's errors: for an action, the branch it was written as)."""
    try:
        return old.Scenario.model_validate(doc)
    except ValidationError as exc:
        err = max(exc.errors(), key=lambda e: len(e["loc"]))
        path: list[Any] = []
        node: Any = doc
        for part in err["loc"]:  # keep the keys of the document (not the models' names)
            inside = isinstance(node, dict) and part in node
            inside |= isinstance(node, list) and isinstance(part, int) and part < len(node)
            if not inside:
                continue
            node = node[part]
            path.append(part)
        text = f"{'.'.join(map(str, path))}: {err['msg']}"
        if err.get("input") is not None and not isinstance(err["input"], dict | list):
            text += f" (not {err['input']!r})"
        raise UpgradeError(text, tuple(path)) from None


def _long(step: Any) -> bool:
    return isinstance(step, dict) and old.is_long_step(step)


@contextmanager
def _at(*path: str | int) -> Iterator[None]:
    """An error of the old runner or the game under ``path`` is an UpgradeError there."""
    try:
        yield
    except UpgradeError as exc:
        raise UpgradeError(str(exc), exc.path or path) from None
    except (EngineError, ValueError) as exc:
        raise UpgradeError(str(exc), path) from None


def _given(s: old.Setup, n: int, catalogue: Any) -> dict[str, Any]:
    """The old set-up as a described state: every seat's zones named (empty ones too)."""
    given: dict[str, Any] = {"round": s.round, "phase": s.phase, "step": s.step}
    if s.first_end_done:
        given["first_end_done"] = True
    deal_now = s.phase == "draft" and not any(p.pack for p in s.players)
    if deal_now and s.round != 1:
        raise UpgradeError(
            f"a draft of round {s.round} with no packs named: the kit's new game deals round 1",
            ("setup", "round"),
        )
    order = 0
    for p in range(n):
        ps = s.players[p] if p < len(s.players) else old.PlayerSetup()
        seat: dict[str, Any] = {}
        if ps.coins is not None:
            seat["coins"] = ps.coins
        seat["glory"] = ps.glory
        for f in LISTS:
            if f != "pack" or not deal_now:
                seat[f] = list(getattr(ps, f))
        seat["ended"] = ps.ended
        seat["tableau"] = []
        given[seat_name(p)] = seat
    for p, ps in enumerate(s.players):  # the old set-up's play order: seat by seat
        for zone, cards in ps.tableau.items():
            for spec in cards:
                spec = old.CardSpec(card=spec) if isinstance(spec, str) else spec
                given[seat_name(p)]["tableau"].append(
                    {"card": spec.card, "zone": zone.value, "tokens": spec.tokens,
                     "coins": spec.coins, "order": order * n + p}
                )  # fmt: skip
                order += 1
    given["gstep"] = order
    if s.discard:
        given["discard"] = list(s.discard)
    return given


def _bag(cards: list[str]) -> dict[str, Any]:
    return {"contains": sorted(cards), "size": len(cards)}


class _Play:
    """The converted scenario played on the kit as far as it goes: the state each old step
    and expectation is converted against."""

    def __init__(self, engine: Any, catalogue: Any, doc: dict[str, Any], n: int) -> None:
        from cardgen.engine.scenario import _by_seat

        s = doc["setup"]
        setup = engine.setup(
            catalogue, n, tuple(s.get("sides") or ()), s.get("settings") or {},
            s.get("options") or {}, [],
        )  # fmt: skip
        self.engine, self.n = engine, n
        self.state = engine.new_game(catalogue, setup).new_initial_state(doc["seed"])
        if self.state.events is not None:
            self.state.events.clear()
        engine.arrange(self.state, _by_seat(doc["given"], n))
        settle(self.state)
        self.since = 0  # the old expectation's window starts at this event

    def deal(self, deals: dict[int, dict[int, list[str]]], s: old.Setup) -> dict[str, list[str]]:
        """The season piles, in order, that deal ``deals`` (the old ``deals``: per round and
        seat, the cards of that round's pack), the rest of each pile as the seed shuffled it."""
        st = self.state
        deal_now = s.phase == "draft" and not any(p.pack for p in s.players)
        arrange_deals(st, deals, first=s.round if deal_now else s.round + 1)
        seasons = st.game.rules.season_ids
        named = {st.game.season_of_round[r] for r in deals}
        return {seasons[k]: [st.card[i].id for i in st.piles[k]] for k in sorted(named)}

    def step(self, i: int, step: old.Step, long: bool) -> list[dict[str, Any]]:
        st, where = self.state, f"step {i + 1}"
        base: tuple = ("steps", i, "actions") if long else ("steps", i)
        if st.is_terminal():
            raise UpgradeError(f"{where}: the game is already over", ("steps", i))
        movers = st.movers()
        extra = sorted(set(step.actions) - set(movers))
        if extra:
            raise UpgradeError(f"{where}: seat(s) {extra} do not act now", (*base, extra[0]))
        codes: dict[int, int] = {}
        for p in movers:
            if p in step.actions:
                with _at(*base, p):
                    codes[p] = encode(st, p, step.actions[p], f"{where}, player {p}")
                continue
            legal = st.legal_actions(p)
            if len(legal) != 1:
                raise UpgradeError(f"{where}: seat {p} must act (no action given)", ("steps", i))
            codes[p] = legal[0]
        texts = {seat_name(p): st.action_to_string(p, a) for p, a in codes.items()}
        if step.illegal:
            if step.expect is not None:
                raise UpgradeError(f"{where}: an illegal step's expect is never checked", base)
            refused = {
                seat_name(p): st.action_to_string(p, codes[p])
                for p in step.actions
                if codes[p] not in st.legal_actions(p)
            }
            return [
                {"illegal": refused or {seat_name(p): texts[seat_name(p)] for p in step.actions}}
            ]
        with _at("steps", i):
            st.apply(codes)
            settle(st)  # a glory tie for the first battle: the seed draws it, as the kit does
        out: list[dict[str, Any]] = [texts]
        if step.expect is not None:
            exp = self.expect(step.expect, {}, ("steps", i, "expect"))
            if exp:
                out.append({"expect": exp})
        return out

    def expect(self, e: old.Expect, raw: dict[str, Any], path: tuple) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("round", "phase", "decision"):
            if getattr(e, key) is not None:
                out[key] = getattr(e, key)
        if e.winners is not None:
            out["winner"] = [seat_name(w) for w in e.winners] or "none"
        for p, pe in sorted(e.players.items()):
            seat = self._seat(pe, (*path, "players", p))
            if seat:
                out[seat_name(p)] = seat
        if e.peeks:
            out["peeks"] = {"contains": [
                {"viewer": seat_name(x.viewer), "seat": seat_name(x.seat), "hand": _bag(x.hand)}
                for x in e.peeks
            ]}  # fmt: skip
        if e.glimpses:
            out["glimpses"] = {"contains": [
                {"viewer": seat_name(x.viewer), "seat": seat_name(x.seat), "card": x.card}
                for x in e.glimpses
            ]}  # fmt: skip
        if e.discard is not None:
            out["discard"] = _bag(e.discard)
        piles = {}
        for season, pile in e.piles.items():
            excludes = set(pile.excludes)
            if pile.stars == 0:  # no star card: none of the star designs
                excludes |= {c.id for c in self.state.game.catalogue.cards if c.star}
            elif pile.stars is not None:
                raise UpgradeError(
                    f"piles.{season}.stars: {pile.stars} star cards has no equivalent in the "
                    "designer's view (0 has: none of the star designs)",
                    (*path, "piles", season, "stars"),
                )
            tests = (
                ("size", pile.size),
                ("contains", sorted(pile.contains)),
                ("excludes", sorted(excludes)),
            )
            piles[season] = {k: v for k, v in tests if v is not None and v != []}
        if piles:
            out["piles"] = piles
        if e.seen:
            out["seen_by"] = seen = {}
            for x in e.seen:
                mine = seen.setdefault(seat_name(x.viewer), {})
                mine[seat_name(x.seat)] = {"tableau": [{"card": c} for c in x.tableau]}
        if e.bank is not None:
            for key, name in (("coins", "bank"), ("tokens", "token_bank")):
                if getattr(e.bank, key) is not None:
                    out[name] = getattr(e.bank, key)
        events = self._events(e, path)
        events += [self._dealt(p, cards) for p, cards in sorted(e.dealt.items())]
        if events:
            out["events"] = events
        legal = self._legal(e, path)
        if legal:
            out["legal"] = legal
        return out

    def _seat(self, pe: old.PlayerExpect, path: tuple) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("coins", "glory", "ended"):
            if getattr(pe, key) is not None:
                out[key] = getattr(pe, key)
        for key in LISTS:
            if getattr(pe, key) is not None:
                out[key] = _bag(getattr(pe, key))
        if pe.hand_size is not None:
            if "hand" in out and out["hand"]["size"] != pe.hand_size:
                raise UpgradeError("hand_size differs from the hand's", (*path, "hand_size"))
            out.setdefault("hand", {})["size"] = pe.hand_size
        if pe.tableau is not None:  # a full card names its tokens and coins (0 if left out)
            out["zones"] = {
                zone.value: [
                    {"card": c} if isinstance(c, str)
                    else {"card": c.card, "tokens": c.tokens, "coins": c.coins}
                    for c in cards
                ]
                for zone, cards in pe.tableau.items()
            }  # fmt: skip
        if pe.tableau_size is not None:
            out["tableau"] = {"size": pe.tableau_size}
        return out

    def _events(self, e: old.Expect, path: tuple) -> list[dict[str, Any]]:
        have = event_dicts(self.engine, self.state.events or [])
        before, self.since = have[: self.since], len(have)
        prior = lambda pat: sum(1 for x in before if all(x.get(f) == v for f, v in pat.items()))  # noqa: E731
        wanted: Counter[str] = Counter()
        pats: dict[str, dict[str, Any]] = {}
        out: list[dict[str, Any]] = []
        for i, ev in enumerate(e.events):
            pat = self._pattern(ev, (*path, "events", i))
            if "count" in ev:
                out.append({**pat, "count": ev["count"] + prior(pat)})
            else:
                pats[repr(pat)] = pat
                wanted[repr(pat)] += 1
        for key, k in wanted.items():
            pat = pats[key]
            out.append({**pat, "at_least": k + prior(pat)})
        for i, ev in enumerate(e.no_events):
            pat = self._pattern(ev, (*path, "no_events", i))
            out.append({**pat, "count": prior(pat)})
        return out

    def _dealt(self, p: int, cards: list[str]) -> dict[str, Any]:
        """The old ``dealt`` (the bag of ``p``'s last deal) as that deal's event: its cards in
        the order dealt if the bag is the game's (else as written: it fails, as it did)."""
        deals = [
            d for d in event_dicts(self.engine, self.state.events or [])
            if d["type"] == "deal" and d["seat"] == seat_name(p)
        ]  # fmt: skip
        got = deals[-1]["cards"] if deals else []
        return {"type": "deal", "seat": seat_name(p),
                "cards": got if sorted(got) == sorted(cards) else cards, "count": 1}  # fmt: skip

    def _pattern(self, ev: dict[str, Any], path: tuple) -> dict[str, Any]:
        """An old event pattern in the kit's words (fields checked against the old events)."""
        kind = ev.get("type")
        if kind not in EVENT_FIELDS:
            raise UpgradeError(f"unknown event type {kind!r}", (*path, "type"))
        fields = dict(EVENT_FIELDS[kind])
        out: dict[str, Any] = {"type": kind}
        for name, v in ev.items():
            if name in ("type", "count"):
                continue
            how = fields.get(name)
            if how is None:
                raise UpgradeError(f"{kind!r} events have no field {name!r}", (*path, name))
            if how == SEAT:
                v = None if v == -1 else seat_name(v)
            elif how == SEATS:
                v = [seat_name(x) for x in v]
            elif how == PER_SEAT:
                raise UpgradeError(f"{name}: no equivalent (one value a seat)", (*path, name))
            out["seat" if name == "player" else name] = v
            if kind == "play" and how == CARD and name == "card" and self._hidden(v):
                out["type"] = "play_hidden"
        return out

    def _hidden(self, card_id: str) -> bool:
        copies = self.state.game.pool.instances_of(card_id)
        return bool(copies) and bool(self.state.card[copies[0]].hidden)

    def _legal(self, e: old.Expect, path: tuple) -> dict[str, Any]:
        st = self.state
        out: dict[str, Any] = {}
        for key, test in (("legal", "includes"), ("illegal", "excludes")):
            for p, acts in getattr(e, key).items():
                for k, act in enumerate(acts):
                    with _at(*path, key, p, k):
                        code = encode(st, p, act, f"{key}, player {p}")
                    out.setdefault(seat_name(p), {}).setdefault(test, []).append(
                        st.action_to_string(p, code)
                    )
        return out

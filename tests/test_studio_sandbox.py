"""The sandbox table: any catalogue's cards as physical cards (piles from its piles, face down,
shuffled from the seed), dealt, drawn, moved, flipped and counted by the seats; a seat never
sees another's hand but its count; every move logged (a hidden card as "a card" in the others'
words); saved and reopened the same.  Then shared by links over HTTP: a catalogue without rules
(the plain pack) started by the designer, played by two links, refused to a spectator and to
forged requests, saved in the output folder and reopened."""

from __future__ import annotations

import json
from typing import Any

import pytest
from studio_share import GROUP, Server, serving

from cardgen.studio.sandbox import Design, Sandbox, SandboxError
from tests.kit.catalogues import ROOT

PLAIN = ROOT / "tests" / "fixtures" / "plain"
DESIGNS = [
    Design("goblin", "Goblin", 3, "monsters", "back/monsters/red"),
    Design("troll", "Troll", 2, "monsters", "back/monsters/red"),
    Design("ale", "Ale", 4, "tavern", "back/tavern/blue"),
]


def _uids(view: dict[str, Any]) -> set[str]:
    return {c["uid"] for z in view["zones"] for c in z.get("cards", []) if c.get("uid")}


def _zone(view: dict[str, Any], name: str) -> dict[str, Any]:
    return next(z for z in view["zones"] if z["zone"] == name)


def test_piles_come_from_the_catalogue_face_down() -> None:
    table = Sandbox(DESIGNS, 2, seed=1)
    view = table.view(0, {})
    assert [(z["zone"], z["count"]) for z in view["zones"] if z["zone"].startswith("pile:")] == [
        ("pile:monsters", 5),
        ("pile:tavern", 4),
    ]
    assert view["cards"] == {}  # nothing face up yet
    assert _zone(view, "pile:monsters")["top"] == {"uid": None, "back": "back/monsters/red"}
    # the same seed, the same order; another seed, another
    again = Sandbox(DESIGNS, 2, seed=1).to_json()["zones"]
    assert table.to_json()["zones"] == again
    assert Sandbox(DESIGNS, 2, seed=2).to_json()["zones"] != again


def test_a_hand_is_private_and_moves_are_logged_in_each_seats_words() -> None:
    table = Sandbox(DESIGNS, 2, seed=3)
    table.act(0, {"op": "deal", "zone": "pile:monsters", "count": 2})
    p1, p2 = table.view(0, {}), table.view(1, {})
    mine = _zone(p1, "hand:P1")["cards"]
    assert len(mine) == 2 and all(c["card"] for c in mine)
    assert "cards" not in _zone(p1, "hand:P2") and _zone(p1, "hand:P2")["count"] == 2
    theirs = {c["uid"] for c in _zone(p2, "hand:P2")["cards"]}
    assert not theirs & set(json.dumps(p1).split('"'))  # no uid of P2's hand in P1's view
    spectator = table.view(None, {})
    assert _uids(spectator) == set() and spectator["viewer"] is None
    # P1 plays a card face down: the others read "a card", P1 its name
    uid, card = mine[0]["uid"], mine[0]["card"]
    table.act(0, {"op": "move", "uid": uid, "to": "table", "up": False})
    name = {d.id: d.name for d in DESIGNS}[card]
    assert table.view(0, {})["log"][-1] == f"P1 moves {name} from P1's hand to the table"
    assert table.view(1, {})["log"][-1] == "P1 moves a card from P1's hand to the table"
    assert _zone(table.view(1, {}), "table")["cards"] == [{"uid": uid, "back": "back/monsters/red"}]
    table.act(1, {"op": "flip", "uid": uid})  # anyone flips a card on the table
    assert _zone(table.view(1, {}), "table")["cards"] == [{"uid": uid, "card": card, "up": True}]
    assert table.view(0, {})["log"][-1] == f"P2 turns {name} face up in the table"
    # another's hand is not reached into; a hand card is not flipped
    other = _zone(p2, "hand:P2")["cards"][0]["uid"]
    for bad in (
        {"op": "move", "uid": other, "to": "table"},
        {"op": "flip", "uid": mine[1]["uid"]},
        {"op": "move", "from": "hand:P2", "to": "table"},
        {"op": "shuffle", "zone": "hand:P2"},
        {"op": "deal", "zone": "table", "count": 1},
        {"op": "deal", "zone": "pile:monsters", "count": 2},  # 3 left, 4 needed
        {"op": "draw", "zone": "pile:tavern", "count": 0},
        {"op": "draw", "zone": "pile:tavern", "count": 51},
        {"op": "draw", "zone": "hand:P2"},
        {"op": "move", "uid": "c999", "to": "table"},
        {"op": "move", "uid": uid, "to": "nowhere"},
        {"op": "counter", "name": "", "delta": 1},
        {"op": "counter", "name": "score", "delta": True},
        {"op": "counter", "name": "score", "value": 10**7},
        {"op": "counter", "name": "score"},
        {"op": "dance"},
        {},
    ):
        with pytest.raises(SandboxError):
            table.act(0, bad)
    # give a card, draw, counters
    table.act(0, {"op": "move", "uid": mine[1]["uid"], "to": "hand:P2"})
    assert _zone(table.view(1, {}), "hand:P2")["count"] == 3
    table.act(1, {"op": "draw", "zone": "pile:tavern", "count": 2})
    assert table.view(0, {})["log"][-1] == "P2 draws 2 from the tavern pile"
    assert table.view(1, {})["log"][-1].startswith("P2 draws Ale, Ale from the tavern pile")
    table.act(0, {"op": "counter", "name": "P1 score", "value": 3})
    table.act(1, {"op": "counter", "name": "P1 score", "delta": -1})
    assert table.view(None, {})["counters"] == {"P1 score": 2}


def test_a_saved_table_reopens_the_same() -> None:
    table = Sandbox(DESIGNS, 3, seed=5, name="friday")
    table.act(2, {"op": "deal", "zone": "pile:tavern", "count": 1})
    table.act(0, {"op": "counter", "name": "round", "value": 2})
    doc = json.loads(json.dumps(table.to_json()))
    again = Sandbox.from_json(doc)
    for seat in (0, 1, 2, None):
        assert again.view(seat, {}) == table.view(seat, {})
    # its random generator goes on as the original's
    table.act(0, {"op": "shuffle", "zone": "pile:monsters"})
    again.act(0, {"op": "shuffle", "zone": "pile:monsters"})
    assert again.to_json() == table.to_json()
    for bad in (
        {},
        {"format": "x"},
        {**doc, "zones": {"pile:x": [["c1", "nothing", False]]}},
        {**doc, "seats": "many"},
        {**doc, "log": [1]},
        [],
    ):
        with pytest.raises(SandboxError):
            Sandbox.from_json(bad)


@pytest.fixture(scope="module")
def server(tmp_path_factory, studio_drawn):
    with serving(PLAIN, tmp_path_factory.mktemp("sandbox") / "output", studio_drawn) as running:
        yield running


def _links(server: Server, body: dict[str, Any], path: str = "/api/sandbox/start") -> dict:
    shown = server.designer("POST", path, body)
    assert shown["kind"] == "sandbox"
    return {k["seat"]: k["url"].rsplit("/", 1)[1] for k in shown["links"]}


@pytest.mark.slow
def test_a_sandbox_of_a_catalogue_without_rules_is_shared(server: Server) -> None:
    assert server.designer("GET", "/api/play/about")["available"] is False  # no engine
    tokens = _links(server, {"seats": 2, "seed": 4})
    assert set(tokens) == {"P1", "P2", "spectator"}

    def act(seat: str, body: Any, **kw: Any) -> tuple[int, Any]:
        status, _, data = server.request("POST", f"/t/{tokens[seat]}/act", body, **kw)
        return status, json.loads(data)

    def view(seat: str) -> dict[str, Any]:
        status, _, data = server.request("GET", f"/t/{tokens[seat]}/view")
        assert status == 200
        return json.loads(data)

    piles = [z["zone"] for z in view("P1")["zones"] if z["zone"].startswith("pile:")]
    status, shown = act("P1", {"op": "deal", "zone": piles[0], "count": 1})
    assert status == 200 and len(_zone(shown, "hand:P1")["cards"]) == 1
    p2 = view("P2")
    theirs = _zone(p2, "hand:P2")["cards"][0]
    quoted = json.dumps(theirs["uid"])  # as a whole string: "c7" may be part of a hash
    assert quoted not in json.dumps(view("P1")) and quoted not in json.dumps(view("spectator"))
    # forged: P1's link naming P2, P1 moving P2's card, the spectator moving anything
    assert act("P1", {"seat": "P2", "op": "draw", "zone": piles[0]})[0] == 403
    assert act("P1", {"op": "move", "uid": theirs["uid"], "to": "table"})[0] == 409
    assert act("spectator", {"op": "draw", "zone": piles[0]})[0] == 403
    status, _, _ = server.request("POST", f"/t/{tokens['P1']}/choose", {"action": "x"})
    assert status == 409
    assert act("P1", {"op": "x" * 20000})[0] == 413
    # P2 plays its card to the table: everyone sees it
    assert act("P2", {"op": "move", "uid": theirs["uid"], "to": "table"})[0] == 200
    table = _zone(view("spectator"), "table")["cards"]
    assert table == [{"uid": theirs["uid"], "card": theirs["card"], "up": True}]
    key = view("spectator")["cards"][theirs["card"]]["key"]
    assert (
        key and server.request("GET", f"/t/{tokens['spectator']}/picture/thumb/{key}.png")[0] == 200
    )
    # saved in the output after every move; reopened with new links, the same table
    saved = server.designer("GET", "/api/sandbox/saved")["saved"]
    assert saved == ["sandbox-seed4-1"]
    path = server.out / "sandbox" / "sandbox-seed4-1.json"
    assert json.loads(path.read_text())["format"] == "cardgen-sandbox/1"
    before = view("P2")
    again = _links(server, {"name": "sandbox-seed4-1"}, "/api/sandbox/open")
    assert server.request("GET", f"/t/{tokens['P2']}/view")[0] == 404  # the old links ended
    status, _, data = server.request("GET", f"/t/{again['P2']}/view")
    assert status == 200 and json.loads(data)["zones"] == before["zones"]
    for bad in ({"name": "../../etc/passwd"}, {"name": "nothing"}, {"name": 5}):
        status, _, data = server.request(
            "POST", "/api/sandbox/open", bad, at="127.0.0.1", designer=True
        )
        assert status == 409 and b"Traceback" not in data, bad
    for bad in ({"seats": 0}, {"seats": 9}, {"seats": "2"}, {"seed": 1.5}):
        status, _, data = server.request(
            "POST", "/api/sandbox/start", bad, at="127.0.0.1", designer=True
        )
        assert status == 409 and b"Traceback" not in data, bad
    assert server.request("POST", "/api/sandbox/start", {"seats": 2}, at=GROUP)[0] == 404

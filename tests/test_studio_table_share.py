"""The Play table shared with a group, over HTTP: the studio served (uvicorn, in this process)
on 127.0.0.1 and on a second loopback address standing for the group's (127.0.0.2), a game of
Attack Right (private packs and hands) with two people and a bot shared by the designer.  Each
seat's link sees its own observation (the engine's, for that seat) and never another seat's
hidden cards, and acts for its own seat only; a spectator sees what every seat may know and
acts for nobody; wrong tokens are refused and rate-limited; foreign hosts, other sites, huge
and malformed messages, 500 connections and a person leaving mid-game are each refused or
handled, never a traceback."""

from __future__ import annotations

import http.client
import json
import re
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from studio_share import GROUP, Game, Server, serving

from cardgen.studio.guests import Limiter
from cardgen.studio.table_share import STREAMS_PER_LINK, public_observation
from tests.kit.catalogues import ROOT

GAME = ROOT / "cards"  # Attack Right


@pytest.fixture(scope="module")
def server(tmp_path_factory, studio_drawn) -> Iterator[Server]:
    with serving(GAME, tmp_path_factory.mktemp("share") / "output", studio_drawn) as running:
        yield running


@pytest.fixture
def game(server: Server) -> Game:
    return Game(server, GAME)


def _ids(value: Any, known: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in known else set()
    if isinstance(value, list):
        return {c for v in value for c in _ids(v, known)}
    if isinstance(value, dict):
        return {c for v in value.values() for c in _ids(v, known)}
    return set()


def _hidden_from(state: Any, seat: int | None, known: Any) -> set[str]:
    """The card ids of the other seats' areas that ``seat`` cannot see (None: a spectator,
    who sees the cards every seat sees)."""
    everything = state.observation(None)
    seats = [seat] if seat is not None else list(range(len(everything["players"])))
    seen = set.intersection(*(_ids(state.observation(q), known) for q in seats))
    hands = {
        c
        for q, player in enumerate(everything["players"])
        if q != seat
        for c in _ids(player, known)
    }
    return hands - seen


def _play_a_few(game: Game, moves: int) -> None:
    """The people choose their first legal action ``moves`` times (the bot answers)."""
    for _ in range(moves):
        for seat in ("P1", "P2"):
            shown, _ = game.view(seat)
            if shown["legal"]:
                assert game.choose(seat, {"action": shown["legal"][0]})[0] == 200
                break
        else:
            return


@pytest.mark.slow
def test_each_link_sees_its_own_seat_only(game: Game) -> None:
    hidden_seen = 0  # the hidden cards checked: some, or the test proves nothing
    for _ in range(12):
        state = game.state()
        known = game.catalogue.by_id
        for p, seat in enumerate(("P1", "P2")):
            shown, raw = game.view(seat)
            observation = state.observation(p)
            assert shown["viewer"] == seat
            drawn = game.engine.shown_cards(game.catalogue, observation)
            assert shown["shown"] == game.engine.layout.for_players(drawn)
            other = 1 - p
            assert shown["shown"]["players"][other]["pack"] == len(
                state.observation(None)["players"][other]["pack"]
            )
            legal = [state.action_to_string(p, a) for a in state.legal_actions(p)]
            waits = p in state.movers() and seat not in shown["chosen"]
            assert shown["legal"] == (legal if waits else [])
            for card in _hidden_from(state, p, known):
                assert f'"{card}"' not in raw.decode(), (seat, card)
                hidden_seen += 1
            # no seed, no steps, no engine data: nothing to replay the deck from
            assert not {"seed", "steps", "observation", "thinking"} & set(shown)
        spectator, raw = game.view("spectator")
        assert spectator["viewer"] is None and spectator["legal"] == []
        assert all(isinstance(p["pack"], int) for p in spectator["shown"]["players"])
        for card in _hidden_from(state, None, known):
            assert f'"{card}"' not in raw.decode(), ("spectator", card)
        _play_a_few(game, 4)
    assert hidden_seen


def test_a_players_table_carries_no_bookkeeping(game: Game) -> None:
    engine_words = {"chosen", "offers", "moving", "step", "gstep", "peeks", "glimpses"}
    engine_words |= {"decision", "token_bank", "ended", "first_end_done"}
    state = game.state()
    full = game.engine.shown_cards(game.catalogue, state.observation(0))
    seat_keys = set(full["players"][0])
    assert engine_words & (set(full) | seat_keys)  # the designer's view keeps them
    shown, _ = game.view("P1")
    table = shown["shown"]
    assert not engine_words & set(table), set(table)
    for p in table["players"]:
        assert not engine_words & set(p), set(p)
        assert {"coins", "glory"} <= set(p)
    assert "round" in table


def test_the_public_observation_keeps_only_what_every_seat_sees() -> None:
    seen = [
        {"round": 2, "players": [{"hand": ["a", "b"], "won": ["c"]}, {"hand": 1, "won": []}]},
        {"round": 2, "players": [{"hand": 2, "won": ["c"]}, {"hand": ["d"], "won": []}]},
    ]
    assert public_observation(seen) == {
        "round": 2,
        "players": [{"hand": 2, "won": ["c"]}, {"hand": 1, "won": []}],
    }
    assert public_observation([{"secret": "x", "a": 1}, {"a": 1}]) == {"a": 1}
    assert public_observation([["a", "b"], ["a", None]]) == ["a", None]


@pytest.mark.slow
def test_no_link_acts_for_another_seat(game: Game) -> None:
    state = game.state()
    assert list(state.movers()) == [0, 1, 2]  # a draft: everyone picks at once
    action = game.view("P1")[0]["legal"][0]
    assert action not in game.view("P2")[0]["legal"]
    # P2's link naming P1, P2's link choosing P1's action, the spectator's: all refused
    assert game.choose("P2", {"seat": "P1", "action": action})[0] == 403
    assert game.choose("P2", {"action": action})[0] == 409
    status, data = game.choose("spectator", {"action": action})
    assert status == 403 and b"spectator acts for nobody" in data
    # the designer's routes are not the guests': without the designer's key, nothing
    for path in (
        "/play",
        "/",
        "/api/state",
        "/api/play/view?seat=P2",
        "/events",
        "/api/play/log",
        "/api/play/share",
        "/static/play.js",
    ):
        status, _, data = game.server.request("GET", path)
        assert status == 404, path
    status, _, _ = game.server.request("POST", "/api/play/choose", {"seat": "P1", "action": action})
    assert status == 404
    # and the game did not move; P1's own link chooses
    assert game.state().observation(None) == state.observation(None)
    assert game.choose("P1", {"seat": "P1", "action": action})[0] == 200
    assert game.view("P2")[0]["chosen"] == ["P1"]  # who chose, never what


@pytest.mark.slow
def test_wrong_tokens_are_refused_then_rate_limited(server: Server, game: Game) -> None:
    source = "127.0.0.3"  # this test's own address: its failures count for it alone
    good = game.tokens["P1"]
    for odd in ("", "..%2Fapi%2Fstate", "%00" * 20, "%2e%2e", good + "%2F..%2F.."):
        status, _, data = server.request("GET", f"/t/{odd}/view", source="127.0.0.4")
        assert status == 404 and b"hand" not in data and b"Traceback" not in data, odd
    guesses = [
        "x",
        "a" * 32,
        good[:-1] + ("A" if good[-1] != "A" else "B"),
        good + "x",
        good.upper(),
        good[1:],
        good[::-1],
    ]
    statuses = []
    for k in range(Limiter().allowed):
        guess = guesses[k % len(guesses)]
        status, _, data = server.request("GET", f"/t/{guess}/view", source=source)
        statuses.append(status)
        assert b"Traceback" not in data and b"hand" not in data
    assert set(statuses) <= {404}
    # now this address is refused even with a good token; another address is not
    assert server.request("GET", f"/t/{good}/view", source=source)[0] == 429
    assert server.request("GET", f"/t/{good}", source=source)[0] == 429
    assert server.request("GET", f"/t/{good}/view")[0] == 200


def test_the_limiter_forgets_after_its_window() -> None:
    now = [0.0]
    limiter = Limiter(allowed=3, window=10, clock=lambda: now[0])
    for _ in range(3):
        assert not limiter.blocked("a")
        limiter.failed("a")
    assert limiter.blocked("a") and not limiter.blocked("b")
    now[0] = 10.5
    assert not limiter.blocked("a")


@pytest.mark.slow
def test_a_new_game_ends_the_old_links(server: Server) -> None:
    old = Game(server, GAME)
    new = Game(server, GAME, seed=4)
    assert server.request("GET", f"/t/{old.tokens['P1']}/view")[0] == 404
    assert server.request("GET", f"/t/{new.tokens['P1']}/view")[0] == 200
    assert set(new.tokens.values()).isdisjoint(old.tokens.values())
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", t) for t in new.tokens.values())


@pytest.mark.slow
def test_hosts_and_origins(game: Game) -> None:
    s, token = game.server, game.tokens["P1"]
    assert s.request("GET", f"/t/{token}/view")[0] == 200  # the group's address
    assert s.request("GET", f"/t/{token}/view", at="127.0.0.1")[0] == 200
    for host in ("evil.example", f"evil.example:{s.port}", "127.0.0.2.evil.example"):
        status, _, data = s.request("GET", f"/t/{token}/view", host=host)
        assert status == 400 and b"hand" not in data
    action = game.view("P1")[0]["legal"][0]
    for origin in ("http://evil.example", None, "null", f"http://127.0.0.1:{s.port}"):
        status, _ = game.choose("P1", {"action": action}, origin=origin)
        assert status == 403, origin
    # behind a TLS proxy the page's origin is https:// and the same host
    assert game.choose("P1", {"action": action}, origin=f"https://{GROUP}:{s.port}")[0] == 200


@pytest.mark.slow
def test_huge_and_malformed_messages(game: Game) -> None:
    s, token = game.server, game.tokens["P1"]
    cases = [
        (b"x" * (64 * 1024), 413),
        (b"{not json", 400),
        (b"[1, 2]", 400),
        (b"\xff\xfe", 400),
        (b"[" * 7000 + b"]" * 7000, 400),
        (json.dumps({"action": 5}).encode(), 400),
        (json.dumps({"action": "x" * 5000}).encode(), 400),
        (json.dumps({"action": "fly to the moon"}).encode(), 409),
        (json.dumps({"action": ["attack"]}).encode(), 400),
    ]
    for raw, want in cases:
        status, _, data = s.request("POST", f"/t/{token}/choose", raw=raw)
        assert status == want, (raw[:30], data)
        assert b"Traceback" not in data
        assert "error" in json.loads(data)
    # a body far larger than it says, sent in chunks without a length
    conn = http.client.HTTPConnection(GROUP, s.port, timeout=60)
    conn.putrequest("POST", f"/t/{token}/choose", skip_host=True)
    for k, v in {
        "Host": f"{GROUP}:{s.port}",
        "Origin": f"http://{GROUP}:{s.port}",
        "Transfer-Encoding": "chunked",
    }.items():
        conn.putheader(k, v)
    conn.endheaders()
    try:
        for _ in range(64):
            conn.send(b"400\r\n" + b"y" * 1024 + b"\r\n")
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server answered and closed first
    response = conn.getresponse()
    assert response.status == 413
    conn.close()
    assert s.request("GET", f"/t/{token}/view")[0] == 200


def _open_stream(port: int, token: str) -> tuple[socket.socket, bytes]:
    sock = socket.create_connection((GROUP, port), timeout=60)
    sock.sendall(f"GET /t/{token}/events HTTP/1.1\r\nHost: {GROUP}:{port}\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    return sock, head


@pytest.mark.slow
def test_500_connections_are_refused_beyond_the_limit(game: Game) -> None:
    s, token = game.server, game.tokens["P2"]
    opened_ = []
    try:
        for _ in range(500):
            opened_.append(_open_stream(s.port, token))
        codes = [int(head.split(b" ", 2)[1]) for _, head in opened_]
        assert codes.count(200) == STREAMS_PER_LINK
        assert codes.count(429) == 500 - STREAMS_PER_LINK
        # the table still answers, and P2 shows as connected to the others
        seats = {x["seat"]: x for x in game.view("P1")[0]["seats"]}
        assert seats["P2"]["connected"]
    finally:
        for sock, _ in opened_:
            sock.close()


@pytest.mark.slow
def test_a_person_leaving_mid_game(game: Game) -> None:
    s = game.server
    sock, head = _open_stream(s.port, game.tokens["P2"])
    assert head.startswith(b"HTTP/1.1 200")
    links = {k["seat"]: k for k in s.designer("GET", "/api/play/share")["links"]}
    assert links["P2"]["connected"]
    sock.close()  # P2's page closed: the seat waits for it (its link rejoins)
    import time

    for _ in range(200):  # the server notices the closed stream at its next write
        links = {k["seat"]: k for k in s.designer("GET", "/api/play/share")["links"]}
        if not links["P2"]["connected"]:
            break
        time.sleep(0.05)
    assert not links["P2"]["connected"]
    again, head = _open_stream(s.port, game.tokens["P2"])  # the same link rejoins
    assert head.startswith(b"HTTP/1.1 200")
    again.close()
    # the designer gives the seat to a bot: the game goes on without P2
    s.designer("POST", "/api/play/give-to-bot", {"seat": "P2", "bot": "random"})
    seats = {x["seat"]: x["who"] for x in game.view("P1")[0]["seats"]}
    assert seats == {"P1": "person", "P2": "random", "P3": "random"}
    for _ in range(30):
        shown, _ = game.view("P1")
        if shown["terminal"]:
            break
        assert shown["legal"], "P1 waits for nobody now"
        assert game.choose("P1", {"action": shown["legal"][-1]})[0] == 200
    shown, _ = game.view("P2")
    assert shown["legal"] == []
    status, data = game.choose("P2", {"action": "pass"})
    assert status == 409
    for bad in ({"seat": "P9"}, {"seat": "P1", "bot": "nobody"}, {"seat": "P3"}, {}):
        status, _, data = s.request(
            "POST", "/api/play/give-to-bot", bad, at="127.0.0.1", designer=True
        )
        assert status == 409 and b"Traceback" not in data, bad


@pytest.mark.slow
def test_pictures_only_of_the_cards_in_the_links_view(game: Game) -> None:
    s = game.server
    shown, _ = game.view("P1")
    keys = {c["key"] for c in shown["cards"].values() if c["key"]}
    assert keys and shown["back"]
    for key in [*sorted(keys)[:3], shown["back"]]:
        status, _, data = s.request("GET", f"/t/{game.tokens['P1']}/picture/thumb/{key}.png")
        assert status == 200 and data.startswith(b"\x89PNG"), key
    # a card in P1's hand, never in the spectator's view: not its picture
    known = game.catalogue.by_id
    for _ in range(60):
        state = game.state()
        others = _ids(state.observation(1), known) | _ids(state.observation(2), known)
        hand = [c for c in _ids(state.observation(0)["players"][0]["hand"], known)]
        if set(hand) - others:
            break
        _play_a_few(game, 1)
    shown, _ = game.view("P1")
    hidden = [shown["cards"][c]["key"] for c in hand if c not in others]
    assert hidden
    token = game.tokens["spectator"]
    game.view("spectator")
    for key in hidden:
        assert s.request("GET", f"/t/{token}/picture/thumb/{key}.png")[0] == 404
    assert s.request("GET", f"/t/{token}/picture/thumb/{'0' * 64}.png")[0] == 404
    assert s.request("GET", f"/picture/thumb/{next(iter(keys))}.png")[0] == 404  # designer's


@pytest.mark.slow
def test_the_table_page_and_its_files(game: Game) -> None:
    s = game.server
    status, headers, data = s.request("GET", f"/t/{game.tokens['P2']}")
    assert status == 200 and b'data-seat="P2"' in data and b"/static/table.js" in data
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer"
    for path in (
        "/static/studio.js",
        "/static/table.js",
        "/static/table_link.js",
        "/static/table_note.js",
        "/static/sandbox.js",
        "/static/table.css",
    ):
        assert s.request("GET", path)[0] == 200, path
    for path in ("/static/play.js", "/static/gallery.js", "/static/studio.css"):
        assert s.request("GET", path)[0] == 404, path


@pytest.mark.slow
def test_the_designer_link_sets_its_cookie(server: Server) -> None:
    status, headers, _ = server.request("GET", f"/kit?designer={server.key}", at="127.0.0.1")
    assert status == 303 and headers["location"] == "/kit"
    assert f"cardgen_designer={server.key}" in headers["set-cookie"]
    assert "httponly" in headers["set-cookie"].lower()
    assert server.request("GET", "/kit?designer=wrong", at="127.0.0.1")[0] == 404
    assert server.request("GET", "/kit", at="127.0.0.1", designer=True)[0] == 200
    bad = {"Cookie": 'cardgen_designer="\\x; ;;=='}
    assert server.request("GET", "/kit", at="127.0.0.1", headers=bad)[0] == 404


def test_bind_and_public_url_options() -> None:
    from cardgen.studio.server import group_address, open_group

    assert group_address("192.168.1.20") == "192.168.1.20"
    for bad in ("0.0.0.0", "::", "::1", "fe80::1", "my-laptop.local", ""):
        with pytest.raises(ValueError, match="--bind"):
            group_address(bad)
    group = open_group(8000, "192.168.1.20", None, print)
    assert group and group.base == "http://192.168.1.20:8000/" and group.hosts == ("192.168.1.20",)
    group = open_group(8000, None, "https://table.example.org/play/", print)
    assert group and group.base == "https://table.example.org/play/"
    assert group.hosts == ("table.example.org",)
    assert open_group(8000, None, None, print) is None
    with pytest.raises(ValueError, match="--public-url"):
        open_group(8000, None, "ftp://x", print)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bind", "0.0.0.0"], "not every interface"),
        (["--bind", "my-laptop"], "an IP address"),
        (["--bind", "192.0.2.1"], "cannot serve on 127.0.0.1:0 and 192.0.2.1"),
        (["--public-url", "table.example.org"], "an http:// or https:// address"),
    ],
)
def test_the_cli_refuses_a_bad_group_address(runner, app, tmp_path, args, said) -> None:
    result = runner.invoke(app, ["studio", str(GAME), "-o", str(tmp_path / "out"), *args])
    assert result.exit_code != 0
    assert said in " ".join(result.output.split()), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def _note(game: Game, seat: str, body: Any) -> tuple[int, Any]:
    status, _, data = game.server.request("POST", f"/t/{game.tokens[seat]}/note", body)
    return status, json.loads(data)


@pytest.mark.slow
def test_notes_are_saved_with_the_log_and_exported(server: Server) -> None:
    import csv
    import io

    from cardgen.engine.log import replay

    game = Game(server, GAME, seed=7)
    folders = sorted((server.out / "playtests").glob("*-seed7-*"))
    assert len(folders) == 1
    folder = folders[0]
    shown, _ = game.view("P1")
    mine = shown["shown"]["players"][0]["pack"][0]
    status, made = _note(game, "P1", {"text": "=SUM(A1) too  strong\nearly", "card": mine})
    assert status == 200 and made["card"] == mine and made["text"] == "=SUM(A1) too strong early"
    assert made["card_name"] == game.catalogue.by_id[mine].name
    assert _note(game, "spectator", {"text": "slow first round"})[0] == 200
    # a card P1's view does not show (P2's pack), a rating before the end, bad notes: refused
    p2 = game.view("P2")[0]["shown"]["players"][1]["pack"]
    hidden = next(c for c in p2 if c not in shown["cards"])
    for bad in (
        {"text": "x", "card": hidden},
        {"text": "x", "card": 5},
        {"text": "x", "rating": 4},
        {"text": "x" * 2001},
        {"text": ["x"]},
        {"text": "   "},
        {},
    ):
        status, answer = _note(game, "P1", bad)
        assert status == 409 and answer["error"], bad
    # the game ends (the people's seats given to bots): now the game is rated
    for seat in ("P1", "P2"):
        server.designer("POST", "/api/play/give-to-bot", {"seat": seat, "bot": "random"})
    assert game.view("P1")[0]["terminal"]
    for bad in (0, 6, True, "5", 2.5):
        assert _note(game, "P2", {"rating": bad})[0] == 409, bad
    assert _note(game, "P2", {"rating": 2, "text": "too long"})[0] == 200
    assert _note(game, "P2", {"rating": 4})[0] == 200  # replaces P2's rating
    # saved in the output folder, with the game log (it replays)
    doc = json.loads((folder / "notes.json").read_text())
    assert [n["by"] for n in doc["notes"]] == ["P1", "spectator", "P2", "P2"]
    assert [n["rating"] for n in doc["notes"]] == [None, None, None, 4]
    log = (folder / "log.json").read_text()
    assert replay(log, game.engine, game.catalogue).ok
    # exported: Markdown and CSV, the designer's only
    status, headers, md = server.request("GET", "/api/notes.md", at="127.0.0.1", designer=True)
    assert status == 200 and "attachment" in headers["content-disposition"]
    text = md.decode()
    assert ": =SUM(A1) too strong early" in text and "slow first round" in text
    assert f"**{game.catalogue.by_id[mine].name}** (`{mine}`)" in text
    assert "Rating: 4.0 / 5 (1 ratings)" in text
    status, _, data = server.request("GET", "/api/notes.csv", at="127.0.0.1", designer=True)
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    mine_rows = [r for r in rows if r["playtest"] == folder.name]
    assert [r["by"] for r in mine_rows] == ["P1", "spectator", "P2", "P2"]
    assert mine_rows[0]["text"] == "'=SUM(A1) too strong early"  # never a formula
    assert mine_rows[0]["card"] == mine
    assert (folder / "notes.csv").read_text() == (
        "\n".join(
            data.decode().split("\n")[:1]
            + [line for line in data.decode().split("\n")[1:] if line.startswith(folder.name)]
        )
        + "\n"
    )
    # on their cards in the gallery
    cards = server.designer("GET", "/api/notes")["cards"]
    assert [n["text"] for n in cards[mine] if n["playtest"] == folder.name] == [
        "=SUM(A1) too strong early"
    ]
    for path in ("/api/notes", "/api/notes.md", "/api/notes.csv"):
        assert server.request("GET", path)[0] == 404  # not the guests'


def test_the_exports_escape_what_a_note_says() -> None:
    from cardgen.studio.table_notes import csv_text, markdown

    note = {
        "n": 1,
        "by": "P1",
        "step": 3,
        "moment": "P2 keeps *x*",
        "card": None,
        "card_name": None,
        "text": "<script>x</script> | *big* [link](http://x)",
        "rating": None,
    }
    tests = [("g-seed1-1", {"game": "G", "seed": 1, "notes": [note]})]
    md = markdown(tests)
    assert "\\<script\\>x\\</script\\> \\| \\*big\\* \\[link\\](http://x)" in md
    assert "<script>" not in md
    for formula in ("=1+1", "+1", "-1", "@SUM(A1)"):
        row = csv_text([("t", {"notes": [{**note, "text": formula}]})]).splitlines()[1]
        assert f",'{formula}," in row


@pytest.mark.slow
def test_cardgen_studio_bind_prints_the_links_with_the_groups_address(tmp_path) -> None:
    """The real command: `cardgen studio --bind 127.0.0.2` listens on both addresses, prints
    the designer's link, then each shared table's links with the group's address."""
    import psutil
    from studio_process import Running

    harbour = ROOT / "cardgen" / "packs" / "harbour_bid" / "cards"
    running = Running(harbour, tmp_path / "output", "--bind", GROUP)
    try:
        listening = {
            c.laddr
            for c in psutil.Process(running.proc.pid).net_connections(kind="inet")
            if c.status == psutil.CONN_LISTEN
        }
        assert listening == {("127.0.0.1", running.port), (GROUP, running.port)}
        key = re.search(r"\?designer=([\w-]+)", running.first).group(1)
        server = Server(running.port, key, tmp_path / "output")
        assert server.request("GET", "/api/state", at="127.0.0.1")[0] == 404  # no key: nothing
        server.designer("POST", "/api/play/start", {"seats": ["person", "person"], "seed": 1})
        shared = server.designer("POST", "/api/play/share", {})
        printed = [running.wait_for("table link ").strip() for _ in shared["links"]]
        assert printed == [
            f"table link {k['seat']}: {k['url']} (or {k['join']}, code {k['code']})"
            for k in shared["links"]
        ]
        assert all(
            k["url"].startswith(f"http://{GROUP}:{running.port}/t/") for k in shared["links"]
        )
        url = shared["links"][0]["url"]
        assert server.request("GET", url.split(str(running.port), 1)[1])[0] == 200
    finally:
        running.stop()


@pytest.mark.slow
def test_a_links_event_stream_carries_the_tables_changes_only(game: Game) -> None:
    """The studio's own events (the whole catalogue, its diagnostics, the kit) never reach a
    guest: only the table's version numbers."""
    sock, head = _open_stream(game.server.port, game.tokens["P1"])
    try:
        assert head.startswith(b"HTTP/1.1 200")
        data = head.split(b"\r\n\r\n", 1)[1]
        while b"event: play" not in data:
            chunk = sock.recv(65536)
            assert chunk, data
            data += chunk
        assert b"event: state" not in data and b"event: kit" not in data
        assert b'"cards"' not in data and b"diagnostics" not in data
    finally:
        sock.close()
    # the designer's stream has them (the catalogue's state)
    status, _, _ = game.server.request("GET", "/api/state", at="127.0.0.1", designer=True)
    assert status == 200


@pytest.mark.slow
def test_a_short_join_code_leads_to_its_link(server: Server) -> None:
    game = Game(server, GAME, seed=9)
    links = {k["seat"]: k for k in server.designer("GET", "/api/play/share")["links"]}
    codes = [k["code"] for k in links.values()]
    assert all(re.fullmatch(r"[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}", c) for c in codes)
    assert links["P2"]["join"] == f"http://{GROUP}:{server.port}/j/{codes[1].replace('-', '')}"
    for typed in (codes[1], codes[1].lower(), codes[1].replace("-", "%20")):
        status, headers, _ = server.request("GET", f"/j/{typed}")
        assert status == 303 and headers["location"] == f"/t/{game.tokens['P2']}", typed
    source = "127.0.0.5"  # its own address: its wrong codes count for it alone
    wrong = [
        c for c in ("AAAAAA", "222222", "ZZZZZZ") if c not in {x.replace("-", "") for x in codes}
    ]
    for k in range(20):
        status, _, data = server.request("GET", f"/j/{wrong[k % len(wrong)]}", source=source)
        assert status == 404 and b"/t/" not in data
    assert server.request("GET", f"/j/{codes[1]}", source=source)[0] == 429
    Game(server, GAME, seed=10)  # a new game: the old codes lead nowhere
    assert server.request("GET", f"/j/{codes[1]}")[0] == 404

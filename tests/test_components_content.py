"""Player boards, scoreboard and token sheets: contents and cut lines read back from the PDFs."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from conftest import CARDS, pdf_texts
from pypdf import PdfReader
from test_components_pdfscan import MM, placed_forms, segments

from cardgen.components.tiling import PAPERS
from cardgen.diagnostics import DiagnosticError
from cardgen.packs.attack_right.components.kit import (
    card_size,
    write_player_boards,
    write_scoreboard,
    write_tokens,
)
from cardgen.packs.attack_right.components.player_board import board_geometry
from cardgen.packs.attack_right.components.scoreboard import glory_track
from cardgen.packs.attack_right.components.style import DEFAULT_LAYOUT, load_layout
from cardgen.packs.attack_right.components.tokens import token_grid
from cardgen.packs.attack_right.model import Placement, load_rules_model
from cardgen.packs.attack_right.pack import PACK

TOL = 0.01


@pytest.fixture(scope="module")
def rules():
    return load_rules_model(CARDS / "rules.yaml")


@pytest.fixture(scope="module")
def layout():
    return load_layout()


# --- player boards ----------------------------------------------------------------------------
def test_board_slots_follow_the_seasons(rules, layout):
    g = board_geometry(rules, layout, card_size(PACK))
    for season in rules.seasons:
        for zone in Placement:
            assert g.slots_in(zone, season.id) == season.slots[zone]
    only_fall = [s for s in g.slots if s.seasons == ("fall",)]
    assert [(s.zone, s.index) for s in only_fall] == [(Placement.MIDDLE, 2)]
    for s in g.slots:  # card-sized outlines
        assert (s.rect.w, s.rect.h) == (63.5, 88.9)


def test_board_slots_do_not_overlap_and_stay_in_their_zone(rules, layout):
    g = board_geometry(rules, layout, card_size(PACK))
    for s in g.slots:
        z = g.zones[s.zone]
        assert z.x <= s.rect.x and s.rect.x + s.rect.w <= z.x + z.w
        assert z.y <= s.rect.y and s.rect.top <= z.top
    for a in g.slots:
        for b in g.slots:
            if a is not b and a.zone is b.zone:
                assert a.rect.top <= b.rect.y or b.rect.top <= a.rect.y
    assert g.width <= 297 - 2 * layout.pages.a3_item_margin
    assert g.height <= 420 - 2 * layout.pages.a3_item_margin


def test_board_size_comes_from_the_rules(rules, layout):
    seasons = [
        s.model_copy(update={"slots": {**s.slots, Placement.MIDDLE: 4}}) if s.id == "fall" else s
        for s in rules.seasons
    ]
    bigger = rules.model_copy(update={"seasons": seasons})
    a = board_geometry(rules, layout, card_size(PACK))
    b = board_geometry(bigger, layout, card_size(PACK))
    assert b.height == pytest.approx(a.height + 88.9 + layout.player_board.slot_gap)
    assert sum(1 for s in b.slots if s.zone is Placement.MIDDLE) == 4


@pytest.fixture(scope="module")
def boards(tmp_path_factory, rules, layout):
    path = tmp_path_factory.mktemp("boards") / "boards.pdf"
    return write_player_boards(PACK, path, rules, layout, "a3"), PdfReader(path), path


def test_boards_text_layer(boards, rules, layout):
    made, _, path = boards
    assert made.contains == {"player_boards": 4}
    for text, player in zip(pdf_texts(path), rules.players.colours, strict=True):
        for word in ("LEFT", "MIDDLE", "RIGHT", "defence", "attack", "FALL only"):
            assert word in text
        assert text.count("FALL only") == 1
        assert player.name in text
        for phase in layout.phases:  # the five phases, in order
            assert phase.name in text
        positions = [text.index(f"{i + 1}. {p.name}") for i, p in enumerate(layout.phases)]
        assert positions == sorted(positions)
        assert layout.player_board.facing.left in text.replace("\n", " ")
        assert "Income 3" in text and "age token" in text


def test_boards_are_byte_identical(tmp_path, rules, layout):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_player_boards(PACK, a, rules, layout, "a4")
    write_player_boards(PACK, b, rules, layout, "a4")
    assert a.read_bytes() == b.read_bytes()


def test_boards_embed_the_card_fonts(boards):
    _, reader, _ = boards
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        assert "DejaVu" in str(font["/BaseFont"])
        desc = font.get("/FontDescriptor")
        if desc is None:
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in desc.get_object()


# --- scoreboard -------------------------------------------------------------------------------
def test_glory_track_is_a_loop_to_at_least_fifty(layout):
    track = glory_track(layout)
    assert track.top >= 50
    cells = track.cells
    for a, b in zip(cells, [*cells[1:], cells[0]], strict=True):  # neighbours touch: a loop
        assert abs(a.x - b.x) + abs(a.y - b.y) == pytest.approx(layout.scoreboard.cell)
    assert len({(c.x, c.y) for c in cells}) == len(cells)


def test_glory_track_too_short_is_an_error(layout):
    small = layout.model_copy(
        update={"scoreboard": layout.scoreboard.model_copy(update={"min_glory": 500})}
    )
    with pytest.raises(ValueError, match="glory track reaches"):
        glory_track(small)


def test_scoreboard_text_layer(tmp_path, rules, layout):
    path = tmp_path / "score.pdf"
    made = write_scoreboard(PACK, path, rules, layout, "a3")
    assert made.contains == {"scoreboards": 1}
    (text,) = pdf_texts(path)
    words = set(text.split())
    top = glory_track(layout).top
    assert {str(n) for n in range(top + 1)} <= words
    for season in rules.seasons:
        assert season.id.upper() in text
    assert "Round" in text
    for p in rules.players.colours:
        assert p.name in text
    for phase in layout.phases:
        assert phase.name in text


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_scoreboard_has_a_place_for_every_shared_pile(tmp_path, rules, layout, paper):
    """The table's piles the seed names ("separate all the spring cards and fall cards into two
    decks", "put into the same discard pile", "Place coin tokens and age tokens into two
    piles"): a card-sized place for each season's deck (its rounds from the rules model) and
    the discard pile below the round track, the bank's two piles beside it, on either sheet."""
    import pypdfium2

    path = tmp_path / "score.pdf"
    write_scoreboard(PACK, path, rules, layout, paper)
    write_scoreboard(PACK, tmp_path / "again.pdf", rules, layout, paper)
    assert (tmp_path / "again.pdf").read_bytes() == path.read_bytes()
    (text,) = pdf_texts(path)
    words = " ".join(text.split())
    for season in rules.seasons:
        rounds = ", ".join(map(str, season.rounds))
        assert f"{season.id.upper()} deck face down · dealt in rounds {rounds}" in words
    assert "Discard pile discarded, removed and dead cards" in words
    assert "Bank · coins" in words and "Bank · age tokens" in words
    pdf = pypdfium2.PdfDocument(path)
    tp = pdf[0].get_textpage()
    flat = tp.get_text_range()

    def box(word: str) -> tuple[float, float, float, float]:
        return tp.get_charbox(flat.index(word))

    deck, discard, rnd = box(f"{rules.seasons[0].id.upper()} deck"), box("Discard"), box("Round")
    coins, age, each = box("Bank · coins"), box("Bank · age"), box("Each round")
    pdf.close()
    assert each[3] < deck[1] and deck[3] < rnd[1] and abs(deck[1] - discard[1]) < 1
    assert coins[2] < rnd[0] and age[0] > rnd[2]  # the bank on either side of the round track


def test_each_player_board_has_every_area_of_the_players_kingdom(tmp_path, rules, layout):
    """Every board: the Kingdom's left, middle and right with their power, which Neighbour each
    side faces, the player's coins and the card saved face down for the next Play phase (seed:
    "The face down card is saved for the next Playing Phase"), the five phases."""
    path = tmp_path / "boards.pdf"
    write_player_boards(PACK, path, rules, layout, "a3")
    pages = [" ".join(p.split()) for p in pdf_texts(path)]
    assert len(pages) == len(rules.players.colours)
    for page in pages:
        for area in ("LEFT defence", "MIDDLE defence + attack", "RIGHT attack",
                     "Your LEFT Neighbour attacks this side",
                     "You attack your RIGHT Neighbour from this side",
                     f"Your coins go here: start with {rules.economy.starting_coins}.",
                     "Saved card face down: kept when you end your turn, for the next Play phase",
                     "FALL only", "Buildings never age."):  # fmt: skip
            assert area in page, area
        assert all(f"{i}. {ph.name}" in page for i, ph in enumerate(layout.phases, 1))


# --- tokens -----------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=["a4", "letter"])
def tokens(request, tmp_path_factory, rules, layout):
    path = tmp_path_factory.mktemp("tokens") / f"tokens-{request.param}.pdf"
    return request.param, write_tokens(PACK, path, rules, layout, request.param), PdfReader(path)


def test_token_counts_match_the_rulebook(tokens, rules):
    _, made, reader = tokens
    comp = rules.components
    assert made.contains == {
        "coin_tokens": comp.coin_tokens,
        "age_tokens": comp.age_tokens,
        "score_tokens": comp.score_tokens,
        "round_tokens": comp.round_tokens,
    }
    assert made.pages == len(reader.pages) == 2
    front = Counter(p.name for p in placed_forms(reader, 0))
    back = Counter(p.name for p in placed_forms(reader, 1))
    assert front["token-coin"] == back["token-coin"] == comp.coin_tokens
    assert front["token-age"] == back["token-age"] == comp.age_tokens
    assert front["token-round"] == back["token-round"] == comp.round_tokens
    for p in rules.players.colours:
        assert front[f"token-score-{p.id}"] == 1
        assert back[f"token-score-{p.id}-back"] == 1


def test_token_backs_are_mirrored_for_long_edge_duplex(tokens, layout):
    paper, _, reader = tokens
    width = PAPERS[paper].pt[0]
    cell = layout.tokens.cell * MM
    fronts = placed_forms(reader, 0)
    backs = placed_forms(reader, 1)
    assert len(fronts) == len(backs)
    for f, b in zip(fronts, backs, strict=True):
        assert b.dx == pytest.approx(width - f.dx - cell, abs=TOL)
        assert b.dy == pytest.approx(f.dy, abs=TOL)
        assert b.name.removesuffix("-back") == f.name


def test_token_sheets_have_crop_marks_on_every_grid_line(tokens, layout):
    paper, _, reader = tokens
    grid = token_grid(layout, PAPERS[paper])
    ext = grid.extent
    cell = layout.tokens.cell * MM
    for page in (0, 1):
        segs = segments(reader, page)
        outside = [
            s
            for s in segs
            if not (ext.x < (s[0] + s[2]) / 2 < ext.x2 and ext.y < (s[1] + s[3]) / 2 < ext.y2)
        ]
        vertical = sorted({round(s[0], 2) for s in outside if abs(s[0] - s[2]) < TOL})
        horizontal = sorted({round(s[1], 2) for s in outside if abs(s[1] - s[3]) < TOL})
        assert len(vertical) == grid.cols + 1 and len(horizontal) == grid.rows + 1
        for a, b in itertools.pairwise(vertical):
            assert b - a == pytest.approx(cell, abs=0.02)
        for a, b in itertools.pairwise(horizontal):
            assert b - a == pytest.approx(cell, abs=0.02)
        # nothing is drawn along a cut inside the grid: a drifting cut leaves no line on a token
        inside = [s for s in segs if s not in outside]
        assert not [s for s in inside if abs(s[0] - s[2]) < TOL and round(s[0], 2) in vertical]
        assert not [s for s in inside if abs(s[1] - s[3]) < TOL and round(s[1], 2) in horizontal]
        # every token sits in its own cell of the grid
        spots = {(round(p.dx, 2), round(p.dy, 2)) for p in placed_forms(reader, page)}
        assert len(spots) == len(placed_forms(reader, page))
        for x, y in spots:
            assert any(abs(x - v) < 0.02 for v in vertical)
            assert any(abs(y - h) < 0.02 for h in horizontal)


def test_tokens_refuse_a3(tmp_path, rules, layout):
    with pytest.raises(ValueError):
        write_tokens(PACK, tmp_path / "t.pdf", rules, layout, "a3")
    assert not (tmp_path / "t.pdf").exists()


def test_bad_layout_is_a_clean_error(tmp_path):
    text = DEFAULT_LAYOUT.read_text()
    bad = tmp_path / "components.yaml"
    bad.write_text(text.replace("  - id: battle", "  - id: fight"))
    with pytest.raises(DiagnosticError) as exc:
        load_layout(bad)
    assert exc.value.diagnostics

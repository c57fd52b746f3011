"""The card pictures of the generic table (every game with a presenter): every card a presenter
names has an SVG that pygame-ce draws faithfully, and the table puts the pictures of the viewer's
cards and of the cards each move takes or plays on the screen."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

from soupkitchen.client.tables import present
from soupkitchen.client.tables.drawing import card_rows, draw_cards, flow, section_rows
from soupkitchen.client.tables.present.common import Line, Section
from soupkitchen.client.ui import art, theme
from soupkitchen.shared.pink_soup.cards import KINDS as PINK_KINDS
from soupkitchen.shared.pot_pourri.cards import CUISINES, INGREDIENTS
from soupkitchen.shared.stone_soup.cards import KINDS as STONE_KINDS
from tests.client.test_generic_table import (
    NAMES,
    WITH_ART,
    open_table,
    sample_views,
    show,
)
from tests.svg_rules import svg_problems

ROOT = Path(__file__).resolve().parents[2]
GAMES = ON_GENERIC_TABLE = WITH_ART  # the games whose registration declares card art
FOLDERS = {game_id: game_id.replace("-", "_") for game_id in GAMES}  # each game's folder under assets/
FILES = sorted(p for folder in FOLDERS.values() for p in (ROOT / "assets" / folder).glob("*.svg"))


def named_cards(game_id: str) -> dict[str, set[str]]:
    """Every card id the presenter puts on a line or a move, over many seeded views, by where it came from."""
    found: dict[str, set[str]] = {"lines": set(), "moves": set()}
    for players, _seat, view in sample_views(game_id, seeds=range(6), every=3):
        for section in present.sections(game_id, view, list(NAMES[:players])) or []:
            for line in section.lines:
                found["lines"].update(line.cards)
        for action in view["legal_actions"]:
            found["moves"].update(present.move_cards(game_id, view, action))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_a_presenter_names_has_its_picture(game_id):
    found = named_cards(game_id)
    assert len(found["lines"]) >= 8 and found["moves"], "the presenter names cards on its lines and moves"
    every = found["lines"] | found["moves"]
    assert all(card.startswith(FOLDERS[game_id] + "/") for card in every)
    assert [card for card in sorted(every) if not art.card_path(card).is_file()] == []
    assert f"{FOLDERS[game_id]}/back" in every  # face-down cards show the game's back


def test_every_kind_of_card_the_rules_define_has_a_face_and_each_game_a_back():
    wanted = [f"pink_soup/{kind.key}" for kind in PINK_KINDS] + [f"stone_soup/{kind}" for kind in STONE_KINDS]
    wanted += [f"pot_pourri/{ingredient}" for ingredient in INGREDIENTS]
    wanted += [present.presenter_for("pot-pourri").cuisine_card(c) for c in CUISINES]
    wanted += [f"{folder}/back" for folder in FOLDERS.values()]
    wanted += ["pink_soup/recipe"]  # How to play's recipe card
    assert [card for card in wanted if not art.card_path(card).is_file()] == []
    assert len(set(wanted)) == len(wanted) == len(FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_svg_uses_only_what_pygame_draws(path: Path):
    assert svg_problems(path) == []


def test_every_card_rasterises_at_two_sizes_and_no_two_look_alike():
    pygame.display.init()
    seen = {}
    for path in FILES:
        for height in (48, 420):
            size = art.card_size(height)
            image = pygame.image.load_sized_svg(str(path), size)
            w, h = image.get_size()
            assert abs(w - size[0]) <= 1 and abs(h - size[1]) <= 1, path.name  # drawn at the card's shape
        image = pygame.image.load_sized_svg(str(path), art.card_size(84))
        colours = {
            tuple(image.get_at((x, y)))
            for x in range(0, image.get_width(), 4)
            for y in range(0, image.get_height(), 4)
        }
        assert len(colours) >= 6, path.name  # a picture, not a blank card
        seen[path] = pygame.image.tobytes(image, "RGBA")
    same_game = {}
    for path, pixels in seen.items():
        same_game.setdefault(path.parent.name, []).append(pixels)
    assert all(len(set(faces)) == len(faces) for faces in same_game.values())


def test_the_committed_cards_are_what_the_script_draws(tmp_path: Path):
    spec = importlib.util.spec_from_file_location("make_art", ROOT / "scripts" / "make_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    drawn = {
        p.relative_to(tmp_path): p.read_text(encoding="utf-8")
        for folder in FOLDERS.values()
        for p in (tmp_path / folder).glob("*.svg")
    }
    committed = {p.relative_to(ROOT / "assets"): p.read_text(encoding="utf-8") for p in FILES}
    assert sorted(drawn) == sorted(committed)
    assert [str(name) for name in drawn if drawn[name] != committed[name]] == [], "run scripts/make_art.py"


def test_unknown_cards_show_the_back_and_a_hand_shows_every_card():
    checked = 0
    for players, seat, view in sample_views("pink-soup", seeds=range(3), every=5):
        if seat is None:
            continue
        you = next(s for s in present.sections("pink-soup", view, list(NAMES[:players])) if s.key == "you")
        pot = next(line for line in you.lines if line.text.startswith("Your pot"))
        mine = view["players"][seat]["pot"]
        assert len(pot.cards) == len(mine)
        assert [card == "pink_soup/back" for card in pot.cards] == [card is None for card in mine]
        checked += 1
    for players, seat, view in sample_views("stone-soup", seeds=range(3), every=5):
        if seat is None:
            continue
        you = next(s for s in present.sections("stone-soup", view, list(NAMES[:players])) if s.key == "you")
        shown = [c for line in you.lines if not line.strong for c in line.cards]
        assert sorted(shown) == sorted(f"stone_soup/{k}" for k, n in view["hand"].items() for _ in range(n))
        checked += 1
    assert checked > 20


def test_a_crowded_row_of_cards_overlaps_inside_its_width_and_wraps_when_too_crowded():
    pygame.display.init()
    surface = pygame.Surface((400, 200))
    cards = tuple(f"pot_pourri/{i}" for i in INGREDIENTS)
    drawn = draw_cards(surface, cards, (10, 10), 70, 200)
    assert len(drawn) == len(cards) and drawn[0].x == 10 and drawn[-1].right <= 210 + 1
    assert drawn[1].x - drawn[0].x < drawn[0].width  # they overlap to fit
    roomy = draw_cards(surface, cards[:2], (10, 10), 70, 400)
    assert roomy[1].x >= roomy[0].right  # and stand apart when there is room
    rows = card_rows(cards, 70, 120)
    assert len(rows) > 1 and sum(rows, ()) == cards
    assert card_rows(cards, 70, 1000) == [cards]


@pytest.mark.parametrize("game_id", ON_GENERIC_TABLE)
def test_the_table_shows_the_viewers_cards_and_each_moves_cards(app, kit, game_id, on_generic_table):
    players, seat, view = next(
        (p, s, v)
        for p, s, v in sample_views(game_id, seeds=range(2), every=2)
        if s is not None and any(present.move_cards(game_id, v, a) for a in v["legal_actions"])
    )
    _conn, session = open_table(app, kit, game_id, players, seat)
    show(app, session, seat, view)
    described = app.stack.top.describe()
    assert described["cards_shown"], "the sections draw card pictures"
    you = next(s for s in present.sections(game_id, view, list(NAMES[:players])) if s.key == "you")
    first = next(line.cards for line in you.lines if line.cards)  # the viewer's own first cards are in sight
    assert set(first) <= set(described["cards_shown"])
    for row, cards in described["move_cards"].items():
        assert tuple(cards) == present.move_cards(game_id, view, view["legal_actions"][int(row)])
    assert described["move_cards"], "the move list draws the cards a move takes or plays"


def test_pictures_stand_beside_short_words_and_below_long_ones_in_the_same_column():
    pygame.display.init()
    lay = theme.layout((1280, 720))
    line_h = lay.font("small").get_linesize()
    short = Line("Hand (2):", cards=("pot_pourri/fish", "pot_pourri/rice"))
    long = Line(
        "Book: Kofta with rice (Middle Eastern): meat x2, rice x2, onions, tomatoes",
        cards=("pot_pourri/cuisine-french", *(f"pot_pourri/{i}" for i in INGREDIENTS[:6])),
    )
    rows = section_rows([Section("you", "You", [short, long])], "small", 360, lay, card_h=line_h * 2)
    assert [(r.what, bool(r.words), len(r.cards)) for r in rows[:2]] == [
        ("title", True, 0),
        ("line", True, 2),
    ]
    assert rows[-1].what == "cards" and rows[-1].cards == long.cards and rows[-2].what in ("line", "more")
    cards_h = line_h * 2 + 4
    # the long line's words and pictures move to the next column together rather than split
    height = cards_h + line_h * 2
    placed = flow(rows, line_h, 4, 2, height, cards_h)
    first_of_long = next(i for i, r in enumerate(rows) if r.line is long)
    assert {column for column, _y in placed[first_of_long:]} == {1}


def showcase_view(game_id: str):
    """A seated view rich in pictures, with moves that show cards: the one the docs screenshot shows."""

    def richness(item):
        players, seat, view = item
        lines = [line for s in present.sections(game_id, view, list(NAMES[:players])) for line in s.lines]
        moves = sum(bool(present.move_cards(game_id, view, a)) for a in view["legal_actions"])
        return (moves > 1, sum(len(line.cards) for line in lines) + 3 * moves)

    return max(((p, s, v) for p, s, v in sample_views(game_id, seeds=[3], every=2) if s == 0), key=richness)


def test_the_table_rasterises_its_cards_before_its_first_frame(app, kit, monkeypatch, on_generic_table):
    from soupkitchen.client.tables.generic import GenericTable

    wanted = GenericTable.art_to_preload(app.screen_size)
    assert {Path(path).name for path, _size in wanted} >= {"back.svg", "milk.svg", "stone.svg", "rice.svg"}
    art.clear()
    art.preload(wanted)
    rasterised = []
    load = pygame.image.load_sized_svg
    monkeypatch.setattr(pygame.image, "load_sized_svg", lambda *a: rasterised.append(a) or load(*a))
    for game_id in ON_GENERIC_TABLE:
        players, seat, view = showcase_view(game_id)
        _conn, session = open_table(app, kit, game_id, players, seat)
        show(app, session, seat, view)
        assert app.stack.top.describe()["cards_shown"]
    assert rasterised == []  # every picture drawn was ready


def test_the_food_owed_is_framed_and_marked_in_stone_soups_sequence(app, kit, monkeypatch):
    from tests.seating import seat_at_generic_table

    seat_at_generic_table(monkeypatch, "stone-soup")  # the fallback
    players, seat, view = next(
        (p, s, v)
        for p, s, v in sample_views("stone-soup", seeds=range(2), every=3)
        if s is not None and v["due"] in (v.get("sequence") or []) and not v["over"]
    )
    board = next(s for s in present.sections("stone-soup", view, list(NAMES[:players])) if s.key == "board")
    sequence = next(
        line
        for line in board.lines
        if line.cards and line.cards == tuple(f"stone_soup/{food}" for food in view["sequence"])
    )
    assert [sequence.cards[i] for i in sorted(sequence.marked)] == [f"stone_soup/{view['due']}"]
    _conn, session = open_table(app, kit, "stone-soup", players, seat)
    show(app, session, seat, view)
    table = app.stack.top
    assert table.describe()["cards_marked"] == [f"stone_soup/{view['due']}"]
    ((_card, rect),) = table.cards_marked
    assert tuple(app.screen.get_at((rect.left - 1, rect.centery)))[:3] == theme.MUSTARD  # the frame
    disc = [tuple(app.screen.get_at((x, rect.bottom - 2)))[:3] for x in range(rect.left + 2, rect.right - 2)]
    assert theme.TEXT_DARK in disc and theme.MUSTARD in disc  # the "!" on it


def test_only_the_marked_card_of_a_row_changes_look():
    pygame.display.init()
    cards = tuple(f"stone_soup/{kind}" for kind in STONE_KINDS[:4])
    plain, marked = pygame.Surface((300, 80)), pygame.Surface((300, 80))
    rects = draw_cards(plain, cards, (10, 10), 50, 280)
    draw_cards(marked, cards, (10, 10), 50, 280, marked=frozenset({2}))
    changed = [(x, y) for x in range(300) for y in range(80) if plain.get_at((x, y)) != marked.get_at((x, y))]
    around = rects[2].inflate(12, 12)
    assert changed and all(around.collidepoint(p) for p in changed)
    assert not any(rects[0].collidepoint(p) for p in changed)

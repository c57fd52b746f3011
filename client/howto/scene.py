"""The How to play screen: a game's pages as tabs along the top, the words on the left, pictures of
the real cards on the right; left and right turn the page on every game, wherever the focus is
(Enter on the game choice, or a click on its arrows, shows another game). Too Many Cooks also
offers a guided first round."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client import words
from soupkitchen.client.howto.pages import Page, pages_for
from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.ui import art, theme
from soupkitchen.client.ui.choice import Choice
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfit import note_clipped
from soupkitchen.client.ui.theme import fit_lines
from soupkitchen.client.ui.widgets import Button, Widget
from soupkitchen.client.words import _, worded

GUIDED_GAME = transitions.GUIDED_GAME


class Tab(Button):
    """A page's name along the top; the open page's tab is lit."""

    def __init__(self, label: str, on_click, key: str, current: bool) -> None:
        super().__init__(label, on_click, key=key)
        self.current = current
        self.kind = "body"  # every tab's words in one size: the largest in which all of them fit

    def draw(self, surface, lay, focused) -> None:
        colour = theme.BROTH if self.current else (theme.PANEL_LIGHT if focused else theme.PANEL)
        theme.draw_panel(surface, self.rect, lay, colour=colour)
        colour = theme.TEXT_DARK if self.current else theme.TEXT
        theme.text(
            surface,
            self.label,
            self.kind,
            colour,
            self.rect.center,
            lay,
            anchor="center",
            max_width=self.rect.width - lay.gap * 2,
        )


class HowToPlayScene(FormScene):
    name = "howto"

    def __init__(
        self,
        app,
        games: list[dict[str, Any]] | None = None,
        game_id: str | None = None,
        pick_game: bool = False,
    ) -> None:
        """How to play ``game_id`` among ``games`` (by default every game this client has)."""
        self.games = games if games is not None else ways_in.local_games()
        self.game = next((g for g in self.games if g["id"] == game_id), self.games[0])
        self.pick_game = pick_game
        self.page = 0
        super().__init__(app)
        self.form.focus_on("tab0")  # the arrows turn the pages first; Up reaches the game choice

    @property
    def pages(self) -> tuple[Page, ...]:
        return pages_for(self.game["id"], self.game.get("options", []))

    @property
    def heading(self) -> str:
        return _("How to play {game}").format(game=worded(self.game["title"]))

    @property
    def hints(self) -> str:
        facts = {"number": self.page + 1, "count": len(self.pages)}
        if self.pick_game:  # the same keys for every game, wherever the focus is
            return _(
                "Page {number} of {count}    Left / Right: turn the page    Up, Enter: another game    "
                "Esc / B: back"
            ).format(**facts)
        return _("Page {number} of {count}    Left / Right: turn the page    Esc / B: back").format(**facts)

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        if self.pick_game:
            titles = {g["id"]: worded(g["title"]) for g in self.games}
            games = Choice(
                _("Game"), list(titles), self.game["id"], self.choose_game, key="game", names=titles.get
            )
            games.enter_moves_on = False  # here the arrows turn the page: Enter picks another game
            widgets.append(games)
        widgets += [
            Tab(_(page.title), lambda i=i: self.turn_to(i), key=f"tab{i}", current=i == self.page)
            for i, page in enumerate(self.pages)
        ]
        if self.game["id"] == GUIDED_GAME:
            widgets.append(Button(_("Play a guided first round"), self.play_guided, key="guided"))
        widgets.append(Button(_("Back"), self.on_back, key="back", primary=True))
        return widgets

    def choose_game(self, game_id: str) -> None:
        self.game = next(g for g in self.games if g["id"] == game_id)
        self.page = 0
        self.rebuild()

    def turn_to(self, index: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, index))
        focused = self.form.focused
        self.rebuild()
        if focused is not None and focused.key.startswith("tab"):
            self.form.focus_on(f"tab{self.page}")  # the focus goes with the page turned to

    def play_guided(self) -> None:
        transitions.start_guided(self.app)

    def handle(self, action: InputAction) -> bool:
        if action.kind == "navigate" and action.dx:  # on every game and the game choice alike
            self.turn_to(self.page + action.dx)
            return True
        return super().handle(action)

    # --- layout and drawing --------------------------------------------------------------------
    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        """The game choice on top, the tabs in a row under it, the buttons in a row at the bottom."""
        x0, full = lay.margin, lay.width - lay.margin * 2
        y = top
        tabs = [w for w in self.form.widgets if isinstance(w, Tab)]
        buttons = [w for w in self.form.widgets if isinstance(w, Button) and not isinstance(w, Tab)]
        for w in self.form.widgets:
            if isinstance(w, Choice):
                w.rect = pygame.Rect((lay.width - lay.column_w) // 2, y, lay.column_w, lay.button_h)
                y += lay.button_h + lay.gap
        per_row = len(tabs)
        tab_h = round(lay.button_h * 0.8)
        if any(
            lay.font("body").size(t.label)[0] + lay.gap * 2 > (full - lay.gap * (per_row - 1)) // per_row
            for t in tabs
        ):
            per_row = (len(tabs) + 1) // 2  # two rows of tabs where one would need smaller words
        tab_w = (full - lay.gap * (per_row - 1)) // max(1, per_row)
        fits = all(lay.font("body").size(t.label)[0] <= tab_w - lay.gap * 2 for t in tabs)
        kind = "body" if fits else "small"
        for i, tab in enumerate(tabs):
            tab.kind = kind
            row, col = divmod(i, per_row)
            tab.rect = pygame.Rect(x0 + col * (tab_w + lay.gap), y + row * (tab_h + lay.gap), tab_w, tab_h)
        y += ((len(tabs) + per_row - 1) // per_row - 1) * (tab_h + lay.gap)
        button_w = min(lay.column_w, (full - lay.gap * (len(buttons) - 1)) // max(1, len(buttons)))
        row_w = button_w * len(buttons) + lay.gap * (len(buttons) - 1)
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(
                (lay.width - row_w) // 2 + i * (button_w + lay.gap),
                bottom - lay.button_h,
                button_w,
                lay.button_h,
            )
        self.content = pygame.Rect(
            x0, y + tab_h + lay.gap * 2, full, bottom - lay.button_h - lay.gap * 2 - (y + tab_h + lay.gap * 2)
        )

    def draw_extra(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        page = self.pages[self.page]
        box = self.content
        theme.draw_panel(surface, box, lay, colour=theme.PANEL)
        inner = box.inflate(-lay.margin, -lay.margin)
        self.draw_words(surface, lay, page, self.words_rect(page, inner), self.words_kind(lay, inner))
        if page.pictures:
            text_w = self.words_rect(page, inner).width
            pictures = pygame.Rect(
                inner.x + text_w + lay.margin,
                inner.y,
                inner.right - inner.x - text_w - lay.margin,
                inner.height,
            )
            self.draw_pictures(surface, lay, page, pictures)

    @staticmethod
    def words_rect(page: Page, inner: pygame.Rect) -> pygame.Rect:
        """Where a page's words go: beside its pictures, or across the page."""
        width = int(inner.width * (0.56 if page.pictures else 1.0))
        return pygame.Rect(inner.x, inner.y, width, inner.height)

    _kinds: dict[tuple, str] = {}

    def words_kind(self, lay: theme.Layout, inner: pygame.Rect) -> str:
        """The size of the words of every page of every game: the largest in which each page fits its
        box (so neither turning the page nor choosing another game changes the size of the words)."""
        key = (inner.size, words.current(), lay.font_px("body"))  # the window, the language, the type
        if key not in self._kinds:
            heading = lay.font("heading").get_linesize() + lay.gap
            pages = [page for game in self.games for page in pages_for(game["id"], game.get("options", []))]

            def fits(kind: str) -> bool:
                step = lay.font(kind).get_linesize()
                return all(
                    len(lay.lines(_(page.text), kind, self.words_rect(page, inner).width)) * step
                    <= inner.height - heading
                    for page in pages
                )

            self._kinds[key] = next((kind for kind in ("label", "body") if fits(kind)), "small")
        return self._kinds[key]

    def draw_words(
        self, surface: pygame.Surface, lay: theme.Layout, page: Page, rect: pygame.Rect, kind: str
    ) -> None:
        """The page's heading, and its words in the size every page of the game has."""
        text = _(page.text)
        lines = lay.lines(text, kind, rect.width)
        step = lay.font(kind).get_linesize()
        y = rect.y
        y = theme.text(
            surface, _(page.title), "heading", theme.MUSTARD, (rect.x, y), lay, max_width=rect.width
        ).bottom
        y += lay.gap
        for line in lines:
            if y + step > rect.bottom:
                note_clipped(text)
                break
            theme.text(surface, line, kind, theme.TEXT, (rect.x, y), lay, max_width=rect.width)
            y += step

    def draw_pictures(
        self, surface: pygame.Surface, lay: theme.Layout, page: Page, rect: pygame.Rect
    ) -> None:
        """The page's cards in a row (two rows for four), each with its caption under it."""
        count = len(page.pictures)
        columns = 2 if count == 4 or any(p.wide for p in page.pictures) else count
        rows = (count + columns - 1) // columns
        caption_h = lay.font("small").get_linesize() + lay.gap
        cell_w = (rect.width - lay.gap * (columns - 1)) // columns
        cell_h = (rect.height - lay.gap * (rows - 1)) // rows
        for i, picture in enumerate(page.pictures):
            col, row = i % columns, i // columns
            cell = pygame.Rect(
                rect.x + col * (cell_w + lay.gap), rect.y + row * (cell_h + lay.gap), cell_w, cell_h
            )
            room = (cell.width, cell.height - caption_h)
            image = art.load_svg(art.card_path(picture.asset), room)
            spot = image.get_rect(midtop=(cell.centerx, cell.y))
            surface.blit(image, spot)
            kind, lines = fit_lines(lay, _(picture.caption), cell.width, ("small",))
            y = spot.bottom + lay.gap // 2
            for line in lines:
                y = theme.text(
                    surface,
                    line,
                    kind,
                    theme.TEXT_DIM,
                    (cell.centerx, y),
                    lay,
                    anchor="midtop",
                    max_width=cell.width,
                ).bottom

    def describe(self) -> dict[str, Any]:
        page = self.pages[self.page]
        return {
            **super().describe(),
            "game": self.game["id"],
            "page": page.title,
            "pictures": [p.asset for p in page.pictures],
        }

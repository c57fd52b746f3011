"""The client's look: a warm kitchen palette, fonts that scale with the window, and a layout helper.

Every size is derived from the window height so the same screen reads well from 1280x720 up to
3840x2160. Fonts are pygame-ce's bundled default font, cached per pixel size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from soupkitchen.client.ui import coverage
from soupkitchen.client.ui.textfit import MIN_READABLE_PX, note_clipped

# --- palette ---------------------------------------------------------------------------------------
BACKGROUND = (43, 29, 22)  # dark walnut
BACKGROUND_TOP = (66, 42, 30)  # warmer top of the gradient
PANEL = (74, 50, 36)  # cutting board
PANEL_LIGHT = (98, 68, 48)
PANEL_EDGE = (122, 86, 58)
TEXT = (246, 232, 208)  # cream
TEXT_DIM = (196, 172, 140)
TEXT_DARK = (43, 29, 22)
HINT = (150, 124, 98)  # a text field's hint while it is empty: plainly not a value typed in
ACCENT = (224, 83, 61)  # tomato
ACCENT_DARK = (170, 56, 40)
MUSTARD = (232, 176, 74)  # highlights
FOCUS = (255, 248, 225)  # the focus ring (with dark edges: see draw_focus_ring)
HERB = (127, 163, 91)  # success, connected
BROTH = (214, 150, 84)
DANGER = (200, 60, 50)
SHADOW = (20, 12, 8)
DIM_OVERLAY = (20, 12, 8, 170)
# the tables' own (the high-contrast theme replaces these too: client/access/look.py)
FELT = (62, 44, 34)  # the kitchen and pot zones the cards lie on
SHEET = (54, 38, 30)  # the scoring sheet at a game's end
CARD_PAPER = (246, 232, 208)  # a card drawn on the table (Stone Soup's sequence of ingredients)
PLACE = (84, 62, 48)  # the outline of a place where a card will go
LEGAL = HERB  # the ring round a thing that can be touched now
LAST_MOVE = (120, 190, 235)  # the frame (and corner flag) of the last move's objects
SINCE_MOVE = (86, 128, 160)  # the thinner frame of what else changed since the viewer's own last move

SEAT_COLOURS = [
    (224, 83, 61),
    (127, 163, 91),
    (92, 146, 196),
    (232, 176, 74),
    (176, 110, 180),
    (90, 180, 170),
    (220, 130, 160),
    (160, 160, 160),
]
# Shapes that go with the seat colours so colour-blind players can tell seats apart.
SEAT_SYMBOLS = ["●", "▲", "■", "◆", "★", "✚", "♥", "⬟"]
SEAT_SYMBOLS_ASCII = ["o", "^", "#", "<>", "*", "+", "v", "%"]

BASE_HEIGHT = 720
BASE_WIDTH = 1280
MIN_WINDOW = (
    1280,
    720,
)  # the smallest window the client opens: every word fits from here up (the tables are laid out for it)

# The smallest font the type scale gives: its letters are MIN_READABLE_PX (16) pixels high.
MIN_FONT_PX = 24
# Type scale, in pixels at a 720-pixel-high window.
SIZES = {"small": 20, "body": 24, "label": 28, "heading": 40, "title": 84}

_font_cache: dict[int, pygame.font.Font] = {}


def font_px(px: int) -> pygame.font.Font:
    """The bundled default font at ``px`` pixels, cached."""
    px = max(8, int(px))
    found = _font_cache.get(px)
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        found = _font_cache[px] = pygame.font.Font(None, px)
    return found


def kind_px(kind: str, height: int) -> int:
    """The pixel size of the type-scale font ``kind`` for a window ``height`` pixels high."""
    return max(MIN_FONT_PX, round(SIZES[kind] * height / BASE_HEIGHT * 1.25))


def font(kind: str, height: int) -> pygame.font.Font:
    """A font from the type scale (``small``, ``body``, ``label``, ``heading``, ``title``) for a window
    ``height`` pixels high."""
    return font_px(kind_px(kind, height))


def seat_colour(seat: int | None) -> tuple[int, int, int]:
    """The colour that marks ``seat`` everywhere (grey for nobody)."""
    if seat is None:
        return TEXT_DIM
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_symbol(seat: int) -> str:
    """A short ASCII symbol for ``seat`` (drawn beside the colour when colour-blind symbols are on)."""
    return SEAT_SYMBOLS_ASCII[seat % len(SEAT_SYMBOLS_ASCII)]


@dataclass(frozen=True)
class Layout:
    """Measurements for one window size; scenes place widgets with these, never with raw pixels."""

    width: int
    height: int
    scale: float  # 1.0 at 720 pixels high
    margin: int  # space between the window edge and content
    gap: int  # space between stacked widgets
    button_h: int  # height of a button or list row
    column_w: int  # width of the main menu column
    radius: int  # corner radius of panels and buttons
    ring: int  # focus ring thickness

    def font(self, kind: str) -> pygame.font.Font:
        return font(kind, round(BASE_HEIGHT * self.scale))

    def font_px(self, kind: str) -> int:
        """The pixel size :meth:`font` uses for ``kind``."""
        return kind_px(kind, round(BASE_HEIGHT * self.scale))

    def lines(self, words: str, kind: str, width: int) -> list[str]:
        """``words`` wrapped to ``width`` pixels in the font ``kind``."""
        return wrap(words, self.font(kind), width)


def layout(size: tuple[int, int]) -> Layout:
    """The layout for a window of ``size`` (width, height)."""
    width, height = max(320, int(size[0])), max(240, int(size[1]))
    # A window narrower than 16:9 scales by its width, so every row still fits across it.
    scale = min(height / BASE_HEIGHT, width / BASE_WIDTH)
    # On very wide or narrow windows keep the column readable.
    column_w = int(min(width * 0.86, max(560 * scale, width * 0.4)))
    return Layout(
        width=width,
        height=height,
        scale=scale,
        margin=round(32 * scale),
        gap=round(12 * scale),
        button_h=round(52 * scale),
        column_w=column_w,
        radius=max(4, round(10 * scale)),
        ring=max(2, round(4 * scale)),
    )


_gradient_cache: dict[tuple[int, int], pygame.Surface] = {}


def draw_background(surface: pygame.Surface) -> None:
    """The shared backdrop: a warm vertical gradient with a subtle tiled-floor band at the bottom."""
    size = surface.get_size()
    cached = _gradient_cache.get(size)
    if cached is None:
        _gradient_cache.clear()
        w, h = size
        cached = pygame.Surface(size)
        strip = pygame.Surface((1, 2))
        strip.set_at((0, 0), BACKGROUND_TOP)
        strip.set_at((0, 1), BACKGROUND)
        cached.blit(pygame.transform.smoothscale(strip, (w, h)), (0, 0))
        tile = max(8, h // 18)
        band = pygame.Surface((w, tile * 2), pygame.SRCALPHA)
        for i, x in enumerate(range(0, w + tile, tile)):
            for row in range(2):
                if (i + row) % 2 == 0:
                    band.fill((255, 240, 220, 10), pygame.Rect(x, row * tile, tile, tile))
        cached.blit(band, (0, h - tile * 2))
        _gradient_cache[size] = cached
    surface.blit(cached, (0, 0))


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, lay: Layout, colour=PANEL, edge=PANEL_EDGE
) -> None:
    """A rounded panel with a soft shadow: the frame of every card of content."""
    shadow = rect.move(0, max(2, lay.ring))
    pygame.draw.rect(surface, SHADOW, shadow, border_radius=lay.radius)
    pygame.draw.rect(surface, colour, rect, border_radius=lay.radius)
    pygame.draw.rect(surface, edge, rect, width=max(1, lay.ring // 2), border_radius=lay.radius)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, lay: Layout) -> None:
    """The focus ring around the widget that has focus (see :func:`draw_double_ring`)."""
    draw_double_ring(surface, rect, lay.ring, lay.ring + max(1, lay.ring // 2), lay.radius)


def draw_double_ring(surface: pygame.Surface, rect: pygame.Rect, width: int, pad: int, radius: int) -> None:
    """A focus ring ``pad`` pixels around ``rect``: a cream band ``width`` wide between two dark
    edges, so it stands out on dark panels and on bright ones (the tomato pot, mustard highlights,
    pink cards) alike."""
    edge = max(1, width // 2)
    outer = rect.inflate((pad + edge) * 2, (pad + edge) * 2)
    pygame.draw.rect(surface, SHADOW, outer, width=width + edge * 2, border_radius=radius + pad + edge)
    pygame.draw.rect(surface, FOCUS, rect.inflate(pad * 2, pad * 2), width=width, border_radius=radius + pad)


def text(
    surface: pygame.Surface,
    words: str,
    kind: str,
    colour,
    pos,
    lay: Layout,
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; it is shortened with an ellipsis past ``max_width``."""
    f = lay.font(kind)
    if f.get_height() < MIN_READABLE_PX:
        note_clipped(str(words))
    return blit_line(surface, f, words, colour, pos, anchor, max_width)


def blit_line(
    surface: pygame.Surface,
    f: pygame.font.Font,
    words: str,
    colour,
    pos,
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line in font ``f`` anchored at ``pos``; past ``max_width`` it is cut with an ellipsis
    (and counted as clipped). Returns the rectangle drawn."""
    words = str(words)
    if max_width is not None and f.size(words)[0] > max_width:
        note_clipped(words)
        while len(words) > 1 and f.size(words + "…")[0] > max_width:
            words = words[:-1]
        words += "…"
    image = f.render(words, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    coverage.note(rect, words)
    return rect


def wrap(words: str, f: pygame.font.Font, width: int) -> list[str]:
    """``words`` split into lines that fit ``width`` pixels in font ``f``."""
    lines: list[str] = []
    for paragraph in str(words).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_lines(
    lay: Layout, words: str, width: int, kinds: Sequence[str] = ("label", "body")
) -> tuple[str, list[str]]:
    """The first font of ``kinds`` in which ``words`` fits on one line of ``width`` pixels, else the
    last one with ``words`` wrapped: (font kind, lines)."""
    for kind in kinds:
        if lay.font(kind).size(words)[0] <= width:
            return kind, [words]
    return kinds[-1], lay.lines(words, kinds[-1], width)


def lines_height(lay: Layout, kind: str, count: int) -> int:
    """The row height that holds ``count`` lines of ``kind`` (at least a button's)."""
    return max(lay.button_h, lay.font(kind).get_linesize() * count + lay.gap * 2)


def draw_lines(
    surface: pygame.Surface,
    lay: Layout,
    lines: Sequence[str],
    kind: str,
    colour,
    left: int,
    centery: int,
    width: int,
) -> None:
    """``lines`` of ``kind`` left-aligned at ``left``, centred as a block on ``centery``."""
    step = lay.font(kind).get_linesize()
    y = centery - step * len(lines) // 2
    for line in lines:
        text(surface, line, kind, colour, (left, y), lay, max_width=width)
        y += step

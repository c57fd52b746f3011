"""Large text and a high-contrast theme, as Settings sets them: the type scale a size larger, and
black, white and yellow instead of the kitchen's browns and creams, on the menus and at every table
(its zones, scoring sheet, legal-move rings and last-move frames). Both change ``client.ui.theme``'s
values in place (every screen and table reads them as it draws), so the next frame shows them."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.ui import theme, widgets

LARGE = 1.1  # the type scale with large text (the menus still fit at 1280x720: tests/access)
CONTRAST = {
    "BACKGROUND": (0, 0, 0),
    "BACKGROUND_TOP": (0, 0, 0),
    "PANEL": (0, 0, 0),
    "PANEL_LIGHT": (40, 40, 40),
    "PANEL_EDGE": (255, 255, 255),
    "TEXT": (255, 255, 255),
    "TEXT_DIM": (235, 235, 235),
    "TEXT_DARK": (0, 0, 0),
    "HINT": (190, 190, 190),
    "ACCENT": (0, 0, 160),
    "ACCENT_DARK": (0, 0, 110),
    "MUSTARD": (255, 230, 0),
    "FOCUS": (255, 255, 0),
    "HERB": (0, 200, 0),
    "DANGER": (230, 0, 0),
    "SHADOW": (90, 90, 90),
    "DIM_OVERLAY": (0, 0, 0, 215),
    "BROTH": (255, 230, 0),
    "FELT": (0, 0, 0),
    "SHEET": (0, 0, 0),
    "PLACE": (255, 255, 255),
    "CARD_PAPER": (255, 255, 255),
    "LEGAL": (0, 255, 0),
    "LAST_MOVE": (0, 255, 255),
    "SINCE_MOVE": (0, 170, 255),
}
_KITCHEN = {name: getattr(theme, name) for name in CONTRAST}
_SIZES = dict(theme.SIZES)
_DEFAULTS: dict[Any, tuple] = {
    theme.draw_panel: theme.draw_panel.__defaults__ or (),
    widgets.Label.__init__: widgets.Label.__init__.__defaults__ or (),
}


def apply(settings: Any) -> None:
    """Use the look ``settings`` ask for (``large_text``, ``high_contrast``)."""
    contrast = bool(getattr(settings, "high_contrast", False))
    palette = CONTRAST if contrast else _KITCHEN
    for name, colour in palette.items():
        setattr(theme, name, colour)
    for function, defaults in _DEFAULTS.items():  # colours given as defaults follow the palette too
        function.__defaults__ = tuple(
            palette[_name_of(value)] if _name_of(value) else value for value in defaults
        )
    scale = LARGE if getattr(settings, "large_text", False) else 1.0
    theme.SIZES.update({kind: round(px * scale) for kind, px in _SIZES.items()})
    theme._gradient_cache.clear()


def _name_of(value: Any) -> str:
    return next(
        (name for name, colour in _KITCHEN.items() if colour == value and isinstance(value, tuple)), ""
    )

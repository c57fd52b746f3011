"""A choice of one value out of several: a label, and the value between a left and a right arrow.
Drawing and clicks use one layout (:meth:`Choice.parts`), so an arrow counts the way it points."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.theme import draw_lines, fit_lines, lines_height
from soupkitchen.client.ui.widgets import Widget
from soupkitchen.client.words import N_, _, worded


@dataclass(frozen=True)
class ChoiceParts:
    """The areas of a Choice row."""

    label: pygame.Rect
    minus: pygame.Rect
    value: pygame.Rect
    plus: pygame.Rect


def draw_arrow(surface: pygame.Surface, box: pygame.Rect, direction: int, colour) -> None:
    """A solid triangle pointing left (-1) or right (1), centred in ``box``."""
    r = max(4, min(box.width, box.height) // 5)
    cx, cy = box.center
    tip = (cx + direction * r, cy)
    pygame.draw.polygon(surface, colour, [tip, (cx - direction * r, cy - r), (cx - direction * r, cy + r)])


class Choice(Widget):
    """One value out of several; left/right (or a click) steps through them; Enter moves on to the
    next row (``Widget.enter_moves_on``)."""

    enter_moves_on = True

    def __init__(
        self,
        label: str,
        values: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        key: str = "",
        names: Callable[[Any], str] = str,
    ) -> None:
        super().__init__(key or label)
        self.label, self.values, self.on_change, self.names = label, list(values), on_change, names
        self.index = self.values.index(value) if value in self.values else 0

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else None

    def step(self, delta: int) -> None:
        if not self.values or not self.enabled:
            return
        self.index = (self.index + delta) % len(self.values)
        if self.on_change:
            self.on_change(self.value)

    def set(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def activate(self) -> None:
        self.step(1)

    def parts(self, lay: theme.Layout, rect: pygame.Rect | None = None) -> ChoiceParts:
        """Where the label, the two arrows and the value sit: drawing and clicks both use this."""
        rect = rect or self.rect
        f = lay.font("label")
        value_w = max((f.size(self.names(v))[0] for v in self.values), default=0) + lay.gap * 2
        arrow_w = min(lay.button_h, rect.height)
        label_min = min(f.size(self.label)[0], rect.width * 3 // 10)  # past this the label wraps
        value_w = min(value_w, rect.width - arrow_w * 2 - label_min - lay.gap * 4)
        plus = pygame.Rect(rect.right - lay.gap - arrow_w, rect.y, arrow_w, rect.height)
        value = pygame.Rect(plus.x - value_w, rect.y, value_w, rect.height)
        minus = pygame.Rect(value.x - arrow_w, rect.y, arrow_w, rect.height)
        label = pygame.Rect(
            rect.x + lay.gap * 2, rect.y, minus.x - lay.gap - rect.x - lay.gap * 2, rect.height
        )
        return ChoiceParts(label, minus, value, plus)

    def height(self, lay, width) -> int:
        parts = self.parts(lay, pygame.Rect(0, 0, width, lay.button_h))
        kind, lines = fit_lines(lay, self.label, parts.label.width)
        return lines_height(lay, kind, len(lines))

    def click(self, pos) -> None:
        """The left arrow counts down; the right arrow, or anywhere else on the row, counts up."""
        self.step(-1 if self._parts is not None and self._parts.minus.collidepoint(pos) else 1)

    def handle(self, action: InputAction) -> bool:
        if action.kind == "navigate" and action.dx:
            self.step(action.dx)
            return True
        return False

    _parts: ChoiceParts | None = None

    def adopt(self, old: Widget) -> None:
        super().adopt(old)
        if isinstance(old, Choice):
            self._parts = old._parts

    def draw(self, surface, lay, focused) -> None:
        theme.draw_panel(surface, self.rect, lay, colour=theme.PANEL_LIGHT if focused else theme.PANEL)
        self._parts = parts = self.parts(lay)
        kind, lines = fit_lines(lay, self.label, parts.label.width)
        draw_lines(
            surface,
            lay,
            lines,
            kind,
            theme.TEXT if self.enabled else theme.TEXT_DIM,
            parts.label.x,
            self.rect.centery,
            parts.label.width,
        )
        arrows = theme.MUSTARD if focused and self.enabled else theme.TEXT_DIM
        for box, direction in ((parts.minus, -1), (parts.plus, 1)):
            draw_arrow(surface, box, direction, arrows)
        theme.text(
            surface,
            self.names(self.value),
            "label",
            theme.TEXT,
            parts.value.center,
            lay,
            anchor="center",
            max_width=parts.value.width,
        )

    def describe(self) -> str:
        return f"{self.label}: {self.names(self.value)}"


def option_values(spec: dict[str, Any]) -> list[Any]:
    """The values a game option can take, for a Choice widget."""
    if spec.get("choices"):
        return list(spec["choices"])
    low = spec.get("minimum")
    high = spec.get("maximum")
    default = spec.get("default", 0)
    low = default if low is None else low
    high = default if high is None else high
    if high - low > 60:
        return sorted({low, default, high})
    return list(range(low, high + 1))


# The words of the bot levels and bot speeds, for the catalog (worded when shown); a game declares
# the words of its own options' values (``OptionSpec.words``).
LEVEL_WORDS = (N_("easy"), N_("normal"), N_("hard"), N_("relaxed"), N_("fast"))


def shown_options(specs: list[dict[str, Any]], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The options that matter with ``options`` as chosen (one that matters only while another has a
    value, ``shown_if``, is left out otherwise)."""

    def shown(spec: dict[str, Any]) -> bool:
        rule = spec.get("shown_if")
        if not rule:
            return True
        key, value = rule
        default = next((s.get("default") for s in specs if s.get("key") == key), None)
        return options.get(key, default) == value

    return [spec for spec in specs if shown(spec)]


def option_label(spec: dict[str, Any]) -> str:
    """A game option's label in the player's language (the game's words, worded where shown)."""
    return worded(spec.get("label") or spec.get("key"))


def option_name(value: Any, words: Mapping[str, str] | None = None) -> str:
    """A value as a Choice shows it ("On", "Off", words for names, each begun with a capital as every
    choice's value is), in the player's language: ``words`` are the game's for its option's values; a
    name without any reads as itself."""
    if isinstance(value, bool):
        word = _("on") if value else _("off")
    elif isinstance(value, int | float):
        return str(value)
    else:
        text = str(value)
        word = _((words or {}).get(text) or text.replace("_", " ").replace("-", " "))
    return word[:1].upper() + word[1:]


def value_names(spec: dict[str, Any]) -> Callable[[Any], str]:
    """How a game option's Choice names its values, in the words its game declares for them."""
    words = spec.get("words") or {}
    return lambda value: option_name(value, words)


def level_name(level: str) -> str:
    """A bot's level as a button or a choice shows it ("Easy")."""
    return option_name(level)

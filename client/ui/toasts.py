"""Toasts: short messages that show for a few seconds, placed where they cover none of the screen's
controls or words (stacked up from the bottom, in the right-hand margin when the middle is full)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from soupkitchen.client.ui import coverage, theme

TOAST_SECONDS = 4.0
SIDE_MIN = 0.18  # a margin at least this share of the window wide can hold toasts


@dataclass
class Toast:
    message: str
    kind: str
    until: float


def draw_toasts(
    surface: pygame.Surface,
    lay: theme.Layout,
    toasts: list[Toast],
    occupied: list[pygame.Rect],
    area: pygame.Rect | None = None,
) -> list[pygame.Rect]:
    """Draw ``toasts`` (newest lowest) clear of ``occupied``, or in the scene's own ``area`` for them
    (newest first, as many as fit); where each one went."""
    if area is not None:
        return _draw_in(surface, lay, toasts, area)
    taken = [r.inflate(lay.gap, lay.gap) for r in occupied]
    f = lay.font("body")
    line_h = f.get_linesize()
    right_free = lay.width - max((r.right for r in taken), default=lay.width) - lay.margin
    in_margin = bool(taken) and right_free >= lay.width * SIDE_MIN
    width = right_free if in_margin else int(lay.width * 0.6)
    bottom = lay.height - lay.margin * 2  # above the key hints at the bottom of most screens
    placed: list[pygame.Rect] = []
    for toast in reversed(toasts):
        lines = theme.wrap(toast.message, f, width - lay.margin)
        w = max(f.size(line)[0] for line in lines) + lay.margin
        h = line_h * len(lines) + lay.gap * 2
        rect = pygame.Rect(0, bottom - h, w, h)
        rect.centerx = lay.width - lay.margin // 2 - right_free // 2 if in_margin else lay.width // 2
        for _ in range(len(taken) + 1):
            hit = rect.collidelist(taken)
            if hit < 0:
                break
            rect.bottom = taken[hit].top - lay.gap
        rect.top = max(0, rect.top)
        _draw_one(surface, lay, toast, rect, lines)
        bottom = rect.y - lay.gap
        taken.append(rect)
        placed.append(rect)
    return placed


def _draw_in(
    surface: pygame.Surface, lay: theme.Layout, toasts: list[Toast], area: pygame.Rect
) -> list[pygame.Rect]:
    """The newest toasts stacked in ``area`` from its top, each as wide as the area; the older ones
    that do not fit wait."""
    f = lay.font("body")
    line_h = f.get_linesize()
    placed: list[pygame.Rect] = []
    y = area.y
    for toast in reversed(toasts):
        lines = theme.wrap(toast.message, f, area.width - lay.margin)
        rect = pygame.Rect(area.x, y, area.width, line_h * len(lines) + lay.gap * 2)
        if placed and rect.bottom > area.bottom:
            break
        _draw_one(surface, lay, toast, rect, lines)
        y = rect.bottom + lay.gap
        placed.append(rect)
    return placed


def _draw_one(
    surface: pygame.Surface, lay: theme.Layout, toast: Toast, rect: pygame.Rect, lines: list[str]
) -> None:
    error = toast.kind == "error"
    line_h = lay.font("body").get_linesize()
    with coverage.overlay("a toast", rect):
        theme.draw_panel(
            surface,
            rect,
            lay,
            colour=theme.ACCENT_DARK if error else theme.PANEL_LIGHT,
            edge=theme.MUSTARD if error else theme.PANEL_EDGE,
        )
        for i, line in enumerate(lines):
            theme.text(
                surface,
                line,
                "body",
                theme.TEXT,
                (rect.centerx, rect.y + lay.gap + i * line_h),
                lay,
                anchor="midtop",
            )

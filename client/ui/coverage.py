"""What lies over what on screen: every piece of text, card and control drawn in a frame, and every
overlay drawn over them (hover words, a bubble, a banner, a toast). Something a player needs that an
overlay hides without being asked to is counted, as :mod:`client.ui.textfit` counts cut labels;
``scripts/tour.py`` and the tests read :func:`covered_count` to show that nothing is hidden.

Drawing code calls :func:`note` for what it draws (``theme.blit_line`` does for every line of text)
and draws an overlay inside ``with overlay(name):``; what is drawn inside belongs to the overlay.
A table that draws into a cached layer records it with :func:`capture` and :func:`replay`\\s it on
the frames that reuse the layer. ``asked=True`` marks an overlay the player opened (a menu, the
answer to their own click): it may lie over anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

LEAST_SHARE = 0.1  # an overlay hides a thing when it lies over at least this share of it

_covered: Counter[str] = Counter()


@dataclass
class Mark:
    rect: pygame.Rect
    label: str
    order: int
    owner: Cover | None


@dataclass
class Cover:
    name: str
    rect: pygame.Rect | None
    asked: bool
    order: int
    parent: Cover | None
    own: list[Mark] = field(default_factory=list)

    def holds(self, mark: Mark) -> bool:
        """Whether ``mark`` was drawn as part of this overlay (or of one opened inside it)."""
        owner = mark.owner
        while owner is not None:
            if owner is self:
                return True
            owner = owner.parent
        return False


class _Frame:
    def __init__(self) -> None:
        self.recording = False
        self.order = 0
        self.marks: list[Mark] = []
        self.covers: list[Cover] = []
        self.open: list[Cover] = []
        self.captures: list[list[tuple]] = []


_frame = _Frame()


def _record(event: tuple) -> None:
    for captured in _frame.captures:
        captured.append(event)


def note(rect: pygame.Rect, label: str) -> None:
    """``label`` (a line of text, a card, a control) was just drawn at ``rect``."""
    if not (_frame.recording or _frame.captures) or rect.width <= 0 or rect.height <= 0:
        return
    _record(("note", pygame.Rect(rect), str(label)))
    if _frame.recording:
        _frame.order += 1
        owner = _frame.open[-1] if _frame.open else None
        mark = Mark(pygame.Rect(rect), str(label), _frame.order, owner)
        _frame.marks.append(mark)
        if owner is not None:
            owner.own.append(mark)


@contextmanager
def overlay(name: str, rect: pygame.Rect | None = None, asked: bool = False) -> Iterator[None]:
    """Draw an overlay called ``name`` over ``rect`` (None: over what is drawn inside it)."""
    _open(name, rect, asked)
    try:
        yield
    finally:
        _close()


def _open(name: str, rect: pygame.Rect | None, asked: bool) -> None:
    _record(("open", name, None if rect is None else pygame.Rect(rect), asked))
    if _frame.recording:
        _frame.order += 1
        cover = Cover(
            name,
            None if rect is None else pygame.Rect(rect),
            asked,
            _frame.order,
            _frame.open[-1] if _frame.open else None,
        )
        _frame.open.append(cover)
        _frame.covers.append(cover)


def _close() -> None:
    _record(("close",))
    if _frame.recording and _frame.open:
        cover = _frame.open.pop()
        if cover.rect is None and cover.own:
            cover.rect = cover.own[0].rect.unionall([m.rect for m in cover.own[1:]])


@contextmanager
def capture() -> Iterator[list[tuple]]:
    """Record what is drawn inside (into a cached layer) so that :func:`replay` can note it again."""
    events: list[tuple] = []
    _frame.captures.append(events)
    try:
        yield events
    finally:
        _frame.captures = [held for held in _frame.captures if held is not events]


def replay(events: list[tuple]) -> None:
    """A cached layer drawn again: what it held is on screen again, in the same order."""
    for event in events:
        if event[0] == "note":
            note(event[1], event[2])
        elif event[0] == "open":
            _open(event[1], event[2], event[3])
        else:
            _close()


def begin_frame() -> None:
    """A frame starts: forget what the last one drew."""
    _frame.recording = True
    _frame.order = 0
    _frame.marks, _frame.covers, _frame.open = [], [], []


def set_aside() -> None:
    """Everything drawn so far was dimmed on purpose (a dialog opens over it)."""
    _frame.marks = []
    _frame.covers = [cover for cover in _frame.covers if cover in _frame.open]


def lies_over(box: pygame.Rect, thing: pygame.Rect) -> bool:
    """Whether ``box`` lies over a significant part of ``thing``."""
    clip = thing.clip(box)
    return (
        clip.width >= 2
        and clip.height >= 2
        and clip.width * clip.height >= LEAST_SHARE * thing.width * thing.height
    )


def hidden(mark: Mark, cover: Cover) -> bool:
    """Whether ``cover`` hides ``mark``: drawn after it, not as part of it, over enough of it."""
    if cover.rect is None or mark.order > cover.order or cover.holds(mark):
        return False
    return lies_over(cover.rect, mark.rect)


def noted(events: list[tuple]) -> list[pygame.Rect]:
    """Where the things in ``events`` (from :func:`capture`) were drawn."""
    return [event[1] for event in events if event[0] == "note"]


def noted_outside_overlays(events: list[tuple]) -> list[pygame.Rect]:
    """Where the things in ``events`` were drawn, leaving out what belongs to an overlay (a menu)."""
    depth, found = 0, []
    for event in events:
        if event[0] == "open":
            depth += 1
        elif event[0] == "close":
            depth = max(0, depth - 1)
        elif depth == 0:
            found.append(event[1])
    return found


def end_frame() -> list[str]:
    """A frame is drawn: count (and return) each thing an overlay hides without being asked to."""
    found = []
    if _frame.recording:
        for cover in _frame.covers:
            if cover.asked:
                continue
            for mark in _frame.marks:
                if hidden(mark, cover):
                    found.append(f"{mark.label!r} under {cover.name}")
    _frame.recording = False
    for words in dict.fromkeys(found):
        _covered[words] += 1
    return found


def covered_count() -> int:
    """How many distinct things were hidden since the last :func:`reset_covered`."""
    return len(_covered)


def covered_labels() -> list[str]:
    """The things counted by :func:`covered_count` and what hid them, most often first."""
    return [words for words, _ in _covered.most_common()]


def reset_covered() -> None:
    _covered.clear()

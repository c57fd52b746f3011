"""Where the menu at an object opens (the choice among the moves one touch can mean, or the move asked
once more before it is made): right beside the object, as at a real table, on the side with room.
It never covers the object itself, nor what the table names as never to be covered (the player's own
hand and pot, the things the move is about); it covers the rest of the table as little as it can:
other cards and buttons most of all, then what the table has drawn (words, a pathway's squares: every
pixel that stands out from its surroundings, as the table was last drawn), the log and the bare cloth
least. The menu may be narrowed onto two or three lines to fit beside the object; only where no side
of the object has room does it go a little further off, and where nothing near has room, to the top
of the side column, where the log makes room under it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

GAP = 14  # board units between the object and a menu beside it
MOST_LINES = 3  # an item's words take at most this many lines
REACH = 200  # board units around the object searched when no side of it has room
STEP = 40  # board units between the places tried in that search
SLIDE = 20  # board units between the places tried along a side of the object
OBJECT_WEIGHT = 1.0  # what covering a pixel of another card or button costs, against ...
BUSY_WEIGHT = 0.4  # ... a drawn pixel (words, pictures) and ...
CLOTH_WEIGHT = 0.05  # ... a pixel of a zone's empty cloth, all per pixel of a line of words
DISTANCE = 0.35  # what each pixel between the object and the menu costs
OFF_SIDE = 2000  # board units: what leaving the object's sides costs (only where no side has room)
EDGE = 24  # how far (per colour channel) a pixel's edge strength stands out to count as drawn
CELL = 4  # window pixels a side of the cells in which drawings are looked for
JOIN = 4  # board units that join the letters of a word into one block
THIN = 7  # board units: a line no thicker than twice this once joined is a frame, not a drawing
SPREAD = 8  # board units round what is drawn that a menu keeps clear of too


@dataclass(frozen=True)
class Shape:
    """A menu's size: its items stacked, each ``width`` pixels wide and as high as its words need."""

    width: int
    heights: tuple[int, ...]

    @property
    def height(self) -> int:
        return sum(self.heights)


@dataclass(frozen=True)
class Keep:
    """What a menu must keep clear of (``never``); what it should cover as little as it can: other
    ``objects`` (cards, buttons), the pixels the table drew (``busy``, None where it has not been drawn
    yet, then the rectangles of its ``words``) and the ``cloth`` of zones it may lie on."""

    never: Sequence[pygame.Rect]
    busy: Busy | None = None
    words: Sequence[pygame.Rect] = ()
    cloth: Sequence[pygame.Rect] = ()
    objects: Sequence[pygame.Rect] = ()


def _grown(mask: pygame.mask.Mask, reach: int) -> pygame.mask.Mask:
    """``mask`` with every set pixel grown into a square ``reach`` pixels round it."""
    for dx, dy in ((1, 0), (0, 1)):
        grown = pygame.mask.Mask(mask.get_size())
        for k in range(-reach, reach + 1):
            grown.draw(mask, (k * dx, k * dy))
        mask = grown
    return mask


def _shrunk(mask: pygame.mask.Mask, reach: int) -> pygame.mask.Mask:
    """``mask`` with every pixel within ``reach`` of an unset one unset."""
    inverse = mask.copy()
    inverse.invert()
    shrunk = _grown(inverse, reach)
    shrunk.invert()
    return shrunk


@dataclass(frozen=True)
class Busy:
    """Where the table has drawn something, in cells of ``cell`` x ``cell`` window pixels."""

    cells: pygame.mask.Mask
    cell: int

    def over(self, box: pygame.Rect, solid: dict[tuple[int, int], pygame.mask.Mask]) -> int:
        """How many window pixels of drawings ``box`` lies over."""
        c = self.cell
        x, y = box.x // c, box.y // c
        size = (max(1, -(-box.right // c) - x), max(1, -(-box.bottom // c) - y))
        if size not in solid:
            solid[size] = pygame.mask.Mask(size, fill=True)
        return self.cells.overlap_area(solid[size], (x, y)) * c * c


def _edges(image: pygame.Surface) -> pygame.Surface:
    """How much each pixel of ``image`` differs from the pixels right of and below it (per channel)."""
    found = pygame.Surface(image.get_size(), 0, image)
    found.fill((0, 0, 0))
    for shift in ((1, 0), (0, 1)):
        moved = image.copy()
        moved.blit(image, shift)
        for a, b in ((image, moved), (moved, image)):
            difference = a.copy()
            difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
            found.blit(difference, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return found


def busy_pixels(surface: pygame.Surface, scale: float) -> Busy:
    """Where ``surface`` shows something drawn (words, pictures, a track of squares), with a margin
    round it; not the thin frame of a panel, the inside of a plain panel or the cloth. Drawn pixels
    differ from their neighbours; the letters of a word are joined into one block, then what is
    thinner than a block of words (a frame's line) is left out, then the margin is added."""
    cell = CELL
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(
        surface.convert(32) if surface.get_bitsize() != 32 else surface,
        (max(1, w // cell), max(1, h // cell)),
    )
    edges = _edges(small)
    drawn = pygame.mask.from_threshold(edges, (0, 0, 0, 255), (EDGE, EDGE, EDGE, 255))
    drawn.invert()
    joined = _grown(drawn, max(1, round(JOIN * scale / cell)))
    solid = _shrunk(joined, max(1, round(THIN * scale / cell)))
    return Busy(_grown(solid, max(1, round((THIN + SPREAD) * scale / cell))), cell)


def shapes(
    needs: Sequence[int], least: int, most: int, shape_at: Callable[[int], Shape | None]
) -> list[Shape]:
    """The shapes a menu may take, the most readable first: every item on one line (as wide as the
    longest words ``needs``, between ``least`` and ``most`` pixels), then narrower on more lines
    (``shape_at(width)``: the shape at that width, None where the words take too many lines)."""
    widest = max(least, min(max(needs), most))
    found: list[Shape] = []
    for width in (widest, *(round(widest * k) for k in (0.75, 0.6, 0.5))):
        shape = shape_at(width) if width >= least * 0.6 else None
        if shape is not None and all(shape.width != s.width for s in found):
            found.append(shape)
    return found


def _beside(
    anchor: pygame.Rect, w: int, h: int, gap: int, bounds: pygame.Rect, step: int
) -> list[tuple[int, int]]:
    """Top-left corners of a w x h box beside ``anchor`` (below, above, right, left), at ``gap`` from
    it and slid along that side (in steps of ``step``, as long as it still faces the object) to stay
    inside ``bounds``."""
    ys = {
        max(bounds.top, min(y, bounds.bottom - h)) for y in range(anchor.top - h + step, anchor.bottom, step)
    }
    ys |= {max(bounds.top, min(y, bounds.bottom - h)) for y in (anchor.top, anchor.centery - h // 2)}
    xs = {
        max(bounds.left, min(x, bounds.right - w)) for x in range(anchor.left - w + step, anchor.right, step)
    }
    xs |= {max(bounds.left, min(x, bounds.right - w)) for x in (anchor.left, anchor.centerx - w // 2)}
    return (
        [(x, anchor.bottom + gap) for x in sorted(xs)]
        + [(x, anchor.top - gap - h) for x in sorted(xs)]
        + [(anchor.right + gap, y) for y in sorted(ys)]
        + [(anchor.left - gap - w, y) for y in sorted(ys)]
    )


def _around(anchor: pygame.Rect, w: int, h: int, reach: int, step: int) -> list[tuple[int, int]]:
    """Top-left corners of a w x h box on a grid around ``anchor``, out to ``reach`` pixels."""
    return [
        (x, y)
        for x in range(anchor.left - reach - w, anchor.right + reach + 1, step)
        for y in range(anchor.top - reach - h, anchor.bottom + reach + 1, step)
    ]


def _distance(a: pygame.Rect, b: pygame.Rect) -> int:
    """The gap between two rectangles (0 where they touch or overlap)."""
    return max(0, a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom)


def _covered(box: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """How many pixels of ``rects`` the box lies over."""
    total = 0
    for i in box.collidelistall(rects):
        clip = box.clip(rects[i])
        total += clip.w * clip.h
    return total


def place(
    anchor: pygame.Rect,
    options: Sequence[Shape],
    docked: Shape,
    keep: Keep,
    bounds: pygame.Rect,
    dock: tuple[int, int],
    scale: float,
    line_h: int,
) -> list[pygame.Rect]:
    """The items of the menu opened at ``anchor``: the cheapest place (see the module) for any shape
    of ``options`` inside ``bounds``, else the ``docked`` shape with its top left at ``dock`` (in the
    side column, where the log makes room for it)."""
    never = [pygame.Rect(r) for r in (*keep.never, anchor)]
    objects, cloth, words, busy = list(keep.objects), list(keep.cloth), list(keep.words), keep.busy
    gap = max(2, round(GAP * scale))
    solid: dict[tuple[int, int], pygame.mask.Mask] = {}
    best: tuple[float, Shape, pygame.Rect] | None = None

    def cost(box: pygame.Rect) -> float:
        """What a place costs: what it covers, and how far it lies from the object."""
        drawn = busy.over(box, solid) if busy is not None else _covered(box, words)
        covered = (
            OBJECT_WEIGHT * _covered(box, objects) + BUSY_WEIGHT * drawn + CLOTH_WEIGHT * _covered(box, cloth)
        )
        return covered / max(1, line_h) + DISTANCE * _distance(box, anchor)

    slide, step = max(4, round(SLIDE * scale)), max(4, round(STEP * scale))
    for rank, shape in enumerate(options):
        near = _beside(anchor, shape.width, shape.height, gap, bounds, slide)
        far = _around(anchor, shape.width, shape.height, round(REACH * scale), step)
        for corners, extra in ((near, 0.0), (far, OFF_SIDE * scale)):
            for x, y in corners:
                box = pygame.Rect(x, y, shape.width, shape.height)
                if not bounds.contains(box) or box.collidelist(never) >= 0:
                    continue
                price = cost(box) + extra + rank * 20 * scale
                if best is None or price < best[0]:
                    best = (price, shape, box)
    box = pygame.Rect(dock, (docked.width, docked.height))
    if best is None:
        best = (0.0, docked, box)
    _price, shape, box = best
    tops = [box.y + sum(shape.heights[:i]) for i in range(len(shape.heights))]
    return [pygame.Rect(box.x, top, box.width, h) for top, h in zip(tops, shape.heights, strict=True)]

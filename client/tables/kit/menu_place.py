"""Where the menu at an object opens (the choice among the moves one touch can mean, or the move asked
once more before it is made): beside the object, where it covers nothing the player is deciding
about. No object on the table (cards, buttons, the zones they lie in) is ever covered, unless the
table calls a zone cloth; besides, what the table has drawn (words, a pathway's squares, the little
pictures on a recipe: every pixel that stands out from its surroundings, as the table was last
drawn) is covered as little as can be. The menu may be narrowed onto two or three lines to find a
freer place; where the table has none near the object, it goes to the top of the side column, and
the log there makes room under it: then it covers nothing at all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

GAP = 14  # board units between the object and a menu beside it
MOST_LINES = 3  # an item's words take at most this many lines
REACH = 200  # board units around the object searched for a free place before the side column
STEP = 40  # board units between the places tried in that search
BUSY_WEIGHT = 2.0  # what covering a drawn pixel costs, against ...
CLOTH_WEIGHT = 0.05  # ... a pixel of a zone's empty cloth, both per pixel of a line of words
DISTANCE = 0.35  # what each pixel between the object and the menu costs
AWAY = 500  # the side column's cost in board units: only where the table has no good place
EDGE = 24  # how far (per colour channel) a pixel's edge strength stands out to count as drawn
CELL = 4  # window pixels a side of the cells in which drawings are looked for
JOIN = 4  # board units that join the letters of a word into one block
THIN = 7  # board units: a line no thicker than twice this once joined is a frame, not a drawing
SPREAD = 8  # board units round what is drawn that a menu keeps clear of too
FREE_SHARE = 0.03  # a place on the table is taken only where at most this share of it lies over drawings


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
    """What a menu must keep clear of (``never``); what it should cover as little as it can: the
    pixels the table drew (``busy``, None where it has not been drawn yet, then the rectangles of its
    ``words``) and the ``cloth`` of zones it may lie on."""

    never: Sequence[pygame.Rect]
    busy: Busy | None = None
    words: Sequence[pygame.Rect] = ()
    cloth: Sequence[pygame.Rect] = ()


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


def _beside(anchor: pygame.Rect, w: int, h: int, gap: int, bounds: pygame.Rect) -> list[tuple[int, int]]:
    """Top-left corners of a w x h box beside ``anchor`` (right, left, below, above), slid along
    that side to stay inside ``bounds``."""
    ys = sorted(
        {
            max(bounds.top, min(y, bounds.bottom - h))
            for y in (anchor.top, anchor.centery - h // 2, anchor.bottom - h)
        }
    )
    xs = sorted(
        {
            max(bounds.left, min(x, bounds.right - w))
            for x in (anchor.left, anchor.centerx - w // 2, anchor.right - w)
        }
    )
    return (
        [(anchor.right + gap, y) for y in ys]
        + [(anchor.left - gap - w, y) for y in ys]
        + [(x, anchor.bottom + gap) for x in xs]
        + [(x, anchor.top - gap - h) for x in xs]
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
    of ``options`` inside ``bounds`` (the table), else the ``docked`` shape with its top left at
    ``dock`` (in the side column, where the log makes room for it)."""
    never = [pygame.Rect(r) for r in (*keep.never, anchor)]
    cloth, words, busy = list(keep.cloth), list(keep.words), keep.busy
    gap = max(2, round(GAP * scale))
    solid: dict[tuple[int, int], pygame.mask.Mask] = {}
    best: tuple[float, Shape, pygame.Rect] | None = None

    def cost(box: pygame.Rect) -> float | None:
        """What a place costs (None: it lies over too much of what the table drew)."""
        if busy is not None:
            drawn = busy.over(box, solid)
        else:
            drawn = _covered(box, words)
        if drawn > FREE_SHARE * box.w * box.h:
            return None
        return (BUSY_WEIGHT * drawn + CLOTH_WEIGHT * _covered(box, cloth)) / max(
            1, line_h
        ) + DISTANCE * _distance(box, anchor)

    for rank, shape in enumerate(options):
        near = _beside(anchor, shape.width, shape.height, gap, bounds)
        far = _around(anchor, shape.width, shape.height, round(REACH * scale), max(4, round(STEP * scale)))
        for corners, extra in ((near, 0.0), (far, 40 * scale)):
            for x, y in corners:
                box = pygame.Rect(x, y, shape.width, shape.height)
                if not bounds.contains(box) or box.collidelist(never) >= 0:
                    continue
                price = cost(box)
                if price is not None and (best is None or price + extra + rank * 20 * scale < best[0]):
                    best = (price + extra + rank * 20 * scale, shape, box)
    box = pygame.Rect(dock, (docked.width, docked.height))
    price = AWAY * scale + DISTANCE * _distance(box, anchor)
    if best is None or price < best[0]:
        best = (price, docked, box)
    _price, shape, box = best
    tops = [box.y + sum(shape.heights[:i]) for i in range(len(shape.heights))]
    return [pygame.Rect(box.x, top, box.width, h) for top, h in zip(tops, shape.heights, strict=True)]

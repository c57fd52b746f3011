"""Cards that move: each card keeps its identity from one view to the next, and when a view changes
the card glides from where it was to where it is now (a deal, a take, a give) or turns over where it
lies (a flip); the things whose look changed are the last move, marked until the next one, and
everything that changed since the viewer's turn ended is kept (``since``) to be marked more lightly.

A table whose game says exactly how its pieces moved starts the glides itself (``start``): a card
turned over from one face to another (``before``: its old look, shown until it is edge-on), or a line
of cards rotated one place (``wrap``: the card pushed off one end comes in at the other, inside
``band``)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from soupkitchen.client.tables.kit.table_objects import Thing

MOVE_SECONDS = 0.22


@dataclass(frozen=True)
class Glide:
    start: float
    source: pygame.Rect | None  # None: turning over in place
    seconds: float = MOVE_SECONDS
    before: Thing | None = None  # turning over: the thing as it looked before (None: its face throughout)
    wrap: tuple[int, int] = (0, 0)  # a line that rotates: the shift from one end of the line past the other
    band: pygame.Rect | None = None  # ... and the line, outside which nothing of it is drawn


def _same(before: Thing, after: Thing) -> bool:
    """The same card in the same place, only counted differently (a deck, a pile growing)."""
    return before.face == after.face and before.rect == after.rect


def _flipped(before: Thing | None, after: Thing) -> bool:
    """The card in this place was turned over (face down to up, or up to down)."""
    return (
        before is not None
        and before.rect == after.rect
        and before.face != after.face
        and (before.face is None or after.face is None)
    )


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


class Motion:
    """Remembers the last things seen and the glides under way."""

    def __init__(self) -> None:
        self.seen: dict[str, Thing] = {}
        self.glides: dict[str, Glide] = {}
        self.changed: set[str] = set()  # keys whose look changed with the latest view: the last move
        self.since: set[str] = set()  # keys whose look changed since the viewer's turn last ended
        self.changed_at = 0.0  # when the latest view's changes arrived

    def see(self, things: list[Thing], now: float, animate: bool = True) -> None:
        """A new view's things arrived at ``now``."""
        old, new = self.seen, {thing.key: thing for thing in things}
        self.glides = {}
        if old:  # a place that merely appears (room for a new pile) is not a move
            self.changed = {
                key
                for key, thing in new.items()
                if thing.kind != "button"
                and (old[key].sig != thing.sig if key in old else thing.kind != "zone")
            }
            self.since = {key for key in self.since if key in new} | self.changed
            self.changed_at = now
        if old and animate:
            gone = [
                thing
                for key, thing in old.items()
                if thing.kind == "card"
                and not thing.extra.get("walks")
                and (
                    key not in new
                    or (
                        new[key].sig != thing.sig
                        and not _same(thing, new[key])
                        and not _flipped(thing, new[key])
                    )
                )
            ]
            for key, thing in new.items():
                before = old.get(key)
                if thing.kind != "card" or (
                    before is not None and (before.sig == thing.sig or _same(before, thing))
                ):
                    continue
                if _flipped(before, thing):
                    self.glides[key] = Glide(now, None)  # turned over where it lies
                    continue
                source = self._source(thing, gone, old)
                if source is not None and source != thing.rect:
                    self.glides[key] = Glide(now, source)
        self.seen = new

    @staticmethod
    def _source(thing: Thing, gone: list[Thing], old: dict[str, Thing]) -> pygame.Rect | None:
        """Where a changed card came from: a card with the same face that left its place, else any
        card that left its place, else the thing's usual origin (the deck). A piece that walks (a
        counter, a lid: ``extra["walks"]``) comes from where it stood before."""
        if thing.extra.get("walks") and thing.key in old:
            return old[thing.key].rect
        for match in (
            [g for g in gone if thing.face is not None and g.face == thing.face and g.key != thing.key],
            [g for g in gone if g.key != thing.key and g.key not in old.get(thing.key, thing).under],
        ):
            if match:
                gone.remove(match[0])
                return match[0].rect
        if thing.origin in old:
            return old[thing.origin].rect
        return None

    def start(self, key: str, glide: Glide) -> None:
        """The thing ``key`` moves as ``glide`` says (the table knows how it moved)."""
        self.glides[key] = glide

    def settle(self) -> None:
        """The viewer's turn ended: what changed before it is no longer news."""
        self.since = set()

    def moving(self, now: float) -> frozenset[str]:
        """The keys of the things still gliding or turning over at ``now``."""
        return frozenset(key for key, glide in self.glides.items() if now - glide.start < glide.seconds)

    def place(self, thing: Thing, now: float) -> tuple[pygame.Rect, float]:
        """Where ``thing`` is drawn at ``now`` and how wide it shows (1: flat, 0: edge-on in a flip)."""
        glide = self.glides.get(thing.key)
        if glide is None or now - glide.start >= glide.seconds:
            return thing.rect, 1.0
        t = max(0.0, (now - glide.start) / glide.seconds)
        if glide.source is None:
            return thing.rect, abs(1 - 2 * t)
        k = _ease(t)
        src, dst = glide.source, thing.rect
        if glide.wrap != (0, 0):  # along its line the short way round: one place, not across the line
            src = min(
                (src.move(sign * glide.wrap[0], sign * glide.wrap[1]) for sign in (-1, 0, 1)),
                key=lambda r: abs(r.x - dst.x) + abs(r.y - dst.y),
            )
        rect = pygame.Rect(
            round(src.x + (dst.x - src.x) * k),
            round(src.y + (dst.y - src.y) * k),
            round(src.w + (dst.w - src.w) * k),
            round(src.h + (dst.h - src.h) * k),
        )
        return rect, 1.0

    def looks(self, thing: Thing, now: float) -> list[tuple[Thing, pygame.Rect, float]]:
        """How ``thing`` is drawn at ``now``: (the look, where, how wide it shows) for each place it
        shows (two while a rotated line's end card leaves one end and comes in at the other)."""
        rect, show = self.place(thing, now)
        glide = self.glides.get(thing.key)
        if glide is None:
            return [(thing, rect, show)]
        t = (now - glide.start) / glide.seconds
        look = glide.before if glide.before is not None and glide.source is None and t < 0.5 else thing
        places = (
            [rect]
            if glide.wrap == (0, 0)
            else [rect.move(sign * glide.wrap[0], sign * glide.wrap[1]) for sign in (-1, 0, 1)]
        )
        return [
            (look, place, show) for place in places if glide.band is None or place.colliderect(glide.band)
        ]

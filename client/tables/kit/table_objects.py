"""The objects on a card table: cards, piles, pots, slots and table buttons, each with an identity
(``key``) that survives from one view to the next, and the geometry the kit needs from them: what
lies under a point and the nearest object in a direction."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from soupkitchen.client.ui import coverage

Point = tuple[int, int]


@dataclass
class Thing:
    """One object on the table, in window pixels.

    ``key`` names it ("deck", "pile:2", "slot:1:3", "button:pass"); ``what`` says what it is in the
    game's words (shown on hover); ``face`` is the card picture's asset id, None for a face-down card
    or a thing that is not a card; ``words`` is drawn on a button or a card's caption; ``sig`` is
    what a player sees of it, so a change of ``sig`` between views marks it as part of the last move.
    ``under`` lists keys of larger things it sits on (a slot on its pot): a click that finds nothing
    to do with the slot goes on to them. ``readable``: the keys' focus stops on it even when it cannot
    be touched now (a taste, a seat, the log), so that its hover words can be read without a mouse."""

    key: str
    rect: pygame.Rect
    kind: str = "card"  # "card" | "button" | "zone"
    what: str = ""
    face: str | None = None
    words: str = ""
    sig: str = ""
    under: tuple[str, ...] = ()
    origin: str | None = None  # where a card that newly appears here comes from (e.g. "deck")
    readable: bool = False
    extra: dict = field(default_factory=dict)
    hit: pygame.Rect | None = None  # where a touch finds it, when not ``rect`` (a lifted card: where it was)


def note_thing(thing: Thing, rect: pygame.Rect) -> None:
    """A card or a table button was drawn at ``rect``, for the coverage check (zones are backdrops:
    their words count)."""
    if thing.kind in ("card", "button"):
        coverage.note(rect, thing.what or thing.words or thing.key)


def under_point(things: list[Thing], pos: Point) -> list[Thing]:
    """The things at ``pos``, topmost (drawn last) first, followed by what they sit on."""
    by_key = {thing.key: thing for thing in things}
    found: list[Thing] = []
    for thing in reversed(things):
        if (thing.rect if thing.hit is None else thing.hit).collidepoint(pos) and thing not in found:
            found.append(thing)
            found += [by_key[key] for key in thing.under if key in by_key and by_key[key] not in found]
    return found


def nearest(things: list[Thing], current: pygame.Rect | None, dx: int, dy: int) -> Thing | None:
    """The thing nearest to ``current`` in direction (dx, dy), distance across the direction
    weighing double; the first thing when nothing is focused yet."""
    if not things:
        return None
    if current is None:
        return things[0]
    cx, cy = current.center
    best, best_cost = None, None
    for thing in things:
        x, y = thing.rect.center
        along = (x - cx) * dx + (y - cy) * dy
        if along <= 0:
            continue
        across = abs((x - cx) * dy) + abs((y - cy) * dx)
        cost = along + 2 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = thing, cost
    return best

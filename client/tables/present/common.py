"""Shared pieces of the presenters: sections, lines, seat names and counting words."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.words import and_list

MAX_LINE = 90  # characters; longer facts are packed onto several lines
LOG_LINES = 8


@dataclass(frozen=True)
class Line:
    """One line of a section. ``seat``: drawn in that seat's colour with its symbol; ``strong``:
    what is asked of the viewer right now; ``cards``: the cards it names, as asset ids
    ("pink_soup/milk", "stone_soup/back"), drawn beside its words when they fit there, else below;
    ``marked``: the positions in ``cards`` drawn with a highlight frame and a mark (the food owed)."""

    text: str
    seat: int | None = None
    strong: bool = False
    cards: tuple[str, ...] = ()
    marked: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Section:
    """A titled block of lines. ``key`` says what it holds: "now", "you", "board", "players" or "log";
    ``cards``: pictures of the block as a whole (a kitchen's piles), drawn with its title."""

    key: str
    title: str
    lines: list[Line] = field(default_factory=list)
    cards: tuple[str, ...] = ()


def name_of(names: Sequence[str], seat: int | None) -> str:
    """A seat's name from the table summary (1-based "Seat N" when the summary has none)."""
    if seat is None:
        return _("nobody")
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat %(number)d") % {"number": seat + 1}


def renamer(game_names: Sequence[str], names: Sequence[str]):
    """A function putting the table's names in place of the game's own seat names ("Player 2") in a
    sentence of the view; one pass, so a name is never renamed twice."""
    pairs = {
        game: name_of(names, seat)
        for seat, game in enumerate(game_names)
        if isinstance(game, str) and game and name_of(names, seat) != game
    }
    if not pairs:
        return lambda text: str(text)
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(g) for g in sorted(pairs, key=len, reverse=True)) + r")(?!\d)"
    )
    return lambda text: pattern.sub(lambda m: pairs[m.group(1)], str(text))


def tally(items: Iterable[str]) -> list[str]:
    """Words with repeats counted, in first-seen order: ["tomatoes x2", "onions"]."""
    return [f"{item} x{n}" if n > 1 else item for item, n in Counter(items).items()]


def pack(first: str, items: Sequence[str], limit: int = MAX_LINE, indent: str = "  ") -> list[str]:
    """``first`` followed by ``items`` joined with commas, broken into lines of at most ``limit``."""
    lines: list[str] = []
    line = first
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        candidate = f"{line} {piece}" if line.strip() else f"{line}{piece}"
        if len(candidate) <= limit or not line.strip():
            line = candidate
        else:
            lines.append(line)
            line = f"{indent}{piece}"
    lines.append(line)
    return lines


def pictured(lines: list[str], cards: Iterable[str], marked: Iterable[int] = (), **kwargs) -> list[Line]:
    """Packed lines as ``Line``s, the last carrying ``cards`` (the pictures shown below them all),
    those at the positions ``marked`` highlighted."""
    cards, marked = tuple(cards), frozenset(marked)
    return [
        Line(
            text,
            cards=cards if i == len(lines) - 1 else (),
            marked=marked if i == len(lines) - 1 else frozenset(),
            **kwargs,
        )
        for i, text in enumerate(lines)
    ]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def namer(names: Sequence[str]):
    """Seat number to the name the table knows it by, for a game's ``describe`` words."""
    return lambda seat: name_of(names, seat)


def log_section(view: dict, words, names: Sequence[str], count: int = LOG_LINES) -> Section:
    """The newest entries of the view's log in the game's ``words``, names as the table knows them."""
    return Section(
        "log", _("Recently"), [Line(words.event_words(entry, namer(names))) for entry in view["log"][-count:]]
    )


def result_lines(view: dict, names: Sequence[str]) -> list[Line]:
    """Winners and scores once the game is over (read from the view's ``result``)."""
    result = view.get("result") if view.get("over") else None
    if not isinstance(result, dict):
        return []
    winners = [name_of(names, seat) for seat in result.get("winners") or []]
    said = (
        ngettext("The game is over: %(winners)s wins.", "The game is over: %(winners)s win.", len(winners))
        % {"winners": and_list(winners)}
        if winners
        else _("The game is over: nobody wins.")
    )
    lines = [Line(said, strong=True)]
    scores = result.get("scores") or []
    if scores:
        lines += [
            Line(text)
            for text in pack(_("Scores:"), [f"{name_of(names, s)} {score}" for s, score in enumerate(scores)])
        ]
    return lines

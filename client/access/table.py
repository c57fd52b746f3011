"""A table as a reader finds it: what a game's builder is given (``Seat``: the shown seat's own view
and nothing else of the game), the frame every table's tree shares (the headline, the timer, the
game's zones, every legal move, the live region) and the words of the two keys.

A game's builder is a module its client registration names (``ClientRegistration.access``) with:

- ``zones(seat) -> list[Node]``: the table's zones, in reading order (required);
- ``where_am_i(seat) -> str``: a summary of the seat: the soup or the piles, its cards, time left;
- ``since_my_turn(seat) -> list[str]``: what changed since the seat's last move, from its view's log
  (a game whose log forgets, as Pink Soup's does, forgets here too); without it, what was heard;
- ``focus_of(scene, root) -> str | None``: the node the table's own keyboard focus stands on.

A builder wraps each zone in ``seat.reuse(zone id, what it shows, build)``: the tree is built again
whenever anything on the table changed, and a zone whose inputs did not change is the very subtree
built last time (its nodes, its moves) rather than made again.

A game without a builder is read through its legal moves and headline alone.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from soupkitchen.client.access.tree import CLICK, Node, button, items
from soupkitchen.client.games import client_registration
from soupkitchen.client.tables.wording import event_words, move_words
from soupkitchen.client.words import N_, _, current, ngettext, worded
from soupkitchen.shared.registry import describer

log = logging.getLogger(__name__)

Play = Callable[[dict[str, Any]], Any]
REACTIONS = {
    "disgusting": N_("That's disgusting!"),
    "delicious": N_("How delicious!"),
    "fine": N_("That's fine by me"),
}


@dataclass
class Seat:
    """What the builder of a table may read: the shown seat's own view (the public view when no seat
    is shown), the seats' names, the clock and what this client heard said at the table. ``memory``
    is the builder's own, kept while the table is open (cards picked for a play)."""

    game_id: str
    view: dict[str, Any]
    seat: int | None
    names: Callable[[int], str]
    remaining: float | None = None
    reactions: dict[int, str] = field(default_factory=dict)  # seat -> its last reaction, in words
    heard: list[str] = field(default_factory=list)  # since the seat's last move
    history: list[str] = field(default_factory=list)  # everything heard at this table, oldest first
    play: Play = lambda action: None
    memory: dict[str, Any] = field(default_factory=dict)
    worded: dict[int, tuple[dict[str, Any], str]] = field(default_factory=dict, repr=False)
    kept: dict[str, tuple[str, Node | None]] = field(default_factory=dict, repr=False)  # zone -> last build

    @property
    def legal(self) -> list[dict[str, Any]]:
        return [a for a in self.view.get("legal_actions") or [] if isinstance(a, dict)]

    def name(self, seat: int | None) -> str:
        """A seat's name; the shown seat's own is "you"."""
        if seat is None:
            return _("nobody")
        return _("you") if seat == self.seat else self.names(seat)

    def move_words(self, action: dict[str, Any]) -> str:
        """A legal move's words (worded once a tree: a move is listed in its zone and among all moves)."""
        found = self.worded.get(id(action))  # the view's own move: listed twice
        if found is not None and found[0] is action:
            return found[1]
        words = move_words(self.game_id, self.view, action, self.names)
        self.worded[id(action)] = (action, words)
        return words

    def move(self, node_id: str, action: dict[str, Any], name: str = "") -> Node:
        """A button that plays ``action`` (one of the view's legal moves)."""
        return button(node_id, name or self.move_words(action), lambda: self.play(action))

    def reuse(self, zone: str, shows: Any, build: Callable[[], Node | None]) -> Node | None:
        """The subtree of ``zone`` as built last time if what it shows (``shows``: the parts of the
        view, the names it reads) is unchanged, else ``build()``, kept for the next time."""
        signature = repr((shows, self.seat, current()))  # a snapshot: views may be changed in place
        kept = self.kept.get(zone)
        if kept is not None and kept[0] == signature:
            return kept[1]
        node = build()
        self.kept[zone] = (signature, node)
        return node

    def moves_for(self, node: Node, wanted: Callable[[dict[str, Any]], bool]) -> Node:
        """``node`` with a button for each legal move ``wanted`` picks (the moves made there)."""
        chosen = [action for action in self.legal if wanted(action)]
        return node.add(*[self.move(f"{node.id}.move{i}", action) for i, action in enumerate(chosen)])


def clock_words(left: float | None) -> str:
    """Time left as a reader says it: "4 minutes 5 seconds left"."""
    if left is None:
        return ""
    total = int(left + 0.999)
    minutes, seconds = divmod(total, 60)
    if minutes and seconds:
        return _("%(minutes)s and %(seconds)s left") % {
            "minutes": ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes},
            "seconds": ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds},
        }
    if minutes:
        return ngettext("%(count)d minute left", "%(count)d minutes left", minutes) % {"count": minutes}
    return ngettext("%(count)d second left", "%(count)d seconds left", seconds) % {"count": seconds}


def clock_face(left: float | None) -> str:
    """Time left as the table shows it: "4:05"."""
    if left is None:
        return ""
    minutes, seconds = divmod(int(left + 0.999), 60)
    return f"{minutes}:{seconds:02d}"


def reaction_words(name: str) -> str:
    """A reaction's words (the ones its speech bubble shows)."""
    return _(REACTIONS[name]) if name in REACTIONS else name


def builder(game_id: str) -> Any | None:
    """The module that builds ``game_id``'s table, as its client registration names it (None: none)."""
    entry = client_registration(game_id)
    target = getattr(entry, "access", None) if entry is not None else None
    if not target:
        return None
    try:
        return importlib.import_module(target)
    except ImportError as err:
        log.warning("accessibility: %s's table builder %s cannot be loaded: %s", game_id, target, err)
        return None


def headline(seat: Seat) -> str:
    words = describer(seat.game_id)
    try:
        return words.headline(seat.view, seat.names) if words is not None and seat.view else ""
    except (KeyError, TypeError, ValueError):
        return ""


def table_tree(seat: Seat, title: str, extra: list[Node] | None = None) -> Node:
    """The table's window: headline, timer, the game's zones, the seat's legal moves and ``extra``
    (the hub's live region)."""
    found = builder(seat.game_id)
    root = Node("table", "group", worded(title))
    root.add(Node("headline", "status", _("What the table waits for"), headline(seat)))
    if seat.remaining is not None:
        root.add(Node("timer", "timer", _("Time left"), clock_face(seat.remaining)))
    if found is not None and seat.view:
        root.add(*found.zones(seat))
    legal = seat.legal  # a move's words may read the whole view
    root.add(
        seat.reuse("moves", (legal, seat.view if legal else None), lambda: all_moves(seat)), *(extra or [])
    )
    return root


def all_moves(seat: Seat) -> Node:
    moves = Node("moves", "list", _("Your moves"), str(len(seat.legal)))
    return moves.add(*[seat.move(f"moves.{i}", action) for i, action in enumerate(seat.legal)])


def where_am_i(seat: Seat) -> str:
    """The summary the "where am I" key says."""
    found = builder(seat.game_id)
    if found is not None and hasattr(found, "where_am_i") and seat.view:
        return found.where_am_i(seat)
    parts = [headline(seat), clock_words(seat.remaining)]
    return " ".join(part for part in parts if part)


def since_my_turn(seat: Seat) -> list[str]:
    """The lines the "what changed since my turn" key says."""
    found = builder(seat.game_id)
    if found is not None and hasattr(found, "since_my_turn") and seat.view:
        return found.since_my_turn(seat)
    return list(seat.heard)


def log_since_mine(seat: Seat) -> list[str]:
    """A view's log, in words, after the seat's own last entry (all of it when the seat has none): for
    games whose view keeps a log, so that what it forgets is forgotten here too."""
    log_entries = [entry for entry in seat.view.get("log") or [] if isinstance(entry, dict)]
    last = max((i for i, entry in enumerate(log_entries) if entry.get("seat") == seat.seat), default=-1)
    return [event_words(seat.game_id, entry, seat.names, seat.seat) for entry in log_entries[last + 1 :]]


def log_node(seat: Seat, name: str) -> Node:
    """The view's log (or what was heard, for a game without one), newest last."""
    entries = [entry for entry in seat.view.get("log") or [] if isinstance(entry, dict)]
    lines = (
        [event_words(seat.game_id, entry, seat.names, seat.seat) for entry in entries]
        if entries
        else list(seat.history)
    )
    return items("log", "log", name, lines)


def focus_by_key(root: Node, key: str | None) -> str | None:
    """The node for a kit table's focus key: the node of that id, else of the key cut at its last
    colon, and so on ("hand:tomato:1" -> "hand:tomato" -> "hand")."""
    while key:
        if root.find(key) is not None:
            return key
        key = key.rpartition(":")[0]
    return None


def click(node: Node) -> bool:
    """Invoke a node's click, as a reader would (False: it has none)."""
    do = node.do.get(CLICK)
    if do is None:
        return False
    do()
    return True

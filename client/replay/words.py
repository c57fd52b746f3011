"""The words of the replay viewer, as lines a player reads: each logged move, and each game's review
and face-up structure (from the review module its shared registration declares) in the words of the
module its client registration names (``replay_words``: ``review_lines`` and ``face_up_lines``). A
line may carry the moment it tells of (a click on it jumps there)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soupkitchen.client.games import client_registration
from soupkitchen.client.tables.wording import move_words
from soupkitchen.client.words import N_, _
from soupkitchen.shared.registry import resolve

Name = Callable[[int | None], str]


@dataclass(frozen=True)
class Line:
    text: str
    moment: int | None = None  # the moment after this move (a click jumps there)
    heading: bool = False


def clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def move_lines(timeline: Any, name: Name) -> list[Line]:
    """One line per logged move: its number, the game clock, who and what (in the game's words, as
    the mover read them); the clock's own moves in the words of the game (``CLOCK_WORDS`` of its
    ``replay_words`` module: what its clock ends)."""
    lines = [Line(_("The deal"), 0)]
    game = timeline.game
    words = _replay_words(game.id)
    ends = _(getattr(words, "CLOCK_WORDS", None) or N_("time is up"))
    for number, entry, before, _after, _events in timeline.steps():
        seat, action = entry["seat"], entry["action"]
        who = _("The clock") if seat is None else name(seat)
        timeout = action.get("type") == "timeout"
        what = ends if timeout else move_words(game.id, game.view(before, seat), action, name)
        lines.append(Line(f"{number}. {clock(entry['t'])} {who}: {what}", number))
    return lines


# --- reviews -------------------------------------------------------------------------------------
def review_lines(game_id: str, review: dict[str, Any] | None, name: Name) -> list[Line]:
    words = _replay_words(game_id) if review is not None else None
    if words is None:
        return [Line(_("This game has no review."))]
    return words.review_lines(review, name)


# --- everything face up ----------------------------------------------------------------------------
def face_up_lines(game_id: str, secrets: dict[str, Any] | None, name: Name) -> list[Line]:
    words = _replay_words(game_id) if secrets is not None else None
    if words is None:
        return [Line(_("This game cannot be shown face up."))]
    return words.face_up_lines(secrets, name)


def _replay_words(game_id: str) -> Any | None:
    """The module wording ``game_id``'s review and face-up secrets, as its client registration names it."""
    entry = client_registration(game_id)
    return resolve(entry.replay_words) if entry is not None and entry.replay_words else None

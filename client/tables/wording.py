"""Any game's view in plain words, for the generic table: a move's button words, an event's sentence,
the headline and the log's last lines, in the words of the game's ``describe`` module; and for a
game without one, a JSON value made readable and the view's public facts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.registry import describer

Namer = Callable[[int], str]

HIDDEN_KEYS = {"legal_actions", "active_seats", "seat", "deadline", "over", "game"}
HEADLINE_KEYS = ("prompt", "phase_text", "message", "status", "instruction")
LOG_KEYS = ("log", "history")
MAX_FACTS = 40


def readable(value: Any, depth: int = 0) -> str:
    """A short human rendering of any JSON value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.1f}"
    if isinstance(value, dict):
        if depth > 1:
            return "{...}"
        return ", ".join(f"{k.replace('_', ' ')} {readable(v, depth + 1)}" for k, v in value.items())
    if isinstance(value, list):
        if not value:
            return "none"
        if all(v is None for v in value):
            return f"{len(value)} hidden"
        if depth > 1 or len(value) > 12:
            return f"{len(value)} items"
        if all(isinstance(v, str | int | float) for v in value):
            return ", ".join(readable(v, depth + 1) for v in value)
        return "[" + "; ".join(readable(v, depth + 1) for v in value) + "]"
    return str(value).replace("_", " ")


def move_words(game_id: str, view: dict[str, Any] | None, action: dict[str, Any], name: Namer) -> str:
    """The words on a move's button, as the seat whose ``view`` offers it reads them."""
    words = describer(game_id)
    return (
        words.move_words(view, action, name)
        if words is not None and view is not None
        else action_label(action)
    )


def event_words(game_id: str, event: dict[str, Any], name: Namer, you: int | None = None) -> str:
    """One event (or log entry) of the game's rules in words; an event about the seat ``you`` (the
    one reading it) said to them ("You add to the pot"), where the game words it so (``you_words``)."""
    words = describer(game_id)
    if words is None:
        return action_label(event)
    yours = getattr(words, "you_words", None)
    said = yours(event, name, you) if yours is not None and you is not None else None
    return said if said is not None else words.event_words(event, name)


def action_label(action: dict[str, Any]) -> str:
    """A move's or an event's fields in plain words, for a game without words of its own."""
    kind = str(action.get("type", "action")).replace("_", " ")
    rest = {k: v for k, v in action.items() if k != "type"}
    return f"{kind.capitalize()}: {readable(rest)}" if rest else kind.capitalize()


def facts(view: dict[str, Any] | None) -> list[tuple[str, str]]:
    """(name, value) lines for every public fact of ``view``; nested objects are flattened one level."""
    if not view:
        return []
    lines: list[tuple[str, str]] = []
    for key, value in view.items():
        if key in HIDDEN_KEYS or key in HEADLINE_KEYS or key in LOG_KEYS or value is None:
            continue
        name = key.replace("_", " ").capitalize()
        if isinstance(value, dict) and len(value) <= 8:
            for sub, inner in value.items():
                lines.append((f"{name} / {str(sub).replace('_', ' ')}", readable(inner, 1)))
        elif (
            isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and len(value) <= 8
        ):
            for i, inner in enumerate(value):
                lines.append((f"{name} {i + 1}", readable(inner, 1)))
        else:
            lines.append((name, readable(value)))
    return lines[:MAX_FACTS]


def headline(
    view: dict[str, Any] | None, game_id: str = "", name: Namer = lambda seat: f"Seat {seat + 1}"
) -> str:
    """What the table waits for, in the game's words (or the view's own sentence, if it has one)."""
    words = describer(game_id)
    if words is not None and view:
        return words.headline(view, name)
    for key in HEADLINE_KEYS:
        if view and isinstance(view.get(key), str) and view[key]:
            return view[key]
    return ""


def log_lines(
    view: dict[str, Any] | None,
    count: int = 8,
    game_id: str = "",
    name: Namer = lambda seat: f"Seat {seat + 1}",
) -> list[str]:
    """The last lines of the view's own log of what happened, if it keeps one."""
    words = describer(game_id)
    for key in LOG_KEYS:
        value = view.get(key) if view else None
        if isinstance(value, list):
            return [
                words.event_words(entry, name) if words is not None else readable(entry)
                for entry in value[-count:]
            ]
    return []

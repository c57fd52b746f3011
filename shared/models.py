"""Typed views: the fields every seat's view shares, a game's summary as the server lists it and the
client's menus offer it, and strict, closed models of a game's view and events built from its
TypedDicts (``shared/<game>/view.py`` declares them).

The server builds a view of the declared shape, the tests check every view they see against it and
the client checks every view it receives: a renamed, missing or extra key, or a value of the wrong
kind (``True`` for a number, a word for a seat), is an error rather than a silent default.
"""

from __future__ import annotations

import typing
from typing import Any, Literal, NotRequired, Required

from pydantic import ConfigDict, TypeAdapter
from typing_extensions import TypedDict, is_typeddict

Model = TypeAdapter
CLOSED = ConfigDict(extra="forbid", strict=True)


class CommonView(TypedDict):
    """What the core adds to every game's part of a view."""

    game: str
    seat: int | None  # whose view this is (None: a spectator)
    legal_actions: list[dict[str, Any]]  # that seat's moves now; a game's view names its own move types
    active_seats: list[int]  # the seats the table waits for now (the clock acts at ``deadline``)
    deadline: float | None  # game-clock time of the next timeout, None when nothing is timed
    over: bool
    result: dict[str, Any] | None  # None while playing; at least "winners" and "scores" (seats, per seat)


class OptionSummary(TypedDict):
    """One table option as a game declares it (``shared.core.OptionSpec``)."""

    key: str
    label: str
    default: Any
    choices: list[Any]  # empty: any whole number within [minimum, maximum]
    minimum: int | None
    maximum: int | None
    real_time: bool  # seconds a table clock counts by itself
    words: dict[str, str]  # the words of values that are names
    shown_if: list[Any] | None  # [another option's key, its value]: this one matters only then
    learner: bool  # a helper for learners, off by default


class GameSummary(TypedDict):
    """A game as a server lists it and the client's menus offer it (``Registration.summary``)."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionSummary]
    primary_option: str | None  # the option a set-up asks first (the difficulty, where there is one)
    solo_options: dict[str, Any]  # a solo table's options, where they differ from the defaults
    real_time: bool  # a table clock acts by itself
    hidden: bool  # a seat is not shown everything
    simultaneous: bool  # the table may wait for several seats at once


class TimeoutEvent(TypedDict):
    """The table clock's own action reached the rules (each game says what it did with other events)."""

    type: Literal["timeout"]


def _close(hint: Any, seen: set[int]) -> None:
    """Make every TypedDict reachable from ``hint`` strict and closed to extra keys."""
    if id(hint) in seen:
        return
    seen.add(id(hint))
    if is_typeddict(hint):
        hint.__pydantic_config__ = CLOSED
        for inner in typing.get_type_hints(hint, include_extras=True).values():
            _close(inner, seen)
        return
    for arg in typing.get_args(hint):
        _close(arg, seen)


def closed_model(hint: Any) -> Model:
    """The pydantic model checking data against ``hint`` (a TypedDict, or a list or union of them).
    Building one takes a while: keep it."""
    _close(hint, set())
    return TypeAdapter(hint)


__all__ = [
    "CLOSED",
    "CommonView",
    "Model",
    "NotRequired",
    "Required",
    "TimeoutEvent",
    "TypedDict",
    "closed_model",
]

"""Game ids to games, so the server, the simulator and the client need no game-specific code.

A game is one package under ``shared/`` with a ``registration`` module whose ``REGISTRATION``
declares its facts and, as dotted paths resolved here, its rules, words, review and art (the
client's registration names its table or presenter). Nothing else lists the games, and nothing
is found by a module's name or an attribute it may lack: what a game does not declare has a default.

A game whose registration cannot be imported, declares nonsense, or whose rules do not load is left
out, with one sentence saying why (:func:`left_out`: logged once, shown on the client's title screen
and by ``soupkitchen-sim --list``); the other games play on.
"""

from __future__ import annotations

import importlib.util
import logging
import pkgutil
import re
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from soupkitchen.shared.core import Game, Registration
from soupkitchen.shared.refusals import PLAIN, RefusalWords

log = logging.getLogger(__name__)
GAME_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")  # "too-many-cooks"

# Games a test adds beside those found (id -> registration): a game made outside the game packages.
ADDED: dict[str, Registration] = {}


@dataclass(frozen=True)
class LeftOut:
    """A game package that is not offered, and why."""

    package: str  # the package's name ("pink_soup")
    problem: str  # what is wrong with it, in a few words

    @property
    def reason(self) -> str:
        """Why, in one sentence (the client words the same sentence in the player's language)."""
        return f'The game in "{self.package}" is left out: {self.problem}.'

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Found:
    registrations: tuple[Registration, ...]  # in menu order
    left_out: tuple[LeftOut, ...]


@cache
def discovered() -> Found:
    """Every game package's registration that loads and makes sense, in menu order, and the rest."""
    import soupkitchen.shared as shared

    found: dict[str, Registration] = {}
    left: list[LeftOut] = []
    for package in pkgutil.iter_modules(shared.__path__):
        name = f"{shared.__name__}.{package.name}.registration"
        if not package.ispkg or importlib.util.find_spec(name) is None:  # a helper package, not a game
            continue
        try:
            entry = importlib.import_module(name).REGISTRATION
            problem = (
                nonsense(entry)
                or (f"a second game with the id {entry.facts.id!r}" if entry.facts.id in found else None)
                or rules_problem(entry)
            )
        except Exception as err:  # noqa: BLE001 - any fault of one game leaves the others playing
            problem = f"its registration does not load ({type(err).__name__}: {str(err)[:120]})"
        if problem is None:
            found[entry.facts.id] = entry
        else:
            left.append(LeftOut(package.name, problem))
            log.warning("%s", left[-1].reason)
    return Found(tuple(sorted(found.values(), key=lambda entry: entry.order)), tuple(left))


def nonsense(entry: Any) -> str | None:
    """What is wrong with a registration's declarations, in a few words, or None."""
    from soupkitchen.shared.core import GameFacts, OptionSpec

    if not isinstance(entry, Registration) or not isinstance(entry.facts, GameFacts):
        return "its REGISTRATION is not a Registration of GameFacts"
    facts = entry.facts
    if not isinstance(facts.id, str) or not GAME_ID.match(facts.id):
        return f"its id {facts.id!r} is not lower-case words joined by hyphens"
    if not isinstance(facts.title, str) or not facts.title.strip():
        return "it has no title"
    if not (
        isinstance(facts.min_players, int)
        and isinstance(facts.max_players, int)
        and 1 <= facts.min_players <= facts.max_players <= 64
    ):
        return f"its seats ({facts.min_players!r} to {facts.max_players!r}) are not 1 to 64 players"
    keys = [spec.key for spec in facts.options if isinstance(spec, OptionSpec)]
    if len(keys) != len(facts.options) or len(set(keys)) != len(keys):
        return "its options are not OptionSpecs with keys of their own"
    for spec in facts.options:
        problem = option_nonsense(spec)
        if problem is not None:
            return f"its option {spec.key!r} {problem}"
    if entry.primary_option is not None and entry.primary_option not in keys:
        return f"its primary option {entry.primary_option!r} is not one of its options"
    if any(spec.key == entry.primary_option and spec.learner for spec in facts.options):
        return (
            f"its primary option {entry.primary_option!r} is a learner's helper, "
            "which set-ups show at their foot"
        )
    unknown = set(entry.solo_options) - set(keys)
    if unknown:
        return f"its solo options name {sorted(unknown)[0]!r}, not one of its options"
    if any(spec.real_time for spec in facts.options) and not facts.real_time:
        return "it has an option of real time but no clock (real_time)"
    if not isinstance(entry.rules, str) or not entry.rules:
        return "it names no rules"
    return None


def option_nonsense(spec: Any) -> str | None:
    if spec.learner and spec.default not in (False, "off"):
        return "is a learner's helper that is on by default (helpers for learners start off)"
    if spec.choices:
        if spec.default not in spec.choices:
            return "has a default that is not one of its choices"
        if any(not isinstance(word, str) for word in spec.words.values()):
            return "has words that are not text"
        return None
    if not isinstance(spec.default, int) or isinstance(spec.default, bool):
        return "has neither choices nor a whole-number default"
    if spec.minimum is not None and spec.maximum is not None and spec.minimum > spec.maximum:
        return "has a minimum above its maximum"
    if (spec.minimum is not None and spec.default < spec.minimum) or (
        spec.maximum is not None and spec.default > spec.maximum
    ):
        return "has a default outside its range"
    if spec.real_time and (spec.minimum is None or spec.minimum < 1):
        return "counts seconds but allows fewer than one"
    return None


def rules_problem(entry: Registration) -> str | None:
    """Why the rules a registration names do not load as its game, or None."""
    try:
        game = load_rules(entry)
    except Exception as err:  # noqa: BLE001 - any fault of one game leaves the others playing
        return f"its rules do not load ({type(err).__name__}: {str(err)[:120]})"
    if not isinstance(game, Game):
        return f"{entry.rules} is not a Game"
    if game.facts is not entry.facts:
        return "its rules declare other facts than its registration"
    for part, target in (("words", entry.describe), ("refusals", entry.refusals), ("review", entry.review)):
        try:
            found = resolve(target) if target else None
        except Exception as err:  # noqa: BLE001 - any fault of one game leaves the others playing
            return f"its {part} do not load ({type(err).__name__}: {str(err)[:120]})"
        if part == "refusals" and found is not None and not isinstance(found, RefusalWords):
            return f"its refusals ({target}) are not RefusalWords"
    return None


@cache
def load_rules(entry: Registration) -> Game:
    return resolve(entry.rules if ":" in entry.rules else f"{entry.rules}:GAME")  # type: ignore[return-value]


def registrations() -> tuple[Registration, ...]:
    """Every game's registration, in menu order (a game a test added among them)."""
    found = discovered().registrations
    if not ADDED:
        return found
    return tuple(sorted([*found, *ADDED.values()], key=lambda entry: entry.order))


def left_out() -> tuple[LeftOut, ...]:
    """The game packages that are not offered, each with one sentence saying why."""
    return discovered().left_out


def registration(game_id: str) -> Registration | None:
    """The registration of ``game_id``, or None."""
    added = ADDED.get(game_id) if ADDED and isinstance(game_id, str) else None
    return added or next((entry for entry in discovered().registrations if entry.facts.id == game_id), None)


def game_ids() -> list[str]:
    """Every registered game id, flagship first."""
    return [entry.facts.id for entry in registrations()]


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``; KeyError with the known ids if there is none."""
    entry = registration(game_id) if isinstance(game_id, str) else None
    if entry is None:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    return load_rules(entry)


@cache
def describer(game_id: str) -> ModuleType | None:
    """The module wording ``game_id``'s moves, events and headline (``move_words``, ``event_words``,
    ``headline``), as its registration names it; None for a game without one."""
    entry = registration(game_id)
    words = resolve(entry.describe) if entry is not None and entry.describe else None
    return words  # type: ignore[return-value]


@cache
def refusal_wording(game_id: str) -> RefusalWords:
    """``game_id``'s refusals in words, as its registration names them (the common ones alone for a
    game that names none, or is not known here)."""
    entry = registration(game_id)
    words = resolve(entry.refusals) if entry is not None and entry.refusals else PLAIN
    return words if isinstance(words, RefusalWords) else PLAIN


@cache
def reviewer(game_id: str) -> ModuleType | None:
    """The module reviewing ``game_id``'s finished games (``review``, ``face_up``), as its
    registration names it; None for a game without one."""
    entry = registration(game_id)
    module = resolve(entry.review) if entry is not None and entry.review else None
    return module  # type: ignore[return-value]


def resolve(target: str) -> object:
    """The object a dotted ``module`` or ``module:name`` path names."""
    return pkgutil.resolve_name(target)


def forget() -> None:
    """Find the games again at the next ask (a test that adds a game package, or takes one away)."""
    for cached in (discovered, load_rules, describer, refusal_wording, reviewer):
        cached.cache_clear()

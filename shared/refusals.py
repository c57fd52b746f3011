"""Why the rules refuse an action, as data: a code and plain parameters (whole numbers, words the
rules use as names, lists of them), the same shape in every game. Each code is declared once, with
its words: the common ones here (``COMMON``), a game's own in the :class:`RefusalWords` its
registration names (``refusals``: its codes' wordings, its moves' names and how it names a seat).
The reader words a refusal in its own language from these; the text of a :class:`Refusal` itself is
that wording in English, for the host's logs and the rules' tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from soupkitchen.shared.words import N_, _, english

Namer = Callable[[int], str]
# A refusal's words: a sentence marked with ``N_`` (worded by ``_`` when read), or a function of
# its parameters and the namer of seats for one that names something.
Wording = str | Callable[[dict[str, Any], Namer], str]


class Refusal(str):
    """A refusal: ``code`` and ``params``; as a string, its English words."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, params: Mapping[str, Any], text: str) -> Refusal:
        made = super().__new__(cls, text)
        made.code, made.params = code, dict(params)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return Refusal, (self.code, self.params, str(self))

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


def _seat(seat: int) -> str:
    return f"Seat {seat + 1}"


def _moves(p: dict[str, Any]) -> str:
    return ", ".join(p["moves"])


# The table's own refusals, the same in every game (``shared.core``).
COMMON: dict[str, Wording] = {
    "not_an_action": N_('an action is an object with a text "type"'),
    "no_time": N_("the table clock gave no time"),
    "clock_only": N_("only the table clock can do that"),
    "nothing_timed": N_("nothing is timed now"),
    "not_yet": N_("the time is not up yet"),
    "players_only": N_("only a player at this table can do that"),
    "no_such_seat": N_("that seat is not at this table"),
    "game_over": N_("the game is over"),
    "not_your_turn": N_("it is not your turn"),
    "time_up": N_("too late: the time is up"),
    "unreadable": lambda p, n: _("the action could not be read (%(error)s)") % p,
    "no_such_move": lambda p, n: _('this game has no move "%(move)s"') % p,
    "not_offered": lambda p, n: _("that %(move)s is not allowed now; choose one of the offered moves") % p,
    "not_allowed": N_("that move is not allowed now"),
    "not_now": lambda p, n: _("you cannot %(move)s now; you may: %(list)s") % {**p, "list": _moves(p)},
}


@dataclass(frozen=True)
class RefusalWords:
    """A game's refusals in words: each code of its own (beside ``COMMON``) with its wording, the
    names of its moves as a refusal says them ("draw": N_("draw")), and how it names a seat. A game
    that says nothing of its own has the defaults: the common codes, a move's type as its name, and
    "Seat 1"."""

    refusals: Mapping[str, Wording] = field(default_factory=dict)
    move_names: Mapping[str, str] = field(default_factory=dict)
    name: Namer = _seat

    @property
    def codes(self) -> frozenset[str]:
        """Every code a refusal of this game may carry: the common ones and its own."""
        return frozenset(COMMON) | frozenset(self.refusals)


PLAIN = RefusalWords()  # a game's with nothing of its own to say


def move_name(words: RefusalWords, kind: str) -> str:
    """A move's type as a refusal names it, in the reader's language."""
    names = words.move_names
    return _(names[kind]) if kind in names else kind.replace("_", " ")


def _worded(code: str, params: dict[str, Any], words: RefusalWords, name: Namer) -> str:
    if isinstance(params.get("move"), str):
        params = {**params, "move": move_name(words, params["move"])}
    if isinstance(params.get("moves"), list):
        params = {**params, "moves": [move_name(words, str(kind)) for kind in params["moves"]]}
    wording = words.refusals.get(code) or COMMON.get(code)
    if wording is None:
        return code.replace("_", " ")
    if isinstance(wording, str):
        return _(wording)
    try:
        return wording(params, name)
    except (KeyError, TypeError, ValueError, IndexError):
        return code.replace("_", " ")


def maker(words: RefusalWords = PLAIN) -> Callable[..., Refusal]:
    """The function a game refuses with, ``refuse(code, **params)``: a Refusal whose text is its
    wording (the game's ``words``, else the common one) in English, seats named as the game names them."""

    def refuse(code: str, **params: Any) -> Refusal:
        with english():
            return Refusal(code, params, _worded(code, params, words, words.name))

    return refuse


refuse = maker()


def refusal_words(
    refusal: Mapping[str, Any] | Refusal, words: RefusalWords | None, name: Namer | None = None
) -> str:
    """A refusal (a :class:`Refusal` or its JSON) in the reader's language, in the game's ``words``
    (None: the common ones), seats named by ``name`` (the game's own names by default). A code
    nobody words (from a newer server) reads as itself."""
    if isinstance(refusal, Refusal):
        refusal = refusal.to_json()
    words = words or PLAIN
    code, params = str(refusal.get("code", "")), dict(refusal.get("params") or {})
    return _worded(code, params, words, name or words.name)

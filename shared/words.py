"""The words of the rules' modules in the reader's language: ``_``, ``ngettext`` and ``N_`` for
each game's ``describe`` (and the refusals' wording). Without a catalog every word is the English it
is written in; the client points this at the player's catalog (``client.words.install``). A server
never does: what it logs is English. ``english()`` words in English for the rest of the block on
this thread only (the host's log line of a refusal, made in a client that also hosts the table)."""

from __future__ import annotations

import gettext
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_ENGLISH = gettext.NullTranslations()
_catalog: gettext.NullTranslations = _ENGLISH
_local = threading.local()


def use(catalog: gettext.NullTranslations | None) -> None:
    """Word from ``catalog`` from now on (None: English)."""
    global _catalog
    _catalog = catalog if catalog is not None else _ENGLISH


def _translations() -> gettext.NullTranslations:
    return _ENGLISH if getattr(_local, "english", 0) else _catalog


@contextmanager
def english() -> Iterator[None]:
    """English words inside the block, on this thread only."""
    _local.english = getattr(_local, "english", 0) + 1
    try:
        yield
    finally:
        _local.english -= 1


def _(message: str) -> str:
    return _translations().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translations().ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it: it is worded by ``_`` when read."""
    return message


def and_list(words: list[str]) -> str:
    """``a, b and c`` in the reader's language."""
    if len(words) < 2:
        return "".join(words)
    return _("%(some)s and %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}

"""The player's language: installs a gettext catalog from client/locale/<lang>/LC_MESSAGES and hands
out ``_`` and ``ngettext``. English, the source language, needs no catalog; a language without one
falls back to English word for word.

Words kept in a module-level constant are marked with ``N_`` (extracted, left in English) and worded
with ``_`` where they are drawn, so that a change of language shows at once."""

from __future__ import annotations

import datetime
import gettext
import locale
import os
import time
from pathlib import Path

from babel.dates import format_skeleton
from babel.numbers import format_percent

from soupkitchen.shared import words as shared_words

DOMAIN = "soupkitchen"
LOCALE_DIR = Path(__file__).parent / "locale"

LANGUAGES = {"en": "English", "de": "Deutsch", "lt": "Lietuvių"}  # each language in its own words

_catalog: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def system_language() -> str:
    """The language the system asks for: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, then the locale."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX"):
            return _short(value.split(":")[0])
    found = locale.getlocale()[0]
    return _short(found) if found else "en"


def _short(code: str) -> str:
    return code.split(".")[0].split("@")[0].split("_")[0].lower() or "en"


def available() -> list[str]:
    """Languages with a compiled catalog, English first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return ["en", *[code for code in found if code != "en"]]


def install(language: str = "") -> str:
    """Use ``language`` (a code such as "de"; empty: the system's) from now on; returns the code in use."""
    global _catalog, _language
    code = _short(language) if language else system_language()
    _catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    _language = code if isinstance(_catalog, gettext.GNUTranslations) else "en"
    shared_words.use(_catalog)  # the games' describe modules word from the same catalog
    return _language


def current() -> str:
    return _language


def _(message: str) -> str:
    return _catalog.gettext(message) if message else message  # gettext("") is the catalog's header


def worded(text: object) -> str:
    """Words that come as data (a game's title, an option's label) in the player's language, where
    the catalog has them (they are extracted where they are written)."""
    return _(str(text)) if text else ""


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without wording it: ``_`` words it where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalog.ngettext(singular, plural, count)


def day_and_month(when: time.struct_time) -> str:
    """A day of the year, briefly, as the player's language writes it ("Dec 2", "2. Dez.")."""
    return format_skeleton("MMMd", datetime.date(when.tm_year, when.tm_mon, when.tm_mday), locale=_locale())


def percent(value: int) -> str:
    """A whole percent as the player's language writes it ("70%", "70 %")."""
    return format_percent(value / 100, locale=_locale())


def _locale() -> str:
    """The locale Babel formats for: the language in use (English, or one with a catalog)."""
    return _language

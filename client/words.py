"""The player's language: installs a gettext catalog from client/locale/<lang>/LC_MESSAGES and hands
out ``_`` and ``ngettext``. English, the source language, needs no catalog; a language without one
falls back to English word for word."""

from __future__ import annotations

import gettext
import locale
import os
from pathlib import Path

from soupkitchen.shared import words as shared_words

DOMAIN = "soupkitchen"
LOCALE_DIR = Path(__file__).parent / "locale"

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
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalog.ngettext(singular, plural, count)

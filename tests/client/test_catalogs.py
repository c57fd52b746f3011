"""Every word in the player's language: each catalog (client/locale/<lang>/LC_MESSAGES/soupkitchen.po)
translates every message the client's code marks, none of them fuzzy, with the placeholders of the
English and as many plural forms as its language has. A string marked without being translated
fails here, whether or not scripts/catalogs was run after it was added."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from soupkitchen.client import words

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "client" / "locale"
LANGUAGES = [code for code in words.LANGUAGES if code != "en"]
PLURAL_FORMS = {"de": 2, "lt": 3}


def catalog(path: Path):
    with path.open("rb") as f:
        return read_po(f)


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{words.DOMAIN}.po"


def marked() -> set:
    """The messages the code marks now (as scripts/catalogs extracts them)."""
    with (ROOT / "babel.cfg").open() as f:
        methods, options = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "_": None, "ngettext": (1, 2), "N_": None}
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(ROOT, methods, options, keywords):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def ids(cat) -> set:
    return {m.id for m in cat if m.id}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def test_the_template_holds_what_the_code_marks():
    """client/locale/soupkitchen.pot is the extraction of today's code (run scripts/catalogs)."""
    in_code = marked()
    template = ids(catalog(LOCALE / f"{words.DOMAIN}.pot"))
    assert in_code, "no marked message found: is babel.cfg reading the client?"
    assert sorted(map(str, in_code - template)) == [], "marked in the code, missing from the .pot"
    assert sorted(map(str, template - in_code)) == [], "in the .pot, no longer marked in the code"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language):
    cat = catalog(po_path(language))
    missing = sorted(map(str, marked() - ids(cat)))
    assert missing == [], (
        f"{language}: marked in the code but not in its catalog (run scripts/catalogs, translate)"
    )
    untranslated = [
        m.id for m in cat if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))
    ]
    assert untranslated == [], f"{language}: untranslated"
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert fuzzy == [] and not cat.fuzzy, f"{language}: fuzzy"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders_and_plural_forms(language):
    cat = catalog(po_path(language))
    assert cat.num_plurals == PLURAL_FORMS[language]
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            assert len(m.string) == cat.num_plurals, m.id
            for form in m.string:
                assert placeholders(form) == placeholders(m.id[1]), (m.id, form)
        else:
            assert placeholders(m.string) == placeholders(m.id), (m.id, m.string)


def test_lithuanian_has_three_plural_forms():
    """1, 21 (form 0); 2-9, 22 (form 1); 0, 10-20, 30 (form 2): "1 botas", "2 botai", "10 botų"."""
    form = gettext.c2py(catalog(po_path("lt")).plural_expr)
    assert [form(n) for n in (1, 21, 2, 9, 22, 0, 10, 11, 19, 30)] == [0, 0, 1, 1, 1, 2, 2, 2, 2, 2]

"""The player's language: the catalog chosen by setting or by the system, English without one."""

from soupkitchen.client import words


def test_english_without_a_catalog(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "xx")
    assert words.install() == "en"
    assert words._("Play") == "Play"
    assert words.ngettext("%d bowl", "%d bowls", 2) == "%d bowls"
    assert words.available()[0] == "en"


def test_system_language_from_environment(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_DE.UTF-8:en")
    assert words.system_language() == "de"
    words.install("en")

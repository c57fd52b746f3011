"""The player's language: the catalog chosen by setting or by the system, English without one."""

import time

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


def test_the_client_speaks_the_systems_language_unless_settings_say_otherwise(
    monkeypatch, tmp_path, catalogs
):
    import pygame

    from soupkitchen.client.app import App
    from soupkitchen.client.settings import Settings

    monkeypatch.setenv("LANGUAGE", "de_DE.UTF-8")
    for language, button in (("", "Allein spielen"), ("lt", "Žaisti vienam"), ("en", "Play solo")):
        app = App(Settings(path=tmp_path / "s.json", language=language), size=(1280, 720), fullscreen=False)
        title = app.stack.reset_to("title")
        assert button in title.describe()["widgets"], language
        pygame.display.quit()


def test_counts_take_each_languages_plural_forms(catalogs):
    said = {}
    for language in ("en", "de", "lt"):
        words.install(language)
        said[language] = [
            words.ngettext("{people} + {bots} bot of {seats}", "{people} + {bots} bots of {seats}", n).format(
                people=1, bots=n, seats=n + 1
            )
            for n in (1, 2, 10, 21)
        ]
    assert said["en"][:2] == ["1 + 1 bot of 2", "1 + 2 bots of 3"]
    assert said["de"][:2] == ["1 + 1 Bot von 2", "1 + 2 Bots von 3"]
    assert said["lt"] == ["1 + 1 botas iš 2", "1 + 2 botai iš 3", "1 + 10 botų iš 11", "1 + 21 botas iš 22"]


def test_dates_and_percents_are_written_as_each_language_writes_them(catalogs):
    second_of_december = time.strptime("2026-12-02", "%Y-%m-%d")
    written = {}
    for code in ("en", "de", "lt"):
        words.install(code)
        written[code] = (words.day_and_month(second_of_december), words.percent(70))
    assert written["en"] == ("Dec 2", "70%")
    assert written["de"] == ("2. Dez.", "70\N{NO-BREAK SPACE}%")
    assert written["lt"][0] == "12-02" and written["lt"][1].replace("\N{NO-BREAK SPACE}", " ") == "70 %"

"""The client finds its art as package data of ``soupkitchen.assets``, and every picture it names exists."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from soupkitchen.client.tables.too_many_cooks import paint
from soupkitchen.client.ui import art
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES
from soupkitchen.shared.too_many_cooks.tastes import TASTES

GAME_FOLDERS = ("too_many_cooks", "pink_soup", "stone_soup", "pot_pourri")


def test_the_art_is_the_assets_package_data():
    assert art.ASSETS == resources.files("soupkitchen.assets")
    assert all(any((art.ASSETS / folder).rglob("*.svg")) for folder in GAME_FOLDERS)


def test_every_picture_the_too_many_cooks_table_names_exists():
    named = [paint.card_path({"veg": veg, "colour": colour}) for veg in VEGETABLES for colour in COLOURS]
    named += [paint.taste_path(taste["id"]) for taste in TASTES]
    named += [paint.symbol_path(colour) for colour in COLOURS]
    named += [paint.ART / "glyphs" / f"veg-{veg}.svg" for veg in VEGETABLES]
    named += [
        paint.ART / f"{name}.svg"
        for name in ("pot", "arrow", "timer", "star", "star-empty", "taste-back-happy", "taste-back-unhappy")
    ]
    assert [str(path) for path in named if not Path(path).is_file()] == []

"""Pot Pourri: 3-5 chefs fill three saucepans and serve their recipes from memory."""

from soupkitchen.shared.pot_pourri.rules import PotPourri

GAME = PotPourri()

__all__ = ["GAME", "PotPourri"]

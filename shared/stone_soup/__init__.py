"""Stone Soup (2-5 players): add food to the pot in sequence, bluff when you must, call "stone soup"."""

from soupkitchen.shared.stone_soup.rules import StoneSoup

GAME = StoneSoup()

__all__ = ["GAME", "StoneSoup"]

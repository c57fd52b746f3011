"""Pink Soup: 2-5 chefs fill secret pots, share a kitchen, and remember what they cooked."""

from soupkitchen.shared.pink_soup.rules import PinkSoup

GAME = PinkSoup()

__all__ = ["GAME", "PinkSoup"]

"""Too Many Cooks: chefs change a shared 4x4 soup in turn to satisfy secret and shared tastes."""

from soupkitchen.shared.too_many_cooks.cards import (
    COLOUR_HEX,
    COLOUR_SYMBOLS,
    COLOURS,
    SOUP_BASES,
    VEGETABLES,
)
from soupkitchen.shared.too_many_cooks.tastes import TASTES, icon_parts

__all__ = ["COLOUR_HEX", "COLOUR_SYMBOLS", "COLOURS", "SOUP_BASES", "TASTES", "VEGETABLES", "icon_parts"]

from soupkitchen.shared.too_many_cooks.rules import TooManyCooks  # noqa: E402

GAME = TooManyCooks()
__all__ += ["GAME", "TooManyCooks"]

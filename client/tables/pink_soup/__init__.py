"""The Pink Soup table, built on the card-table kit."""

from soupkitchen.client.tables.pink_soup.scene import PinkSoupTable

__all__ = ["PinkSoupTable"]

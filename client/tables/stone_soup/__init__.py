"""The Stone Soup table, built on the card-table kit."""

from soupkitchen.client.tables.stone_soup.scene import StoneSoupTable

__all__ = ["StoneSoupTable"]

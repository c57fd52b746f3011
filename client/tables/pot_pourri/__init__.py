"""The Pot Pourri table, built on the card-table kit."""

from soupkitchen.client.tables.pot_pourri.scene import PotPourriTable

__all__ = ["PotPourriTable"]

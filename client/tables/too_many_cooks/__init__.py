"""The Too Many Cooks table: the soup in its pot, the spares around it, tastes, chefs and timer."""

from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable

__all__ = ["TooManyCooksTable"]

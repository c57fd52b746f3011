"""The Stone Soup table, built on the card-table kit."""

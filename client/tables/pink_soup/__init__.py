"""The Pink Soup table, built on the card-table kit."""

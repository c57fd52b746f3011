"""The Pot Pourri table, built on the card-table kit."""

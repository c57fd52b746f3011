"""Seat names at a kit table: the rules' names for chefs ("Player 1") replaced by the names the
players chose, in the log, the menus and the hover words."""

from __future__ import annotations

from soupkitchen.client.tables.present.common import renamer


class SeatNaming:
    """For a table whose ``model.chefs()`` lists chefs with ``seat`` and ``name``."""

    def names(self) -> dict[int, str]:
        return {seat: self.session.seat_name(seat) for seat in range(len(self.model.chefs()))}

    def rename(self, text: str) -> str:
        chefs = self.model.chefs()
        return renamer([chef.name for chef in chefs], [self.session.seat_name(c.seat) for c in chefs])(text)

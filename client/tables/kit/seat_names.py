"""Seat names at a kit table: the rules' names for chefs ("Player 1") replaced by the names the
players chose, in the log, the menus and the hover words; and the winners named at the end."""

from __future__ import annotations

from soupkitchen.client.tables.present.common import renamer


class SeatNaming:
    """For a table whose ``model.chefs()`` lists chefs with ``seat`` and ``name``."""

    def names(self) -> dict[int, str]:
        return {seat: self.session.seat_name(seat) for seat in range(len(self.model.chefs()))}

    def rename(self, text: str) -> str:
        chefs = self.model.chefs()
        return renamer([chef.name for chef in chefs], [self.session.seat_name(c.seat) for c in chefs])(text)


def winners_words(result: dict, names: dict[int, str], seat_word: str, share: str) -> tuple[str, int, list[int]] | None:
    """The winners as the end of the game names them ("Ada and Bo share the win", "Ada wins"), the
    best score and the seats tied on it; None when nobody wins."""
    winners = list(result.get("winners") or [])
    scores = list(result.get("scores") or [])
    if not winners or not scores:
        return None
    who = " and ".join(names.get(s, f"{seat_word} {s + 1}") for s in winners)
    best = max(scores)
    return f"{who} {share if len(winners) > 1 else 'wins'}", best, [s for s, score in enumerate(scores) if score == best]

"""Seat names at a kit table: the rules' names for chefs ("Player 1") replaced by the names the
players chose, in the log, the menus and the hover words; and the winners named at the end."""

from __future__ import annotations

from collections.abc import Callable

from soupkitchen.client.tables.present.common import renamer
from soupkitchen.client.words import ngettext
from soupkitchen.shared.words import and_list


class SeatNaming:
    """For a table whose ``model.chefs()`` lists chefs with ``seat`` and ``name``."""

    def names(self) -> dict[int, str]:
        return {seat: self.session.seat_name(seat) for seat in range(len(self.model.chefs()))}

    def rename(self, text: str) -> str:
        chefs = self.model.chefs()
        return renamer([chef.name for chef in chefs], [self.session.seat_name(c.seat) for c in chefs])(text)


def winners_words(
    result: dict, names: dict[int, str], seat_name: Callable[[int], str]
) -> tuple[str, int, list[int]] | None:
    """The winners as the end of the game names them ("Ada and Bo", ``seat_name`` for a seat
    without a name), the best score and the seats tied on it; None when nobody wins."""
    winners = list(result.get("winners") or [])
    scores = list(result.get("scores") or [])
    if not winners or not scores:
        return None
    who = and_list([names.get(s, seat_name(s)) for s in winners])
    best = max(scores)
    return who, best, [s for s, score in enumerate(scores) if score == best]


def won_with(who: str, winners: int, best: int, rule: str = "") -> str:
    """ "Ada wins with 20 points." or "Ada and Bo share the win with 20 points (the rule that decided)." """
    facts = {"winners": who, "points": best, "rule": rule}
    if rule:
        return (
            ngettext(
                "%(winners)s wins with %(points)d points (%(rule)s).",
                "%(winners)s share the win with %(points)d points (%(rule)s).",
                winners,
            )
            % facts
        )
    return (
        ngettext(
            "%(winners)s wins with %(points)d points.",
            "%(winners)s share the win with %(points)d points.",
            winners,
        )
        % facts
    )

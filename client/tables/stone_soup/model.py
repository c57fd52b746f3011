"""A Stone Soup view read for the table: the one place that knows the view's field names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.kit.view_model import Field, ViewModel
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.stone_soup import describe
from soupkitchen.shared.stone_soup.cards import (
    KINDS,
    NUMBER_WORDS,
    PLURAL,
    SALT,
    SINGULAR,
    count_words,
    describe_cards,
)

BACK = "stone_soup/back"
# How many backs a face-down fan shows for each size band a view can give (exact up to three).
FAN_OF_BAND = {4: 5, 7: 8, 11: 12, 16: 16}  # by the band's least


def face(kind: str) -> str:
    """The picture of a card kind ("potato", "stone", "salt")."""
    return f"stone_soup/{kind}"


def kind_name(kind: str, count: int = 1) -> str:
    """'potato', 'potatoes', 'dash of salt'."""
    return _(SINGULAR[kind]) if count == 1 else _(PLURAL[kind])


def fan_size(band: dict[str, Any]) -> int:
    """How many backs to draw for a hand or pot seen only roughly (exact sizes are drawn exactly)."""
    if band.get("least") == band.get("most"):
        return int(band.get("least") or 0)
    least = int(band.get("least") or 0)
    return FAN_OF_BAND.get(least, least)


def band_numbers(band: dict[str, Any]) -> str:
    """A size band in numbers ("4-6 cards", "16 or more cards"), an exact size in words ("three cards")."""
    least, most = band.get("least"), band.get("most")
    if not isinstance(least, int):
        return ""
    if least == most:
        return describe.size_words(band)
    if not isinstance(most, int):
        return _("%(least)d or more cards") % {"least": least}
    return _("%(least)d-%(most)d cards") % {"least": least, "most": most}


def band_words(band: dict[str, Any]) -> str:
    """A size band in words with the numbers it stands for ("a handful (4-6 cards)"), or nothing for a
    view that has none: a count bluff is judged by a hand or the pot leaving its band."""
    least, most = band.get("least"), band.get("most")
    if not isinstance(least, int):
        return ""
    if least == most:
        return describe.size_words(band)
    return _("%(words)s (%(numbers)s)") % {"words": describe.size_words(band), "numbers": band_numbers(band)}


def size_before(before: dict[str, Any] | None, now: dict[str, Any]) -> str:
    """A size as it was before the open play, where it differs from now ("was 4-6 cards"), what a player
    watching the cards go in judges a claim by; else nothing."""
    if not before or before == now or not isinstance(before.get("least"), int):
        return ""
    return _("was %(size)s") % {"size": band_numbers(before)}


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    cards: dict[str, Any]  # a size band: least, most


class StoneModel(ViewModel):
    """The view, sorted into what the table draws."""

    phase = Field("phase", str, "play")
    due = Field("due", str, "potato")
    most_declared = Field("most_declared", int, 1)

    @property
    def sequence(self) -> list[str]:
        return [str(food) for food in self._get("sequence", [])]

    def players(self) -> list[Player]:
        seats = [(int(p.get("seat", i)), p) for i, p in enumerate(self._get("players", []))]
        return [Player(seat, describe.player_name(seat), dict(p.get("cards") or {})) for seat, p in seats]

    def hand(self) -> list[tuple[str, int]]:
        """The viewer's hand as (kind, how many), in the order of the sequence, then stones and salt."""
        hand = self.view.get("hand")
        if not isinstance(hand, dict):
            return []
        return [(kind, hand[kind]) for kind in KINDS if isinstance(hand.get(kind), int) and hand[kind] > 0]

    @property
    def pot(self) -> dict[str, Any]:
        pot = self.view.get("pot")
        return dict(pot) if isinstance(pot, dict) else {"least": 0, "most": 0}

    salt_pile = Field("salt_pile", int, 0)
    plays = Field("plays", int, 0)  # plays and dashes of salt so far
    salted = Field("salted", bool, False)  # the last play was a dash of salt: the food owed is still owed

    def window(self) -> dict[str, Any] | None:
        window = self.view.get("window")
        return window if isinstance(window, dict) else None

    def pot_claims(self) -> tuple[list[tuple[int, int, str]], bool]:
        """(seat, count, food) of every claim made since the last call, oldest first, all in the pot
        now; and whether older cards lie under them (a bluff caught that took back only part of it)."""
        claims: list[tuple[int, int, str]] = []
        older = False
        for entry in self._get("log", []):
            if not isinstance(entry, dict):
                continue
            if entry.get("type") == "challenge":
                claims, older = [], entry.get("verdict") == "bluff" and not entry.get("whole_pot")
            elif entry.get("type") == "play":
                claims.append((int(entry.get("seat", 0)), int(entry.get("count", 1)), str(entry.get("food"))))
        return claims, older

    def reveal(self) -> dict[str, Any] | None:
        reveal = self.view.get("last_reveal")
        return reveal if isinstance(reveal, dict) else None

    def can(self, kind: str) -> bool:
        return any(a.get("type") == kind for a in self.actions())

    @property
    def my_turn(self) -> bool:
        return self.can("play") or self.can("salt")

    def result(self) -> dict[str, Any] | None:
        result = self.view.get("result")
        return result if self.over and isinstance(result, dict) else None

    def ranking(self) -> list[tuple[int, int]]:
        """(seat, cards left) from the winner down, fewest cards first, then by seat."""
        result = self.result() or {}
        left = list(result.get("cards_left") or [])
        winners = set(result.get("winners") or [])
        return sorted(
            ((seat, int(n)) for seat, n in enumerate(left)),
            key=lambda sn: (sn[0] not in winners, sn[1], sn[0]),
        )


def play_action(picked: dict[str, int], count: int) -> dict[str, Any]:
    """The play a table builds from the cards picked and the declaration clicked."""
    return {"type": "play", "cards": {kind: n for kind, n in picked.items() if n}, "count": count}


def claim_words(count: int, food: str) -> str:
    return count_words(count, food)


def verdict_words(reveal: dict[str, Any], names: dict[int, str]) -> tuple[str, ...]:
    """The verdict as the table says it large ('A stone!', 'A bluff', 'Honest'), then the line under it
    in the longest form that fits: with the rule that set a bluff's penalty, as it is, and without
    the cards it names (pictured above it)."""
    cards = [str(kind) for kind in reveal.get("cards") or []]
    shown = (
        describe_cards({kind: cards.count(kind) for kind in KINDS if kind in cards})
        if cards
        else _("nothing")
    )
    verdict = str(reveal.get("verdict"))
    taker = names.get(reveal.get("taker"), _("someone"))
    taken = int(reveal.get("taken") or 0)
    number = _(NUMBER_WORDS[taken]) if taken < len(NUMBER_WORDS) else str(taken)
    what = (
        _("the whole pot")
        if reveal.get("whole_pot")
        else ngettext("%(number)s card", "%(number)s cards", taken) % {"number": number}
    )
    salt = int(reveal.get("salt") or 0)
    if salt:
        what = _("%(cards)s and %(salt)s") % {"cards": what, "salt": count_words(salt, SALT)}
    big = {"stone": _("A stone!"), "honest": _("Honest"), "bluff": _("A bluff")}.get(verdict, verdict)
    line = _("%(shown)s: %(taker)s takes %(what)s.") % {
        "shown": f"{shown[0].upper()}{shown[1:]}",
        "taker": taker,
        "what": what,
    }
    short = _("%(taker)s takes %(what)s.") % {"taker": taker, "what": what}
    rule = ""
    if verdict == "bluff":  # the penalty the rulebook sets, said where it is paid
        rule = (
            _("The pot held fewer than twice the cards added.")
            if reveal.get("whole_pot")
            else _("Twice the cards added.")
        )
    return big, *([f"{line} {rule}"] if rule else []), line, short[:1].upper() + short[1:]

"""Stone Soup in the replay viewer: each player's record and every play with its truth, and the
hands and pot face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name
from soupkitchen.client.words import N_, _
from soupkitchen.shared.stone_soup.cards import KINDS, count_words, singular

CLOCK_WORDS = N_("the challenge window closes: the play stands")  # the clock's move, in the list of moves


def _kinds(kinds: list[str]) -> str:
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(count_words(n, k) if k in KINDS else f"{n} {k}" for k, n in counts.items()) or _(
        "nothing"
    )


def _record(record: dict[str, Any], name: Name) -> str:
    return _(
        "%(player)s: honest plays %(honest)d, bluffs %(bluffs)d (%(stood)d stood, %(caught)d caught), "
        "salt %(salts)d; calls %(calls)d, right %(right)d"
    ) % {
        "player": name(record["seat"]),
        "honest": record["honest"],
        "bluffs": record["bluffs"],
        "stood": record["bluffs_stood"],
        "caught": record["bluffs_caught"],
        "salts": record["salts"],
        "calls": record["calls"],
        "right": record["calls_right"],
    }


def _play(play: dict[str, Any], name: Name) -> str:
    facts = {
        "player": name(play["seat"]),
        "claim": count_words(play["count"], play["food"]),
        "cards": _kinds(play["really"]),
    }
    honest = play["verdict"] == "honest"
    call = play["called"]
    if call is None:
        return (
            _("%(player)s said %(claim)s, put in %(cards)s (honest); it stood")
            if honest
            else _("%(player)s said %(claim)s, put in %(cards)s (a bluff); the bluff stood")
        ) % facts
    facts |= {
        "caller": name(call["by"]),
        "taker": name(call["taker"]),
        "verdict": _verdict(str(call["verdict"])),
    }
    return (
        _(
            "%(player)s said %(claim)s, put in %(cards)s (honest); %(caller)s called: %(verdict)s, "
            "%(taker)s took the cards"
        )
        if honest
        else _(
            "%(player)s said %(claim)s, put in %(cards)s (a bluff); %(caller)s called: %(verdict)s, "
            "%(taker)s took the cards"
        )
    ) % facts


def _verdict(verdict: str) -> str:
    return {"stone": _("a stone"), "honest": _("honest"), "bluff": _("a bluff")}.get(verdict, verdict)


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """Each player's record, then every play: what was said, what went in, and the call on it."""
    lines = [Line(_record(record, name), heading=True) for record in review["records"]]
    for play in review["plays"]:
        if play["kind"] == "salt":
            lines.append(
                Line(
                    _("%(player)s slid a dash of salt under the pot") % {"player": name(play["seat"])},
                    play["move"],
                )
            )
        else:
            lines.append(Line(_play(play, name), play["move"]))
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every hand and the pot, face up."""
    lines = [
        Line(
            _("Hand of %(player)s: %(cards)s")
            % {"player": name(seat), "cards": _kinds([k for k, n in hand.items() for _n in range(n)])}
        )
        for seat, hand in enumerate(secrets["hands"])
    ]
    pot = ", ".join(singular(card) if card in KINDS else card for card in secrets["pot"])
    lines.append(
        Line(
            _("The pot, bottom to top: %(cards)s; salt under it: %(salt)d")
            % {"cards": pot or _("empty"), "salt": secrets["salt_pile"]}
        )
    )
    return lines

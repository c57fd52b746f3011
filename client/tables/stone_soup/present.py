"""Stone Soup's view in sections: who owes which ingredient or the open challenge, your hand, the
pot and the salt under it, the other players' hands as they look across the table, and the log."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.tables.present.common import (
    Line,
    Section,
    log_section,
    name_of,
    pack,
    pictured,
    result_lines,
)
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.stone_soup import describe
from soupkitchen.shared.stone_soup.cards import KINDS, count_words
from soupkitchen.shared.stone_soup.cards import plural as plural_of
from soupkitchen.shared.stone_soup.cards import singular as singular_of

BACK = "stone_soup/back"


def card(kind: str) -> str:
    """The picture of a card kind ("potato", "stone", "salt")."""
    return f"stone_soup/{kind}"


def cards_of(counts: dict[str, int]) -> tuple[str, ...]:
    """A picture per card of a {kind: how many} hand, kind by kind."""
    return tuple(card(kind) for kind, n in counts.items() for _ in range(max(0, int(n))))


def move_cards(view: dict[str, Any], action: dict[str, Any]) -> tuple[str, ...]:
    """The cards a play adds, the salt of a pass, the stone of a "stone soup!" call."""
    kind = action.get("type")
    if kind == "play" and isinstance(action.get("cards"), dict):
        return cards_of(action["cards"])
    return {"salt": (card("salt"),), "challenge": (card("stone"),)}.get(kind, ())


def size_words(size: Any) -> str:
    """A hand or the pot as the view shows it: "3 cards", "a handful (4-6)"."""
    if not isinstance(size, dict):
        return ngettext("%(count)d card", "%(count)d cards", int(size)) % {"count": int(size)}
    least, most, words = size.get("least"), size.get("most"), describe.size_words(size)
    if least == most:
        return words
    return f"{words} ({least}-{most})" if most is not None else f"{words} ({least}+)"


def _kinds(counts: dict[str, int]) -> list[str]:
    return [count_words(n, kind) if kind in KINDS else f"{kind} x{n}" for kind, n in counts.items() if n]


def _food(kind: str) -> str:
    return plural_of(kind) if kind in KINDS else kind


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    me = view["seat"]
    sections = [_now(view, names, me)]
    if isinstance(me, int) and isinstance(view.get("hand"), dict):
        sections.append(_you(view))
    return [*sections, _board(view, names), _players(view, names, me), log_section(view, describe, names)]


def _now(view, names, me) -> Section:
    lines = result_lines(view, names)
    window = view.get("window")
    if not lines and window:
        claim = {"claim": count_words(int(window["count"]), str(window["food"]))}
        said = (
            _("You added cards face down, claiming %(claim)s.") % claim
            if window["player"] == me
            else _("%(player)s added cards face down, claiming %(claim)s.")
            % {**claim, "player": name_of(names, window["player"])}
        )
        lines.append(Line(said, seat=window["player"], cards=(BACK,)))
        if window.get("empties_hand"):
            lines.append(Line(_("That was their last card: if it stands, they win.")))
        nxt = view.get("next_player")
        lines.append(Line(_('Others may call "stone soup!" until the window closes.')))
        lines.append(Line(_("Then %(player)s owes the next ingredient.") % {"player": name_of(names, nxt)}))
    elif not lines:
        turn = view.get("turn")
        due = {"food": _food(view["due"])}
        owes = (
            _("You owe %(food)s (or a dash of salt).") % due
            if turn == me
            else _("%(player)s owes %(food)s (or a dash of salt).") % {**due, "player": name_of(names, turn)}
        )
        lines.append(Line(owes, seat=turn, cards=(card(view["due"]),)))
    if view.get("legal_actions") and not view.get("over"):
        ask = (
            _('Your move: call "stone soup!" if you doubt it.')
            if window
            else _("Your move: choose the cards to add and say how many %(food)s they are.")
            % {"food": _food(view["due"])}
        )
        lines.append(Line(ask, strong=True))
    return Section("now", _("Now"), lines)


def _you(view) -> Section:
    hand = view["hand"]
    total = sum(hand.values())
    lines = pictured(
        pack(_("Hand (%(count)d):") % {"count": total}, _kinds(hand) or [_("empty")]), cards_of(hand)
    )
    return Section("you", _("You"), lines)


def _board(view, names) -> Section:
    sequence = view.get("sequence") or []
    due = view["due"]
    order = [f"[{_food(food)}]" if food == due else _food(food) for food in sequence]
    pot = view["pot"]
    has_pot = pot.get("most") != 0 if isinstance(pot, dict) else bool(pot)
    lines = [
        Line(
            _("Pot: %(size)s face down; salt under it: %(salt)d")
            % {"size": size_words(pot), "salt": view.get("salt_pile", 0)},
            cards=((BACK,) if has_pot else ()) + ((card("salt"),) if view.get("salt_pile") else ()),
        )
    ]
    lines += pictured(
        pack(_("Sequence:"), order),
        map(card, sequence),  # the food owed is framed and marked
        marked=(i for i, food in enumerate(sequence) if food == due),
    )
    reveal = view.get("last_reveal")
    if reveal:
        facts = {
            "caller": name_of(names, reveal["by"]),
            "player": name_of(names, reveal["player"]),
            "verdict": _verdict(str(reveal["verdict"])),
            "taker": name_of(names, reveal["taker"]),
        }
        if reveal.get("whole_pot"):
            said = _("Last call: %(caller)s on %(player)s, %(verdict)s; %(taker)s took the whole pot") % facts
        else:
            said = ngettext(
                "Last call: %(caller)s on %(player)s, %(verdict)s; %(taker)s took %(taken)d card",
                "Last call: %(caller)s on %(player)s, %(verdict)s; %(taker)s took %(taken)d cards",
                int(reveal.get("taken") or 0),
            ) % {**facts, "taken": int(reveal.get("taken") or 0)}
        lines.append(Line(said))
        shown = list(reveal.get("cards") or [])
        lines += pictured(
            pack("  " + _("shown:"), [singular_of(k) if k in KINDS else k for k in shown] or [_("nothing")]),
            map(card, shown),
        )
    aside = [n for n in view.get("set_aside") or [] if n]
    if aside:
        lines.append(
            Line(_("Set aside, unseen: %(counts)s cards") % {"counts": ", ".join(str(n) for n in aside)})
        )
    if view.get("challenge_seconds"):
        lines.append(
            Line(_("A play may be challenged for %(seconds)d s.") % {"seconds": view["challenge_seconds"]})
        )
    return Section("board", _("Table"), lines)


def _players(view, names, me) -> Section:
    lines = []
    for player in view["players"]:
        seat = player["seat"]
        if seat == me:
            continue
        facts = {"player": name_of(names, seat), "size": size_words(player["cards"])}
        if seat == view["next_player"]:  # during a window: once it closes
            lines.append(Line(_("%(player)s: %(size)s in hand - to play") % facts, seat=seat))
        else:
            lines.append(Line(_("%(player)s: %(size)s in hand") % facts, seat=seat))
    return Section("players", _("Other players") if isinstance(me, int) else _("Players"), lines)


def _verdict(verdict: str) -> str:
    return {"stone": _("a stone"), "honest": _("honest"), "bluff": _("a bluff")}.get(verdict, verdict)

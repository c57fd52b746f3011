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
    plural,
    result_lines,
)
from soupkitchen.shared.stone_soup import describe

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
        return plural(int(size), "card")
    least, most, words = size.get("least"), size.get("most"), describe.size_words(size)
    if least == most:
        return words
    return f"{words} ({least}-{most})" if most is not None else f"{words} ({least}+)"


def _kinds(counts: dict[str, int]) -> list[str]:
    return [f"{kind} x{n}" if n > 1 else kind for kind, n in counts.items() if n]


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    me = view["seat"]
    sections = [_now(view, names, me)]
    if isinstance(me, int) and isinstance(view.get("hand"), dict):
        sections.append(_you(view))
    return [*sections, _board(view, names), _players(view, names, me),
            log_section(view, describe, names)]


def _now(view, names, me) -> Section:
    lines = result_lines(view, names)
    window = view.get("window")
    if not lines and window:
        who = "You" if window["player"] == me else name_of(names, window["player"])
        lines.append(Line(f"{who} added cards face down, claiming {window['count']} x {window['food']}.",
                          seat=window["player"], cards=(BACK,)))
        if window.get("empties_hand"):
            lines.append(Line("That was their last card: if it stands, they win."))
        nxt = view.get("next_player")
        lines.append(Line("Others may call \"stone soup!\" until the window closes."))
        lines.append(Line(f"Then {name_of(names, nxt)} owes the next ingredient."))
    elif not lines:
        turn = view.get("turn")
        who = "You owe" if turn == me else f"{name_of(names, turn)} owes"
        lines.append(Line(f"{who} {view['due']} (or a dash of salt).", seat=turn, cards=(card(view["due"]),)))
    if view.get("legal_actions") and not view.get("over"):
        ask = "Your move: call \"stone soup!\" if you doubt it." if window else \
            f"Your move: choose the cards to add and say how many {view['due']} they are."
        lines.append(Line(ask, strong=True))
    return Section("now", "Now", lines)


def _you(view) -> Section:
    hand = view["hand"]
    total = sum(hand.values())
    lines = pictured(pack(f"Hand ({total}):", _kinds(hand) or ["empty"]), cards_of(hand))
    return Section("you", "You", lines)


def _board(view, names) -> Section:
    sequence = view.get("sequence") or []
    due = view["due"]
    order = [f"[{food}]" if food == due else food for food in sequence]
    pot = view["pot"]
    has_pot = pot.get("most") != 0 if isinstance(pot, dict) else bool(pot)
    lines = [Line(f"Pot: {size_words(pot)} face down; salt under it: {view.get('salt_pile', 0)}",
                  cards=((BACK,) if has_pot else ()) + ((card("salt"),) if view.get("salt_pile") else ()))]
    lines += pictured(pack("Sequence:", order), map(card, sequence),   # the food owed is framed and marked
                      marked=(i for i, food in enumerate(sequence) if food == due))
    reveal = view.get("last_reveal")
    if reveal:
        taken = "the whole pot" if reveal.get("whole_pot") else reveal.get("taken")
        lines.append(Line(f"Last call: {name_of(names, reveal['by'])} on {name_of(names, reveal['player'])}, "
                          f"{reveal['verdict']}; {name_of(names, reveal['taker'])} took {taken}"))
        shown = list(reveal.get("cards") or [])
        lines += pictured(pack("  shown:", shown or ["nothing"]), map(card, shown))
    aside = [n for n in view.get("set_aside") or [] if n]
    if aside:
        lines.append(Line(f"Set aside, unseen: {', '.join(str(n) for n in aside)} cards"))
    if view.get("challenge_seconds"):
        lines.append(Line(f"A play may be challenged for {view['challenge_seconds']} s."))
    return Section("board", "Table", lines)


def _players(view, names, me) -> Section:
    lines = []
    for player in view["players"]:
        seat = player["seat"]
        if seat == me:
            continue
        marks = " - to play" if seat == view["next_player"] else ""   # during a window: once it closes
        lines.append(Line(f"{name_of(names, seat)}: {size_words(player['cards'])} in hand{marks}", seat=seat))
    return Section("players", "Other players" if isinstance(me, int) else "Players", lines)

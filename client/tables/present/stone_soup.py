"""Stone Soup's view in sections: who owes which ingredient or the open challenge, your hand and
picked cards, the pot and the salt pile, the other players' hand sizes, and the recent log."""

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
    renamer,
    result_lines,
)

REQUIRED = ("due", "phase", "players", "pot", "log")
BACK = "stone_soup/back"


def card(kind: str) -> str:
    """The picture of a card kind ("potato", "stone", "salt")."""
    return f"stone_soup/{kind}"


def cards_of(counts: dict[str, int]) -> tuple[str, ...]:
    """A picture per card of a {kind: how many} hand, kind by kind."""
    return tuple(card(kind) for kind, n in counts.items() for _ in range(max(0, int(n))))


def move_cards(view: dict[str, Any], action: dict[str, Any]) -> tuple[str, ...]:
    """The kind a pick or put-back moves, the food a declaration names, the salt of a pass, the stone
    of a "stone soup!" call."""
    kind = action.get("type")
    if kind in ("pick", "unpick") and isinstance(action.get("card"), str):
        return (card(action["card"]),)
    if kind == "declare":
        return (card(view["due"]),)
    return {"salt": (card("salt"),), "challenge": (card("stone"),)}.get(kind, ())


def waiting(view: dict[str, Any]) -> list[int]:
    """The seat to play (during a challenge window: the next player, who waits for it to close)."""
    if view.get("over"):
        return []
    seat = view.get("turn") if view.get("phase") == "play" else view.get("next_player")
    return [seat] if isinstance(seat, int) else []


def _kinds(counts: dict[str, int]) -> list[str]:
    return [f"{kind} x{n}" if n > 1 else kind for kind, n in counts.items() if n]


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    rename = renamer([p.get("name") for p in view["players"]], names)
    me = view.get("seat")
    sections = [_now(view, names, me)]
    if isinstance(me, int) and isinstance(view.get("hand"), dict):
        sections.append(_you(view))
    return [*sections, _board(view, names), _players(view, names, me), log_section(view, rename)]


def _now(view, names, me) -> Section:
    lines = result_lines(view, names)
    window = view.get("window")
    if not lines and window:
        who = "You" if window["player"] == me else name_of(names, window["player"])
        lines.append(Line(f"{who} added {plural(window['added'], 'card')}, claiming "
                          f"{window['count']} x {window['food']}.", seat=window["player"],
                          cards=(BACK,) * int(window["added"])))
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
            f"Your move: pick cards to add, then declare them as {view['due']}."
        lines.append(Line(ask, strong=True))
    return Section("now", "Now", lines)


def _you(view) -> Section:
    hand = view["hand"]
    total = sum(hand.values())
    lines = pictured(pack(f"Hand ({total}):", _kinds(hand) or ["empty"]), cards_of(hand))
    picked = view.get("picked") or {}
    if any(picked.values()):
        lines += pictured(pack(f"Picked to add ({sum(picked.values())}):", _kinds(picked)), cards_of(picked),
                               strong=True)
    return Section("you", "You", lines)


def _board(view, names) -> Section:
    sequence = view.get("sequence") or []
    due = view["due"]
    order = [f"[{food}]" if food == due else food for food in sequence]
    lines = [Line(f"Pot: {plural(view['pot'], 'card')} face down; salt pile: {view.get('salt_pile', 0)}",
                  cards=((BACK,) if view["pot"] else ()) + ((card("salt"),) if view.get("salt_pile") else ()))]
    lines += pictured(pack("Sequence:", order), map(card, sequence),   # the food owed is framed and marked
                      marked=(i for i, food in enumerate(sequence) if food == due))
    reveal = view.get("last_reveal")
    if reveal:
        lines.append(Line(f"Last call: {name_of(names, reveal['by'])} on {name_of(names, reveal['player'])}, "
                          f"{reveal['verdict']}; {name_of(names, reveal['taker'])} took {reveal['taken']}"))
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
        marks = " - to play" if seat in waiting(view) else ""
        lines.append(Line(f"{name_of(names, seat)}: {plural(player['cards'], 'card')} in hand{marks}", seat=seat))
    return Section("players", "Other players" if isinstance(me, int) else "Players", lines)

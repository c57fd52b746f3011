"""Pink Soup's view in sections: whose turn and what is asked, your recipe, drawn cards and pot,
the kitchen piles and the deck, the other chefs' pots, and the recent log."""

from __future__ import annotations

import re
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
    tally,
)
from soupkitchen.shared.pink_soup.cards import KINDS, card_label_of

REQUIRED = ("prompt", "players", "kitchen", "deck", "log")
BACK = "pink_soup/back"
CARD_IDS = {card_label_of(kind): f"pink_soup/{kind.key}" for kind in KINDS}   # "Milk (3)" -> "pink_soup/milk"
NAMED = re.compile("|".join(re.escape(label) for label in sorted(CARD_IDS, key=len, reverse=True))
                   + r"|\bMouse\b(?! \()|\(unknown\)")
WORD_CARDS = {"Mouse": "pink_soup/mouse", "(unknown)": BACK}


def card(label: str | None) -> str:
    """The picture of a card as the view names it (the back when the viewer does not know it)."""
    return CARD_IDS.get(label, BACK) if label else BACK


def move_cards(view: dict[str, Any], action: dict[str, Any]) -> tuple[str, ...]:
    """The cards a move names in its words, in order ("Mouse" alone is the mouse, an unknown card the
    back); a draw shows the back."""
    if action.get("type") == "draw":
        return (BACK,)
    words = str(action.get("label", ""))
    return tuple(CARD_IDS.get(m.group(0)) or WORD_CARDS[m.group(0)] for m in NAMED.finditer(words))


def waiting(view: dict[str, Any]) -> list[int]:
    """The chef whose turn it is."""
    turn = view.get("turn")
    return [] if view.get("over") or not isinstance(turn, int) else [turn]


def pot_words(pot: list[str | None]) -> list[str]:
    """A pot's cards slot by slot; "face down" where the view does not name the card (the viewer
    must remember it)."""
    return [f"{slot + 1}: {card or 'face down'}" for slot, card in enumerate(pot)] or ["empty"]


def seen_words(view: dict[str, Any]) -> str:
    """How the pot cards a view names are known: seen just now, or remembered by the memory aid."""
    return "remembered for you:" if view.get("learner_memory") else "seen just now:"


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    rename = renamer([p.get("name") for p in view["players"]], names)
    me = view.get("seat")
    sections = [_now(view, names, rename, me)]
    if isinstance(me, int) and 0 <= me < len(view["players"]):
        sections.append(_you(view, me))
    return [*sections, _board(view, rename), _players(view, names, me), log_section(view, rename)]


def _now(view, names, rename, me) -> Section:
    lines = result_lines(view, names)
    if not lines:
        turn = view.get("turn")
        prompt = str(view["prompt"])
        own = view["players"][me].get("name") if isinstance(me, int) and turn == me else None
        if own and prompt.startswith(f"{own}:"):
            prompt = "Your turn:" + prompt[len(own) + 1:]
        lines.append(Line(rename(prompt), seat=turn if isinstance(turn, int) else None))
        if view.get("phase") not in (None, "playing"):
            lines.append(Line(f"Ending: {str(view['phase']).replace('_', ' ')}"))
        if view.get("learner_memory"):
            lines.append(Line("Learner: remember for me is on (pot cards you saw stay named)."))
    if view.get("legal_actions") and not view.get("over"):
        lines.append(Line("Your move: choose one on the right.", strong=True))
    return Section("now", "Now", lines)


def _you(view, me) -> Section:
    lines = []
    recipe = view.get("recipe")
    if isinstance(recipe, dict):
        lines.append(Line(f"Recipe: {recipe['name']} ({recipe['points']} points for 5 different)"))
        suitable = list(recipe.get("suitable") or [])
        lines += pictured(pack("  suits:", suitable), map(card, suitable))
    player = view["players"][me]
    closed = " (closed)" if player.get("closed") else ""
    lines.append(Line(f"Your pot ({len(player['pot'])}/5){closed}:" + ("" if player["pot"] else " empty"),
                      cards=tuple(map(card, player["pot"]))))
    if any(player["pot"]):   # slot by slot, packed onto as few lines as the words take
        lines += [Line(text) for text in pack("  cards", pot_words(player["pot"]))]
    elif player["pot"]:
        lines.append(Line("  all face down: remember what you put in"))
    if view.get("hand"):
        lines += pictured(pack("Drawn:", list(view["hand"])), map(card, view["hand"]), strong=True)
    return Section("you", "You", lines)


def _board(view, rename) -> Section:
    lines = [Line(f"Pile {i + 1}: {pile['top']}" + (f", {plural(pile['size'] - 1, 'card')} under" if pile["size"] > 1 else ""))
             for i, pile in enumerate(view["kitchen"])] or [Line("No kitchen piles yet")]
    lines.append(Line(f"Deck: {plural(view['deck'], 'card')} left"))
    pending = view.get("pending") or {}
    if pending.get("mouse"):
        lines.append(Line(f"Mouse in play: {pending['mouse']}", cards=(card(pending["mouse"]),)))
    if pending.get("revealed"):
        lines.append(Line(f"Revealed from a full pot: {pending['revealed']}", cards=(card(pending["revealed"]),)))
    if pending.get("incoming"):
        lines.append(Line(f"Card going in: {pending['incoming']}", cards=(card(pending["incoming"]),)))
    if isinstance(pending.get("swap_from"), dict):
        swap = pending["swap_from"]
        lines.append(Line(rename(f"Swapping card {swap['card']} of {swap['pot']}'s pot")))
    for i, pile in enumerate(pending.get("kitchen_search") or []):   # pictures only: the moves name each card
        lines.append(Line(f"Search pile {i + 1}, top first:", cards=tuple(map(card, pile))))
    if view.get("removed"):   # as pictures only: each shows its kind and value
        lines.append(Line(f"Removed ({len(view['removed'])}):", cards=tuple(map(card, view["removed"]))))
    return Section("board", f"Kitchen ({len(view['kitchen'])}/5 piles)", lines,
                   tuple(card(pile["top"]) for pile in view["kitchen"]))


def _players(view, names, me) -> Section:
    lines = []
    for seat, player in enumerate(view["players"]):
        if seat == me:
            continue
        marks = [m for m, on in (("closed", player.get("closed")), ("final turn owed", player.get("final_turn_owed")))
                 if on]
        head = f"{name_of(names, seat)}: pot {len(player['pot'])}/5" + (f" ({', '.join(marks)})" if marks else "")
        lines.append(Line(head, seat=seat, cards=tuple(map(card, player["pot"]))))
        known = [card for card in player["pot"] if card] if isinstance(me, int) else []
        if known:
            lines += [Line(t) for t in pack(f"  {seen_words(view)}", tally(known))]
    return Section("players", "Other chefs" if isinstance(me, int) else "Chefs", lines)

"""Pink Soup's view in sections: whose turn and what is asked, your recipe, drawn cards and pot,
the kitchen piles and the deck, the other chefs' pots, and the recent log."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.tables.present.common import (
    Line,
    Section,
    log_section,
    name_of,
    namer,
    pack,
    pictured,
    result_lines,
    tally,
)
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.pink_soup import describe
from soupkitchen.shared.pink_soup.cards import KINDS, card_label_of

BACK = "pink_soup/back"
MOUSE = "pink_soup/mouse"
CARD_IDS = {card_label_of(kind): f"pink_soup/{kind.key}" for kind in KINDS}  # "Milk (3)" -> "pink_soup/milk"


def card(label: str | None) -> str:
    """The picture of a card as the view names it (the back when the viewer does not know it)."""
    return CARD_IDS.get(label, BACK) if label else BACK


def move_cards(view: dict[str, Any], action: dict[str, Any]) -> tuple[str, ...]:
    """The cards a move names in its words, in order: the card it moves and the one it covers, the
    Mouse of a Mouse's move, a pot card the seat is shown; a draw shows the back."""
    kind = action["type"]
    if kind == "draw":
        return (BACK,)
    if kind == "take":
        return (card(view["kitchen"][action["place"]]["top"]),)
    if kind in ("kitchen", "discard"):
        placed = view["hand"][action["card"]] if kind == "kitchen" else view["pending"]["revealed"]
        return (card(placed), *_covering(view, action["place"]))
    if kind == "pot":
        return (card(view["hand"][0]),)
    if kind == "slot":
        return _seen(view, view["pending"]["make_room_in_seat"], action["slot"])
    if kind == "find":
        return (MOUSE, card(view["pending"]["kitchen_search"][action["place"]][action["depth"]]))
    if kind == "swap":
        return (MOUSE, *_seen(view, action["seat"], action["slot"]))
    return (MOUSE,) if kind in ("activate", "search", "shuffle", "look") else ()


def _covering(view: dict[str, Any], place: int) -> tuple[str, ...]:
    pile = view["kitchen"][place]
    return (card(pile["top"]),) if pile else ()


def _seen(view: dict[str, Any], seat: int, slot: int) -> tuple[str, ...]:
    shown = view["players"][seat]["pot"][slot]
    return (card(shown),) if shown else ()


def pot_words(pot: list[str | None]) -> list[str]:
    """A pot's cards slot by slot; "face down" where the view does not name the card (the viewer
    must remember it)."""
    return [
        f"{slot + 1}: {describe.card_words(card) if card else _('face down')}"
        for slot, card in enumerate(pot)
    ] or [_("empty")]


def seen_words(view: dict[str, Any]) -> str:
    """How the pot cards a view names are known: seen just now, or remembered by the memory aid."""
    return _("remembered for you:") if view.get("learner_memory") else _("seen just now:")


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    me = view["seat"]
    sections = [_now(view, names)]
    if me is not None:
        sections.append(_you(view, me))
    return [*sections, _board(view, names), _players(view, names, me), log_section(view, describe, names)]


def _now(view, names) -> Section:
    lines = result_lines(view, names)
    if not lines:
        turn = view["turn"]
        lines.append(Line(describe.headline(view, namer(names)), seat=turn))
        if view.get("phase") not in (None, "playing"):
            phase = str(view["phase"]).replace("_", " ")
            ending = _(describe.ENDINGS[phase]) if phase in describe.ENDINGS else phase
            lines.append(Line(_("Ending: %(ending)s") % {"ending": ending}))
        if view.get("learner_memory"):
            lines.append(Line(_("Learner: remember for me is on (pot cards you saw stay named).")))
    if view.get("legal_actions") and not view.get("over"):
        lines.append(Line(_("Your move: choose one on the right."), strong=True))
    return Section("now", _("Now"), lines)


def _you(view, me) -> Section:
    lines = []
    recipe = view.get("recipe")
    if isinstance(recipe, dict):
        lines.append(
            Line(
                _("Recipe: %(recipe)s (%(points)d points for 5 different)")
                % {"recipe": describe.recipe_words(recipe["name"]), "points": recipe["points"]}
            )
        )
        suitable = list(recipe.get("suitable") or [])
        lines += pictured(
            pack("  " + _("suits:"), [describe.card_words(c) for c in suitable]), map(card, suitable)
        )
    player = view["players"][me]
    facts = {"count": len(player["pot"])}
    if not player["pot"]:
        head = (
            _("Your pot (%(count)d/5, closed): empty")
            if player.get("closed")
            else _("Your pot (%(count)d/5): empty")
        )
    else:
        head = _("Your pot (%(count)d/5, closed):") if player.get("closed") else _("Your pot (%(count)d/5):")
    lines.append(Line(head % facts, cards=tuple(map(card, player["pot"]))))
    if any(player["pot"]):  # slot by slot, packed onto as few lines as the words take
        lines += [Line(text) for text in pack("  " + _("cards"), pot_words(player["pot"]))]
    elif player["pot"]:
        lines.append(Line("  " + _("all face down: remember what you put in")))
    if view.get("hand"):
        lines += pictured(
            pack(_("Drawn:"), [describe.card_words(c) for c in view["hand"]]),
            map(card, view["hand"]),
            strong=True,
        )
    return Section("you", _("You"), lines)


def _board(view, names) -> Section:
    lines = [Line(_pile(i, pile)) for i, pile in enumerate(view["kitchen"]) if pile] or [
        Line(_("No kitchen piles yet"))
    ]
    lines.append(
        Line(
            ngettext("Deck: %(count)d card left", "Deck: %(count)d cards left", view["deck"])
            % {"count": view["deck"]}
        )
    )
    pending = view.get("pending") or {}
    for key, wording in (
        ("mouse", _("Mouse in play: %(card)s")),
        ("revealed", _("Revealed from a full pot: %(card)s")),
        ("incoming", _("Card going in: %(card)s")),
    ):
        if pending.get(key):
            lines.append(
                Line(wording % {"card": describe.card_words(pending[key])}, cards=(card(pending[key]),))
            )
    if "swap_from" in pending:
        swap = pending["swap_from"]
        lines.append(
            Line(
                _("Swapping card %(slot)d of the pot of %(player)s")
                % {"slot": swap["slot"] + 1, "player": name_of(names, swap["seat"])}
            )
        )
    for i, pile in enumerate(pending.get("kitchen_search") or []):  # pictures only: the moves name each card
        if pile:  # an empty place has nothing to search
            lines.append(
                Line(_("Search pile %(pile)d, top first:") % {"pile": i + 1}, cards=tuple(map(card, pile)))
            )
    if view.get("removed"):  # as pictures only: each shows its kind and value
        lines.append(
            Line(
                _("Removed (%(count)d):") % {"count": len(view["removed"])},
                cards=tuple(map(card, view["removed"])),
            )
        )
    return Section(
        "board",
        _("Kitchen (%(piles)d/5 piles)") % {"piles": sum(1 for pile in view["kitchen"] if pile)},
        lines,
        tuple(card(pile["top"]) for pile in view["kitchen"] if pile),
    )


def _pile(i: int, pile: dict[str, Any]) -> str:
    facts = {"pile": i + 1, "card": describe.card_words(pile["top"]), "count": pile["size"] - 1}
    if pile["size"] > 1:
        return (
            ngettext(
                "Pile %(pile)d: %(card)s, %(count)d card under",
                "Pile %(pile)d: %(card)s, %(count)d cards under",
                facts["count"],
            )
            % facts
        )
    return _("Pile %(pile)d: %(card)s") % facts


def _players(view, names, me) -> Section:
    lines = []
    for seat, player in enumerate(view["players"]):
        if seat == me:
            continue
        marks = [
            m
            for m, on in (
                (_("closed"), player.get("closed")),
                (_("final turn owed"), player.get("final_turn_owed")),
            )
            if on
        ]
        facts = {"player": name_of(names, seat), "count": len(player["pot"]), "marks": ", ".join(marks)}
        head = (
            _("%(player)s: pot %(count)d/5 (%(marks)s)") if marks else _("%(player)s: pot %(count)d/5")
        ) % facts
        lines.append(Line(head, seat=seat, cards=tuple(map(card, player["pot"]))))
        known = [card for card in player["pot"] if card] if isinstance(me, int) else []
        if known:
            lines += [Line(t) for t in pack(f"  {seen_words(view)}", tally(map(describe.card_words, known)))]
    return Section("players", _("Other chefs") if isinstance(me, int) else _("Chefs"), lines)

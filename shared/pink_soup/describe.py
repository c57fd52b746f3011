"""Pink Soup in words: seat names, what the table waits for, the words of every move and event (read
from a seat's view and the rules' structured events, by the client) and the reasons for a refusal.
``name`` turns a seat into the name a reader knows it by; without one, seat 0 is "Chef 1"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pink_soup.cards import (
    DRAW_COUNT,
    KIND_BY_KEY,
    MAX_CHEFS,
    MOUSE,
    POT_SIZE,
    card_label_of,
)
from soupkitchen.shared.refusals import Refusal, RefusalWords, Wording, maker
from soupkitchen.shared.words import N_, _, ngettext

Namer = Callable[[int], str]

# What each sub-step waits for, marked for the catalog and worded when read.
PROMPTS = {
    "choose": N_("choose option A (draw 2 cards) or option B (take a kitchen card)"),
    "kitchen": N_("put one drawn card face up in the Shared Kitchen"),
    "second": N_("put the other drawn card face down into a pot"),
    "slot": N_("the pot is full: pick a card blindly to make room"),
    "discard": N_("put the revealed card on top of a kitchen pile"),
    "power": N_("choose the Mouse's one power"),
    "search": N_("the Mouse searches the kitchen: take any card"),
    "swap_to": N_("choose the card in another pot to swap with"),
    "declare": N_("declare the last round, or play on"),
}

# ... and while the chef holds a drawn Mouse, which may be activated rather than put in a pot.
MOUSE_LABEL = card_label_of(KIND_BY_KEY[MOUSE])
MOUSE_PROMPTS = {
    "kitchen": N_("put one drawn card face up in the Shared Kitchen (then you may activate the Mouse)"),
    "second": N_("click the Mouse to activate it, or a pot to put it in face down"),
}

# The cards' and recipes' names as the rules write them, in the reader's words (``card_words``).
CARD_NAMES = {
    "Salt": N_("Salt"),
    "Onions": N_("Onions"),
    "Minced meat": N_("Minced meat"),
    "Potatoes": N_("Potatoes"),
    "Dill": N_("Dill"),
    "Eggs": N_("Eggs"),
    "Carrots": N_("Carrots"),
    "Mushrooms": N_("Mushrooms"),
    "Milk": N_("Milk"),
    "Sour cream": N_("Sour cream"),
    "Cucumbers": N_("Cucumbers"),
    "Beetroot and cabbage": N_("Beetroot and cabbage"),
    "Dessert": N_("Dessert"),
    "Chili": N_("Chili"),
    "Mouse": N_("Mouse"),
}
RECIPE_NAMES = {
    "Cold Pink Soup": N_("Cold Pink Soup"),
    "Borscht": N_("Borscht"),
    "Mushroom Soup": N_("Mushroom Soup"),
    "Meatball Soup": N_("Meatball Soup"),
    "Cabbage Soup": N_("Cabbage Soup"),
    "Pickle Soup": N_("Pickle Soup"),
    "Egg Drop Soup": N_("Egg Drop Soup"),
    "Potato Soup": N_("Potato Soup"),
    "Cream of Vegetables": N_("Cream of Vegetables"),
    "Okroshka": N_("Okroshka"),
    "Solyanka": N_("Solyanka"),
    "Summer Milk Soup": N_("Summer Milk Soup"),
}
ENDINGS = {"deck ran out": N_("the deck ran out"), "last round declared": N_("the last round was declared")}


def card_words(label: str | None) -> str:
    """A card as the view names it ("Carrots (2)") in the reader's words; an unknown one as it is."""
    if not label:
        return label or ""
    name, _sep, value = label.rpartition(" (")
    if name in CARD_NAMES:
        return f"{_(CARD_NAMES[name])} ({value}"
    return _(CARD_NAMES[label]) if label in CARD_NAMES else label


def recipe_words(name: str) -> str:
    """A recipe's name as the view gives it, in the reader's words."""
    return _(RECIPE_NAMES[name]) if name in RECIPE_NAMES else name


def chef(seat: int) -> str:
    """A seat as players read it: seat 0 is Chef 1."""
    return _("Chef %(number)d") % {"number": seat + 1}


CHEFS = tuple(f"Chef {seat + 1}" for seat in range(MAX_CHEFS))  # the names the view gives the seats


def headline(view: dict[str, Any], name: Namer = chef) -> str:
    """What the table waits for, in one sentence ("Your turn: ..." for the chef whose turn it is)."""
    step, turn = view["step"], view["turn"]
    if step == "over":
        return _("The game is over.")
    if not view["deck"] and step == "choose":
        return _("%(chef)s's final turn: take a kitchen card, activate a kitchen Mouse, or pass") % {
            "chef": name(turn)
        }
    if turn == view["seat"] and view.get("legal_actions"):  # (a replay offers no moves)
        prompt = MOUSE_PROMPTS.get(step) if MOUSE_LABEL in (view.get("hand") or []) else None
        return _("Your turn: %(prompt)s") % {"prompt": _(prompt or PROMPTS[step])}
    return _("%(chef)s: %(prompt)s") % {"chef": name(turn), "prompt": _(PROMPTS[step])}


# --- the events ----------------------------------------------------------------------------------
def _facts(e: dict[str, Any], n: Namer) -> dict[str, Any]:
    """An event's fields as its sentence names them: seats by name, cards in words, piles from 1."""
    facts = {"chef": n(e["seat"]), "card": card_words(e.get("card")) or _("a card")}
    for key in ("pile", "slot", "other_slot"):
        if isinstance(e.get(key), int):
            facts[key] = e[key] + 1
    for key in ("target", "first", "second"):
        if isinstance(e.get(key), int):
            facts[key] = n(e[key])
    if e.get("covering"):
        facts["covering"] = card_words(e["covering"])
    return facts


def _placed(e: dict[str, Any], n: Namer, face_up: bool) -> str:
    facts = _facts(e, n)
    if e["covering"] is None:
        return (
            _("%(chef)s puts %(card)s face up on kitchen pile %(pile)d, a new pile.")
            if face_up
            else _("%(chef)s puts %(card)s on kitchen pile %(pile)d, a new pile.")
        ) % facts
    return (
        _("%(chef)s puts %(card)s face up on kitchen pile %(pile)d (covering %(covering)s).")
        if face_up
        else _("%(chef)s puts %(card)s on kitchen pile %(pile)d (covering %(covering)s).")
    ) % facts


def _pot_event(own: str, other: str) -> Callable[[dict[str, Any], Namer], str]:
    """An event about a pot, said one way for the chef's own pot and another for someone else's."""

    def sentence(e: dict[str, Any], n: Namer) -> str:
        words = own if e["target"] == e["seat"] else other
        return _(words) % _facts(e, n)

    return sentence


def _put(e: dict[str, Any], n: Namer) -> str:
    """A card put face down into a pot: named only in its placer's log while it is the latest move."""
    own, named = e["target"] == e["seat"], bool(e.get("card"))
    if named:
        words = (
            _("%(chef)s puts %(card)s face down into their own pot.")
            if own
            else _("%(chef)s puts %(card)s face down into %(target)s's pot.")
        )
    else:
        words = (
            _("%(chef)s puts a card face down into their own pot.")
            if own
            else _("%(chef)s puts a card face down into %(target)s's pot.")
        )
    return words % _facts(e, n)


SENTENCES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "starts": lambda e, n: _("%(chef)s starts.") % _facts(e, n),
    "draws": lambda e, n: (
        ngettext("%(chef)s draws %(count)d card.", "%(chef)s draws %(count)d cards.", e["count"])
        % {**_facts(e, n), "count": e["count"]}
    ),
    "to_kitchen": lambda e, n: _placed(e, n, True),
    "to_pot": lambda e, n: _put(e, n),
    "takes": lambda e, n: (
        _("%(chef)s takes %(card)s from kitchen pile %(pile)d into their pot.") % _facts(e, n)
    ),
    "passes": lambda e, n: _("%(chef)s passes.") % _facts(e, n),
    "activates_pile": lambda e, n: (
        _("%(chef)s activates the Mouse from kitchen pile %(pile)d.") % _facts(e, n)
    ),
    "activates_drawn": lambda e, n: _("%(chef)s activates a Mouse they drew.") % _facts(e, n),
    "reveals_other": lambda e, n: (
        _("%(chef)s reveals %(card)s from card %(slot)d of %(target)s's pot; it leaves the game.")
        % _facts(e, n)
    ),
    "reveals_own": lambda e, n: (
        _("%(chef)s reveals %(card)s from card %(slot)d of their pot for the kitchen.") % _facts(e, n)
    ),
    "discards": lambda e, n: _placed(e, n, False),
    "searches": lambda e, n: _("%(chef)s's Mouse searches the kitchen piles.") % _facts(e, n),
    "finds": lambda e, n: (
        _("%(chef)s's Mouse takes %(card)s from kitchen pile %(pile)d into their pot.") % _facts(e, n)
    ),
    "finds_covered": lambda e, n: (
        (
            _("%(chef)s's Mouse takes %(card)s, a covered card, from kitchen pile %(pile)d into their pot.")
            if e.get("card")
            else _("%(chef)s's Mouse takes a covered card from kitchen pile %(pile)d into their pot.")
        )
        % _facts(e, n)
    ),
    "shuffles": _pot_event(
        N_("%(chef)s's Mouse shuffles their own pot."), N_("%(chef)s's Mouse shuffles %(target)s's pot.")
    ),
    "looks": _pot_event(
        N_("%(chef)s's Mouse looks at their own pot."), N_("%(chef)s's Mouse looks at %(target)s's pot.")
    ),
    "swaps": lambda e, n: (
        _(
            "%(chef)s's Mouse swaps card %(slot)d of %(first)s's pot with card %(other_slot)d of "
            "%(second)s's pot."
        )
        % _facts(e, n)
    ),
    "declares": lambda e, n: _("%(chef)s declares the last round and closes their pot.") % _facts(e, n),
    "closes": lambda e, n: _("%(chef)s closes their pot.") % _facts(e, n),
    "over": lambda e, n: _("The game is over."),
    "deck_out": lambda e, n: _("The ingredient deck has run out: each chef takes one final turn."),
}


def event_words(event: dict[str, Any], name: Namer = chef) -> str:
    """The log's sentence for one event (or log entry) of the rules."""
    return SENTENCES[event["type"]](event, name)


def _your_placed(e: dict[str, Any], facts: dict[str, Any], face_up: bool) -> str:
    if e["covering"] is None:
        return (
            _("You put %(card)s face up on kitchen pile %(pile)d, a new pile.")
            if face_up
            else _("You put %(card)s on kitchen pile %(pile)d, a new pile.")
        ) % facts
    return (
        _("You put %(card)s face up on kitchen pile %(pile)d (covering %(covering)s).")
        if face_up
        else _("You put %(card)s on kitchen pile %(pile)d (covering %(covering)s).")
    ) % facts


def _into_your_pot(e: dict[str, Any], facts: dict[str, Any]) -> str:
    own, named = e["target"] == e["seat"], bool(e.get("card"))
    if own:
        words = (
            _("You put %(card)s face down into your own pot.")
            if named
            else _("You put a card face down into your own pot.")
        )
    else:
        words = (
            _("You put %(card)s face down into %(target)s's pot.")
            if named
            else _("You put a card face down into %(target)s's pot.")
        )
    return words % facts


YOURS: dict[str, str] = {  # an event of your own, said to you
    "starts": N_("You start."),
    "takes": N_("You take %(card)s from kitchen pile %(pile)d into your pot."),
    "passes": N_("You pass."),
    "activates_pile": N_("You activate the Mouse from kitchen pile %(pile)d."),
    "activates_drawn": N_("You activate a Mouse you drew."),
    "reveals_other": N_("You reveal %(card)s from card %(slot)d of %(target)s's pot; it leaves the game."),
    "reveals_own": N_("You reveal %(card)s from card %(slot)d of your pot for the kitchen."),
    "searches": N_("Your Mouse searches the kitchen piles."),
    "finds": N_("Your Mouse takes %(card)s from kitchen pile %(pile)d into your pot."),
    "declares": N_("You declare the last round and close your pot."),
    "closes": N_("You close your pot."),
}
TO_YOUR_POT: dict[str, str] = {  # another chef's event on your pot
    "to_pot": N_("%(chef)s puts a card face down into your pot."),
    "reveals_other": N_("%(chef)s reveals %(card)s from card %(slot)d of your pot; it leaves the game."),
    "shuffles": N_("%(chef)s's Mouse shuffles your pot."),
    "looks": N_("%(chef)s's Mouse looks at your pot."),
}


def _your_swap(e: dict[str, Any], n: Namer, you: int) -> str | None:
    if you not in (e["seat"], e["first"], e["second"]):
        return None

    def pot(seat: int) -> str:
        return _("your pot") if seat == you else _("%(chef)s's pot") % {"chef": n(seat)}

    facts = {
        "chef": n(e["seat"]),
        "slot": e["slot"] + 1,
        "other_slot": e["other_slot"] + 1,
        "first": pot(e["first"]),
        "second": pot(e["second"]),
    }
    return (
        _("Your Mouse swaps card %(slot)d of %(first)s with card %(other_slot)d of %(second)s.")
        if e["seat"] == you
        else _("%(chef)s's Mouse swaps card %(slot)d of %(first)s with card %(other_slot)d of %(second)s.")
    ) % facts


def you_words(event: dict[str, Any], name: Namer, you: int) -> str | None:
    """The log's sentence for an event about the seat ``you`` reading it, said to them ("You draw 2
    cards", "Chef 2 puts a card face down into your pot"); None: the event is not about them."""
    kind, seat = event["type"], event.get("seat")
    if kind == "swaps":
        return _your_swap(event, name, you)
    if seat is None:
        return None
    facts = _facts(event, name)
    if seat != you:
        words = TO_YOUR_POT.get(kind) if event.get("target") == you else None
        return _(words) % facts if words is not None else None
    if kind == "draws":
        return ngettext("You draw %(count)d card.", "You draw %(count)d cards.", event["count"]) % {
            "count": event["count"]
        }
    if kind in ("to_kitchen", "discards"):
        return _your_placed(event, facts, kind == "to_kitchen")
    if kind == "to_pot":
        return _into_your_pot(event, facts)
    if kind == "finds_covered":
        return (
            _("Your Mouse takes %(card)s, a covered card, from kitchen pile %(pile)d into your pot.")
            if event.get("card")
            else _("Your Mouse takes a covered card from kitchen pile %(pile)d into your pot.")
        ) % facts
    if kind in ("shuffles", "looks"):
        own = event["target"] == you
        if kind == "shuffles":
            words = (
                _("Your Mouse shuffles your own pot.") if own else _("Your Mouse shuffles %(target)s's pot.")
            )
        else:
            words = (
                _("Your Mouse looks at your own pot.") if own else _("Your Mouse looks at %(target)s's pot.")
            )
        return words % facts
    words = YOURS.get(kind)
    return _(words) % facts if words is not None else None


# --- the moves -----------------------------------------------------------------------------------
ACTIVATE_DRAWN = N_("Activate the Mouse")
PASS = N_("Pass and close your pot")
SEARCH_KITCHEN = N_("Mouse: search the kitchen piles and take any card")
DECLARE_LAST = N_("Declare the last round (close your pot now)")
PLAY_ON = N_("Play on without declaring")


def pile_words(view: dict[str, Any], place: int) -> str:
    """Where a card for the kitchen lands, in words: each place keeps its number, emptied or not."""
    pile = view["kitchen"][place]
    if pile is None:
        return _("new kitchen pile %(pile)d") % {"pile": place + 1}
    return _("kitchen pile %(pile)d (covering %(card)s)") % {
        "pile": place + 1,
        "card": card_words(pile["top"]),
    }


def seen_card(view: dict[str, Any], pot_seat: int, slot: int) -> str:
    """A pot card's name in brackets when the view shows it now, else nothing."""
    card = view["players"][pot_seat]["pot"][slot]
    return f" ({card_words(card)})" if card else ""


def _pot_card(view: dict[str, Any], target: int, slot: int, name: Namer) -> str:
    """A card of a pot, as the object of a move's words: "card 2 of your pot (Dill (1))"."""
    facts = {"slot": slot + 1, "chef": name(target)}
    words = _("card %(slot)d of your pot") if target == view["seat"] else _("card %(slot)d of %(chef)s's pot")
    return words % facts + seen_card(view, target, slot)


def _into_pot(view: dict[str, Any], target: int, name: Namer) -> str:
    full = len(view["players"][target]["pot"]) >= POT_SIZE
    facts = {"card": card_words(view["hand"][0]), "chef": name(target)}
    if target == view["seat"]:
        words = (
            _("Put %(card)s into your pot (full: pick a card to make room)")
            if full
            else _("Put %(card)s into your pot")
        )
    else:
        words = (
            _("Put %(card)s into %(chef)s's pot (full: pick a card to make room)")
            if full
            else _("Put %(card)s into %(chef)s's pot")
        )
    return words % facts


def _find(view: dict[str, Any], pile: int, depth: int) -> str:
    facts = {
        "card": card_words(view["pending"]["kitchen_search"][pile][depth]),
        "pile": pile + 1,
        "depth": depth + 1,
    }
    if depth == 0:
        return _("Mouse: take %(card)s from pile %(pile)d (top)") % facts
    return _("Mouse: take %(card)s from pile %(pile)d (%(depth)d from the top)") % facts


def _own_or(view: dict[str, Any], seat: int, name: Namer, own: str, other: str) -> str:
    return _(own) if seat == view["seat"] else _(other) % {"chef": name(seat)}


def _swap_move(v: dict[str, Any], a: dict[str, Any], n: Namer) -> str:
    card = _pot_card(v, a["seat"], a["slot"], n)
    if v["step"] == "power":
        return _("Mouse: swap %(card)s with a card of another pot") % {"card": card}
    return _("Mouse: swap it with %(card)s") % {"card": card}


def _draw(v: dict[str, Any]) -> str:
    count = min(DRAW_COUNT, v["deck"])
    return ngettext("Draw %(count)d card (option A)", "Draw %(count)d cards (option A)", count) % {
        "count": count
    }


MOVES: dict[str, Callable[[dict[str, Any], dict[str, Any], Namer], str]] = {
    "draw": lambda v, a, n: _draw(v),
    "take": lambda v, a, n: (
        _("Take %(card)s from pile %(pile)d into your pot")
        % {"card": card_words(v["kitchen"][a["place"]]["top"]), "pile": a["place"] + 1}
    ),
    "activate": lambda v, a, n: (
        _("Activate the Mouse on pile %(pile)d") % {"pile": a["place"] + 1}
        if "place" in a
        else _(ACTIVATE_DRAWN)
    ),
    "pass": lambda v, a, n: _(PASS),
    "kitchen": lambda v, a, n: (
        _("Put %(card)s face up on %(where)s")
        % {"card": card_words(v["hand"][a["card"]]), "where": pile_words(v, a["place"])}
    ),
    "pot": lambda v, a, n: _into_pot(v, a["seat"], n),
    "slot": lambda v, a, n: (
        _("Pick %(card)s") % {"card": _pot_card(v, v["pending"]["make_room_in_seat"], a["slot"], n)}
    ),
    "discard": lambda v, a, n: (
        _("Put %(card)s on %(where)s")
        % {"card": card_words(v["pending"]["revealed"]), "where": pile_words(v, a["place"])}
    ),
    "search": lambda v, a, n: _(SEARCH_KITCHEN),
    "find": lambda v, a, n: _find(v, a["place"], a["depth"]),
    "shuffle": lambda v, a, n: _own_or(
        v, a["seat"], n, N_("Mouse: shuffle your pot"), N_("Mouse: shuffle %(chef)s's pot")
    ),
    "look": lambda v, a, n: _own_or(
        v, a["seat"], n, N_("Mouse: look at your pot"), N_("Mouse: look at %(chef)s's pot")
    ),
    "swap": _swap_move,
    "declare": lambda v, a, n: _(DECLARE_LAST),
    "continue": lambda v, a, n: _(PLAY_ON),
}


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = chef) -> str:
    """The words of one of the view's legal moves, as the seat whose view it is reads them."""
    return MOVES[action["type"]](view, action, name)


# --- why a move is refused ---------------------------------------------------------------------
MOVE_NAMES = {  # a move's type as a refusal names it
    "draw": N_("draw"),
    "take": N_("take"),
    "activate": N_("activate"),
    "pass": N_("pass"),
    "kitchen": N_("put in the kitchen"),
    "pot": N_("put in a pot"),
    "slot": N_("pick a card"),
    "discard": N_("discard"),
    "search": N_("search"),
    "find": N_("find"),
    "shuffle": N_("shuffle"),
    "look": N_("look"),
    "swap": N_("swap"),
    "declare": N_("declare"),
    "continue": N_("play on"),
}


def _pot_closed(p: dict[str, Any], n: Namer) -> str:
    return _("your pot is closed") if p["own"] else _("%(chef)s's pot is closed") % {"chef": n(p["seat"])}


def _card_range(p: dict[str, Any], n: Namer) -> str:
    if p["own"]:
        return _("pick card 1 to %(count)d of your pot") % p
    return _("pick card 1 to %(count)d of %(chef)s's pot") % {**p, "chef": n(p["seat"])}


REFUSALS: dict[str, Wording] = {
    "deck_empty": N_("the deck is empty: take a kitchen card or pass"),
    "kitchen_not_full": N_("the kitchen has fewer than five piles: draw 2 cards instead"),
    "pass_at_end": N_("you may pass only once the deck is empty"),
    "not_a_mouse": N_("only a Mouse can be activated"),
    "mouse_idle": N_("the Mouse would have nothing to do: no kitchen card and no card in an open pot"),
    "to_a_pot": N_(
        "the other card goes into a pot; it goes to the kitchen only when every other pot is closed"
    ),
    "drawn_card": N_("choose one of the cards you drew"),
    "kitchen_empty": N_("the kitchen is empty: there is nothing to search"),
    "pot_empty": N_("that pot is empty"),
    "one_card": N_("a pot of one card has nothing to shuffle"),
    "two_pots": N_("a swap needs cards in two pots that are still open"),
    "other_pot": N_("swap it with a card of another pot"),
    "no_such_pot": N_("choose the pot of a chef at this table"),
    "pile_range": lambda p, n: (
        _("the kitchen piles are numbered 1 to %(piles)d") % p if p["piles"] else _("the kitchen is empty")
    ),
    "empty_place": lambda p, n: _("kitchen pile %(pile)d is empty") % p,
    "new_pile": lambda p, n: _("the kitchen has fewer than five piles: the card starts pile %(pile)d") % p,
    "pot_closed": _pot_closed,
    "card_range": _card_range,
    "depth_range": lambda p, n: (
        ngettext(
            "kitchen pile %(pile)d holds %(count)d card",
            "kitchen pile %(pile)d holds %(count)d cards",
            p["count"],
        )
        % p
    ),
}

REFUSAL_WORDS = RefusalWords(REFUSALS, MOVE_NAMES, chef)  # named by its registration
refuse = maker(REFUSAL_WORDS)
DECK_EMPTY = refuse("deck_empty")
KITCHEN_NOT_FULL = refuse("kitchen_not_full")
PASS_AT_END = refuse("pass_at_end")
NOT_A_MOUSE = refuse("not_a_mouse")
MOUSE_IDLE = refuse("mouse_idle")
TO_A_POT = refuse("to_a_pot")
DRAWN_CARD = refuse("drawn_card")
KITCHEN_EMPTY = refuse("kitchen_empty")
POT_EMPTY = refuse("pot_empty")
ONE_CARD = refuse("one_card")
TWO_POTS = refuse("two_pots")
OTHER_POT = refuse("other_pot")
NO_SUCH_POT = refuse("no_such_pot")


def pile_range(piles: int) -> Refusal:
    """Which kitchen piles a card may be taken from."""
    return refuse("pile_range", piles=piles)


def new_pile(place: int) -> Refusal:
    """Where a card for the kitchen must go while it has fewer than five piles: the first empty place."""
    return refuse("new_pile", pile=place + 1)


def empty_place(place: int) -> Refusal:
    """A move on a place of the kitchen whose pile was emptied (or not yet started)."""
    return refuse("empty_place", pile=place + 1)


def closed_pot(seat: int, actor: int) -> Refusal:
    return refuse("pot_closed", seat=seat, own=seat == actor)


def card_range(count: int, seat: int, actor: int) -> Refusal:
    return refuse("card_range", count=count, seat=seat, own=seat == actor)


def depth_range(pile: int, count: int) -> Refusal:
    return refuse("depth_range", pile=pile + 1, count=count)

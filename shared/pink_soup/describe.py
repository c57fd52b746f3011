"""Pink Soup in words: seat names, what the table waits for, the words of every move and event (read
from a seat's view and the rules' structured events, by the client) and the reasons for a refusal.
``name`` turns a seat into the name a reader knows it by; without one, seat 0 is "Chef 1"."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pink_soup.cards import DRAW_COUNT, MAX_CHEFS, POT_SIZE
from soupkitchen.shared.refusals import Refusal, Wording, maker
from soupkitchen.shared.words import N_, _, ngettext

Namer = Callable[[int], str]

PROMPTS = {
    "choose": "choose option A (draw 2 cards) or option B (take a kitchen card)",
    "kitchen": "put one drawn card face up in the Shared Kitchen",
    "second": "decide where the other drawn card goes",
    "slot": "the pot is full: pick a card blindly to make room",
    "discard": "put the revealed card on top of a kitchen pile",
    "power": "choose the Mouse's one power",
    "search": "the Mouse searches the kitchen: take any card",
    "swap_to": "choose the card in another pot to swap with",
    "declare": "declare the last round, or play on",
}


CHEFS = tuple(f"Chef {seat + 1}" for seat in range(MAX_CHEFS))


def chef(seat: int) -> str:
    """A seat as players read it: seat 0 is Chef 1."""
    return CHEFS[seat]


def whose(seat: int, actor: int, name: Namer = chef) -> str:
    """The pot owner as the actor reads it."""
    return "your" if seat == actor else f"{name(seat)}'s"


def owner(seat: int, actor: int, name: Namer = chef) -> str:
    """The pot owner as everyone else reads it."""
    return "their own" if seat == actor else f"{name(seat)}'s"


def headline(view: dict[str, Any], name: Namer = chef) -> str:
    """What the table waits for, in one sentence ("Your turn: ..." for the chef whose turn it is)."""
    step, turn = view["step"], view["turn"]
    if step == "over":
        return "The game is over."
    if not view["deck"] and step == "choose":
        return f"{name(turn)}'s final turn: take a kitchen card, activate a kitchen Mouse, or pass"
    return f"{'Your turn' if turn == view['seat'] else name(turn)}: {PROMPTS[step]}"


# --- the events ----------------------------------------------------------------------------------
def _onto(event: dict[str, Any]) -> str:
    if event["covering"] is None:
        return "a new kitchen pile"
    return f"kitchen pile {event['pile'] + 1} (covering {event['covering']})"


def _named(card: str | None) -> str:
    return card or "a card"


def _swap(e: dict[str, Any], name: Namer) -> str:
    return (f"{name(e['seat'])}'s Mouse swaps card {e['slot'] + 1} of {name(e['first'])}'s pot "
            f"with card {e['other_slot'] + 1} of {name(e['second'])}'s pot.")


SENTENCES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "starts": lambda e, n: f"{n(e['seat'])} starts.",
    "draws": lambda e, n: f"{n(e['seat'])} draws {e['count']} card{'s' * (e['count'] > 1)}.",
    "to_kitchen": lambda e, n: f"{n(e['seat'])} puts {e['card']} face up on {_onto(e)}.",
    "to_pot": lambda e, n: f"{n(e['seat'])} puts a card face down into {owner(e['target'], e['seat'], n)} pot.",
    "takes": lambda e, n: (f"{n(e['seat'])} takes {_named(e['card'])} from kitchen pile {e['pile'] + 1} "
                           "into their pot."),
    "passes": lambda e, n: f"{n(e['seat'])} passes.",
    "activates_pile": lambda e, n: f"{n(e['seat'])} activates the Mouse from kitchen pile {e['pile'] + 1}.",
    "activates_drawn": lambda e, n: f"{n(e['seat'])} activates a Mouse they drew.",
    "reveals_other": lambda e, n: (f"{n(e['seat'])} reveals {e['card']} from card {e['slot'] + 1} of "
                                   f"{n(e['target'])}'s pot; it leaves the game."),
    "reveals_own": lambda e, n: (f"{n(e['seat'])} reveals {e['card']} from card {e['slot'] + 1} of "
                                 "their pot for the kitchen."),
    "discards": lambda e, n: f"{n(e['seat'])} puts {e['card']} on {_onto(e)}.",
    "searches": lambda e, n: f"{n(e['seat'])}'s Mouse searches the kitchen piles.",
    "finds": lambda e, n: (f"{n(e['seat'])}'s Mouse takes {_named(e['card'])} from kitchen pile "
                           f"{e['pile'] + 1} into their pot."),
    "finds_covered": lambda e, n: (f"{n(e['seat'])}'s Mouse takes a covered card from kitchen pile "
                                   f"{e['pile'] + 1} into their pot."),
    "shuffles": lambda e, n: f"{n(e['seat'])}'s Mouse shuffles {owner(e['target'], e['seat'], n)} pot.",
    "looks": lambda e, n: f"{n(e['seat'])}'s Mouse looks at {owner(e['target'], e['seat'], n)} pot.",
    "swaps": _swap,
    "declares": lambda e, n: f"{n(e['seat'])} declares the last round and closes their pot.",
    "closes": lambda e, n: f"{n(e['seat'])} closes their pot.",
    "over": lambda e, n: "The game is over.",
    "deck_out": lambda e, n: "The ingredient deck has run out: each chef takes one final turn.",
}


def event_words(event: dict[str, Any], name: Namer = chef) -> str:
    """The log's sentence for one event (or log entry) of the rules."""
    return SENTENCES[event["type"]](event, name)


# --- the moves -----------------------------------------------------------------------------------
ACTIVATE_DRAWN = "Activate the Mouse"
PASS = "Pass and close your pot"
SEARCH_KITCHEN = "Mouse: search the kitchen piles and take any card"
DECLARE_LAST = "Declare the last round (close your pot now)"
PLAY_ON = "Play on without declaring"


def pile_words(view: dict[str, Any], pile: int) -> str:
    """Where a card for the kitchen lands, in words."""
    if pile == len(view["kitchen"]):
        return "a new kitchen pile"
    return f"kitchen pile {pile + 1} (covering {view['kitchen'][pile]['top']})"


def seen_card(view: dict[str, Any], pot_seat: int, slot: int) -> str:
    """A pot card's name in brackets when the view shows it now, else nothing."""
    card = view["players"][pot_seat]["pot"][slot]
    return f" ({card})" if card else ""


def _pot_card(view: dict[str, Any], target: int, slot: int, name: Namer) -> str:
    return f"card {slot + 1} of {whose(target, view['seat'], name)} pot{seen_card(view, target, slot)}"


def _into_pot(view: dict[str, Any], target: int, name: Namer) -> str:
    room = " (full: pick a card to make room)" if len(view["players"][target]["pot"]) >= POT_SIZE else ""
    return f"Put {view['hand'][0]} into {whose(target, view['seat'], name)} pot{room}"


def _find(view: dict[str, Any], pile: int, depth: int) -> str:
    where = "top" if depth == 0 else f"{depth + 1} from the top"
    return f"Mouse: take {view['pending']['kitchen_search'][pile][depth]} from pile {pile + 1} ({where})"


MOVES: dict[str, Callable[[dict[str, Any], dict[str, Any], Namer], str]] = {
    "draw": lambda v, a, n: (lambda count: f"Draw {count} card{'s' * (count > 1)} (option A)")(
        min(DRAW_COUNT, v["deck"])),
    "take": lambda v, a, n: f"Take {v['kitchen'][a['pile']]['top']} from pile {a['pile'] + 1} into your pot",
    "activate": lambda v, a, n: f"Activate the Mouse on pile {a['pile'] + 1}" if "pile" in a else ACTIVATE_DRAWN,
    "pass": lambda v, a, n: PASS,
    "kitchen": lambda v, a, n: f"Put {v['hand'][a['card']]} face up on {pile_words(v, a['pile'])}",
    "pot": lambda v, a, n: _into_pot(v, a["seat"], n),
    "slot": lambda v, a, n: f"Pick {_pot_card(v, v['pending']['make_room_in_seat'], a['slot'], n)}",
    "discard": lambda v, a, n: f"Put {v['pending']['revealed']} on {pile_words(v, a['pile'])}",
    "search": lambda v, a, n: SEARCH_KITCHEN,
    "find": lambda v, a, n: _find(v, a["pile"], a["depth"]),
    "shuffle": lambda v, a, n: f"Mouse: shuffle {whose(a['seat'], v['seat'], n)} pot",
    "look": lambda v, a, n: f"Mouse: look at {whose(a['seat'], v['seat'], n)} pot",
    "swap": lambda v, a, n: (f"Mouse: swap {_pot_card(v, a['seat'], a['slot'], n)} with a card of another pot"
                             if v["step"] == "power" else
                             f"Mouse: swap it with {_pot_card(v, a['seat'], a['slot'], n)}"),
    "declare": lambda v, a, n: DECLARE_LAST,
    "continue": lambda v, a, n: PLAY_ON,
}


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = chef) -> str:
    """The words of one of the view's legal moves, as the seat whose view it is reads them."""
    return MOVES[action["type"]](view, action, name)


# --- why a move is refused ---------------------------------------------------------------------
MOVE_NAMES = {  # a move's type as a refusal names it
    "draw": N_("draw"), "take": N_("take"), "activate": N_("activate"), "pass": N_("pass"),
    "kitchen": N_("put in the kitchen"), "pot": N_("put in a pot"), "slot": N_("pick a card"),
    "discard": N_("discard"), "search": N_("search"), "find": N_("find"), "shuffle": N_("shuffle"),
    "look": N_("look"), "swap": N_("swap"), "declare": N_("declare"), "continue": N_("play on"),
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
    "to_a_pot": N_("the other card goes into a pot; it goes to the kitchen only when every other "
                               "pot is closed"),
    "drawn_card": N_("choose one of the cards you drew"),
    "kitchen_empty": N_("the kitchen is empty: there is nothing to search"),
    "pot_empty": N_("that pot is empty"),
    "one_card": N_("a pot of one card has nothing to shuffle"),
    "two_pots": N_("a swap needs cards in two pots that are still open"),
    "other_pot": N_("swap it with a card of another pot"),
    "no_such_pot": N_("choose the pot of a chef at this table"),
    "pile_range": lambda p, n: (_("the kitchen piles are numbered 1 to %(piles)d") % p if p["piles"]
                                else _("the kitchen is empty")),
    "new_pile": lambda p, n: _("the kitchen has fewer than five piles: the card starts pile %(pile)d") % p,
    "pot_closed": _pot_closed,
    "card_range": _card_range,
    "depth_range": lambda p, n: ngettext("kitchen pile %(pile)d holds %(count)d card",
                                         "kitchen pile %(pile)d holds %(count)d cards", p["count"]) % p,
}

NAME = chef
refuse = maker(sys.modules[__name__], chef)
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


def new_pile(piles: int) -> Refusal:
    """Where a card for the kitchen must go while it has fewer than five piles."""
    return refuse("new_pile", pile=piles + 1)


def closed_pot(seat: int, actor: int) -> Refusal:
    return refuse("pot_closed", seat=seat, own=seat == actor)


def card_range(count: int, seat: int, actor: int) -> Refusal:
    return refuse("card_range", count=count, seat=seat, own=seat == actor)


def depth_range(pile: int, count: int) -> Refusal:
    return refuse("depth_range", pile=pile + 1, count=count)

"""Stone Soup in words: the table log's sentences and the moves' words, made from the rules'
structured events and moves, what the table waits for, and the reasons a move is refused. The
tables, the history and the bots read the same facts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.refusals import Refusal, RefusalWords, Wording, maker
from soupkitchen.shared.stone_soup.cards import (
    SALT,
    count_words,
    describe_cards,
    plural,
    singular,
)
from soupkitchen.shared.words import N_, _, and_list, ngettext

Namer = Callable[[int], str]
PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(5))  # the names the view gives the seats


FEW_CARDS = (N_("no cards"), N_("one card"), N_("two cards"), N_("three cards"))
BAND_WORDS = {
    4: N_("a handful"),
    7: N_("a fistful"),
    11: N_("a thick stack"),
    16: N_("a heap"),
}  # by a band's least


def player_name(seat: int) -> str:
    """How the rules' reasons name a seat."""
    return _("Player %(number)d") % {"number": seat + 1}


def size_words(size: dict[str, Any]) -> str:
    """A hand or the pot as the view shows its size: "no cards", "two cards", "5 cards" (known
    exactly), "a handful" (seen roughly)."""
    least, most = size["least"], size["most"]
    if least == most:
        if least < len(FEW_CARDS):
            return _(FEW_CARDS[least])
        return ngettext("%(count)d card", "%(count)d cards", least) % {"count": least}
    if least in BAND_WORDS:
        return _(BAND_WORDS[least])
    return ngettext("%(count)d card or more", "%(count)d cards or more", least) % {"count": least}


def headline(view: dict[str, Any], name: Namer = player_name) -> str:
    """What the table waits for, in one sentence."""
    window = view["window"]
    if view["over"]:
        return _("The game is over.")
    if window is not None:
        claim = count_words(window["count"], window["food"])
        return _('%(player)s says "%(claim)s": call "stone soup!" or let it go') % {
            "player": name(window["player"]),
            "claim": claim,
        }
    turn, food = view["turn"], plural(view["due"])
    if turn == view["seat"] and view.get("legal_actions"):  # (a replay offers no moves)
        return _("Your turn: add %(food)s to the pot (or a dash of salt)") % {"food": food}
    return _("%(player)s: add %(food)s to the pot (or a dash of salt)") % {"player": name(turn), "food": food}


# --- the events ----------------------------------------------------------------------------------
def _challenge(event: dict[str, Any], name: Namer) -> str:
    salt = event["salt"]
    facts = {
        "player": name(event["player"]),
        "caller": name(event["seat"]),
        "shown": ", ".join(singular(k) for k in event["cards"]),
    }
    pot = (
        _("the whole pot and %(salt)s under it") % {"salt": count_words(salt, SALT)}
        if salt
        else _("the whole pot")
    )
    facts["pot"] = pot
    verdict = event["verdict"]
    if verdict == "stone":
        outcome = _("A stone: %(player)s takes %(pot)s.")
    elif verdict == "honest":
        outcome = _("Honest: %(caller)s takes %(pot)s.")
    elif event["whole_pot"]:
        outcome = _("A bluff: %(player)s takes back %(pot)s (it held fewer than twice the cards added).")
    else:
        outcome = ngettext(
            "A bluff: %(player)s takes back %(taken)d card, twice the cards added.",
            "A bluff: %(player)s takes back %(taken)d cards, twice the cards added.",
            event["taken"],
        )
        facts["taken"] = event["taken"]
    return _("%(caller)s calls stone soup on %(player)s: %(shown)s.") % facts + " " + outcome % facts


def _salt(event: dict[str, Any], name: Namer) -> str:
    if event["next"] is None:
        return _("%(player)s adds a dash of salt.") % {"player": name(event["seat"])}
    return _("%(player)s adds a dash of salt; %(next)s still owes %(food)s.") % {
        "player": name(event["seat"]),
        "next": name(event["next"]),
        "food": plural(event["owed"]),
    }


SENTENCES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "dealt": lambda e, n: (
        _("%(dealer)s deals. %(first)s starts with potatoes.")
        % {"dealer": n(e["seat"]), "first": n(e["first"])}
    ),
    "play": lambda e, n: (
        _('%(player)s adds to the pot: "%(claim)s".')
        % {"player": n(e["seat"]), "claim": count_words(e["count"], e["food"])}
    ),
    "salt": _salt,
    "challenge": _challenge,
    "turn": lambda e, n: _("%(player)s owes %(food)s.") % {"player": n(e["seat"]), "food": plural(e["food"])},
    "let_go": lambda e, n: _("%(player)s lets it go.") % {"player": n(e["seat"])},
    "win": lambda e, n: _("%(player)s has no cards left and wins!") % {"player": n(e["seat"])},
}


def event_words(event: dict[str, Any], name: Namer = player_name) -> str:
    """The log's sentence for one event (or log entry) of the rules."""
    return SENTENCES[event["type"]](event, name)


def _your_challenge(event: dict[str, Any], name: Namer, you: int) -> str | None:
    caller, player = event["seat"], event["player"]
    if you not in (caller, player):
        return None
    salt = event["salt"]
    facts = {
        "player": name(player),
        "caller": name(caller),
        "shown": ", ".join(singular(k) for k in event["cards"]),
        "pot": (
            _("the whole pot and %(salt)s under it") % {"salt": count_words(salt, SALT)}
            if salt
            else _("the whole pot")
        ),
        "taken": event["taken"],
    }
    head = (
        _("You call stone soup on %(player)s: %(shown)s.")
        if caller == you
        else _("%(caller)s calls stone soup on you: %(shown)s.")
    ) % facts
    verdict = event["verdict"]
    if verdict == "stone":
        outcome = (
            _("A stone: you take %(pot)s.") if player == you else _("A stone: %(player)s takes %(pot)s.")
        )
    elif verdict == "honest":
        outcome = _("Honest: you take %(pot)s.") if caller == you else _("Honest: %(caller)s takes %(pot)s.")
    elif player != you:  # your call caught a bluff: the player takes back
        outcome = (
            _("A bluff: %(player)s takes back %(pot)s (it held fewer than twice the cards added).")
            if event["whole_pot"]
            else ngettext(
                "A bluff: %(player)s takes back %(taken)d card, twice the cards added.",
                "A bluff: %(player)s takes back %(taken)d cards, twice the cards added.",
                event["taken"],
            )
        )
    elif event["whole_pot"]:
        outcome = _("A bluff: you take back %(pot)s (it held fewer than twice the cards added).")
    else:
        outcome = ngettext(
            "A bluff: you take back %(taken)d card, twice the cards added.",
            "A bluff: you take back %(taken)d cards, twice the cards added.",
            event["taken"],
        )
    return head + " " + outcome % facts


def you_words(event: dict[str, Any], name: Namer, you: int) -> str | None:
    """The log's sentence for an event about the seat ``you`` reading it, said to them ("You add to
    the pot", "Bot 2 calls stone soup on you"); None: the event is not about them."""
    kind = event["type"]
    seat = event.get("seat")
    if kind == "play" and seat == you:
        return _('You add to the pot: "%(claim)s".') % {"claim": count_words(event["count"], event["food"])}
    if kind == "salt" and seat == you:
        if event["next"] is None:
            return _("You add a dash of salt.")
        return _("You add a dash of salt; %(next)s still owes %(food)s.") % {
            "next": name(event["next"]),
            "food": plural(event["owed"]),
        }
    if kind == "salt" and event["next"] == you:
        return _("%(player)s adds a dash of salt; you still owe %(food)s.") % {
            "player": name(seat),
            "food": plural(event["owed"]),
        }
    if kind == "challenge":
        return _your_challenge(event, name, you)
    if kind == "turn" and seat == you:
        return _("You owe %(food)s.") % {"food": plural(event["food"])}
    if kind == "let_go" and seat == you:
        return _("You let it go.")
    if kind == "win" and seat == you:
        return _("You have no cards left and win!")
    if kind == "dealt" and seat == you:
        return _("You deal. %(first)s starts with potatoes.") % {"first": name(event["first"])}
    if kind == "dealt" and event["first"] == you:
        return _("%(dealer)s deals. You start with potatoes.") % {"dealer": name(seat)}
    return None


# --- the moves -----------------------------------------------------------------------------------
CHALLENGE_WORDS = N_('Call "stone soup!"')
LET_GO_WORDS = N_("Let it go")
SALT_WORDS = N_("Dash of salt (pass)")


def play_words(cards: dict[str, int], count: int, food: str) -> str:
    """A play's words, e.g. 'Add one stone, say "one potato"'."""
    return _('Add %(cards)s, say "%(claim)s"') % {
        "cards": describe_cards(cards, food),
        "claim": count_words(count, food),
    }


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = player_name) -> str:
    """The words of one of the view's moves, as the seat whose view it is reads them."""
    kind = action["type"]
    if kind == "play":
        return play_words(action["cards"], action["count"], view["due"])
    return _({"salt": SALT_WORDS, "challenge": CHALLENGE_WORDS, "let_go": LET_GO_WORDS}[kind])


# --- why a move is refused -----------------------------------------------------------------------
MOVE_NAMES = {
    "play": N_("play"),
    "salt": N_("add a dash of salt"),
    "challenge": N_('call "stone soup!"'),
    "let_go": N_("let it go"),
}  # a move's type as a refusal names it


def _settled(p: dict[str, Any], n: Namer) -> str:
    if p["player"] is None:
        return _("too late: that play stands, the challenge window has closed")
    if p["by_clock"]:
        return _("too late: %(player)s's play stands, the challenge window has closed") % {
            "player": n(p["player"])
        }
    return _("too late: %(player)s's play was let go") % {"player": n(p["player"])}


def _held(p: dict[str, Any], n: Namer) -> str:
    if p["held"]:
        return _("You have only %(cards)s in your hand.") % {"cards": count_words(p["held"], p["kind"])}
    return _("You have no %(card)s in your hand.") % {"card": singular(p["kind"])}


def _example(p: dict[str, Any]) -> str:
    return f'{{"type": "{p["kind"]}", "play": {p["serial"] or 1}}}'


REFUSALS: dict[str, Wording] = {
    "no_salt": N_("you have no dash of salt"),
    "own_play": N_("you cannot challenge your own play"),
    "salt_shown_to_all": N_("a dash of salt is shown to everyone: it cannot be challenged"),
    "already_yours": N_('you already called "stone soup" on that play'),
    "window_closed": N_("too late: the challenge window has closed"),
    "own_play_let_go": N_("that is your own play: the others decide whether to let it go"),
    "already_let_go": N_("you already let that play go"),
    "let_gone": N_("you let that play go"),
    "already_challenged": lambda p, n: (
        _('already challenged: %(player)s called "stone soup" first') % {"player": n(p["by"])}
    ),
    "name_the_play": lambda p, n: (
        _("say which play you mean by its number, e.g. %(example)s") % {"example": _example(p)}
    ),
    "no_such_play": lambda p, n: (
        (
            _("there is no play %(serial)d to challenge")
            if p["kind"] == "challenge"
            else _("there is no play %(serial)d to let go")
        )
        % p
    ),
    "settled": _settled,
    "settled_before": lambda p, n: _("too late: play %(serial)d was settled before the last one") % p,
    "wait_for_window": N_('wait: the others may still call "stone soup" on the last play'),
    "window_open": lambda p, n: (
        _("it is not your turn: %(player)s's play may still be challenged") % {"player": n(p["player"])}
    ),
    "their_turn": lambda p, n: _("it is not your turn: %(player)s is playing") % {"player": n(p["player"])},
    "only_fields": lambda p, n: (
        _("a %(move)s names only its %(fields)s") % {**p, "fields": and_list(list(p["fields"]))}
    ),
    "name_cards": lambda p, n: (
        _("Say which cards you add, e.g. %(example)s.")
        % {"example": f'{{"cards": {{"{p["food"]}": 1}}, "count": 1}}'}
    ),
    "unknown_card": lambda p, n: (
        _('Unknown card "%(card)s"; the cards are %(cards)s.')
        % {"card": p["card"], "cards": ", ".join(p["cards"])}
    ),
    "how_many": lambda p, n: (
        _("Say how many %(cards)s you add, as a whole number.") % {"cards": plural(p["kind"])}
    ),
    "salt_shown": N_('A dash of salt is shown, not slipped into the pot: play it with "salt".'),
    "only_held": _held,
    "no_cards_added": N_("Add at least one card to the pot."),
    "declare_one": lambda p, n: _("Declare at least one %(card)s.") % {"card": singular(p["food"])},
    "too_many_declared": lambda p, n: (
        _("There are only %(most)d %(cards)s in the game.") % {"most": p["most"], "cards": plural(p["food"])}
    ),
}

REFUSAL_WORDS = RefusalWords(REFUSALS, MOVE_NAMES, player_name)  # named by its registration
refuse = maker(REFUSAL_WORDS)
NO_SALT = refuse("no_salt")
OWN_PLAY = refuse("own_play")
SALT_SHOWN = refuse("salt_shown_to_all")
ALREADY_YOURS = refuse("already_yours")
WINDOW_CLOSED = refuse("window_closed")
OWN_PLAY_LET_GO = refuse("own_play_let_go")
ALREADY_LET_GO = refuse("already_let_go")
LET_GONE = refuse("let_gone")


def already_challenged(by: int) -> Refusal:
    return refuse("already_challenged", by=by)


def name_the_play(kind: str, serial: int | None) -> Refusal:
    """Why a call or a let-go that does not say which play it is for is refused."""
    return refuse("name_the_play", kind=kind, serial=serial)


def no_such_play(kind: str, serial: int) -> Refusal:
    return refuse("no_such_play", kind=kind, serial=serial)


def settled(player: int | None, by_clock: bool) -> Refusal:
    """Why a call (or a let-go) comes too late for a play whose window closed unchallenged."""
    return refuse("settled", player=player, by_clock=by_clock)


def settled_before(serial: int) -> Refusal:
    return refuse("settled_before", serial=serial)


def wait_for_window(player: int, next_up: bool) -> Refusal:
    return refuse("wait_for_window") if next_up else refuse("window_open", player=player)


def not_your_turn(turn: int) -> Refusal:
    return refuse("their_turn", player=turn)


def only_fields(kind: str, fields: tuple[str, ...]) -> Refusal:
    """Why a move with fields it does not take is refused."""
    return refuse("only_fields", move=kind, fields=list(fields))

"""Stone Soup in words: the table log's sentences and the moves' words, made from the rules'
structured events and moves, what the table waits for, and the reasons a move is refused. The
tables, the history and the bots read the same facts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.stone_soup.cards import PLURAL, SALT, SINGULAR, count_words, describe_cards

Namer = Callable[[int], str]
PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(5))


FEW_CARDS = ("no cards", "one card", "two cards", "three cards")
BAND_WORDS = {4: "a handful", 7: "a fistful", 11: "a thick stack", 16: "a heap"}  # by a band's least


def player_name(seat: int) -> str:
    """How the rules' reasons name a seat."""
    return PLAYER_NAMES[seat]


def size_words(size: dict[str, Any]) -> str:
    """A hand or the pot as the view shows its size: "no cards", "two cards", "5 cards" (known
    exactly), "a handful" (seen roughly)."""
    least, most = size["least"], size["most"]
    if least == most:
        return FEW_CARDS[least] if least < len(FEW_CARDS) else f"{least} cards"
    return BAND_WORDS.get(least, f"{least} cards or more")


def headline(view: dict[str, Any], name: Namer = player_name) -> str:
    """What the table waits for, in one sentence."""
    window = view["window"]
    if view["over"]:
        return "The game is over."
    if window is not None:
        claim = count_words(window["count"], window["food"])
        return f"{name(window['player'])} says \"{claim}\": call \"stone soup!\" or let it go"
    turn = view["turn"]
    who = "Your turn" if turn == view["seat"] else name(turn)
    return f"{who}: add {PLURAL[view['due']]} to the pot (or a dash of salt)"


# --- the events ----------------------------------------------------------------------------------
def _challenge(event: dict[str, Any], name: Namer) -> str:
    who, by = name(event["player"]), name(event["seat"])
    salt = event["salt"]
    pot = "the whole pot" + (f" and {count_words(salt, SALT)} under it" if salt else "")
    outcome = {
        "stone": f"A stone: {who} takes {pot}.",
        "honest": f"Honest: {by} takes {pot}.",
        "bluff": f"A bluff: {who} takes back {pot if event['whole_pot'] else event['taken']}.",
    }[event["verdict"]]
    shown = ", ".join(SINGULAR[k] for k in event["cards"])
    return f"{by} calls stone soup on {who}: {shown}. {outcome}"


def _salt(event: dict[str, Any], name: Namer) -> str:
    if event["next"] is None:
        return f"{name(event['seat'])} adds a dash of salt."
    return f"{name(event['seat'])} adds a dash of salt; {name(event['next'])} still owes {PLURAL[event['owed']]}."


SENTENCES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "dealt": lambda e, n: f"{n(e['seat'])} deals. {n(e['first'])} starts with potatoes.",
    "play": lambda e, n: f"{n(e['seat'])} adds to the pot: \"{count_words(e['count'], e['food'])}\".",
    "salt": _salt,
    "challenge": _challenge,
    "turn": lambda e, n: f"{n(e['seat'])} owes {PLURAL[e['food']]}.",
    "let_go": lambda e, n: f"{n(e['seat'])} lets it go.",
    "win": lambda e, n: f"{n(e['seat'])} has no cards left and wins!",
}


def event_words(event: dict[str, Any], name: Namer = player_name) -> str:
    """The log's sentence for one event (or log entry) of the rules."""
    return SENTENCES[event["type"]](event, name)


# --- the moves -----------------------------------------------------------------------------------
CHALLENGE_WORDS = "Call \"stone soup!\""
LET_GO_WORDS = "Let it go"
SALT_WORDS = "Dash of salt (pass)"


def play_words(cards: dict[str, int], count: int, food: str) -> str:
    """A play's words, e.g. 'Add one stone, say "one potato"'."""
    return f"Add {describe_cards(cards, food)}, say \"{count_words(count, food)}\""


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = player_name) -> str:
    """The words of one of the view's moves, as the seat whose view it is reads them."""
    kind = action["type"]
    if kind == "play":
        return play_words(action["cards"], action["count"], view["due"])
    return {"salt": SALT_WORDS, "challenge": CHALLENGE_WORDS, "let_go": LET_GO_WORDS}[kind]


# --- why a move is refused -----------------------------------------------------------------------
NO_SALT = "you have no dash of salt"
OWN_PLAY = "you cannot challenge your own play"
SALT_SHOWN = "a dash of salt is shown to everyone: it cannot be challenged"
ALREADY_YOURS = "you already called \"stone soup\" on that play"
TOO_LATE = "too late: that play stands, the challenge window has closed"
WINDOW_CLOSED = "too late: the challenge window has closed"
OWN_PLAY_LET_GO = "that is your own play: the others decide whether to let it go"
ALREADY_LET_GO = "you already let that play go"
LET_GONE = "you let that play go"


def already_challenged(by: int) -> str:
    return f"already challenged: {player_name(by)} called \"stone soup\" first"


def name_the_play(kind: str, serial: int | None) -> str:
    """Why a call or a let-go that does not say which play it is for is refused."""
    example = f"{{\"type\": \"{kind}\", \"play\": {serial or 1}}}"
    return f"say which play you mean by its number, e.g. {example}"


def no_such_play(kind: str, serial: int) -> str:
    return f"there is no play {serial} to {'challenge' if kind == 'challenge' else 'let go'}"


def settled(player: int | None, by_clock: bool) -> str:
    """Why a call (or a let-go) comes too late for a play whose window closed unchallenged."""
    if player is None:
        return TOO_LATE
    if by_clock:
        return f"too late: {player_name(player)}'s play stands, the challenge window has closed"
    return f"too late: {player_name(player)}'s play was let go"


def settled_before(serial: int) -> str:
    return f"too late: play {serial} was settled before the last one"


def wait_for_window(player: int, next_up: bool) -> str:
    if next_up:
        return "wait: the others may still call \"stone soup\" on the last play"
    return f"it is not your turn: {player_name(player)}'s play may still be challenged"


def not_your_turn(turn: int) -> str:
    return f"it is not your turn: {player_name(turn)} is playing"


def only_fields(kind: str, fields: tuple[str, ...]) -> str:
    """Why a move with fields it does not take is refused."""
    return f"a {kind.replace('_', ' ')} names only its {' and '.join(fields)}"

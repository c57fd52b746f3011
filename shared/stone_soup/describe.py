"""Stone Soup in words: the sentences of the table log and the reasons a move is refused, made from
the rules' structured events. The tables, the history and the bots read the same facts."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.stone_soup.cards import PLURAL, SALT, SEQUENCE, SINGULAR, count_words, describe_cards

PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(5))


def player_name(seat: int) -> str:
    """How the log and labels name a seat."""
    return PLAYER_NAMES[seat]


def dealt(dealer: int, first: int) -> str:
    return f"{player_name(dealer)} deals. {player_name(first)} starts with potatoes."


def sentence(event: dict[str, Any]) -> str:
    """The log's sentence for one public event."""
    kind = event["type"]
    if kind == "play":
        return f"{player_name(event['seat'])} adds to the pot: \"{count_words(event['count'], event['food'])}\"."
    if kind == "salt":
        if event["next"] is None:
            return f"{player_name(event['seat'])} adds a dash of salt."
        return (f"{player_name(event['seat'])} adds a dash of salt; {player_name(event['next'])} still owes "
                f"{PLURAL[event['owed']]}.")
    if kind == "challenge":
        return _challenge(event)
    if kind == "turn":
        return f"{player_name(event['seat'])} owes {PLURAL[event['food']]}."
    if kind == "let_go":
        return f"{player_name(event['seat'])} lets it go."
    return f"{player_name(event['seat'])} has no cards left and wins!"  # "win"


def _challenge(event: dict[str, Any]) -> str:
    who, by = player_name(event["player"]), player_name(event["seat"])
    salt = event["salt"]
    pot = "the whole pot" + (f" and {count_words(salt, SALT)} under it" if salt else "")
    outcome = {
        "stone": f"A stone: {who} takes {pot}.",
        "honest": f"Honest: {by} takes {pot}.",
        "bluff": f"A bluff: {who} takes back {pot if event['whole_pot'] else event['taken']}.",
    }[event["verdict"]]
    shown = ", ".join(SINGULAR[k] for k in event["cards"])
    return f"{by} calls stone soup on {who}: {shown}. {outcome}"


def play_label(cards: dict[str, int], count: int, food: str) -> str:
    """A play's button words, e.g. 'Add one stone, say "one potato"'."""
    return f"Add {describe_cards(cards, food)}, say \"{count_words(count, food)}\""


CHALLENGE_LABEL = "Call \"stone soup!\""
LET_GO_LABEL = "Let it go"
SALT_LABEL = "Dash of salt (pass)"
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


def due_words(due: int) -> str:
    return PLURAL[SEQUENCE[due]]

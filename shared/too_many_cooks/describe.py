"""Too Many Cooks in words: what the table waits for, the words of every move and event, the
sentences of a round's reveal and of the game's end (all read from a seat's view and the rules'
structured events, by the client) and the reasons for a refusal. ``name`` turns a seat into the
name a reader knows it by; without one, seat 0 is "Chef 1"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.refusals import Refusal, RefusalWords, Wording, maker
from soupkitchen.shared.too_many_cooks.cards import BRAG_TASTES, LOSING_UNSATISFIED
from soupkitchen.shared.words import N_, _, ngettext

Namer = Callable[[int], str]
ROTATIONS = {  # a rotation's words without its verb, line, index from 1 and step
    ("row", 1): N_("row %(index)d east"),
    ("row", -1): N_("row %(index)d west"),
    ("col", -1): N_("column %(index)d north"),
    ("col", 1): N_("column %(index)d south"),
}
CARD_WORDS = {  # a soup card, colour and vegetable, as one phrase a translator words whole
    ("red", "carrot"): N_("red carrot"),
    ("yellow", "carrot"): N_("yellow carrot"),
    ("green", "carrot"): N_("green carrot"),
    ("blue", "carrot"): N_("blue carrot"),
    ("red", "tomato"): N_("red tomato"),
    ("yellow", "tomato"): N_("yellow tomato"),
    ("green", "tomato"): N_("green tomato"),
    ("blue", "tomato"): N_("blue tomato"),
    ("red", "mushroom"): N_("red mushroom"),
    ("yellow", "mushroom"): N_("yellow mushroom"),
    ("green", "mushroom"): N_("green mushroom"),
    ("blue", "mushroom"): N_("blue mushroom"),
    ("red", "pepper"): N_("red pepper"),
    ("yellow", "pepper"): N_("yellow pepper"),
    ("green", "pepper"): N_("green pepper"),
    ("blue", "pepper"): N_("blue pepper"),
    ("red", "onion"): N_("red onion"),
    ("yellow", "onion"): N_("yellow onion"),
    ("green", "onion"): N_("green onion"),
    ("blue", "onion"): N_("blue onion"),
    ("red", "aubergine"): N_("red aubergine"),
    ("yellow", "aubergine"): N_("yellow aubergine"),
    ("green", "aubergine"): N_("green aubergine"),
    ("blue", "aubergine"): N_("blue aubergine"),
    ("red", "potato"): N_("red potato"),
    ("yellow", "potato"): N_("yellow potato"),
    ("green", "potato"): N_("green potato"),
    ("blue", "potato"): N_("blue potato"),
    ("red", "pea"): N_("red pea"),
    ("yellow", "pea"): N_("yellow pea"),
    ("green", "pea"): N_("green pea"),
    ("blue", "pea"): N_("blue pea"),
}

EMOTE_WORDS = {
    "disgusting": N_("That's disgusting!"),
    "delicious": N_("How delicious!"),
    "fine": N_("That's fine by me"),
}  # the rulebook's exclamations: a reaction names nothing else


def chef(seat: int) -> str:
    """A seat as players read it: seat 0 is Chef 1."""
    return _("Chef %(number)d") % {"number": seat + 1}


def headline(view: dict[str, Any], name: Namer = chef) -> str:
    """What the table waits for, in one sentence."""
    phase, facts = view["phase"], {"round": view["round"], "rounds": view["rounds"]}
    if phase == "over":
        return _("The game is over.")
    if phase == "playing":
        return _("Round %(round)d of %(rounds)d: %(chef)s changes the soup or passes.") % {
            **facts,
            "chef": name(view["turn"]),
        }
    if phase == "reveal":
        return _("Round %(round)d is scored: every chef says ready for the next.") % facts
    return _("Round %(round)d of %(rounds)d: every chef says ready to start.") % facts


def card_words(card: dict[str, str]) -> str:
    """A soup card in words: "red pepper"."""
    key = (card["colour"], card["veg"])
    return _(CARD_WORDS[key]) if key in CARD_WORDS else f"{card['colour']} {card['veg']}"


def line_words(line: str, index: int, step: int) -> str:
    """A rotation in words, without its verb: "row 2 east"."""
    words = ROTATIONS.get((line, step))
    if words is None:
        return (_("row %(index)d") if line == "row" else _("column %(index)d")) % {"index": index + 1}
    return _(words) % {"index": index + 1}


def emote_words(emote: str) -> str:
    """A reaction in words: "That's disgusting!"."""
    return _(EMOTE_WORDS[emote]) if emote in EMOTE_WORDS else emote


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = chef) -> str:
    """The words of one of the view's legal moves (or of a reaction)."""
    kind = action["type"]
    if kind == "react":
        return _("React: %(words)s") % {"words": emote_words(action.get("emote", ""))}
    if kind == "rotate":
        return _("Rotate %(line)s") % {"line": line_words(action["line"], action["index"], action["step"])}
    if kind == "change":
        old = view["soup"][action["row"]][action["col"]]
        return _("Swap the %(old)s at row %(row)d, column %(col)d for a %(new)s") % {
            "old": card_words(old),
            "row": action["row"] + 1,
            "col": action["col"] + 1,
            "new": card_words(action),
        }
    return _("Pass: your tastes and the shared ones are satisfied") if kind == "pass" else _("Ready")


EVENTS: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "changed": lambda e, n: (
        _("%(chef)s swapped %(old)s for %(new)s")
        % {"chef": n(e["seat"]), "old": card_words(e["old"]), "new": card_words(e["new"])}
    ),
    "rotated": lambda e, n: (
        _("%(chef)s rotated %(line)s")
        % {"chef": n(e["seat"]), "line": line_words(e["line"], e["index"], e["step"])}
    ),
    "passed": lambda e, n: _("%(chef)s passed") % {"chef": n(e["seat"])},
    "rejoined": lambda e, n: _("%(chef)s is unhappy again and back in the round") % {"chef": n(e["seat"])},
    "reacted": lambda e, n: (
        _("%(chef)s: %(words)s") % {"chef": n(e["seat"]), "words": emote_words(e["emote"])}
    ),
    "all_passed": lambda e, n: _("Every chef passed: the round is over"),
    "time_up": lambda e, n: _("Time is up: the round is over"),
    "ready": lambda e, n: _("%(chef)s is ready") % {"chef": n(e["seat"])},
    "round_dealt": lambda e, n: _("Round %(round)d is dealt") % e,
    "round_started": lambda e, n: (
        _("Round %(round)d begins: %(chef)s goes first") % {**e, "chef": n(e["turn"])}
    ),
    "round_over": lambda e, n: (
        ngettext(
            "Round %(round)d is over: %(unsatisfied)d unsatisfied",
            "Round %(round)d is over: %(unsatisfied)d unsatisfied",
            e["unsatisfied"],
        )
        % e
    ),
    "game_over": lambda e, n: _("The game is won") if e["won"] else _("The game is lost"),
    "timeout": lambda e, n: _("Time is up"),
}


def event_words(event: dict[str, Any], name: Namer = chef) -> str:
    """One event of the rules in words."""
    return EVENTS[event["type"]](event, name)


NUMBER_WORDS = (
    N_("No"),
    N_("One"),
    N_("Two"),
    N_("Three"),
    N_("Four"),
    N_("Five"),
    N_("Six"),
    N_("Seven"),
    N_("Eight"),
    N_("Nine"),
    N_("Ten"),
    N_("Eleven"),
    N_("Twelve"),
    N_("Thirteen"),
    N_("Fourteen"),
    N_("Fifteen"),
)  # a count at the start of a sentence


def number_word(count: int) -> str:
    """``count`` as the first word of a sentence: "Three"."""
    return _(NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)


def round_explanation(mode: str, reveal: dict[str, Any]) -> str:
    """Why the stars moved as they did at the end of a round (a view's ``reveal``), in one sentence.
    A round ends with a taste unsatisfied only when its time is up (every chef passes only once
    every taste is satisfied), so such a sentence says that first."""
    unsatisfied, before, after, lost = (
        reveal[key] for key in ("unsatisfied", "stars_before", "stars_after", "lost")
    )
    facts = {"count": unsatisfied}
    if mode == "unreasonable":
        if unsatisfied == 0:
            return _("Every taste satisfied: the unreasonable soup is a win.")
        return (
            ngettext(
                "Time is up with %(count)d taste unsatisfied: an unreasonable soup needs every taste, "
                "the game is lost.",
                "Time is up with %(count)d tastes unsatisfied: an unreasonable soup needs every taste, "
                "the game is lost.",
                unsatisfied,
            )
            % facts
        )
    if unsatisfied == 0:
        if after > before:
            return _("Every taste satisfied: the kitchen gains a star.")
        return _("Every taste satisfied: the stars stay at the most, five.")
    if unsatisfied == 1:
        return _("Time is up with one taste unsatisfied: the stars stay the same.")
    if unsatisfied >= LOSING_UNSATISFIED:
        return (
            ngettext(
                "Time is up with %(count)d taste unsatisfied: five or more, the game is lost.",
                "Time is up with %(count)d tastes unsatisfied: five or more, the game is lost.",
                unsatisfied,
            )
            % facts
        )
    if lost:
        return (
            ngettext(
                "Time is up with %(count)d taste unsatisfied and no star left to lose: the game is lost.",
                "Time is up with %(count)d tastes unsatisfied and no star left to lose: the game is lost.",
                unsatisfied,
            )
            % facts
        )
    return (
        ngettext(
            "Time is up with %(count)d taste unsatisfied: the kitchen loses a star.",
            "Time is up with %(count)d tastes unsatisfied: the kitchen loses a star.",
            unsatisfied,
        )
        % facts
    )


DIFFICULTY_NAMES = {"easy": N_("Easy"), "moderate": N_("Moderate"), "hard": N_("Hard")}


def difficulty_word(difficulty: str) -> str:
    """A taste deck's difficulty as the reader reads it: "Moderate"."""
    return _(DIFFICULTY_NAMES[difficulty]) if difficulty in DIFFICULTY_NAMES else difficulty.capitalize()


def game_summary(view: dict[str, Any]) -> str:
    """One sentence for the end of the game, from a finished game's view."""
    result, mode, goal, rounds = view["result"], view["mode"], view["taste_goal"], view["rounds"]
    won, challenge = result["won"], result["next_challenge"]
    if mode == "unreasonable":
        if not won:
            return _("The unreasonable soup of %(goal)d tastes was not to everyone's taste.") % {"goal": goal}
        facts = {"goal": goal, "next": challenge["tastes"] if challenge else 0}
        if challenge is None:
            return (
                _("All %(goal)d tastes satisfied, every taste in the Hard deck: tell the publisher!")
                if goal >= BRAG_TASTES
                else _("All %(goal)d tastes satisfied, every taste in the Hard deck!")
            ) % facts
        return (
            _("All %(goal)d tastes satisfied: tell the publisher! Next time try %(next)d.")
            if goal >= BRAG_TASTES
            else _("All %(goal)d tastes satisfied. Next time try %(next)d.")
        ) % facts
    if not won:
        return _("The kitchen closed in round %(round)d of %(rounds)d.") % {
            "round": result["rounds_played"],
            "rounds": rounds,
        }
    served = ngettext(
        "%(rounds)s rounds served with %(stars)d star.",
        "%(rounds)s rounds served with %(stars)d stars.",
        result["stars"],
    ) % {"rounds": number_word(rounds), "stars": result["stars"]}
    if challenge is None:
        return served
    if challenge["mode"] == "unreasonable":
        return served + " " + _("Ready for an unreasonable soup!")
    return (
        served
        + " "
        + _("Ready for %(difficulty)s!") % {"difficulty": difficulty_word(challenge["difficulty"])}
    )


# --- why a move is refused ---------------------------------------------------------------------
MOVE_NAMES = {
    "ready": N_("say ready"),
    "change": N_("change a card"),
    "rotate": N_("rotate"),
    "pass": N_("pass"),
    "react": N_("react"),
}  # a move's type as a refusal names it

REFUSALS: dict[str, Wording] = {
    "already_ready": N_("you are already ready"),
    "under_way": N_("the round is already under way"),
    "not_started": N_("the round has not started: every chef must be ready first"),
    "round_time_up": N_("the round's time is up"),
    "pass_when_satisfied": N_("you may pass only when your tastes and all shared tastes are satisfied"),
    "must_pass": N_("your tastes and all shared tastes are satisfied: you must pass"),
    "rotate_line": N_('rotate a "row" or a "col"'),
    "rotate_step": N_("a rotation moves one step: 1 or -1"),
    "already_there": N_("that card is already there"),
    "one_change": N_("change only the colour or only the vegetable, not both"),
    "index_range": lambda p, n: _("the row or column index is a whole number from 0 to %(last)d") % p,
    "cell_range": lambda p, n: _("row and col are whole numbers from 0 to %(last)d") % p,
    "one_of": lambda p, n: _("%(field)s must be one of %(words)s") % {**p, "words": ", ".join(p["words"])},
    "no_spare": lambda p, n: _("no spare %(card)s is left") % {"card": card_words(p)},
    "reaction_shape": N_("a reaction is an emote and the number of the move it is about"),
    "nothing_to_react_to": N_(
        "there is no move to react to: react just after another chef's change or rotation"
    ),
    "reaction_past": N_("that move is past: react to the move just made"),
    "own_move": N_("you made that move: react to the other chefs' moves"),
    "already_reacted": N_("you have already reacted to this move"),
    "reaction_late": lambda p, n: _("keep a poker face now: react within %(seconds)d seconds of a move") % p,
}

REFUSAL_WORDS = RefusalWords(REFUSALS, MOVE_NAMES, chef)  # named by its registration
refuse = maker(REFUSAL_WORDS)
ALREADY_READY = refuse("already_ready")
UNDER_WAY = refuse("under_way")
NOT_STARTED = refuse("not_started")
TIME_UP = refuse("round_time_up")
PASS_WHEN_SATISFIED = refuse("pass_when_satisfied")
MUST_PASS = refuse("must_pass")
ROTATE_LINE = refuse("rotate_line")
ROTATE_STEP = refuse("rotate_step")
ALREADY_THERE = refuse("already_there")
ONE_CHANGE = refuse("one_change")
REACTION_SHAPE = refuse("reaction_shape")
NOTHING_TO_REACT_TO = refuse("nothing_to_react_to")
REACTION_PAST = refuse("reaction_past")
OWN_MOVE = refuse("own_move")
ALREADY_REACTED = refuse("already_reacted")


def reaction_late(seconds: float) -> Refusal:
    return refuse("reaction_late", seconds=round(seconds))


def index_range(size: int) -> Refusal:
    return refuse("index_range", last=size - 1)


def cell_range(size: int) -> Refusal:
    return refuse("cell_range", last=size - 1)


def one_of(field: str, words: tuple[str, ...]) -> Refusal:
    return refuse("one_of", field=field, words=list(words))


def no_spare(veg: str, colour: str) -> Refusal:
    return refuse("no_spare", veg=veg, colour=colour)

"""The review of a finished Stone Soup game, worked out from its record by the rules: every play
with what really went into the pot, the bluffs that stood, each call and its verdict, and each
player's honest and bluffing record. A play nobody called is judged as a call at that moment
would have judged it. Structure only (the client words it); every secret is shown."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import RuleError
from soupkitchen.shared.stone_soup.cards import KIND_OF, KINDS, SEQUENCE, count_kinds
from soupkitchen.shared.stone_soup.state import StoneSoupState


def review(timeline: Any) -> dict[str, Any]:
    """``timeline``: a ``shared.replay.Timeline`` of a finished game."""
    game = timeline.game
    plays: list[dict[str, Any]] = []
    open_play: dict[str, Any] | None = None
    for number, entry, before, after, _events in timeline.steps():
        kind = entry["action"]["type"]
        if kind == "play":
            window = after.window
            really = sorted(
                (KIND_OF[card] for card in after.pot[len(after.pot) - window.added :]), key=KINDS.index
            )
            open_play = {
                "move": number,
                "seat": entry["seat"],
                "kind": "play",
                "food": SEQUENCE[window.food],
                "count": window.count,
                "really": really,
                "verdict": _verdict(game, after, entry["t"]),
                "called": None,
                "let_go": [],
            }
            plays.append(open_play)
        elif kind == "salt":
            plays.append(
                {
                    "move": number,
                    "seat": entry["seat"],
                    "kind": "salt",
                    "food": SEQUENCE[before.due],
                    "count": 0,
                    "really": ["salt"],
                    "verdict": "salt",
                    "called": None,
                    "let_go": [],
                }
            )
        elif open_play is not None and kind == "let_go":
            open_play["let_go"].append(entry["seat"])
        elif open_play is not None and kind == "challenge":
            reveal = after.reveals[-1]
            open_play["called"] = {
                "move": number,
                "by": entry["seat"],
                "verdict": reveal["verdict"],
                "taker": reveal["taker"],
                "taken": reveal["taken"],
                "whole_pot": reveal["whole_pot"],
                "salt": reveal["salt"],
            }
        if after.window is None:
            open_play = None
    return {
        "game": "stone-soup",
        "plays": plays,
        "records": _records(plays, timeline.record.players),
        "result": game.result(timeline.final),
    }


def _verdict(game: Any, state: StoneSoupState, now: float) -> str | None:
    """What a call of the play just made would reveal: "honest", "bluff" or "stone" (by the rules)."""
    window = state.window
    caller = (window.player + 1) % state.players
    try:
        called, _events = game.apply(state, caller, {"type": "challenge", "play": window.serial}, now)
    except RuleError:
        return None
    return called.reveals[-1]["verdict"]


def _records(plays: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    records = [
        {
            "seat": seat,
            "plays": 0,
            "honest": 0,
            "bluffs": 0,
            "bluffs_stood": 0,
            "bluffs_caught": 0,
            "honest_called": 0,
            "salts": 0,
            "calls": 0,
            "calls_right": 0,
            "cards_taken": 0,
        }
        for seat in range(players)
    ]
    for play in plays:
        mine = records[play["seat"]]
        if play["kind"] == "salt":
            mine["salts"] += 1
            continue
        mine["plays"] += 1
        honest = play["verdict"] == "honest"
        mine["honest" if honest else "bluffs"] += 1
        call = play["called"]
        if call is None:
            mine["bluffs_stood"] += not honest
            continue
        caller = records[call["by"]]
        caller["calls"] += 1
        caller["calls_right"] += not honest
        mine["bluffs_caught"] += not honest
        mine["honest_called"] += honest
        records[call["taker"]]["cards_taken"] += call["taken"] + call["salt"] * call["whole_pot"]
    return records


def face_up(state: StoneSoupState) -> dict[str, Any]:
    """Every hand, the pot from the bottom up and the hands set aside, at this moment."""
    return {
        "game": "stone-soup",
        "hands": [count_kinds(hand) for hand in state.hands],
        "pot": [KIND_OF[card] for card in state.pot],
        "salt_pile": len(state.salt_pile),
        "set_aside": [count_kinds(hand) for hand in state.set_aside],
    }


def turned_up(state: StoneSoupState, view: dict[str, Any]) -> dict[str, Any]:
    """The spectator's ``view`` with every hand face up: the bottom seat's (the first) as a hand,
    the others' beside their seats (``hands``, seat by seat)."""
    return {**view, "hand": count_kinds(state.hands[0]), "hands": [count_kinds(h) for h in state.hands]}

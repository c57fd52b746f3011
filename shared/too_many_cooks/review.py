"""The review of a finished Too Many Cooks game, worked out from its record by the rules: each
round's tastes, when each was first satisfied and who broke it when, when each chef passed, what
each chef said of the others' moves, and how the round's time was spent. Structure only (the client
words it); every taste is shown."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.too_many_cooks.state import TmcState
from soupkitchen.shared.too_many_cooks.tastes import public_taste, satisfied


def review(timeline: Any) -> dict[str, Any]:
    """``timeline``: a ``shared.replay.Timeline`` of a finished game."""
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for number, entry, before, after, events in timeline.steps():
        if before.phase != "playing" and after.phase == "playing":
            current = _open_round(after, number, entry["t"])
            rounds.append(current)
            continue
        if current is None or before.phase != "playing":
            continue
        _follow(current, number, entry, before, after)
        if after.phase != "playing":
            _close_round(current, number, entry, after, events)
            current = None
    return {"game": "too-many-cooks", "rounds": rounds, "result": timeline.game.result(timeline.final)}


def _open_round(state: TmcState, number: int, t: float) -> dict[str, Any]:
    tastes = []
    for taste, owner in zip(state.tastes, state.owners, strict=True):
        now = satisfied(taste, state.soup)
        tastes.append(
            {
                "taste": taste,
                "owner": owner,
                "satisfied_at_deal": now,
                "first_satisfied": {"move": number, "seconds": 0.0, "seat": None} if now else None,
                "changes": [],
                "at_end": now,
            }
        )
    return {
        "round": state.round,
        "difficulty": state.round_difficulty,
        "started_move": number,
        "started_t": t,
        "round_seconds": state.round_seconds,
        "tastes": tastes,
        "passes": [],
        "rejoins": [],
        "reactions": [],
        "time": [{"seat": seat, "seconds": 0.0, "moves": 0} for seat in range(state.players)],
        "last_t": t,
    }


def _follow(
    current: dict[str, Any], number: int, entry: dict[str, Any], before: TmcState, after: TmcState
) -> None:
    """One move of a round in play: who spent how long, which tastes it satisfied or broke; or a
    reaction to a move, which takes nobody's turn."""
    seat, t = entry["seat"], entry["t"]
    seconds = round(t - current["started_t"], 3)
    if entry["action"]["type"] == "react":
        by = before.last_move["event"]["seat"] if before.last_move is not None else None
        current["reactions"].append(
            {"seat": seat, "emote": entry["action"]["emote"], "move": number, "seconds": seconds, "by": by}
        )
        return
    if seat is not None:
        spent = current["time"][seat]
        spent["seconds"] = round(spent["seconds"] + t - current["last_t"], 3)
        spent["moves"] += 1
    current["last_t"] = t
    if entry["action"]["type"] == "pass":
        current["passes"].append({"seat": seat, "move": number, "seconds": seconds})
    for chef in range(after.players):
        if before.passed[chef] and not after.passed[chef]:
            current["rejoins"].append({"seat": chef, "move": number, "seconds": seconds, "by": seat})
    if before.soup == after.soup:
        return
    for taste in current["tastes"]:
        was, now = satisfied(taste["taste"], before.soup), satisfied(taste["taste"], after.soup)
        if was == now:
            continue
        change = {"move": number, "seconds": seconds, "seat": seat, "satisfied": now}
        taste["changes"].append(change)
        taste["at_end"] = now
        if now and taste["first_satisfied"] is None:
            taste["first_satisfied"] = change


def _close_round(
    current: dict[str, Any], number: int, entry: dict[str, Any], after: TmcState, events: list[dict[str, Any]]
) -> None:
    current.pop("last_t")
    kinds = {event["type"] for event in events}
    current["ended"] = "all_passed" if "all_passed" in kinds else "time_up"
    current["ended_move"] = number
    current["seconds"] = round(entry["t"] - current["started_t"], 3)
    current["seconds_left"] = round(max(0.0, current["round_seconds"] - current["seconds"]), 3)
    reveal = after.reveal or {}
    current["unsatisfied"] = reveal.get("unsatisfied")
    current["stars_before"], current["stars_after"] = reveal.get("stars_before"), reveal.get("stars_after")
    current["lost"] = reveal.get("lost")


def face_up(state: TmcState) -> dict[str, Any]:
    """Every chef's personal tastes at this moment, satisfied or not."""
    return {
        "game": "too-many-cooks",
        "round": state.round,
        "tastes": [
            {"taste": taste, "owner": owner, "satisfied": bool(state.soup) and satisfied(taste, state.soup)}
            for taste, owner in zip(state.tastes, state.owners, strict=True)
        ],
    }


def turned_up(state: TmcState, view: dict[str, Any]) -> dict[str, Any]:
    """The spectator's ``view`` with every taste card face up: the shared ones, then each chef's
    personal ones, each with its owner (None: shared), listed together."""
    tastes = [
        {**public_taste(taste, state.soup), "owner": owner}
        for taste, owner in sorted(
            zip(state.tastes, state.owners, strict=True), key=lambda pair: pair[1] is not None
        )
    ]
    return {**view, "every_taste": tastes}

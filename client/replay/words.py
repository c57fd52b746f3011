"""The words of the replay viewer: each game's review and face-up structure (``shared/<game>/review.py``)
and each logged move, as lines a player reads. A line may carry the moment it tells of (a click on
it jumps there)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.wording import move_words
from soupkitchen.shared.pink_soup.cards import KIND_BY_KEY
from soupkitchen.shared.stone_soup.cards import PLURAL, SINGULAR
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID

Name = Callable[[int | None], str]


@dataclass(frozen=True)
class Line:
    text: str
    moment: int | None = None   # the moment after this move (a click jumps there)
    heading: bool = False


def clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def move_lines(timeline: Any, name: Name) -> list[Line]:
    """One line per logged move: its number, the game clock, who and what (in the game's words, as
    the mover read them)."""
    lines = [Line("The deal", 0)]
    game = timeline.game
    for number, entry, before, _after, _events in timeline.steps():
        seat, action = entry["seat"], entry["action"]
        who = "Table clock" if seat is None else name(seat)
        what = "time is up" if action.get("type") == "timeout" else \
            move_words(game.id, game.view(before, seat), action, name)
        lines.append(Line(f"{number}. {clock(entry['t'])} {who}: {what}", number))
    return lines


# --- reviews -------------------------------------------------------------------------------------
def review_lines(review: dict[str, Any] | None, name: Name) -> list[Line]:
    if review is None:
        return [Line("This game has no review.")]
    return REVIEWS[review["game"]](review, name)


def _taste(taste_id: str) -> str:
    return TASTES_BY_ID[taste_id]["text"] if taste_id in TASTES_BY_ID else taste_id


def _owner(owner: int | None, name: Name) -> str:
    return "shared" if owner is None else f"{name(owner)}'s"


def too_many_cooks(review: dict[str, Any], name: Name) -> list[Line]:
    lines: list[Line] = []
    for chapter in review["rounds"]:
        ended = "every chef passed" if chapter.get("ended") == "all_passed" else "the time ran out"
        lines.append(Line(f"Round {chapter['round']} ({chapter['difficulty']}): {ended} after "
                          f"{clock(chapter.get('seconds', 0))}, {chapter.get('unsatisfied', '?')} unsatisfied, "
                          f"stars {chapter.get('stars_before')} to {chapter.get('stars_after')}",
                          chapter["started_move"], heading=True))
        for taste in chapter["tastes"]:
            first = taste["first_satisfied"]
            if first is None:
                when = "never satisfied"
            elif first["seat"] is None:
                when = "satisfied from the deal"
            else:
                when = f"first satisfied by {name(first['seat'])} at {clock(first['seconds'])}"
            breaks = [c for c in taste["changes"] if not c["satisfied"]]
            broke = "; broken by " + ", ".join(f"{name(c['seat'])} at {clock(c['seconds'])}" for c in breaks) if breaks else ""
            end = "satisfied" if taste["at_end"] else "NOT satisfied"
            lines.append(Line(f"{_owner(taste['owner'], name).capitalize()} taste \"{_taste(taste['taste'])}\": "
                              f"{when}{broke}; at the end {end}",
                              (first or {}).get("move") if not breaks else breaks[0]["move"]))
        for passed in chapter["passes"]:
            lines.append(Line(f"{name(passed['seat'])} passed at {clock(passed['seconds'])}", passed["move"]))
        for back in chapter["rejoins"]:
            lines.append(Line(f"{name(back['seat'])} was unsatisfied again by {name(back['by'])}'s move at "
                              f"{clock(back['seconds'])} and rejoined", back["move"]))
        spent = ", ".join(f"{name(t['seat'])} {t['seconds']:.0f} s over {t['moves']} moves" for t in chapter["time"])
        lines.append(Line(f"Time on turns: {spent}; {clock(chapter.get('seconds_left', 0))} left on the clock"))
    return lines


def _kinds(kinds: list[str]) -> str:
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {(SINGULAR if n == 1 else PLURAL).get(k, k)}" for k, n in counts.items()) or "nothing"


def stone_soup(review: dict[str, Any], name: Name) -> list[Line]:
    lines: list[Line] = []
    for record in review["records"]:
        lines.append(Line(f"{name(record['seat'])}: {record['honest']} honest plays, {record['bluffs']} bluffs "
                          f"({record['bluffs_stood']} stood, {record['bluffs_caught']} caught), {record['salts']} salt; "
                          f"called {record['calls']} times, right {record['calls_right']}", heading=True))
    for play in review["plays"]:
        who = name(play["seat"])
        if play["kind"] == "salt":
            lines.append(Line(f"{who} slid a dash of salt under the pot", play["move"]))
            continue
        said = f"{play['count']} {(SINGULAR if play['count'] == 1 else PLURAL)[play['food']]}"
        truth = "honest" if play["verdict"] == "honest" else "a bluff"
        call = play["called"]
        if call is None:
            outcome = "it stood" if play["verdict"] == "honest" else "the bluff stood"
        else:
            outcome = f"{name(call['by'])} called: {call['verdict']}, {name(call['taker'])} took the cards"
        lines.append(Line(f"{who} said {said}, put in {_kinds(play['really'])} ({truth}); {outcome}", play["move"]))
    return lines


def _pink(key: str) -> str:
    return KIND_BY_KEY[key].name if key in KIND_BY_KEY else key


def pink_soup(review: dict[str, Any], name: Name) -> list[Line]:
    lines: list[Line] = []
    breakdown = (review.get("result") or {}).get("breakdown") or []
    for pot in review["pots"]:
        score = breakdown[pot["seat"]] if pot["seat"] < len(breakdown) else {}
        parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in score.items()
                          if k != "total" and isinstance(v, int) and not isinstance(v, bool))
        parts += ", recipe complete" if score.get("completed") else ""
        lines.append(Line(f"{name(pot['seat'])}'s pot ({pot['recipe']}): {score.get('total', '?')} points ({parts})",
                          heading=True))
        for change in pot["changes"]:
            if change["what"] in ("shuffled", "swapped_within"):
                verb = "shuffled" if change["what"] == "shuffled" else "swapped within"
                lines.append(Line(f"  {name(change['by'])} {verb} it", change["move"]))
            else:
                verb = "put in" if change["what"] == "in" else "took out"
                lines.append(Line(f"  {name(change['by'])} {verb} {_pink(change['card'])} (slot {change['slot'] + 1})",
                                  change["move"]))
        lines.append(Line(f"  At the end: {', '.join(_pink(c) for c in pot['final']) or 'empty'}"))
    for mouse in review["mice"]:
        power = mouse["power"]
        if power == "search":
            what = f"searched the kitchen and took {_pink(mouse['card'])}" + (" from under a pile" if mouse["covered"] else "")
        elif power == "shuffle":
            what = f"shuffled {name(mouse['target'])}'s pot"
        elif power == "look":
            what = f"looked into {name(mouse['target'])}'s pot: {', '.join(_pink(c) for c in mouse['seen'])}"
        else:
            a, b = mouse["first"], mouse["second"]
            what = (f"swapped {name(a['seat'])}'s {_pink(a['card'])} with {name(b['seat'])}'s {_pink(b['card'])}")
        lines.append(Line(f"Mouse: {name(mouse['seat'])} {what}", mouse["move"]))
    return lines


def pot_pourri(review: dict[str, Any], name: Name) -> list[Line]:
    result = review.get("result") or {}
    lines = [Line(f"{name(seat)}: {score} ({result.get('pathway', [0] * 9)[seat]} squares + "
                  f"{result.get('menu_bonus', [0] * 9)[seat]} menu stars)", heading=True)
             for seat, score in enumerate(result.get("scores", []))]
    for serving in review["servings"]:
        lid = " (under the lid)" if serving["under_lid"] else ""
        if serving["recipe"] is None:
            text = f"{name(serving['seat'])} served nothing from saucepan {serving['pan'] + 1}{lid}"
        else:
            text = (f"{name(serving['seat'])} served {serving['recipe']} from saucepan {serving['pan'] + 1}{lid}: "
                    f"{serving['matches']} matches, {serving['squares']} squares")
        lines.append(Line(f"{text} [{', '.join(serving['cards'])}]", serving["move"]))
    for swap in review["menu"]:
        if swap["swapped"]:
            lines.append(Line(f"{name(swap['seat'])} swapped the menu: {', '.join(swap['after'])}", swap["move"]))
        else:
            lines.append(Line(f"{name(swap['seat'])} left the menu as it was", swap["move"]))
    for turn in review["lid"]:
        under = ", ".join(turn["under"]) or "nothing"
        lines.append(Line(f"Turn {turn['turn']} ({name(turn['seat'])}): under the lid on saucepan {turn['pan'] + 1}: {under}",
                          turn["move"]))
    return lines


REVIEWS: dict[str, Callable[[dict[str, Any], Name], list[Line]]] = {
    "too-many-cooks": too_many_cooks, "stone-soup": stone_soup, "pink-soup": pink_soup, "pot-pourri": pot_pourri}


# --- everything face up ----------------------------------------------------------------------------
def face_up_lines(secrets: dict[str, Any] | None, name: Name) -> list[Line]:
    if secrets is None:
        return [Line("This game cannot be shown face up.")]
    game = secrets["game"]
    if game == "too-many-cooks":
        return [Line(f"Round {secrets['round']}: every taste", heading=True)] + [
            Line(f"{_owner(t['owner'], name).capitalize()}: {_taste(t['taste'])} "
                 f"({'satisfied' if t['satisfied'] else 'unsatisfied'})") for t in secrets["tastes"]]
    if game == "stone-soup":
        lines = [Line(f"{name(seat)}'s hand: {_kinds([k for k, n in hand.items() for _ in range(n)])}")
                 for seat, hand in enumerate(secrets["hands"])]
        lines.append(Line(f"The pot, bottom to top: {', '.join(secrets['pot']) or 'empty'}; "
                          f"{secrets['salt_pile']} salt under it"))
        return lines
    if game == "pink-soup":
        lines = [Line(f"{name(seat)} ({secrets['recipes'][seat]}): {', '.join(_pink(c) for c in pot) or 'empty pot'}")
                 for seat, pot in enumerate(secrets["pots"])]
        if secrets["drawn"]:
            lines.append(Line(f"In hand: {', '.join(_pink(c) for c in secrets['drawn'])}"))
        lines.append(Line(f"Deck: {secrets['deck']} cards; next {', '.join(_pink(c) for c in secrets['deck_top'])}"))
        return lines
    lines = [Line(f"Saucepan {pan + 1}{' (lid)' if pan == secrets['lid'] else ''}: {', '.join(cards) or 'empty'}")
             for pan, cards in enumerate(secrets["pans"])]
    for seat, hand in enumerate(secrets["hands"]):
        book = secrets["books"][seat] or secrets["offered"][seat]
        lines.append(Line(f"{name(seat)}: {', '.join(hand) or 'no ingredients'}; recipes {', '.join(book) or 'none'}"))
    lines.append(Line(f"Menu, 5 stars first: {', '.join(secrets['menu'])}"))
    return lines

"""How Stone Soup bots call "stone soup!", level by level: what a player at their table notices.

Plays ``--games`` seeded games of bots (the levels listed, moved one seat round each game) on the
simulator's clock. At every claim each other bot is asked what it would do, before any of them acts,
so every seat's judgement counts, not only the fastest one's. Prints, per level: the share of bluffs
it calls (and of the bluffs it could not prove false from what it saw, the ones that need a hunch),
the share of honest claims it calls, how often a call it makes is right (catches a bluff), the share
of last-card claims it calls (those it could not prove false: a last card is called on a hunch), and
how long it takes over a call and a let-go in beats of the table's bot pace (a beat is 1.2 s at the
default bot speed, with people at the table 1.2-1.8 s).

    .venv/bin/python scripts/bench_stone_calls.py
    .venv/bin/python scripts/bench_stone_calls.py --games 200 --players 3 --bots hard,normal,easy
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from soupkitchen.shared.playout import play
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.cards import KIND_OF, SEQUENCE


def is_bluff(state: Any) -> bool:
    """Whether the open play is not exactly the declared number of the food owed."""
    window = state.window
    kinds = [KIND_OF[card] for card in state.pot[-window.added :]]
    return not (len(kinds) == window.count and all(k == SEQUENCE[window.food] for k in kinds))


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="hard,normal,easy,normal", help="levels, one per seat, rotated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    listed = args.bots.split(",")
    levels0 = (listed * args.players)[: args.players]
    # per level: [bluffs, bluffs called, hunch bluffs, hunch bluffs called, honest, honest called,
    # last cards, last cards called]
    tally: dict[str, list[int]] = defaultdict(lambda: [0] * 8)
    beats: dict[tuple[str, str], list[float]] = defaultdict(list)
    for game in range(args.games):
        seed = args.seed + game
        levels = levels0[game % args.players :] + levels0[: game % args.players]
        bots = [GAME.make_bot(seat, seed * 1000 + seat, level) for seat, level in enumerate(levels)]
        asked: set[int] = set()

        def observe(state: Any, entry: dict[str, Any], bots=bots, levels=levels, asked=asked) -> None:
            for seat, bot in enumerate(bots):
                bot.observe(GAME.view(state, seat))
            window = state.window
            if window is None or window.serial in asked:
                return
            asked.add(window.serial)
            bluff = is_bluff(state)
            for seat, bot in enumerate(bots):
                if seat == window.player:
                    continue
                view = GAME.view(state, seat)
                action = bot.choose(view, entry["t"])
                called = action is not None and action["type"] == "challenge"
                sure = getattr(getattr(bot, "inner", bot), "sure_bluff", lambda v: False)(view)
                row = tally[levels[seat]]
                if bluff:
                    row[0] += 1
                    row[1] += called
                    if not sure and not view["window"]["empties_hand"]:
                        row[2] += 1
                        row[3] += called
                else:
                    row[4] += 1
                    row[5] += called
                if view["window"]["empties_hand"] and not sure:
                    row[6] += 1
                    row[7] += called
                if action is not None:
                    beats[(levels[seat], action["type"])].append(bot.thinking(view, action))

        def choose(seat: int, view: dict[str, Any], now: float, bots=bots) -> dict[str, Any] | None:
            return bots[seat].choose(view, now)

        def took(seat: int, view: dict[str, Any], action: dict[str, Any], bots=bots) -> float:
            return 1.5 * bots[seat].thinking(view, action)

        play(GAME, args.players, seed, choose, observe=observe, duration=took)
    print(f"{args.games} games, {args.players} players, bots {args.bots} (rotated)")
    print(
        "level   bluffs called      on a hunch         honest called     "
        "calls right  last cards        call beats  let-go beats"
    )
    for level in ("easy", "normal", "hard"):
        if level not in tally:
            continue
        b, bc, h, hc, o, oc, last, lc = tally[level]
        print(
            f"{level:7} {bc:4}/{b:<5} {bc / max(1, b):4.0%}  {hc:4}/{h:<5} {hc / max(1, h):4.0%}"
            f"    {oc:4}/{o:<5} {oc / max(1, o):4.0%}    {bc / max(1, bc + oc):4.0%}"
            f"         {lc:4}/{last:<5} {lc / max(1, last):4.0%}"
            f"         {median(beats[(level, 'challenge')]):5.2f}"
            f"       {median(beats[(level, 'let_go')]):5.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

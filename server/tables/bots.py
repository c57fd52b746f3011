"""The bots playing a table's seats (bot seats, and stand-ins for players who went away), what
each means to do next and when, paced as a person would play. Part of a table's runner
(``server.tables.runner``), which plays the moves they choose.

On its turn a bot first takes in the table (``Bot.looks`` beats: the last move, what the others
made of it), then decides and takes its ``Bot.thinking`` beats over the move it chose. After every
action each bot may also take an aside (``Bot.aside``: a reaction to the move just made), which
comes after its own short delay and never holds up anyone's turn."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soupkitchen.server.config import BOT_JITTER_BOTS_ONLY, BOT_JITTER_WITH_PEOPLE, ServerConfig
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.core import Bot, is_aside

log = logging.getLogger(__name__)
MOST_BEATS = 8.0
"""The longest a bot may take in the table, or think over one action, in beats of the bot delay: a
person at a real-time table acts or passes within seconds, never after a minute of silence."""
PlayMove = Callable[[int, dict[str, Any], float], None]  # (seat, action, game time): the runner plays it


@dataclass
class PendingBotMove:
    due: float  # monotonic
    action: dict[str, Any] | None  # None: nothing wanted, ask again at ``due`` (or, looking, decide then)
    state_id: int
    looking: bool = False  # taking in the table before it decides: at ``due``, whatever happens meanwhile


class TableBots:
    """Seat -> the bot playing it, and each bot's next move."""

    def __init__(self, table: Table, config: ServerConfig, clock: Callable[[], float]) -> None:
        self.table = table
        self.config = config
        self.clock = clock
        self.bots: dict[int, Bot] = {}
        self.pending: dict[int, PendingBotMove] = {}
        self.asides: dict[int, PendingBotMove] = {}  # each bot's next aside, once it means to take one
        self.last_move_at = float("-inf")  # monotonic time of the newest action but an aside (bots pace so)

    def __contains__(self, seat: int) -> bool:
        return seat in self.bots

    def stands_in(self, seat: int) -> bool:
        """Whether a bot plays the seat of a player who went away (until they come back)."""
        return seat in self.bots and self.table.seats[seat].human

    def stand_ins(self) -> set[int]:
        return {seat for seat in self.bots if self.table.seats[seat].human}

    def seat_all(self) -> None:
        """A bot for each bot seat of a game just started or restored (a finished game has nothing
        left to play, so it gets none)."""
        for index, seat in enumerate(self.table.seats):
            if seat.bot and not self.table.over:
                self.bots[index] = self.table.new_bot(index)

    def play(self, seat: int) -> None:
        """From now on a bot plays this seat (in a game still being played)."""
        if not self.table.over:
            self.bots[seat] = self.table.new_bot(seat)

    def stand_down(self, seat: int) -> None:
        """The player is back: the bot that stood in for them goes."""
        self.bots.pop(seat, None)
        self.pending.pop(seat, None)
        self.asides.pop(seat, None)

    def clear(self) -> None:
        self.bots.clear()
        self.pending.clear()
        self.asides.clear()

    def wakes(self) -> list[float]:
        """When the bots next want to act (now, for a bot that should think)."""
        wake = [move.due for move in self.pending.values() if move.due != float("inf")]
        wake += [aside.due for aside in self.asides.values()]
        if any(self.should_think(seat) for seat in self.bots):
            wake.append(self.clock())
        return wake

    def should_think(self, seat: int) -> bool:
        """A bot with no plan, or one that was waiting and has seen the table change."""
        move = self.pending.get(seat)
        return move is None or (
            move.action is None and not move.looking and move.state_id != self.table.state_id
        )

    def observe(self) -> None:
        """Each bot that remembers observes its seat's view of the new state, as a player would see
        it; then each bot says whether it takes an aside (a reaction to the move just made)."""
        table = self.table
        log_ = table.record.log if table.record is not None else []
        if not (log_ and is_aside(getattr(table.game, "facts", None), log_[-1]["action"])):
            self.last_move_at = self.clock()  # an aside holds up nobody's turn
        views: dict[int, dict[str, Any]] = {}
        for seat, bot in self.bots.items():
            if table.remembers(bot):
                try:
                    views[seat] = table.game.view(table.state, seat)
                    bot.observe(views[seat])
                except Exception:  # a broken bot must not stop the table
                    log.exception("bot at table %s seat %s failed to observe", table.id, seat)
        self.plan_asides(views)

    def plan_asides(self, views: dict[int, dict[str, Any]]) -> None:
        """Ask each bot without an aside in hand whether it takes one now (``views``: those already made)."""
        table = self.table
        if not table.started or table.over:
            return
        mono = self.clock()
        now = table.game_now(mono)
        for seat, bot in self.bots.items():
            if seat in self.asides or type(bot).aside is Bot.aside:
                continue
            try:
                view = views.get(seat) or table.game.view(table.state, seat)
                action = bot.aside(view, now)
            except Exception:  # a broken bot must not stop the table: it keeps quiet
                log.exception("bot at table %s seat %s failed to take an aside", table.id, seat)
                continue
            if action is not None:
                due = mono + self.delay() * self.beats(seat, view, action) * self.jitter()
                self.asides[seat] = PendingBotMove(due, action, table.state_id)

    def delay(self) -> float:
        """Seconds of a beat at this table (its bot speed)."""
        return float(self.table.settings.get("bot_delay", self.config.bot_delay))

    def jitter(self) -> float:
        """A factor on a bot's thinking time, so that no two moves take exactly as long."""
        low, high = BOT_JITTER_WITH_PEOPLE if self.table.has_people else BOT_JITTER_BOTS_ONLY
        return self.table.rng.uniform(low, high)

    def move(self, play: PlayMove) -> None:
        """Play bot moves and asides that are due (through ``play``); ask bots without a plan what
        they want."""
        self.take_asides(play)
        table, config = self.table, self.config
        delay = self.delay()
        for seat in sorted(self.bots):
            if table.over:
                return
            mono = self.clock()
            move = self.pending.get(seat)
            if move is not None and move.due > mono:
                if move.action is not None or move.looking or move.state_id == table.state_id:
                    continue
            self.pending.pop(seat, None)
            now = table.game_now(mono)
            if move is not None and move.action is not None and move.due <= mono:
                paced = self.last_move_at + delay if table.has_people else mono
                if paced > mono:  # a person is still taking in the last move: not yet
                    self.pending[seat] = PendingBotMove(paced, move.action, move.state_id)
                    continue
                if (
                    table.paused_at is None
                    and table.game.validate(table.state, seat, move.action, now) is None
                ):
                    play(seat, move.action, now)
                    continue
            view = table.game.view(table.state, seat)
            if not view["legal_actions"]:
                self.pending[seat] = PendingBotMove(float("inf"), None, table.state_id)
                continue
            if not (move is not None and move.looking) and len(view["legal_actions"]) > 1:
                looks = self.looks(seat, view)
                if looks > 0:  # first it takes in the table; it decides when that is done
                    due = mono + delay * looks * self.jitter()
                    self.pending[seat] = PendingBotMove(due, None, table.state_id, looking=True)
                    continue
            try:
                action = self.bots[seat].choose(view, now)
            except Exception:  # a broken bot must not stop the table: it waits instead
                log.exception("bot at table %s seat %s failed", table.id, seat)
                action = None
            if action is None:
                self.pending[seat] = PendingBotMove(mono + config.bot_poll, None, table.state_id)
            else:
                # It takes as long as a person would (its beats of the table's bot delay); with people
                # at the table, never sooner than the bot delay.
                due = mono + delay * self.beats(seat, view, action) * self.jitter()
                self.pending[seat] = PendingBotMove(due, action, table.state_id)

    def take_asides(self, play: PlayMove) -> None:
        """Play the asides that are due and still allowed (the moment of a reaction may have passed)."""
        table = self.table
        for seat in sorted(self.asides):
            aside = self.asides[seat]
            mono = self.clock()
            if table.over or aside.due > mono:
                continue
            del self.asides[seat]
            now = table.game_now(mono)
            if table.paused_at is None and table.game.validate(table.state, seat, aside.action, now) is None:
                play(seat, aside.action, now)

    def looks(self, seat: int, view: dict[str, Any]) -> float:
        """How many beats the bot at ``seat`` takes in the table before it decides (0: at once)."""
        try:
            beats = float(self.bots[seat].looks(view))
        except Exception:  # a broken bot must not stop the table: it decides at once
            log.exception("bot at table %s seat %s failed to say how long it looks", self.table.id, seat)
            return 0.0
        return min(beats, MOST_BEATS) if beats > 0 else 0.0  # NaN and nothing: at once

    def beats(self, seat: int, view: dict[str, Any], action: dict[str, Any]) -> float:
        """How many beats of the bot delay the bot at ``seat`` takes over ``action`` (at least one)."""
        try:
            beats = float(self.bots[seat].thinking(view, action))
        except Exception:  # a broken bot must not stop the table: it takes one beat
            log.exception("bot at table %s seat %s failed to say how long it thinks", self.table.id, seat)
            return 1.0
        return min(beats, MOST_BEATS) if beats >= 1.0 else 1.0  # NaN and less than a beat: one beat

"""The bots playing a table's seats (bot seats, and stand-ins for players who went away), what
each means to do next and when, paced as a person would play. Part of a table's runner
(``server.runner``), which plays the moves they choose."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soupkitchen.server.config import BOT_JITTER_BOTS_ONLY, BOT_JITTER_WITH_PEOPLE, ServerConfig
from soupkitchen.server.table import Table
from soupkitchen.shared.core import Bot

log = logging.getLogger(__name__)
MOST_BEATS = 60.0
"""The longest a bot may think over one action, in beats of the bot delay."""
PlayMove = Callable[[int, dict[str, Any], float], None]  # (seat, action, game time): the runner plays it


@dataclass
class PendingBotMove:
    due: float  # monotonic
    action: dict[str, Any] | None  # None: nothing wanted, ask again at ``due``
    state_id: int


class TableBots:
    """Seat -> the bot playing it, and each bot's next move."""

    def __init__(self, table: Table, config: ServerConfig, clock: Callable[[], float]) -> None:
        self.table = table
        self.config = config
        self.clock = clock
        self.bots: dict[int, Bot] = {}
        self.pending: dict[int, PendingBotMove] = {}
        self.last_move_at = float("-inf")  # monotonic time of the newest action (bots pace themselves on it)

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

    def clear(self) -> None:
        self.bots.clear()
        self.pending.clear()

    def wakes(self) -> list[float]:
        """When the bots next want to act (now, for a bot that should think)."""
        wake = [move.due for move in self.pending.values() if move.due != float("inf")]
        if any(self.should_think(seat) for seat in self.bots):
            wake.append(self.clock())
        return wake

    def should_think(self, seat: int) -> bool:
        """A bot with no plan, or one that was waiting and has seen the table change."""
        move = self.pending.get(seat)
        return move is None or (move.action is None and move.state_id != self.table.state_id)

    def observe(self) -> None:
        """Each bot that remembers observes its seat's view of the new state, as a player would see it."""
        table = self.table
        self.last_move_at = self.clock()
        for seat, bot in self.bots.items():
            if table.remembers(bot):
                try:
                    bot.observe(table.game.view(table.state, seat))
                except Exception:  # a broken bot must not stop the table
                    log.exception("bot at table %s seat %s failed to observe", table.id, seat)

    def move(self, play: PlayMove) -> None:
        """Play bot moves that are due (through ``play``); ask bots without a plan what they want."""
        table, config = self.table, self.config
        delay = float(table.settings.get("bot_delay", config.bot_delay))
        for seat in sorted(self.bots):
            if table.over:
                return
            mono = self.clock()
            move = self.pending.get(seat)
            if move is not None and move.due > mono:
                if move.action is not None or move.state_id == table.state_id:
                    continue
            self.pending.pop(seat, None)
            now = table.game_now(mono)
            if move is not None and move.action is not None and move.due <= mono:
                paced = self.last_move_at + delay if table.has_people else mono
                if paced > mono:   # a person is still taking in the last move: not yet
                    self.pending[seat] = PendingBotMove(paced, move.action, move.state_id)
                    continue
                if table.paused_at is None and table.game.validate(table.state, seat, move.action, now) is None:
                    play(seat, move.action, now)
                    continue
            view = table.game.view(table.state, seat)
            if not view["legal_actions"]:
                self.pending[seat] = PendingBotMove(float("inf"), None, table.state_id)
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
                jitter = table.rng.uniform(*(BOT_JITTER_WITH_PEOPLE if table.has_people else BOT_JITTER_BOTS_ONLY))
                self.pending[seat] = PendingBotMove(mono + delay * self.beats(seat, view, action) * jitter,
                                                    action, table.state_id)

    def beats(self, seat: int, view: dict[str, Any], action: dict[str, Any]) -> float:
        """How many beats of the bot delay the bot at ``seat`` takes over ``action`` (at least one)."""
        try:
            beats = float(self.bots[seat].thinking(view, action))
        except Exception:  # a broken bot must not stop the table: it takes one beat
            log.exception("bot at table %s seat %s failed to say how long it thinks", self.table.id, seat)
            return 1.0
        return min(beats, MOST_BEATS) if beats >= 1.0 else 1.0  # NaN and less than a beat: one beat

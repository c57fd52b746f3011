"""What a table scene reads of the session that feeds it, and all it may send through it.

Three sessions feed a table: the live one (``client.net.session.TableSession``), a replay's
(``client.replay.player.ReplaySession``) and the tests' fake (``tests/tables/fake_session.py``).
None of them names this protocol; each has the shape it declares, and the type checker holds them
to it (``scripts/test`` runs mypy on these modules), so a table reads every member without a guard.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

StateListener = Callable[[int | None, dict[str, Any], list[dict[str, Any]]], None]
LobbyListener = Callable[[dict[str, Any]], None]
BackListener = Callable[[int], None]  # a held seat a stand-in bot has given back


class TableFeed(Protocol):
    """A table's session, live or replayed."""

    # --- the table -----------------------------------------------------------------------------
    table: dict[str, Any]  # the lobby's summary: id, game, seats (names, bots, away)
    tokens: dict[int, str]  # held seat -> token (empty: watching)
    pads: dict[int, str]  # held seat -> the pad bound to it ("pad:3")
    replaying: bool  # a replay: each moment as its view had it
    face_up: bool  # a replay's face-up eyes: the public view drawn, every secret listed beside the table
    local: bool  # on this machine's embedded server (solo, couch)
    state_id: int  # the newest state's number
    # a game opened afresh mid-way: its latest moments as everyone saw them (public view, events), oldest
    # first
    recent: list[tuple[dict[str, Any], list[dict[str, Any]]]]

    @property
    def game_id(self) -> str: ...

    @property
    def seats_held(self) -> list[int]: ...

    @property
    def shown_seat(self) -> int | None:
        """The seat whose private view may be drawn now (None: the public view only)."""

    @property
    def over(self) -> bool: ...

    @property
    def connected(self) -> bool: ...

    def seat_name(self, seat: int | None) -> str: ...

    # --- the views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any] | None: ...

    @property
    def public_view(self) -> dict[str, Any] | None: ...

    @property
    def emotes(self) -> Iterable[tuple[int | None, str, float]]:
        """(seat, emote, when on ``clock``) of the latest reactions."""

    @property
    def events(self) -> Iterable[dict[str, Any]]:
        """The latest public events, oldest first."""

    # --- time ----------------------------------------------------------------------------------
    @property
    def deadline(self) -> float | None:
        """The countdown's end on the server's clock (None: nothing is timed)."""

    def clock(self) -> float:
        """The session's own clock now (the one ``emotes`` are stamped on)."""

    def remaining(self, now: float) -> float | None:
        """Seconds left on the countdown at local time ``now`` (None: untimed)."""

    def server_time(self, now: float) -> float | None:
        """The server's clock at local time ``now`` (None: not known yet, or no server)."""

    # --- listeners -----------------------------------------------------------------------------
    listeners: list[StateListener]
    lobby_listeners: list[LobbyListener]
    back_listeners: list[BackListener]

    # --- what a table sends --------------------------------------------------------------------
    async def act(self, seat: int, action: dict[str, Any], quiet: bool = False) -> dict[str, Any]: ...

    async def emote(self, seat: int, name: str) -> None: ...

    def pass_controls(self) -> bool:
        """Couch play: hand the controls to the next held seat that may act (False: nobody)."""

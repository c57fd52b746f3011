"""One table as the client sees it: the seats it holds, their latest views, the countdown, couch
hand-offs. Table scenes read everything from here (what ``client.tables.feed.TableFeed`` declares)
and send actions through it.

The session never decides a rule: legality comes from each view's ``legal_actions`` and every
action is checked by the server.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import jsonpatch
from pydantic import ValidationError

from soupkitchen.client.net.connection import ServerError
from soupkitchen.client.words import _
from soupkitchen.shared.core import is_moment_action
from soupkitchen.shared.refusals import refusal_words
from soupkitchen.shared.registry import get_game, refusal_wording, registration
from soupkitchen.shared.wire import protocol
from soupkitchen.shared.wire.constants import EMOTES
from soupkitchen.shared.wire.protocol import check_push

if TYPE_CHECKING:
    from soupkitchen.client.net.connection import Connection

log = logging.getLogger(__name__)

# Fragments of view keys that mark a seat's private parts (dropped from the fallback public view).
StateListener = Callable[[int | None, dict[str, Any], list[dict[str, Any]]], None]


class TableSession:
    """The client side of one table: held seat tokens, views, events, emotes and the clock."""

    def __init__(
        self,
        conn: Connection,
        table: dict[str, Any],
        tokens: dict[int, str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.conn = conn
        self.table = table
        self.tokens = dict(tokens)
        self.clock = clock
        self.views: dict[int | None, dict[str, Any]] = {}
        self.state_ids: dict[int | None, int] = {}
        self.state_id = -1
        self.deadline: float | None = None  # server time
        self.paused = False  # the table's clock is held (couch hand-off)
        self._paused_left = 0.0
        self.events: deque[dict[str, Any]] = deque(maxlen=40)
        self.emotes: deque[tuple[int | None, str, float]] = deque(maxlen=12)
        self.listeners: list[StateListener] = []
        self.lobby_listeners: list[Callable[[dict[str, Any]], None]] = []
        self.error_listeners: list[Callable[[str], None]] = []
        self.nudge_listeners: list[Callable[[str], None]] = []  # a held seat sat on its turn: words to say
        self.handoff_listeners: list[Callable[[int | None], None]] = []  # None: hand-off called off
        self.back_listeners: list[Callable[[int], None]] = []  # a held seat taken back from a stand-in bot
        # couch play
        self.active_seat: int | None = self.seats_held[0] if len(self.tokens) == 1 else None
        self.handoff_seat: int | None = None  # seat being asked to take the controls
        self.holding = False
        self._hold_seat: int | None = None
        self._menu_hold = False  # the clock is held for a menu open over the table
        self._last_active: int | None = None  # whose turn it was last (hand-offs go round from there)
        self.pads: dict[int, str] = {}  # seat -> device bound to it ("pad:3")
        self.local = False  # on this machine's embedded server (solo, couch)
        self.replaying = False  # a live table, never a replay's
        self.face_up = False  # nor its face-up eyes
        self.spectating = False  # receives the spectator view (watching, couch)
        self.recent: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []  # a resumed game's latest moments
        self.looked: set[int] = set()  # couch play: seats whose players have taken the controls
        self.resyncing = False  # asked for the whole views after a delta that did not fit
        conn.sessions[table["id"]] = self

    # --- what table scenes read ----------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.table["game"]

    @property
    def seats_held(self) -> list[int]:
        return sorted(self.tokens)

    @property
    def couch(self) -> bool:
        return len(self.tokens) > 1

    @property
    def connected(self) -> bool:
        return self.conn.connected

    @property
    def is_host(self) -> bool:
        return self.table.get("host_seat") in self.tokens

    @property
    def started(self) -> bool:
        return bool(self.table.get("started"))

    @property
    def over(self) -> bool:
        view = self.any_view()
        return bool(view and view.get("over")) or bool(self.table.get("over"))

    @property
    def shown_seat(self) -> int | None:
        """The seat whose private view may be drawn now (None: draw ``public_view``)."""
        if self.handoff_seat is not None:
            return None
        return self.active_seat if self.active_seat in self.tokens else None

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The latest view of a held seat (None: the spectator view, if any)."""
        return self.views.get(seat)

    def any_view(self) -> dict[str, Any] | None:
        if self.views.get(None) is not None:
            return self.views[None]
        for seat in self.seats_held:
            if seat in self.views:
                return self.views[seat]
        return None

    @property
    def public_view(self) -> dict[str, Any] | None:
        """The server's spectator view, or None until one has arrived: the client never makes a
        public view itself, so a private view is never drawn by mistake."""
        return self.views.get(None)

    def remaining(self, now: float) -> float | None:
        """Seconds left on the countdown at local time ``now``, from the server deadline and the
        slewed clock offset (so it never jumps when a new sample arrives)."""
        if self.deadline is None:
            return None
        if self.paused:  # a couch hand-off holds the clock: the countdown stands still
            return self._paused_left
        lost_at = getattr(self.conn, "lost_at", None)
        if getattr(self.conn, "server_gone", False) and lost_at is not None:
            now = min(now, lost_at)  # the server was stopped (a LAN host left): its clock stands till then
        return max(0.0, self.deadline - self.conn.offset.server_time(now))

    def server_time(self, now: float) -> float | None:
        """The server's clock at local time ``now`` (None until the connection's clock is synchronised)."""
        offset = self.conn.offset
        return offset.server_time(now) if offset.ready else None

    # --- the lobby -----------------------------------------------------------------------------
    def seat_info(self, seat: int) -> dict[str, Any] | None:
        return next((info for info in self.table.get("seats", []) if info.get("seat") == seat), None)

    def is_ready(self, seat: int) -> bool:
        """Whether the lobby counts ``seat`` as ready (an empty seat is not; a server that does not
        report readiness waits for nobody)."""
        info = self.seat_info(seat) or {}
        return bool(info.get("name") or info.get("bot")) and bool(info.get("ready", True))

    @property
    def own_guest_seats(self) -> list[int]:
        """The held seats that must say ready before the start (all but the host's)."""
        return [seat for seat in self.seats_held if seat != self.table.get("host_seat")]

    @property
    def waiting_for(self) -> list[str]:
        """Names of the other players the host's start waits for (this client's own seats say ready
        by themselves when it starts)."""
        return [
            self.seat_name(info["seat"])
            for info in self.table.get("seats", [])
            if info.get("name")
            and not info.get("bot")
            and info.get("seat") not in self.tokens
            and info.get("seat") != self.table.get("host_seat")
            and not self.is_ready(info["seat"])
        ]

    async def set_ready(self, on: bool) -> None:
        """Say (or take back) that this client's players are ready to start."""
        for seat in self.own_guest_seats:
            await self.conn.request("ready", {"token": self.tokens[seat], "on": on})

    def seat_name(self, seat: int | None) -> str:
        for info in self.table.get("seats", []):
            if info.get("seat") == seat:
                if info.get("name"):
                    return info["name"]
                return (_("Bot %(number)d") if info.get("bot") else _("Seat %(number)d")) % {
                    "number": seat + 1
                }
        return _("Spectator") if seat is None else _("Seat %(number)d") % {"number": seat + 1}

    # --- what the server pushes ----------------------------------------------------------------
    def readable(self, data: Any) -> bool:
        """Whether a ``state`` push matches the protocol and its game's view and event models; one
        that does not is refused out loud (logged and said) rather than drawn from defaults."""
        try:
            check_push("state", data)
            game = get_game(self.game_id)
        except KeyError:  # a game this client does not know: the generic table shows its plain facts
            return True
        except ValidationError as err:
            return self._unreadable(err)
        try:
            game.view_model.validate_python(data["view"])
            game.events_model.validate_python(data["events"])
        except ValidationError as err:
            return self._unreadable(err)
        return True

    def _unreadable(self, err: ValidationError) -> bool:
        log.error("table %s: a state this client cannot read (%s)", self.table.get("id"), err)
        self._error("This table's news could not be read: the server runs another version of the game.")
        return False

    def receive_state(self, data: dict[str, Any]) -> None:
        if not self.readable(data):
            return
        if data.get("snapshot"):
            self.resyncing = False
        seat = data.get("seat")
        view = data.get("view")
        state_id = data.get("state_id", -1)
        events = data.get("events") or []
        self.views[seat] = view
        self.state_ids[seat] = state_id
        if isinstance(data.get("deadline"), int | float) or data.get("deadline") is None:
            self.deadline = data.get("deadline")
        self.paused = bool(data.get("paused"))
        if self.paused and self.deadline is not None and isinstance(data.get("server_time"), int | float):
            self._paused_left = max(0.0, self.deadline - data["server_time"])
        fresh = state_id > self.state_id
        if fresh:
            self.state_id = state_id
            self.events.extend(e for e in events if isinstance(e, dict))
        if not self.table.get("started"):
            self.table = {**self.table, "started": True}
        self._update_turns()
        for listener in list(self.listeners):
            listener(seat, view, events if fresh else [])

    def receive_delta(self, data: dict[str, Any]) -> None:
        """What changed in a held seat's view (or the spectator view): a JSON Patch on the view of
        state ``base``. Applied to a copy, so a view a scene still holds stays as it was, and then
        taken as that state's whole view; one this session cannot apply (it missed a push) asks the
        server for the whole views again (``resync``). None is asked before the first view: a whole
        one is on its way then (start, resume, spectate)."""
        try:
            check_push("delta", data)
        except ValidationError as err:
            self._unreadable(err)
            return
        seat, state_id = data["seat"], data["state_id"]
        held = self.views.get(seat)
        if held is None or state_id <= self.state_ids.get(seat, -1):
            return
        view = None
        if data["base"] == self.state_ids.get(seat):
            try:
                view = jsonpatch.apply_patch(held, data["patch"])
            except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException, TypeError, ValueError):
                log.warning(
                    "table %s: a delta that does not fit seat %s's view; asking for it whole",
                    self.table.get("id"),
                    seat,
                )
        if view is None:
            self._resync()
            return
        self.resyncing = False
        self.receive_state(
            {
                "table": data["table"],
                "seat": seat,
                "state_id": state_id,
                "view": view,
                "events": data["events"],
                "deadline": data["deadline"],
                "server_time": data["server_time"],
                "paused": data["paused"],
                "snapshot": False,
            }
        )

    def _resync(self) -> None:
        """Ask for this connection's views of the table whole (once until one arrives)."""
        if not self.resyncing:
            self.resyncing = True
            self._background(self.conn.request("resync", {"table": self.table["id"]}), quiet=True)

    def receive_lobby(self, table: dict[str, Any]) -> None:
        self.table = table
        for listener in list(self.lobby_listeners):
            listener(table)

    def receive_emote(self, seat: int | None, emote: str) -> None:
        self.emotes.append((seat, emote, self.clock()))

    def receive_nudge(self, seat: int) -> None:
        """The server's gentle word to a held seat that has sat on its turn while the clock ran."""
        if seat not in self.tokens:
            return
        if self.couch:
            words = _("%(player)s, it is your turn: the round's clock is running.") % {
                "player": self.seat_name(seat)
            }
        else:
            words = _("It is your turn: the round's clock is running.")
        for listener in list(self.nudge_listeners):
            listener(words)

    # --- couch hand-offs -----------------------------------------------------------------------
    def _wants_to_act(self, seat: int) -> bool:
        view = self.views.get(seat)
        return view is not None and seat in view["active_seats"]

    def _update_turns(self) -> None:
        """Single seat: always shown. Couch: when the shown player's turn ends, ask the next held
        seat that may act to take the controls."""
        if not self.couch:
            return
        if self.active_seat is not None and not self._wants_to_act(self.active_seat):
            self._last_active, self.active_seat = self.active_seat, None  # their turn is over: hide at once
        if any(self.state_ids.get(seat) != self.state_id for seat in self.seats_held):
            return  # wait until every held seat has the newest view
        waiting = [s for s in self.seats_held if self._wants_to_act(s)]
        if self.handoff_seat is not None:
            if self.handoff_seat not in waiting:  # their chance passed while the screen was up
                self.handoff_seat = None
                if waiting:
                    self.request_handoff(waiting[0])
                else:
                    self._hold(False)
                    for listener in list(self.handoff_listeners):
                        listener(None)
            return
        if self.active_seat is not None and self._wants_to_act(self.active_seat):
            return
        if not waiting:
            return
        self.request_handoff(self._next_after(self._last_active, waiting))

    def _next_after(self, seat: int | None, candidates: list[int]) -> int:
        if seat is None:
            return candidates[0]
        later = [s for s in candidates if s > seat]
        return later[0] if later else candidates[0]

    def request_handoff(self, seat: int) -> None:
        """Hide private information and ask ``seat``'s player to take the controls."""
        self.active_seat = None
        self.handoff_seat = seat
        self._hold(True)
        for listener in list(self.handoff_listeners):
            listener(seat)

    def pass_controls(self) -> bool:
        """Couch: the shown player hands the controls to the next held seat that may act."""
        if not self.couch or self.shown_seat is None:
            return False
        others = [s for s in self.seats_held if s != self.shown_seat and self._wants_to_act(s)]
        if not others:
            return False
        self._last_active = self.shown_seat
        self.request_handoff(self._next_after(self.shown_seat, others))
        return True

    def confirm_handoff(self) -> None:
        """The asked player has the controls: show their seat and let the clock run again."""
        if self.handoff_seat is None:
            return
        self.active_seat, self.handoff_seat = self.handoff_seat, None
        self._hold(False)
        self._update_turns()

    def hold_for_menu(self, on: bool) -> None:
        """Solo and couch: hold the table's clock while a menu or How to play covers the table, so
        nothing that waits for the person runs out meanwhile (never at a networked table, which does
        not stop for one person; a couch hand-off's own hold is left as it is)."""
        if not self.local:
            return
        if on and not self.holding and not self.over:
            self._menu_hold = True
            self._hold(True)
        elif not on and self._menu_hold:
            self._menu_hold = False
            if self.handoff_seat is None:
                self._hold(False)

    def _hold(self, on: bool) -> None:
        if on == self.holding:
            return
        self.holding = on
        if on:  # the server counts holds per seat: release with the same seat's token
            seat = self.handoff_seat if self.handoff_seat is not None else self.seats_held[0]
            self._hold_seat = seat
        else:
            seat = self._hold_seat if self._hold_seat is not None else self.seats_held[0]
        self._background(self.conn.request("hold", {"token": self.tokens[seat], "on": on}), quiet=True)

    def _background(self, coro, quiet: bool = False) -> None:
        async def run() -> None:
            try:
                await coro
            except ServerError as err:
                if not quiet:
                    self._error(str(err))
                log.info("background request failed: %s", err)

        try:
            asyncio.get_running_loop().create_task(run())
        except RuntimeError:
            coro.close()

    def _error(self, message: str) -> None:
        for listener in list(self.error_listeners):
            listener(message)

    # --- what table scenes send ----------------------------------------------------------------
    async def act(self, seat: int, action: dict[str, Any], quiet: bool = False) -> dict[str, Any]:
        """Send ``action`` for held ``seat``; the ack (``ok`` false with a plain-words error if refused,
        which the shell also shows as a toast unless ``quiet``).

        If somebody else moved first (``stale_state``) and the server's newest view still lists the
        same action as legal, it is sent once more for the newest state, unless the game declares it
        a moment action (``GameFacts.moment_actions``: a call on one play means nothing for the next).
        The server pushes the newer state before it answers ``stale_state``, so it is here by then."""
        ack = await self._send_act(seat, action)
        if not ack.get("ok") and ack["error"]["code"] == protocol.STALE_STATE:
            view = self.views.get(seat)
            if view is not None and action in view.get("legal_actions", []) and not self.is_moment(action):
                ack = await self._send_act(seat, action)
            else:
                ack = {
                    "ok": False,
                    "error": {
                        "code": protocol.STALE_STATE,
                        "message": "The table moved on before your move arrived. Look again.",
                    },
                }
        if not ack.get("ok") and isinstance(
            ack["error"].get("refusal"), dict
        ):  # worded here, in our language
            ack["error"]["message"] = self.refusal_sentence(ack["error"]["refusal"])
        if not ack.get("ok") and not quiet:
            self._error(ack["error"]["message"])
        return ack

    def is_moment(self, action: dict[str, Any]) -> bool:
        """Whether this table's game declares ``action`` tied to the moment it was made for."""
        entry = registration(self.game_id)
        return is_moment_action(entry.facts if entry is not None else None, action)

    async def _send_act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        token = self.tokens.get(seat)
        if token is None:
            return {"ok": False, "error": {"code": protocol.BAD_TOKEN, "message": "That seat is not yours."}}
        try:
            return await self.conn.request(
                "act", {"token": token, "state_id": self.state_ids.get(seat, self.state_id), "action": action}
            )
        except ServerError as err:
            return {
                "ok": False,
                "error": {
                    "code": err.code,
                    "message": err.message,
                    **({"refusal": err.refusal} if err.refusal else {}),
                },
            }

    async def emote(self, seat: int, name: str) -> None:
        """Send an emote; a game's rules may keep it as a reaction, and say why not now (in our words)."""
        if seat in self.tokens and name in EMOTES:
            try:
                await self.conn.request("emote", {"token": self.tokens[seat], "emote": name})
            except ServerError as err:
                self._error(self.refusal_sentence(err.refusal) if err.refusal is not None else str(err))

    def refusal_sentence(self, refusal: dict[str, Any]) -> str:
        """The rules' refusal (code and parameters) as a sentence in the player's language."""
        words = refusal_words(refusal, refusal_wording(self.game_id), self.seat_name)
        return words[:1].upper() + words[1:]

    async def request(self, event: str, as_seat: int | None = None, **payload: Any) -> dict[str, Any]:
        """A table request with the token of held seat ``as_seat`` (the host's, else the first, by default).

        Before ``start`` every other seat this client holds says ready: players sharing one screen
        (solo, couch) are all here, so the game starts at once."""
        if event == "start":
            await self.set_ready(True)
        if as_seat is None:
            as_seat = self.table.get("host_seat") if self.is_host else self.seats_held[0]
        return await self.conn.request(event, {"token": self.tokens[as_seat], **payload})

    async def resume(self, recent: int = 0) -> int:
        """After a reconnection: reclaim every held seat and watch again if this session watched;
        the server then sends full snapshots. ``recent``: a game opened afresh (resumed from the title)
        asks for its latest moments as everyone saw them too, so its table can tell what happened
        (``self.recent``). Returns how many seats were taken back."""
        back = 0
        for seat, token in list(self.tokens.items()):
            try:
                ack = await self.conn.request(
                    "resume", {"token": token, **({"recent": recent} if recent else {})}
                )
            except ServerError as err:
                self._error(f"Could not take seat {seat + 1} back: {err}")
                continue
            back += 1
            if recent and isinstance(ack.get("recent"), list):
                self.recent = [
                    (moment[0], moment[1])
                    for moment in ack["recent"]
                    if isinstance(moment, list)
                    and len(moment) == 2
                    and isinstance(moment[0], dict)
                    and isinstance(moment[1], list)
                ]
                recent = 0  # once is enough: the moments are the same for every seat
            if isinstance(ack.get("table"), dict):
                self.receive_lobby(ack["table"])
            if ack.get("stood_in"):
                for listener in list(self.back_listeners):
                    listener(seat)
        if self.spectating:
            await self.watch_publicly()
        if self.holding:  # the new connection does not know we were holding: say it again
            self.holding = False
            self._hold(True)
        return back

    async def watch_publicly(self) -> None:
        """Receive the spectator view (a spectator; couch play, so what is drawn between turns is
        exactly what the server lets anybody see); asked again after every reconnection."""
        try:
            ack = await self.conn.request("spectate", {"table": self.table["id"]})
        except ServerError as err:
            log.info("no spectator view: %s", err)
            if not self.tokens:
                self._error(f"Could not watch the table again: {err}")
            return
        self.spectating = True
        if isinstance(ack.get("table"), dict):
            self.receive_lobby(ack["table"])

    async def leave(self) -> None:
        for token in list(self.tokens.values()):
            try:
                await self.conn.request("leave", {"token": token})
            except ServerError:
                log.info("leave failed", exc_info=True)
        self.conn.sessions.pop(self.table["id"], None)

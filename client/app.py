"""The application: one window, one asyncio loop, the scene stack and what lies over every scene
(toasts, the lost-connection banner).

Frames are paced by an asyncio deadline (60 fps target) instead of ``clock.tick``, so the
socket.io client on the same loop keeps working between frames. Input is read every frame, but the
window is only drawn when something changed: input, a network event, a scene's animation (see
:meth:`Scene.redraw_at`), a toast, or the timer's next second. Otherwise the loop just sleeps.
"""

from __future__ import annotations

import asyncio
import logging
import time
import warnings
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pygame

from soupkitchen.client import words
from soupkitchen.client.access.hub import AccessHub
from soupkitchen.client.howto.guide import GuidedRound
from soupkitchen.client.net.connection import Connection, ServerError
from soupkitchen.client.scenes.base import Scene, SceneStack
from soupkitchen.client.settings import Settings, data_dir
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction, InputMapper
from soupkitchen.client.ui.sound import Sounds
from soupkitchen.client.ui.sound_cues import SoundCues
from soupkitchen.client.ui.toasts import TOAST_SECONDS, Toast, draw_toasts
from soupkitchen.client.words import _

log = logging.getLogger(__name__)

FPS = 60
ACTIVE_SECONDS = 1.0  # after any change, draw every frame this long (card slides, flips, hovers)
IDLE_POLL = 30  # input reads per second while nothing moves
HEARTBEAT_SECONDS = 1.0  # with nothing happening, still draw this often (a clock, a reconnect attempt)


class App:
    """The client: window, input, scenes, connection and background tasks."""

    table_text_scale = 0.0  # a table's words are as large as its own board makes them (a replay's: live)

    def __init__(
        self,
        settings: Settings,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        words.install(settings.language)
        self.clock = clock
        self.fullscreen = settings.fullscreen if fullscreen is None else fullscreen
        self.windowed_size = tuple(size or settings.window)
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()
        pygame.display.set_caption("Soup Kitchen")
        self.screen = self._open_window()
        self.stack = SceneStack(self)
        self.input = InputMapper()
        self.sounds = Sounds(settings.volume, settings.muted, clock=clock)
        self.cues: dict[int, SoundCues] = {}  # id(session) -> the sounds of its table
        self.guide = GuidedRound(self)  # the learner's hints (Settings.guided_round)
        self.toasts: list[Toast] = []
        self.tasks: set[asyncio.Task] = set()
        self.conn: Connection | None = None
        self.server: Any = None  # an EmbeddedServer this client started, if any
        self.port_map: Any = (
            None  # the port opened on the router while hosting for friends online (client.upnp)
        )
        self.online_problem = ""  # why hosting for friends online could not open the port, for the lobby
        self.server_address: str | None = None  # where friends join a LAN game this client hosts
        self.server_addresses: list[str] = []  # ... every address it may be reached at, that one first
        self.running = True
        self.frames = 0
        self._last_now: float | None = None
        self._last_top: Scene | None = None
        self._last_failure = float("-inf")
        self.on_frame: Callable[[App], None] | None = None
        self.drawn_frames = 0
        self._active_until = float("-inf")
        self._next_draw = float("-inf")
        self._fingerprint: tuple = ()
        self.toast_rects: list[pygame.Rect] = []  # where the toasts were last drawn
        self.access = AccessHub(self)  # client/access: the screen-reader tree, announcements and speech

    # --- window --------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (
            max(theme.MIN_WINDOW[0], self.windowed_size[0]),
            max(theme.MIN_WINDOW[1], self.windowed_size[1]),
        )
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with (
                warnings.catch_warnings()
            ):  # deprecated in pygame-ce 2.5 for Window-based drawing, not for this
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = theme.MIN_WINDOW
        except (AttributeError, pygame.error) as err:  # no Window API: _resized() enlarges a small window
            log.info("no minimum window size: %s", err)
        return screen

    @property
    def screen_size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def layout(self) -> theme.Layout:
        return theme.layout(self.screen_size)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.screen = self._open_window()
        self.settings.save()

    def _resized(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            if size[0] < theme.MIN_WINDOW[0] or size[1] < theme.MIN_WINDOW[1]:
                size = (max(theme.MIN_WINDOW[0], size[0]), max(theme.MIN_WINDOW[1], size[1]))
                pygame.display.set_mode(size, pygame.RESIZABLE)
            self.windowed_size = size
            self.settings.window = [int(size[0]), int(size[1])]
        self.screen = pygame.display.get_surface() or self.screen

    def save_screenshot(self, path: Path | None = None) -> Path:
        """Save what the window shows as a PNG (default: the screenshots folder of the user's data dir)."""
        if path is None:
            path = data_dir() / "screenshots" / time.strftime("soupkitchen-%Y%m%d-%H%M%S.png")
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        log.info("screenshot saved to %s", path)
        self.toast(_("Screenshot saved to {path}").format(path=path))
        return path

    def set_language(self, code: str) -> None:
        """Speak ``code`` (a catalog's language) from now on, saved for next time: every open screen
        is worded again at once."""
        self.settings.language = words.install(code)
        self.settings.save()
        for scene in self.stack.scenes:
            reword = getattr(scene, "rebuild", None)
            if callable(reword):
                reword()
        self.invalidate()

    # --- messages and background work ----------------------------------------------------------
    def toast(self, message: str, kind: str = "info") -> None:
        """Show ``message`` for a few seconds at the bottom of the window."""
        log.info("toast (%s): %s", kind, message)
        if kind == "error":
            self.sound("error")
        self.toasts = [t for t in self.toasts if t.message != message][-3:]
        self.toasts.append(Toast(message, kind, self.clock() + TOAST_SECONDS))

    def spawn(
        self, coro: Coroutine[Any, Any, Any], on_done: Callable[[Any], None] | None = None
    ) -> asyncio.Task:
        """Run ``coro`` on the loop; a ServerError becomes a toast in plain words, anything else is
        logged and shown briefly (never a traceback on screen)."""

        async def guarded() -> None:
            try:
                result = await coro
            except asyncio.CancelledError:
                raise
            except ServerError as err:
                self.toast(err.message, "error")
                return
            except ValueError as err:
                self.toast(str(err), "error")
                return
            except Exception as err:  # noqa: BLE001 - shown in plain words, logged in full
                log.exception("background task failed")
                self.toast(_("Something went wrong: {problem}").format(problem=err), "error")
                return
            if on_done is not None:
                on_done(result)

        task = asyncio.get_running_loop().create_task(guarded())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(lambda _t: coro.close())  # cancelled before it began: no "never awaited"
        return task

    def watch_session(self, session) -> None:
        """Route a table session's errors to toasts and its events to sounds."""
        if self.toast_error not in session.error_listeners:
            session.error_listeners.append(self.toast_error)
        if self.nudge not in session.nudge_listeners:  # a gentle word to a player sitting on their turn
            session.nudge_listeners.append(self.nudge)
        if id(session) not in self.cues:
            for old in self.cues.values():
                old.detach()
            self.cues = {id(session): SoundCues(session, self.sound)}

    def nudge(self, words: str) -> None:
        """A player sits on their turn: the table says so where it shows the turn, else a toast."""
        take = getattr(self.stack.top, "take_nudge", None)
        if take is None or not take(words):
            self.toast(words)

    def toast_error(self, message: str) -> None:
        """A refusal: said at the click that made the move when a table just had one, else a toast."""
        answer = getattr(self.stack.top, "answer_refusal", None)
        if answer is not None and answer(message):
            return
        self.toast(message, "error")

    # --- input ---------------------------------------------------------------------------------
    def dispatch(self, action: InputAction) -> bool:
        """Send one action to the top scene (the shell handles quit and fullscreen itself)."""
        if action.kind == "quit":
            self.running = False
            return True
        if self.access.handle(action):  # client/access: "where am I" and "what changed"
            return True
        if action.kind == "toggle_fullscreen":
            self.toggle_fullscreen()
            return True
        if action.kind == "screenshot":
            self.save_screenshot()
            return True
        if action.kind == "help":
            return self.open_help()
        if self.offline_at_table() and action.kind not in ("menu", "back", "point"):
            return False  # play is disabled while the connection is lost (menus still work)
        used = self.stack.handle(action)
        if used and action.kind == "navigate":
            self.sound("move")
        elif used and action.kind in ("select", "click"):
            self.sound("select")
        return used

    def open_help(self) -> bool:
        """F1: How to play the game of the screen on top (the game picker from menus)."""
        top = self.stack.top
        if top is not None and top.name == "howto":
            return False
        session = next(
            (
                getattr(s, "session", None)
                for s in reversed(self.stack.scenes)
                if getattr(s, "session", None) is not None
            ),
            None,
        )
        game = getattr(top, "game", None)
        game_id = (
            session.game_id if session is not None else game.get("id") if isinstance(game, dict) else None
        )
        self.stack.open("howto", None, game_id, pick_game=game_id is None)
        return True

    def _sync_text_mode(self) -> None:
        """Letters type while a text field has the focus (and act as keys otherwise)."""
        top = self.stack.top
        typing = bool(top and top.text_focused())
        if typing != self.input.text_mode:
            self.input.text_mode = typing
            (pygame.key.start_text_input if typing else pygame.key.stop_text_input)()

    def offline_at_table(self) -> bool:
        """True while the connection is lost and a table (or its hand-off screen) has the input."""
        lost = self.conn is not None and not self.conn.connected and bool(self.conn.sessions)
        return lost and self.stack.top is not None and self.stack.top.at_table

    def sound(self, name: str) -> None:
        """Play a sound at the volume in the settings (nothing when muted)."""
        self.sounds.volume, self.sounds.muted = self.settings.volume, self.settings.muted
        self.sounds.play(name)

    def pump(self) -> bool:
        """Read pygame's event queue and dispatch what it means; True if there was any event."""
        events = pygame.event.get()
        for event in events:
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized(pygame.display.get_surface().get_size())
                continue
            for action in self.input.translate(event):
                self.dispatch(action)
                self._sync_text_mode()
        while self.input.hotplug:
            self.toast(self.input.hotplug.pop(0))
        return bool(events)

    # --- drawing only when something changed ---------------------------------------------------
    def invalidate(self, seconds: float = ACTIVE_SECONDS) -> None:
        """Something on screen changed: draw every frame for the next ``seconds``."""
        self._active_until = max(self._active_until, self.clock() + seconds)

    def fingerprint(self) -> tuple:
        """A cheap summary of what the window shows: it changes when a scene, a toast or anything a
        server sent changes."""
        conn = self.conn
        sessions = ()
        if conn is not None:
            sessions = tuple(
                (
                    s.state_id,
                    len(s.emotes),
                    s.emotes[-1][2] if s.emotes else 0,
                    s.handoff_seat,
                    s.active_seat,
                    id(s.table),
                )
                for s in list(getattr(conn, "sessions", {}).values())
            )
        scenes = tuple(
            (id(scene), id(getattr(getattr(scene, "form", None), "widgets", None)))
            for scene in self.stack.scenes
        )
        toasts = tuple(t.message for t in self.toasts)
        return (
            scenes,
            toasts,
            sessions,
            conn is not None and conn.connected,
            getattr(conn, "reconnect_attempts", 0),
            self.screen.get_size(),
        )

    def next_redraw(self, now: float) -> float:
        """When the window must next be drawn though nothing changed."""
        due = now + HEARTBEAT_SECONDS
        for scene in self.stack.scenes:
            wanted = scene.redraw_at(now)
            if wanted is not None:
                due = min(due, wanted)
        for scene in self.stack.scenes:
            session = getattr(scene, "session", None)
            left = session.remaining(now) if session is not None and hasattr(session, "remaining") else None
            if left is not None and left > 0:
                due = min(due, now + (left % 1.0 or 1.0) + 0.001)  # the countdown's next whole second
        if self.toasts:
            due = min(due, min(t.until for t in self.toasts))
        return due

    def needs_draw(self, now: float) -> bool:
        """True if this frame must be drawn (something changed, or a redraw fell due)."""
        fingerprint = self.fingerprint()
        if fingerprint != self._fingerprint:
            self._fingerprint = fingerprint
            self._active_until = max(self._active_until, now + ACTIVE_SECONDS)
        return now < self._active_until or now >= self._next_draw

    # --- frames --------------------------------------------------------------------------------
    def step(self, now: float | None = None, draw: bool | None = True) -> bool:
        """One frame: events, update every scene, draw, overlays. ``draw=None`` draws only when
        something changed; True if the window was drawn."""
        now = self.clock() if now is None else now
        dt = 0.0 if self._last_now is None else max(0.0, min(0.25, now - self._last_now))
        self._last_now = now
        self._sync_text_mode()
        drawn = False
        try:
            if self.pump():
                self._active_until = max(self._active_until, now + ACTIVE_SECONDS)
            self.stack.update(dt, now)
            for cues in self.cues.values():
                cues.tick(now)
            if self.stack.top is not self._last_top:
                self._last_top = self.stack.top
                log.info("scene: %s", self._last_top.name if self._last_top is not None else "none")
            self.toasts = [t for t in self.toasts if t.until > now]
            self._tick_access(now)
            if draw is None:
                draw = self.needs_draw(now)
            if draw:
                self.draw(self.screen, now)
                self._next_draw = self.next_redraw(now)
                self.drawn_frames += 1
                drawn = True
        except Exception as err:
            self._recover(err, now)
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self)
        return drawn

    def _tick_access(self, now: float) -> None:
        """client/access: the tree, announcements and speech; a fault there is logged, the game goes on."""
        try:
            self.access.tick(now)
        except Exception:  # noqa: BLE001 - the game is played on without the tree
            if not getattr(self, "_access_failed", False):
                self._access_failed = True
                log.exception("accessibility failed (said once; the game goes on)")

    def _recover(self, err: Exception, now: float) -> None:
        """A screen failed: log it in full, go back to the title and say so in plain words (a saved
        solo game can be resumed from there). A failure of the title itself is not hidden."""
        failed = self.stack.top.name if self.stack.top is not None else "none"
        log.exception("the %s screen failed", failed)
        if failed in ("title", "dialog") or now - self._last_failure < 1.0:
            raise err
        self._last_failure = now
        self.stack.reset_to("title")
        self.stack.open(
            "message",
            _("Sorry, that screen broke"),
            _("The {screen} screen hit a problem ({problem}). The details are in the log file.").format(
                screen=failed.replace("_", " "), problem=err
            ),
        )

    def draw(self, surface: pygame.Surface, now: float) -> None:
        coverage.begin_frame()
        self.stack.draw(surface)
        if self.guide.on:
            self.guide.draw(surface)
        lay = theme.layout(surface.get_size())
        if self.conn is not None and not self.conn.connected and not self.conn._closing:
            self._draw_banner(surface, lay)
        top = self.stack.top
        self.toast_rects = draw_toasts(
            surface,
            lay,
            self.toasts,
            top.occupied_rects() if top is not None else [],
            top.toast_area() if top is not None else None,
        )
        coverage.end_frame()

    def _draw_banner(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        h = lay.button_h
        band = pygame.Rect(0, 0, lay.width, h)
        attempts = self.conn.reconnect_attempts if self.conn else 0
        if self.conn is not None and getattr(self.conn, "server_gone", False):
            said = _("The server has stopped: the game waits for it. Your seat is kept.")
        elif attempts:
            said = _("Connection lost - reconnecting (attempt {count}). Your seat is kept.")
        else:
            said = _("Connection lost - reconnecting. Your seat is kept.")
        with coverage.overlay("the connection banner", band):
            pygame.draw.rect(surface, theme.DANGER, band)
            theme.text(
                surface, said.format(count=attempts), "label", theme.TEXT, band.center, lay, anchor="center"
            )

    async def run(self, first: Scene | None = None) -> None:
        """The frame loop, until the window is closed."""
        loop = asyncio.get_running_loop()
        if first is not None:
            self.stack.push(first)
        next_frame = loop.time()
        try:
            while self.running:
                if self.step(draw=None):
                    pygame.display.flip()
                # At rest, input is read half as often: still within a frame or two of a key press.
                period = 1.0 / (FPS if self.clock() < self._active_until else IDLE_POLL)
                next_frame += period
                delay = next_frame - loop.time()
                if delay < -period:  # fell behind: do not try to catch up with a burst
                    next_frame = loop.time()
                    delay = 0
                await asyncio.sleep(max(0.0, delay))
        finally:
            await self.shutdown()

    async def shutdown(self) -> None:
        """Close the connection, stop an embedded server, save settings."""
        self.access.close()
        for task in list(self.tasks):
            task.cancel()
        if self.conn is not None:
            await self.conn.close()
            self.conn = None
        if self.server is not None:
            try:
                await self.stop_server()
            except Exception:  # noqa: BLE001 - shutting down anyway
                log.exception("embedded server did not stop cleanly")
            self.server = None
        self.settings.save()

    async def close_port(self) -> None:
        """Remove the port mapping made for friends online, if any."""
        self.online_problem = ""
        if self.port_map is not None:
            port_map, self.port_map = self.port_map, None
            await port_map.close()

    async def stop_server(self, timeout: float = 5.0) -> None:
        """Stop the server this client started; give up waiting after ``timeout`` seconds (guests still
        connected can keep a graceful stop waiting much longer)."""
        if self.server is not None:
            server, self.server = self.server, None
            self.server_address = None
            await self.close_port()
            self.server_addresses = []
            try:
                await asyncio.wait_for(server.stop(), timeout)
            except TimeoutError:
                log.warning("the embedded server did not stop within %.0f s; leaving it behind", timeout)

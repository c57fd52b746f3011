"""The one object the app holds for accessibility: each frame it hands the tree of the screen on top
to the adapter (only when someone reads it, and only when it changed), carries out what readers
asked of its nodes, says what the table announces (in the live region, and aloud when speech is on)
and answers the two keys every screen has: "where am I" (F2) and "what changed since my turn" (F3).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pygame

from soupkitchen.client.access import look, screens
from soupkitchen.client.access.adapter import Adapter, open_adapter
from soupkitchen.client.access.announce import Announcer
from soupkitchen.client.access.speech import Speaker, find_voice
from soupkitchen.client.access.table import (
    Seat,
    builder,
    clock_face,
    reaction_words,
    since_my_turn,
    table_tree,
    where_am_i,
)
from soupkitchen.client.access.tree import FOCUS, Node, unique, with_value
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import _, current

log = logging.getLogger(__name__)

KEYS = ("where_am_i", "what_changed")


class AccessHub:
    """The tree, the announcements and the speech of one app."""

    def __init__(self, app: Any, adapter: Adapter | None = None, speaker: Speaker | None = None) -> None:
        self.app = app
        self.adapter = adapter if adapter is not None else open_adapter("Soup Kitchen")
        self._voice_checked = speaker is not None
        self.speaker = speaker if speaker is not None else Speaker(None)
        self.announcer: Announcer | None = None
        self.live = ""  # the last thing announced (the live region's words)
        self.live_count = 0
        self.root: Node | None = None
        self.focus = "root"
        self.reader_focus: str | None = None  # where a reader moved the focus, until the keys move it
        self.inputs = 0  # actions dispatched (the tree is built again after each)
        self._key: tuple | None = None
        self._face: str | None = None
        self._memory: dict[int, dict[str, Any]] = {}
        self._kept: dict[int, dict[str, Any]] = {}  # per table scene: its zones as last built
        self.builds = 0  # trees built (a frame in which nothing changed builds none)
        self._window_focused: bool | None = None
        self.forced = False  # build the tree though no reader asked (benchmarks, --accessibility-tree)
        look.apply(app.settings)  # large text, high contrast

    # --- settings ------------------------------------------------------------------------------------
    @property
    def speaking(self) -> bool:
        return bool(getattr(self.app.settings, "speech", False))

    def voice_words(self) -> str:
        """What Settings says about the speech service: which one, or that there is none."""
        self._ensure_voice()
        voice = self.speaker.voice
        if voice is None:
            return _(
                "No speech service found: install speech-dispatcher (spd-say) or espeak-ng to hear the game."
            )
        return _("Speech through %(program)s.") % {"program": voice.program}

    def _ensure_voice(self) -> None:
        if not self._voice_checked:
            self._voice_checked = True
            self.speaker.voice = find_voice()
        self.speaker.rate = int(getattr(self.app.settings, "speech_rate", 0))
        self.speaker.language = current() if current() != "en" else ""

    # --- input ---------------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> bool:
        """The two keys of every screen (True: used); any other input is noted for the tree (the
        pointer's moves change nothing a reader reads)."""
        if action.kind in ("point", "release"):
            return False
        self.inputs += 1
        self.reader_focus = None
        if action.kind == "where_am_i":
            self.announce(self.where_am_i(), interrupt=True)
            return True
        if action.kind == "what_changed":
            self.announce(self.what_changed(), interrupt=True)
            return True
        return False

    def announce(self, words: str, interrupt: bool = False) -> None:
        """Put ``words`` in the live region and, with speech on, say them (cutting short what is said)."""
        if not words:
            return
        self.live, self.live_count = words, self.live_count + 1
        if self.speaking:
            self._ensure_voice()
            self.speaker.say(words)
        elif interrupt:
            self.speaker.stop()

    # --- the table on screen -------------------------------------------------------------------------
    def table_scene(self) -> Any | None:
        """The highest table (or its results) in the stack, whose session is heard."""
        for scene in reversed(self.app.stack.scenes):
            if getattr(scene, "session", None) is not None and (scene.is_table or scene.name == "results"):
                return scene
        return None

    def seat(self, scene: Any, now: float | None = None) -> Seat:
        """What the shown seat may read of ``scene``'s table."""
        session = scene.session
        shown = session.shown_seat
        view = (session.view(shown) if shown is not None else None) or session.public_view or {}
        now = self.app.clock() if now is None else now
        remaining = session.remaining(now) if not view.get("over") else None
        reactions: dict[int, str] = {}
        for seat, name, _when in list(session.emotes):
            if seat is not None:
                reactions[seat] = reaction_words(name)
        announcer = (
            self.announcer if self.announcer is not None and self.announcer.session is session else None
        )
        play = getattr(scene, "play", None) if scene.is_table else None
        return Seat(
            session.game_id,
            view,
            shown,
            session.seat_name,
            remaining,
            reactions,
            list(announcer.heard) if announcer else [],
            list(announcer.history) if announcer else [],
            play if callable(play) else (lambda action: scene.send(action)),
            self._memory.setdefault(id(session), {}),
            kept=self._kept.setdefault(id(scene), {}),
        )

    def where_am_i(self) -> str:
        top = self.app.stack.top
        if top is None or not top.is_table:
            heading = getattr(top, "heading", "") if top is not None else ""
            focused = getattr(getattr(top, "form", None), "focused", None)
            parts = [_(heading) if heading else "", focused.describe() if focused is not None else ""]
            return ". ".join(part for part in parts if part)
        return where_am_i(self.seat(top))

    def what_changed(self) -> str:
        scene = self.table_scene()
        if scene is None:
            return _("Nothing has changed: you are not at a table.")
        lines = since_my_turn(self.seat(scene))
        if not lines:
            return _("Nothing has changed since your last move.")
        return " ".join(lines)

    def _follow(self, scene: Any | None) -> None:
        """Listen to the table on screen (and to no other)."""
        session = getattr(scene, "session", None)
        if self.announcer is not None and self.announcer.session is not session:
            self.announcer.close()
            self.announcer = None
        if session is not None and self.announcer is None:
            self.announcer = Announcer(session)
            self._memory = {id(session): self._memory.get(id(session), {})}
            self._kept = {}

    # --- the frame -----------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Readers' requests, the table's announcements, and the tree if it is read and changed."""
        for node_id, action in self.adapter.take_requests():
            self.invoke(node_id, action)
        scene = self.table_scene()
        self._follow(scene)
        if self.announcer is not None:
            self.announcer.poll(now)
            said = self.announcer.take()
            if said:
                self.announce(" ".join(said))
        self._window_focus()
        if self.adapter.active or self.forced:
            self.refresh(now, scene)

    def _window_focus(self) -> None:
        focused = bool(pygame.display.get_init() and pygame.key.get_focused())
        if focused != self._window_focused:
            self._window_focused = focused
            self.adapter.window_focused(focused)

    def key(self, now: float, scene: Any | None) -> tuple[tuple, str | None]:
        """What the tree depends on (it is built again when this changes), and the timer's face (only
        the timer's node changes with it)."""
        top = self.app.stack.top
        form = getattr(top, "form", None)
        session = getattr(scene, "session", None)
        left = session.remaining(now) if session is not None else None
        return (
            id(top),
            len(self.app.stack.scenes),
            id(getattr(form, "widgets", None)),
            getattr(form, "focus", None),
            self.inputs,
            self.live_count,
            current(),
            getattr(session, "state_id", None),
            len(getattr(session, "emotes", ()) or ()),
            getattr(session, "shown_seat", None),
            self.reader_focus,
        ), (clock_face(left) if left is not None else None)

    def refresh(self, now: float, scene: Any | None = None) -> Node:
        """Build the tree if what it shows changed, and hand it to the adapter."""
        key, face = self.key(now, scene)
        if key != self._key or self.root is None:
            self._key, self._face = key, face
            self.root, focus = self.build(now, scene)
            self.focus = self.reader_focus or focus
            self.adapter.push(self.root, self.focus)
        elif face != self._face:  # only the time left: its node, and the adapter sends that one again
            self._face = face
            if face is not None and self.root.find("timer") is not None:
                self.root = with_value(self.root, "timer", face)
                self.adapter.push(self.root, self.focus)
        return self.root

    def build(self, now: float, scene: Any | None = None) -> tuple[Node, str]:
        """The tree of the screen on top and the node with the focus."""
        top = self.app.stack.top
        self.builds += 1
        root = Node("root", "window", "Soup Kitchen")
        live = Node("announcement", "status", _("Announcements"), self.live, live="polite")
        focus: str | None = None
        if top is None:
            return root.add(live), "root"
        if top.is_table:
            seat = self.seat(top, now)
            table = table_tree(seat, str(top.session.table.get("title") or seat.game_id), [live])
            root.add(table)
            found = builder(seat.game_id)
            focus_of = getattr(found, "focus_of", None)
            focus = focus_of(top, table) if focus_of is not None else None
        elif getattr(top, "form", None) is not None:
            root.add(*screens.form_nodes(top, self._changed))
            if top.name == "results":
                root.add(*self._result_lines(top))
            root.add(live)
            focus = screens.focused_id(top)
        else:
            root.add(*screens.other_nodes(top), live)
        unique(root)
        return root, focus if focus is not None and root.find(focus) is not None else "root"

    def _result_lines(self, scene: Any) -> list[Node]:
        facts = scene.describe()
        lines = [facts.get("verdict") or "", *(facts.get("lines") or [])]
        return [Node(f"result{i}", "label", str(line)) for i, line in enumerate(lines) if line]

    def _changed(self) -> None:
        self.inputs += 1
        invalidate = getattr(self.app, "invalidate", None)
        if invalidate is not None:
            invalidate()

    def invoke(self, node_id: str, action: str) -> bool:
        """Carry out a reader's ``action`` on the node ``node_id`` of the tree last built (False: no
        such node or action)."""
        if self.root is None:
            self.refresh(self.app.clock(), self.table_scene())
        node = self.root.find(node_id) if self.root is not None else None
        if node is None:
            return False
        if action == FOCUS:
            self.reader_focus = node_id
        do = node.do.get(action)
        if do is None:
            return action == FOCUS
        do()
        self._changed()
        self.reader_focus = node_id if action == FOCUS else self.reader_focus
        return True

    def dump(self, path: Path) -> None:
        """Write the tree of the screen shown as JSON (``--accessibility-tree``)."""
        root = self.refresh(self.app.clock(), self.table_scene())
        path.parent.mkdir(parents=True, exist_ok=True)
        tree = {**root.to_json(), "focus": self.focus}
        path.write_text(json.dumps(tree, ensure_ascii=False, indent=1), encoding="utf-8")
        log.info("accessibility tree saved to %s", path)

    def close(self) -> None:
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.speaker.close()
        self.adapter.close()

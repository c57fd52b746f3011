"""Where the tree goes: the platform's accessibility service through AccessKit (AT-SPI on Linux, so
Orca reads it; UI Automation on Windows; NSAccessibility on macOS), or a recorder that keeps it for
the tests and ``--accessibility-tree``. Both have the small shape ``Adapter`` declares, so the hub
never knows which it has.

AccessKit is fenced: the releases ``TESTED`` names, imported only here; any other release, a missing
package or an adapter that cannot start leaves the recorder in its place and the game runs as before
(said once in the log). Without an AT-SPI bus AccessKit's adapter starts and is simply never asked
for the tree.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
from importlib import metadata
from typing import Any, Protocol

from soupkitchen.client.access.tree import CLICK, DECREMENT, FOCUS, INCREMENT, Node

log = logging.getLogger(__name__)

TESTED = ((0, 7),)  # AccessKit's Python releases (major, minor) this adapter was tested with
ROLE_NAMES = {  # our roles -> AccessKit's
    "window": "WINDOW",
    "group": "GROUP",
    "heading": "HEADING",
    "label": "LABEL",
    "status": "STATUS",
    "timer": "TIMER",
    "log": "LOG",
    "list": "LIST",
    "list_item": "LIST_ITEM",
    "grid": "GRID",
    "row": "ROW",
    "cell": "CELL",
    "button": "BUTTON",
    "check_box": "CHECK_BOX",
    "combo_box": "COMBO_BOX",
    "text_input": "TEXT_INPUT",
    "tab": "TAB",
    "dialog": "DIALOG",
    "image": "IMAGE",
}
ACTION_NAMES = {CLICK: "CLICK", FOCUS: "FOCUS", INCREMENT: "INCREMENT", DECREMENT: "DECREMENT"}


class Adapter(Protocol):
    """What the hub asks of wherever the tree goes."""

    @property
    def active(self) -> bool:
        """Someone reads the tree now (a screen reader asked for it): worth building."""

    def push(self, root: Node, focus: str) -> None:
        """The tree as it is now, and the id of the node with the keyboard focus."""

    def take_requests(self) -> list[tuple[str, str]]:
        """The actions readers asked for since the last call: (node id, action name)."""

    def window_focused(self, focused: bool) -> None:
        """The window gained or lost the keyboard."""

    def close(self) -> None: ...


class Recorder:
    """No platform: keeps the last tree, takes requests from the tests as a screen reader would send
    them. ``listening`` says whether to count as read (the tests and ``--accessibility-tree`` do)."""

    def __init__(self, listening: bool = False) -> None:
        self.listening = listening
        self.root: Node | None = None
        self.focus = ""
        self.pushes = 0
        self._requests: list[tuple[str, str]] = []

    @property
    def active(self) -> bool:
        return self.listening

    def push(self, root: Node, focus: str) -> None:
        self.root, self.focus = root, focus
        self.pushes += 1

    def request(self, node_id: str, action: str) -> None:
        """A reader invokes ``action`` on the node ``node_id`` (handled at the next frame)."""
        self._requests.append((node_id, action))

    def take_requests(self) -> list[tuple[str, str]]:
        taken, self._requests = self._requests, []
        return taken

    def window_focused(self, focused: bool) -> None:
        pass

    def close(self) -> None:
        pass


def fenced_accesskit() -> Any | None:
    """The accesskit module if a tested release is installed, else None (why is logged)."""
    try:
        version = metadata.version("accesskit")
    except metadata.PackageNotFoundError:
        log.info("accessibility: accesskit is not installed; no screen reader can read the window")
        return None
    release = tuple(int(part) for part in version.split(".")[:2] if part.isdigit())
    if release not in TESTED:
        log.warning(
            "accessibility: accesskit %s is not a release this client was tested with (%s); "
            "no screen reader can read the window",
            version,
            ", ".join(f"{a}.{b}" for a, b in TESTED),
        )
        return None
    try:
        import accesskit
    except ImportError as err:  # a wheel for another platform, a missing system library
        log.warning("accessibility: accesskit %s cannot be loaded: %s", version, err)
        return None
    return accesskit


class AccessKitAdapter:
    """The tree handed to the platform through AccessKit. Its handlers run on AccessKit's own thread:
    they read only the last snapshot pushed and post requests to a queue the frame loop drains."""

    def __init__(self, accesskit: Any, title: str, window: Any = None) -> None:
        self.ak = accesskit
        self.title = title
        self._ids: dict[str, int] = {}
        self._sent: dict[str, tuple] = {}
        self._pushed: dict[str, Node] = {}  # the nodes of the last update, by id
        self._snapshot: tuple[Node, str] = (Node("window", "window", title), "window")
        self._requests: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
        self._names: dict[int, str] = {}
        self._active = False
        self._adapter = self._platform_adapter(window)

    def _platform_adapter(self, window: Any) -> Any:
        ak = self.ak
        if sys.platform == "darwin":
            ak.macos.add_focus_forwarder_to_window_class("SDLWindow")
            return ak.macos.SubclassingAdapter.for_window(window, self._activate, self._act)
        if sys.platform == "win32":
            return ak.windows.SubclassingAdapter(window, self._activate, self._act)
        if os.name == "posix":
            return ak.unix.Adapter(self._activate, self._act, self._deactivate)
        raise RuntimeError(f"no AccessKit adapter for {sys.platform}")

    # --- AccessKit's thread ------------------------------------------------------------------------
    def _activate(self) -> Any:
        self._active = True
        self._sent, self._pushed = {}, {}
        root, focus = self._snapshot
        update = self._update(root, focus, full=True)
        update.tree = self.ak.Tree(self._id(root.id))
        return update

    def _deactivate(self) -> None:
        self._active = False

    def _act(self, request: Any) -> None:
        action = next(
            (ours for ours, name in ACTION_NAMES.items() if request.action == getattr(self.ak.Action, name)),
            None,
        )  # AccessKit's actions compare equal but cannot be hashed
        target = self._names.get(int(request.target))
        if action is not None and target is not None:
            self._requests.put((target, action))

    # --- the frame loop ----------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self._active

    def push(self, root: Node, focus: str) -> None:
        self._snapshot = (root, focus)
        if self._active:
            self._raise(self._adapter.update_if_active(lambda: self._update(root, focus, full=False)))

    def take_requests(self) -> list[tuple[str, str]]:
        taken = []
        while not self._requests.empty():
            taken.append(self._requests.get_nowait())
        return taken

    def window_focused(self, focused: bool) -> None:
        if hasattr(self._adapter, "update_window_focus_state"):
            self._raise(self._adapter.update_window_focus_state(focused))
        elif hasattr(self._adapter, "update_view_focus_state"):
            self._raise(self._adapter.update_view_focus_state(focused))

    def close(self) -> None:
        self._active = False

    @staticmethod
    def _raise(events: Any) -> None:
        if events is not None and hasattr(events, "raise_events"):
            events.raise_events()

    # --- our nodes as AccessKit's --------------------------------------------------------------------
    def _id(self, node_id: str) -> int:
        number = self._ids.get(node_id)
        if number is None:
            number = self._ids[node_id] = len(self._ids) + 1
            self._names[number] = node_id
        return number

    def _update(self, root: Node, focus: str, full: bool) -> Any:
        """An AccessKit TreeUpdate of the nodes that changed since the last one (all when ``full``).
        A node that is the very object pushed last time is unchanged, and so is all under it (the hub
        never changes a tree it pushed, and reuses the subtrees of zones that did not change)."""
        ak = self.ak
        update = ak.TreeUpdate(self._id(focus if root.find(focus) is not None else root.id))
        sent: dict[str, tuple] = {}
        pushed: dict[str, Node] = {}
        stack = [root]
        while stack:
            node = stack.pop()
            if not full and self._pushed.get(node.id) is node:
                for kept in node.walk():
                    pushed[kept.id] = kept
                    sent[kept.id] = self._sent.get(kept.id) or self._mark(kept)
                continue
            mark = sent[node.id] = self._mark(node)
            pushed[node.id] = node
            if full or self._sent.get(node.id) != mark:
                update.nodes.append((self._id(node.id), self._node(node)))
            stack.extend(node.children)
        self._sent, self._pushed = sent, pushed
        return update

    @staticmethod
    def _mark(node: Node) -> tuple:
        """What AccessKit is told of a node: when it differs, the node is sent again."""
        return (
            node.role,
            node.name,
            node.value,
            tuple(c.id for c in node.children),
            tuple(node.actions),
            node.live,
            node.checked,
            node.disabled,
            node.row,
            node.col,
        )

    def _node(self, node: Node) -> Any:
        ak = self.ak
        made = ak.Node(getattr(ak.Role, ROLE_NAMES[node.role]))
        if node.name:
            made.set_label(node.name)
        if node.value:
            made.set_value(node.value)
        made.set_children([self._id(child.id) for child in node.children])
        for action in node.actions:
            made.add_action(getattr(ak.Action, ACTION_NAMES[action]))
        if FOCUS not in node.do and (node.do or node.role in ("cell", "list_item")):
            made.add_action(ak.Action.FOCUS)
        if node.live:
            made.set_live(ak.Live.ASSERTIVE if node.live == "assertive" else ak.Live.POLITE)
        if node.checked is not None:
            made.set_toggled(ak.Toggled.TRUE if node.checked else ak.Toggled.FALSE)
        if node.disabled:
            made.set_disabled()
        if node.row is not None:
            made.set_row_index(node.row)
        if node.col is not None:
            made.set_column_index(node.col)
        return made


def open_adapter(title: str) -> Adapter:
    """AccessKit's adapter for this window when it can start, else a recorder nobody reads."""
    accesskit = fenced_accesskit()
    if accesskit is None:
        return Recorder()
    try:
        window = None
        if sys.platform in ("darwin", "win32"):
            import pygame

            window = pygame.display.get_wm_info().get("window")
        return AccessKitAdapter(accesskit, title, window)
    except Exception as err:  # noqa: BLE001 - any failure leaves the game as it was, said in the log
        log.warning(
            "accessibility: the AccessKit adapter could not start (%s); no screen reader can read the window",
            err,
        )
        return Recorder()

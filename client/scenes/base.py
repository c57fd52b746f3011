"""Scenes and the scene stack: title, menus, lobby, table, results and modal dialogs.

The top scene receives input. Drawing starts at the highest opaque scene, so a modal dialog
(``opaque = False``) is drawn over the dimmed scene below it.

Scenes are registered by id (in :mod:`client.scenes`, the one place that lists them) and started by
id through the stack, so no scene imports another and the app imports none.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

import pygame

from soupkitchen.client.scenes import SCENES
from soupkitchen.client.settings import Settings
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction, InputMapper


class Shell(Protocol):
    """What a scene uses of the app that holds it (``client.app.App``)."""

    stack: SceneStack
    settings: Settings
    input: InputMapper
    server: Any
    server_address: str | None
    server_addresses: list[str]
    running: bool
    fullscreen: bool
    table_text_scale: float  # the least scale of a table's words (0: its own board's; a replay's: live)

    @property
    def screen_size(self) -> tuple[int, int]: ...

    def spawn(self, coro: Coroutine[Any, Any, Any], on_done: Callable[[Any], None] | None = None) -> Any: ...

    def toast(self, message: str, kind: str = "info") -> None: ...

    def sound(self, name: str) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def watch_session(self, session: Any) -> None: ...


class Scene:
    """One screen. Subclasses override what they need; every method has a harmless default."""

    opaque = True  # False: the scene below shows through (dialogs, hand-off overlays)
    is_table = False  # True: a game's table
    at_table = False  # True: a table or its hand-off screen, whose play waits while the connection is lost
    name = "scene"

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.stack: SceneStack | None = None

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered)."""

    def on_exit(self) -> None:
        """Called when the scene is removed from the stack."""

    def handle(self, action: InputAction) -> bool:
        """React to one input action; True if it was used."""
        return False

    def update(self, dt: float, now: float) -> None:
        """Advance by ``dt`` seconds; ``now`` is local monotonic time (injected in tests)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    def text_focused(self) -> bool:
        """True while a text field of this scene has focus (letters then type instead of acting)."""
        return False

    def occupied_rects(self) -> list[pygame.Rect]:
        """The controls on screen (toasts are kept off them)."""
        return []

    def toast_area(self) -> pygame.Rect | None:
        """A place the scene keeps for toasts, where they hide nothing it needs (None: toasts find a
        place clear of ``occupied_rects``)."""
        return None

    def redraw_at(self, now: float) -> float | None:
        """When this scene must next be drawn though nothing happened (an animation's next frame);
        None: only when something changes."""
        return None

    def describe(self) -> dict[str, Any]:
        """What the scene shows, as plain data, for tests and logs."""
        return {"scene": self.name}


def scene_class(scene_id: str) -> type[Scene]:
    """The class registered as ``scene_id`` (its module is imported the first time)."""
    try:
        module_name, _, class_name = SCENES[scene_id].partition(":")
    except KeyError:
        raise LookupError(f"no scene registered as {scene_id!r} (registered: {', '.join(SCENES)})") from None
    return getattr(importlib.import_module(module_name), class_name)


class SceneStack:
    """The scenes on screen, bottom to top, for ``app`` (which every scene it starts is given)."""

    def __init__(self, app: Shell | None = None) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    def make(self, scene_id: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the class registered as ``scene_id``, for this stack's app."""
        return scene_class(scene_id)(self.app, *args, **kwargs)

    def open(self, scene_id: str, *args: Any, **kwargs: Any) -> Scene:
        """Start the scene registered as ``scene_id`` on top of the stack."""
        return self.push(self.make(scene_id, *args, **kwargs))

    def reset_to(self, scene_id: str, *args: Any, **kwargs: Any) -> Scene:
        """Clear the stack and start only the scene registered as ``scene_id``."""
        return self.reset(self.make(scene_id, *args, **kwargs))

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        scene.stack = self
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.top is not None:
            self.top.on_enter()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.on_exit()

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            old = self.scenes.pop()
            old.on_exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the stack and show only ``scene``."""
        while self.scenes:
            self.scenes.pop().on_exit()
        return self.push(scene)

    def find(self, kind: type | str) -> Scene | None:
        """The highest scene of class ``kind`` (or of the class registered as ``kind``)."""
        if isinstance(kind, str):
            kind = scene_class(kind)
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, action: InputAction) -> bool:
        return self.top.handle(action) if self.top is not None else False

    def update(self, dt: float, now: float) -> None:
        # Scenes under a modal keep running (a table's countdown keeps moving behind a dialog).
        for scene in list(self.scenes):
            scene.update(dt, now)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.scenes:
            surface.fill(theme.BACKGROUND)
            return
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        for i in range(start, len(self.scenes)):
            if i > start:
                dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                dim.fill(theme.DIM_OVERLAY)
                surface.blit(dim, (0, 0))
                coverage.set_aside()  # dimmed on purpose: the dialog over it has the player's attention
            self.scenes[i].draw(surface)

"""The replay viewer measured as a player feels a seek: the seek, the game's table built for the
new moment and the whole window drawn (``scripts/bench_replay.py --frame``)."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.replay import Timeline


class FrameBench:
    """A real client window (headless under SDL's dummy driver) showing one replay at a time."""

    def __init__(self, size: tuple[int, int]) -> None:
        from soupkitchen.client.app import App
        from soupkitchen.client.settings import Settings

        self.app = App(Settings(), size=size, fullscreen=False)

    def open(self, timeline: Timeline) -> Any:
        self.app.stack.scenes.clear()
        return Frame(self.app, self.app.stack.open("replay", timeline))


class Frame:
    def __init__(self, app: Any, scene: Any) -> None:
        self.app, self.scene = app, scene

    def seek(self, moment: int, eye: int | None) -> None:
        self.scene.player.set_eye(eye)
        self.scene.player.seek(moment)
        self.scene.draw(self.app.screen)

"""The frame loop: paced by asyncio at about 60 frames a second, leaving the loop free for networking."""

from __future__ import annotations

import asyncio

from soupkitchen.client.scenes.title import TitleScene


async def test_frames_are_paced_and_the_loop_stays_free(tmp_path, kit):
    from soupkitchen.client.app import App
    from soupkitchen.client.settings import Settings

    app = App(Settings(path=tmp_path / "s.json"), size=(1280, 720), fullscreen=False)
    ticks = 0

    async def network_like_work() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)  # real time: a socket's work arrives while frames are paced

    worker = asyncio.get_running_loop().create_task(network_like_work())
    asyncio.get_running_loop().call_later(1.0, lambda: setattr(app, "running", False))
    await app.run(TitleScene(app))
    worker.cancel()
    assert 1 <= app.frames <= 66, app.frames  # about 60 in one second (fewer on a loaded machine), never more
    assert ticks >= 2, ticks  # other coroutines ran between frames


async def test_quit_and_fullscreen_are_handled_by_the_shell(app, kit):
    app.stack.push(TitleScene(app))
    kit.press(app, "toggle_fullscreen")
    assert app.fullscreen and app.settings.fullscreen
    kit.press(app, "toggle_fullscreen")
    assert not app.fullscreen and app.screen_size == (1280, 720)
    kit.press(app, "quit")
    assert app.running is False


def test_interface_sounds_follow_the_volume_and_mute(app, kit):
    if not app.sounds.sounds:
        return  # no audio device at all: silence is the right answer
    app.stack.push(TitleScene(app))
    kit.press(app, "navigate", dy=1)
    assert app.sounds.played[-1:] == ["move"]
    app.settings.volume = 0
    app.clock.t += 1
    kit.press(app, "navigate", dy=1)
    assert app.sounds.played[-1:] == ["move"] and len(app.sounds.played) == 1  # volume 0
    app.settings.volume, app.settings.muted = 80, True
    app.clock.t += 1
    kit.press(app, "navigate", dy=1)
    assert len(app.sounds.played) == 1  # muted


def test_a_broken_screen_returns_to_the_title_with_an_explanation(app, kit):
    from soupkitchen.client.scenes.base import Scene

    class Broken(Scene):
        name = "broken_table"

        def draw(self, surface):
            raise KeyError("soup")

    app.stack.push(TitleScene(app))
    app.stack.push(Broken(app))
    app.step(1.0)
    assert [s.name for s in app.stack.scenes] == ["title", "dialog"]
    assert "broken table screen hit a problem" in app.stack.top.describe()["message"]
    app.step(1.1)  # the title and the message draw fine

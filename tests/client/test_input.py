"""Keyboard, mouse and gamepad events become the same game actions, tagged with their device."""

import asyncio

import pygame
import pytest

from soupkitchen.client.ui.input import InputAction, InputMapper


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


@pytest.fixture
def mapper():
    pygame.init()
    return InputMapper()


def kinds(actions):
    return [(a.kind, a.dx, a.dy, a.index) for a in actions]


def test_keyboard_navigation_select_back_and_table_keys(mapper):
    assert kinds(mapper.translate(key(pygame.K_DOWN))) == [("navigate", 0, 1, 0)]
    assert kinds(mapper.translate(key(pygame.K_a))) == [("navigate", -1, 0, 0)]
    assert mapper.translate(key(pygame.K_RETURN))[0].kind == "select"
    assert mapper.translate(key(pygame.K_ESCAPE))[0].kind == "back"
    assert mapper.translate(key(pygame.K_q))[0].kind == "rotate_left"
    assert mapper.translate(key(pygame.K_e))[0].kind == "rotate_right"
    assert mapper.translate(key(pygame.K_p))[0].kind == "pass"
    assert [mapper.translate(key(k))[0].kind for k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)] == [
        "more"
    ] * 3
    assert [mapper.translate(key(k))[0].kind for k in (pygame.K_MINUS, pygame.K_KP_MINUS)] == ["less"] * 2
    assert kinds(mapper.translate(key(pygame.K_2))) == [("emote", 0, 0, 1)]
    assert mapper.translate(key(pygame.K_F11))[0].kind == "toggle_fullscreen"
    assert mapper.translate(key(pygame.K_RETURN, pygame.KMOD_LALT))[0].kind == "toggle_fullscreen"
    assert kinds(mapper.translate(key(pygame.K_TAB, pygame.KMOD_LSHIFT))) == [("navigate", 0, -1, 0)]
    assert all(a.device == "keyboard" for a in mapper.translate(key(pygame.K_UP)))


def test_typing_in_a_text_field_does_not_trigger_game_keys(mapper):
    mapper.text_mode = True
    assert mapper.translate(key(pygame.K_p)) == []  # 'p' is a letter now, not "pass"
    assert mapper.translate(key(pygame.K_a)) == []
    typed = mapper.translate(pygame.event.Event(pygame.TEXTINPUT, text="p"))
    assert [(a.kind, a.text) for a in typed] == [("text", "p")]
    assert mapper.translate(key(pygame.K_BACKSPACE))[0].kind == "erase"
    assert mapper.translate(key(pygame.K_RETURN))[0].kind == "select"
    assert kinds(mapper.translate(key(pygame.K_DOWN))) == [("navigate", 0, 1, 0)]
    mapper.text_mode = False
    assert mapper.translate(pygame.event.Event(pygame.TEXTINPUT, text="p")) == []


def test_mouse_points_clicks_and_scrolls(mapper):
    moved = mapper.translate(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert moved == [InputAction("point", "mouse", pos=(10, 20))]
    clicked = mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3))
    assert clicked == [InputAction("click", "mouse", pos=(5, 6), button=3)]
    wheel = mapper.translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert wheel == [InputAction("scroll", "mouse", dy=-1)]


def test_controller_buttons_use_the_standard_layout_and_name_the_pad(mapper):
    down = lambda b: pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=b)  # noqa: E731
    assert mapper.translate(down(pygame.CONTROLLER_BUTTON_A)) == [InputAction("select", "pad:7")]
    assert mapper.translate(down(pygame.CONTROLLER_BUTTON_B)) == [InputAction("back", "pad:7")]
    assert mapper.translate(down(pygame.CONTROLLER_BUTTON_START)) == [InputAction("menu", "pad:7")]
    assert mapper.translate(down(pygame.CONTROLLER_BUTTON_LEFTSHOULDER))[0].kind == "rotate_left"
    assert kinds(mapper.translate(down(pygame.CONTROLLER_BUTTON_DPAD_LEFT))) == [("navigate", -1, 0, 0)]


def test_a_stick_push_is_one_step_until_it_returns_to_the_middle(mapper):
    axis = lambda v: pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=1, value=v)  # noqa: E731
    assert kinds(mapper.translate(axis(30000))) == [("navigate", 0, 1, 0)]
    assert mapper.translate(axis(32000)) == []  # still held: no repeat
    assert mapper.translate(axis(1000)) == []  # back to the middle
    assert kinds(mapper.translate(axis(-30000))) == [("navigate", 0, -1, 0)]
    right = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=2, value=32000)
    assert mapper.translate(right) == [InputAction("emote", "pad:2", index=2)]


def test_plain_joysticks_hats_and_buttons(mapper):
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=4, hat=0, value=(0, 1))
    assert mapper.translate(hat) == [InputAction("navigate", "pad:4", dy=-1)]
    button = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=4, button=0)
    assert mapper.translate(button) == [InputAction("select", "pad:4")]


def test_unplugging_a_pad_is_reported(mapper):
    mapper.pads[9] = "Test Pad"
    assert mapper.translate(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=9)) == []
    assert 9 not in mapper.pads
    assert mapper.hotplug == ["Test Pad disconnected"]


def test_unknown_action_kinds_are_refused():
    with pytest.raises(ValueError):
        InputAction("teleport")


def test_a_pad_that_cannot_be_opened_is_ignored(mapper):
    ghost = pygame.event.Event(pygame.JOYDEVICEADDED, device_index=7, guid="")
    assert mapper.translate(ghost) == []
    assert mapper.pads == {} and mapper.hotplug == []


# --- a pad plugged in while the client runs ---------------------------------------------------------
class FakeJoystick:
    """What pygame opens for the pad SDL announces at ``device_index``."""

    def __init__(self, device_index: int, name: str = "Couch Pad") -> None:
        self.device_index = device_index
        self.name = name

    def get_instance_id(self) -> int:
        return 40 + self.device_index

    def get_name(self) -> str:
        return self.name


class FakeController:
    """A pad SDL knows as a game controller (standard button layout)."""

    def __init__(self, device_index: int) -> None:
        self.name = "Fake Gamepad"
        self._joystick = FakeJoystick(device_index, self.name)

    def as_joystick(self) -> FakeJoystick:
        return self._joystick


class FakeControllerModule:
    """Stands in for pygame._sdl2.controller: the pads at ``controllers`` are game controllers."""

    def __init__(self, controllers: set[int]) -> None:
        self.controllers = controllers
        self.Controller = FakeController

    def is_controller(self, device_index: int) -> bool:
        return device_index in self.controllers


def table_on_my_turn(app):
    """A Too Many Cooks table in the app, the shown chef to play."""
    from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
    from tests.tables.fake_session import FakeSession
    from tests.tables.test_tmc_table import others_play_until_my_turn

    session = FakeSession("too-many-cooks", players=2, seat=0)
    session.everyone_ready()
    others_play_until_my_turn(session)
    scene = app.stack.push(TooManyCooksTable(app, session))
    return session, scene


async def events(app, *posted):
    """Put events on pygame's queue, let the app read them, and run what they started."""
    for event in posted:
        pygame.event.post(event)
    app.pump()
    if app.tasks:
        await asyncio.gather(*list(app.tasks))


async def test_a_plain_joystick_plugged_in_mid_game_drives_the_table(app, monkeypatch):
    monkeypatch.setattr(pygame.joystick, "Joystick", FakeJoystick)
    monkeypatch.setattr(app.input, "_controller_module", lambda: FakeControllerModule(set()))
    session, scene = table_on_my_turn(app)
    await events(app, pygame.event.Event(pygame.JOYDEVICEADDED, device_index=2, guid=""))
    assert app.input.pads == {42: "Couch Pad"}
    assert [t.message for t in app.toasts] == ["Couch Pad connected"]
    await events(
        app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=42, button=0)
    )  # the focus to the soup
    assert scene.describe()["focus"] == "cell:0:0"
    await events(app, pygame.event.Event(pygame.JOYHATMOTION, instance_id=42, hat=0, value=(1, 0)))
    assert scene.describe()["focus"] == "cell:0:1"
    await events(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=42, button=2))  # the second button
    assert scene.describe()["moves_open"]
    await events(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=42, button=1))  # back to the table
    assert not scene.describe()["moves_open"]
    await events(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=42, button=0))  # pick the card
    assert scene.describe()["picked"] == ["cell:0:1"]
    await events(
        app, pygame.event.Event(pygame.JOYHATMOTION, instance_id=42, hat=0, value=(-1, 0))
    )  # a spare
    await events(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=42, button=0))  # swap it
    assert [seat for seat, action in session.acted if action["type"] == "change"] == [0]


async def test_a_game_controller_plugged_in_acts_once_per_press_and_can_leave(app, monkeypatch):
    monkeypatch.setattr(app.input, "_controller_module", lambda: FakeControllerModule({3}))
    session, scene = table_on_my_turn(app)
    # SDL announces a game controller twice: as a joystick and as a controller
    await events(
        app,
        pygame.event.Event(pygame.JOYDEVICEADDED, device_index=3, guid=""),
        pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=3, guid=""),
    )
    assert app.input.pads == {43: "Fake Gamepad"}
    assert [t.message for t in app.toasts] == ["Fake Gamepad connected"]
    # one press of A comes as a controller button and its raw joystick twin: one select, not two
    await events(
        app,
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=43, button=pygame.CONTROLLER_BUTTON_A),
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=43, button=0),
    )
    assert scene.describe()["focus"] == "cell:0:0" and session.acted == []
    await events(
        app,
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=43, button=pygame.CONTROLLER_BUTTON_A),
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=43, button=0),
    )
    assert scene.describe()["picked"] == ["cell:0:0"] and session.acted == []
    await events(
        app,
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=43, button=pygame.CONTROLLER_BUTTON_X),
    )
    assert scene.describe()["moves_open"]
    await events(
        app,
        pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=43),
        pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=43),
    )
    assert app.input.pads == {}
    assert [t.message for t in app.toasts][-1] == "Fake Gamepad disconnected"

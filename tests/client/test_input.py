"""Keyboard, mouse and gamepad events become the same game actions, tagged with their device."""

import pygame
import pytest

from client.input import InputAction, InputMapper


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
    assert kinds(mapper.translate(key(pygame.K_2))) == [("emote", 0, 0, 1)]
    assert mapper.translate(key(pygame.K_F11))[0].kind == "toggle_fullscreen"
    assert mapper.translate(key(pygame.K_RETURN, pygame.KMOD_LALT))[0].kind == "toggle_fullscreen"
    assert kinds(mapper.translate(key(pygame.K_TAB, pygame.KMOD_LSHIFT))) == [("navigate", 0, -1, 0)]
    assert all(a.device == "keyboard" for a in mapper.translate(key(pygame.K_UP)))


def test_typing_in_a_text_field_does_not_trigger_game_keys(mapper):
    mapper.text_mode = True
    assert mapper.translate(key(pygame.K_p)) == []           # 'p' is a letter now, not "pass"
    assert mapper.translate(key(pygame.K_a)) == []
    typed = mapper.translate(pygame.event.Event(pygame.TEXTINPUT, text="p"))
    assert [(a.kind, a.text) for a in typed] == [("text", "p")]
    assert mapper.translate(key(pygame.K_BACKSPACE))[0].kind == "erase"
    assert mapper.translate(key(pygame.K_RETURN))[0].kind == "select"
    assert kinds(mapper.translate(key(pygame.K_DOWN))) == [("navigate", 0, 1, 0)]
    mapper.text_mode = False
    assert mapper.translate(pygame.event.Event(pygame.TEXTINPUT, text="p")) == []


def test_mouse_points_clicks_and_scrolls(mapper):
    moved = mapper.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(1, 1), buttons=(0, 0, 0)))
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
    assert mapper.translate(axis(32000)) == []        # still held: no repeat
    assert mapper.translate(axis(1000)) == []         # back to the middle
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

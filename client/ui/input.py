"""Raw pygame events (mouse, keyboard, gamepads with hotplug) become the game's own InputActions.

This is the one place that knows about keys and buttons. Everything else reacts to actions:
``navigate`` (dx, dy), ``select``, ``back``, ``menu``, ``point`` (pos), ``click`` (pos, button),
``release`` (pos: the left button let go, ending a drag), ``scroll`` (dy), ``alt``, ``emote`` (index 0-2),
``pass``, ``rotate_left``, ``rotate_right``, ``handoff``, ``toggle_fullscreen``, ``screenshot``, ``help`` (F1:
how to play), ``more`` and ``less`` (the + and - keys: one more or one fewer of something counted),
``where_am_i`` and ``what_changed`` (F2, F3: said aloud), and for text fields ``text`` (text), ``erase`` and
``edit`` (text: an editing command such as ``left``, ``select_all`` or ``paste``). Each action
carries the device it came from: ``"keyboard"``, ``"mouse"`` or ``"pad:<instance id>"`` (couch play
binds seats to pads). Tests build InputActions directly.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from soupkitchen.client.words import _

log = logging.getLogger(__name__)

KINDS = frozenset(
    {
        "navigate",
        "select",
        "back",
        "menu",
        "point",
        "click",
        "release",
        "scroll",
        "alt",
        "emote",
        "pass",
        "rotate_left",
        "rotate_right",
        "handoff",
        "toggle_fullscreen",
        "screenshot",
        "text",
        "erase",
        "edit",
        "help",
        "quit",
        "more",
        "less",
        "where_am_i",
        "what_changed",
    }
)


@dataclass(frozen=True)
class InputAction:
    """One thing a player asked for, whatever device they used."""

    kind: str
    device: str = "keyboard"
    dx: int = 0
    dy: int = 0
    pos: tuple[int, int] | None = None
    button: int = 1
    index: int = 0
    text: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown input action {self.kind!r}")


def nav(dx: int, dy: int, device: str = "keyboard") -> InputAction:
    return InputAction("navigate", device, dx=dx, dy=dy)


KEY_NAV = {
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_w: (0, -1),
    pygame.K_s: (0, 1),
    pygame.K_a: (-1, 0),
    pygame.K_d: (1, 0),
}
KEY_ACTIONS = {
    pygame.K_RETURN: "select",
    pygame.K_KP_ENTER: "select",
    pygame.K_SPACE: "select",
    pygame.K_ESCAPE: "back",
    pygame.K_F10: "menu",
    pygame.K_m: "menu",
    pygame.K_x: "alt",
    pygame.K_p: "pass",
    pygame.K_q: "rotate_left",
    pygame.K_e: "rotate_right",
    pygame.K_h: "handoff",
    pygame.K_F11: "toggle_fullscreen",
    pygame.K_F12: "screenshot",
    pygame.K_F1: "help",
    pygame.K_BACKSPACE: "erase",
    pygame.K_F2: "where_am_i",
    pygame.K_F3: "what_changed",  # client/access: the two keys of every screen
    pygame.K_PLUS: "more",
    pygame.K_EQUALS: "more",
    pygame.K_KP_PLUS: "more",
    pygame.K_MINUS: "less",
    pygame.K_KP_MINUS: "less",
}
KEY_EMOTES = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2}
# Editing keys of a focused text field (Shift extends the selection from the cursor keys).
EDIT_KEYS = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_HOME: "home", pygame.K_END: "end"}
EDIT_CTRL = {pygame.K_a: "select_all", pygame.K_c: "copy", pygame.K_x: "cut", pygame.K_v: "paste"}
# Keys that keep their meaning while a text field is being typed into.
TEXT_MODE_KEYS = {
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_ESCAPE,
    pygame.K_F1,
    pygame.K_F2,
    pygame.K_F3,
    pygame.K_F10,
    pygame.K_F11,
    pygame.K_F12,
    pygame.K_BACKSPACE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
}

# SDL game-controller buttons (standard layout, whatever the pad).
PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "select",
    pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "alt",
    pygame.CONTROLLER_BUTTON_Y: "pass",
    pygame.CONTROLLER_BUTTON_START: "menu",
    pygame.CONTROLLER_BUTTON_BACK: "handoff",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "rotate_left",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rotate_right",
}
PAD_DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
}
# Plain joysticks that SDL does not know as game controllers: the usual layout.
JOY_BUTTONS = {
    0: "select",
    1: "back",
    2: "alt",
    3: "pass",
    4: "rotate_left",
    5: "rotate_right",
    6: "handoff",
    7: "menu",
}

STICK_THRESHOLD = 0.55  # fraction of full deflection that counts as a push
STICK_RELEASE = 0.3  # below this the stick is back in the middle


def text_edit_command(key: int, mod: int) -> str:
    """The editing command a key stands for in a text field ('' if none)."""
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        return EDIT_CTRL.get(key, "")
    if key == pygame.K_DELETE:
        return "delete"
    if key in EDIT_KEYS:
        return ("select_" if mod & pygame.KMOD_SHIFT else "") + EDIT_KEYS[key]
    return ""


class InputMapper:
    """Turns pygame events into InputActions and keeps track of the pads plugged in."""

    def __init__(self) -> None:
        self.text_mode = False  # a text field has focus: letters are typing, not actions
        self.pads: dict[int, str] = {}  # instance id -> pad name
        self._controllers: dict[int, object] = {}
        self._joysticks: dict[int, pygame.joystick.JoystickType] = {}
        self._stick: dict[tuple[int, int], int] = {}  # (instance, axis) -> -1/0/1 last direction
        self.hotplug: list[str] = []  # human-readable notes ("Pad 1 connected") for a toast

    # --- devices -------------------------------------------------------------------------------
    def _controller_module(self):
        try:
            from pygame._sdl2 import controller
        except ImportError:  # pragma: no cover - pygame-ce always ships it
            return None
        if not controller.get_init():
            controller.init()
        return controller

    def _add_device(self, device_index: int) -> None:
        controller = self._controller_module()
        try:
            if controller is not None and controller.is_controller(device_index):
                pad = controller.Controller(device_index)
                joystick = pad.as_joystick()
                instance = joystick.get_instance_id()
                self._controllers[instance] = pad
                self.pads[instance] = pad.name or "Gamepad"
            else:
                joystick = pygame.joystick.Joystick(device_index)
                instance = joystick.get_instance_id()
                self._joysticks[instance] = joystick
                self.pads[instance] = joystick.get_name() or "Joystick"
        except pygame.error as err:
            log.warning("could not open gamepad %s: %s", device_index, err)
            return
        self.hotplug.append(_("{pad} connected").format(pad=self.pads[instance]))
        log.info("gamepad %s connected: %s", instance, self.pads[instance])

    def _remove_device(self, instance: int) -> None:
        name = self.pads.pop(instance, None)
        self._controllers.pop(instance, None)
        self._joysticks.pop(instance, None)
        if name:
            self.hotplug.append(_("{pad} disconnected").format(pad=name))
            log.info("gamepad %s disconnected", instance)

    # --- translation ---------------------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> list[InputAction]:
        """The actions one pygame event stands for (often none)."""
        t = event.type
        if t == pygame.QUIT:
            return [InputAction("quit")]
        if t == pygame.KEYDOWN:
            return self._key(event)
        if t == pygame.TEXTINPUT:
            return [InputAction("text", text=event.text)] if self.text_mode else []
        if t == pygame.MOUSEMOTION:
            return [InputAction("point", "mouse", pos=tuple(event.pos))]
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return [InputAction("click", "mouse", pos=tuple(event.pos), button=event.button)]
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            return [InputAction("release", "mouse", pos=tuple(event.pos))]
        if t == pygame.MOUSEWHEEL:
            return [InputAction("scroll", "mouse", dy=-int(event.y))] if event.y else []
        if t == pygame.CONTROLLERDEVICEADDED or t == pygame.JOYDEVICEADDED:
            if t == pygame.JOYDEVICEADDED:
                self._add_device(event.device_index)
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self._remove_device(event.instance_id)
            return []
        if t == pygame.CONTROLLERBUTTONDOWN:
            return self._pad_button(event.instance_id, event.button)
        if t == pygame.CONTROLLERAXISMOTION:
            return self._pad_axis(event.instance_id, event.axis, event.value / 32767.0, controller=True)
        if event.__dict__.get("instance_id") in self._controllers:
            return []  # a known game controller: its JOY* twins are ignored
        if t == pygame.JOYBUTTONDOWN:
            kind = JOY_BUTTONS.get(event.button)
            return [InputAction(kind, f"pad:{event.instance_id}")] if kind else []
        if t == pygame.JOYHATMOTION:
            dx, dy = event.value
            return [nav(dx, -dy, f"pad:{event.instance_id}")] if (dx or dy) else []
        if t == pygame.JOYAXISMOTION:
            return self._pad_axis(event.instance_id, event.axis, event.value, controller=False)
        return []

    def _key(self, event: pygame.event.Event) -> list[InputAction]:
        key = event.key
        alt = bool(event.mod & pygame.KMOD_ALT)
        if key == pygame.K_RETURN and alt:
            return [InputAction("toggle_fullscreen")]
        if self.text_mode:
            command = text_edit_command(key, event.mod)
            if command:
                return [InputAction("edit", text=command)]
            if key not in TEXT_MODE_KEYS:
                return []
        if key == pygame.K_TAB:
            return [nav(0, -1 if event.mod & pygame.KMOD_SHIFT else 1)]
        if key in KEY_NAV and not (self.text_mode and key in (pygame.K_LEFT, pygame.K_RIGHT)):
            return [nav(*KEY_NAV[key])]
        if key in KEY_ACTIONS:
            return [InputAction(KEY_ACTIONS[key])]
        if key in KEY_EMOTES:
            return [InputAction("emote", index=KEY_EMOTES[key])]
        return []

    def _pad_button(self, instance: int, button: int) -> list[InputAction]:
        device = f"pad:{instance}"
        if button in PAD_DPAD:
            return [nav(*PAD_DPAD[button], device)]
        kind = PAD_BUTTONS.get(button)
        return [InputAction(kind, device)] if kind else []

    def _pad_axis(self, instance: int, axis: int, value: float, controller: bool) -> list[InputAction]:
        """Sticks act like a d-pad (left stick) or the emote wheel (right stick): one action per push."""
        key = (instance, axis)
        previous = self._stick.get(key, 0)
        if abs(value) < STICK_RELEASE:
            self._stick[key] = 0
            return []
        if abs(value) < STICK_THRESHOLD:
            return []
        direction = 1 if value > 0 else -1
        if direction == previous:
            return []
        self._stick[key] = direction
        device = f"pad:{instance}"
        if axis in (0, 1):
            return [nav(direction, 0, device) if axis == 0 else nav(0, direction, device)]
        if controller and axis in (2, 3):
            # right stick: left / up / right are the three emotes
            if axis == 2:
                return [InputAction("emote", device, index=0 if direction < 0 else 2)]
            if direction < 0:
                return [InputAction("emote", device, index=1)]
        return []

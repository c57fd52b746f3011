"""Which legal actions a click on the table can mean: each action names the objects it involves, in
the order a player touches them (a drawn card, then the pile it goes on); clicking them one by one
narrows the legal actions down to one, or to a few offered in a small menu at the last object."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]
Path = tuple[str, ...]


@dataclass
class Choosing:
    """The objects picked so far this move and the menu open, if any."""

    picked: Path = ()
    menu: list[Action] = field(default_factory=list)
    menu_at: str | None = None  # the key of the object the menu opened at
    menu_focus: Action | None = None  # the menu item the keys point at
    confirm: Action | None = None  # the move the open menu asks to confirm (it cannot be taken back)

    def close_menu(self) -> None:
        self.menu, self.menu_at, self.menu_focus, self.confirm = [], None, None, None

    def reset(self) -> None:
        self.picked = ()
        self.close_menu()


def candidates(
    actions: list[Action], path_of: Callable[[Action], Path], picked: Path
) -> list[tuple[Action, Path]]:
    """The legal actions (with their paths) that go through the objects picked so far."""
    found = []
    for action in actions:
        path = tuple(path_of(action))
        if path and path[: len(picked)] == picked and len(path) > len(picked):
            found.append((action, path))
    return found


def usable(actions: list[Action], path_of: Callable[[Action], Path], picked: Path) -> dict[str, list[Action]]:
    """The objects that can be touched next, each with the legal actions it leads to."""
    found: dict[str, list[Action]] = {}
    for action, path in candidates(actions, path_of, picked):
        found.setdefault(path[len(picked)], []).append(action)
    return found


def touch(
    choosing: Choosing, key: str, actions: list[Action], path_of: Callable[[Action], Path]
) -> Action | None:
    """The player touched object ``key``: the one action it completes (played by the caller), or None
    after picking it or opening the menu of the actions it completes."""
    leads = usable(actions, path_of, choosing.picked).get(key, [])
    if not leads:
        return None
    picked = (*choosing.picked, key)
    complete = [action for action in leads if tuple(path_of(action)) == picked]
    if len(complete) == 1 and len(leads) == 1:
        choosing.reset()
        return complete[0]
    choosing.picked = picked if len(complete) < len(leads) else picked[:-1]
    if complete:
        choosing.menu, choosing.menu_at, choosing.menu_focus = complete, key, complete[0]
    return None

"""The accessibility tree as plain data: nodes with an id, a role, a name, a value, the actions a
reader may invoke and children. It is what the adapter hands the platform and what
``soupkitchen --accessibility-tree FILE`` writes as JSON."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

Do = Callable[[], Any]

# The roles the builders use (the adapter maps each to the platform's own).
ROLES = frozenset(
    {
        "window",
        "group",
        "heading",
        "label",
        "status",
        "timer",
        "log",
        "list",
        "list_item",
        "grid",
        "row",
        "cell",
        "button",
        "check_box",
        "combo_box",
        "text_input",
        "tab",
        "dialog",
        "image",
    }
)
CLICK, FOCUS, INCREMENT, DECREMENT = "click", "focus", "increment", "decrement"


@dataclass(slots=True)
class Node:
    """One thing a reader can find: ``do`` maps each action's name to what it does."""

    id: str
    role: str
    name: str = ""
    value: str = ""
    children: list[Node] = field(default_factory=list)
    do: dict[str, Do] = field(default_factory=dict)
    live: str = ""  # "polite" or "assertive": a region whose changes are read out
    checked: bool | None = None  # a toggle's state
    disabled: bool = False
    row: int | None = None  # a grid cell's place, from 0
    col: int | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")

    @property
    def actions(self) -> list[str]:
        return sorted(self.do)

    def add(self, *children: Node | None) -> Node:
        """Append the children given (None is skipped); this node, for chaining."""
        self.children.extend(child for child in children if child is not None)
        return self

    def walk(self) -> Iterator[Node]:
        """This node and every node under it, depth first, in reading order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, node_id: str) -> Node | None:
        return next((node for node in self.walk() if node.id == node_id), None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "role": self.role,
            "name": self.name,
            "value": self.value,
            "actions": self.actions,
            "children": [child.to_json() for child in self.children],
        }
        if self.checked is not None:
            data["checked"] = self.checked
        if self.live:
            data["live"] = self.live
        return data

    def words(self) -> Iterator[str]:
        """Every word the tree says (names and values), for the tests that look for secrets."""
        for node in self.walk():
            yield node.name
            yield node.value


def button(node_id: str, name: str, do: Do | None, value: str = "") -> Node:
    """A button (disabled when there is nothing to do)."""
    return Node(node_id, "button", name, value, do={CLICK: do} if do is not None else {}, disabled=do is None)


def items(node_id: str, role: str, name: str, lines: list[str], item_role: str = "list_item") -> Node:
    """A list (or a log) of lines, each an item of its own."""
    return Node(
        node_id,
        role,
        name,
        value=str(len(lines)),
        children=[Node(f"{node_id}.{i}", item_role, line) for i, line in enumerate(lines)],
    )


def with_value(root: Node, node_id: str, value: str) -> Node:
    """``root`` with the node ``node_id`` given ``value``: that node and those above it are new, every
    other node is shared (a tree, once handed to the adapter, is never changed in place)."""
    if root.id == node_id:
        return replace(root, value=value)
    for i, child in enumerate(root.children):
        found = with_value(child, node_id, value)
        if found is not child:
            return replace(root, children=[*root.children[:i], found, *root.children[i + 1 :]])
    return root


def unique(root: Node) -> Node:
    """``root`` with any repeated id made unique (a builder's slip must not merge two nodes)."""
    seen: set[str] = set()
    for node in root.walk():
        base, count = node.id, 1
        while node.id in seen:
            count += 1
            node.id = f"{base}#{count}"
        seen.add(node.id)
    return root

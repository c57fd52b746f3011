"""Every screen that is not a table, as nodes: a form's heading and its widgets (buttons, toggles,
choices, text fields, lists, labels) with the actions a reader may invoke, each doing what the
keyboard does to it; any other screen by what it says it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.client.access.tree import CLICK, DECREMENT, FOCUS, INCREMENT, Node
from soupkitchen.client.ui.choice import Choice
from soupkitchen.client.ui.textfield import TextField
from soupkitchen.client.ui.widgets import Button, FocusGroup, Label, ListView, Toggle, Widget
from soupkitchen.client.words import _, worded


def widget_id(widget: Widget) -> str:
    return f"w:{widget.key}"


def focused_id(scene: Any) -> str | None:
    """The node of the widget that has the keyboard focus on a form screen."""
    form = getattr(scene, "form", None)
    focused = form.focused if isinstance(form, FocusGroup) else None
    return widget_id(focused) if focused is not None else None


def form_nodes(scene: Any, changed: Callable[[], None]) -> list[Node]:
    """A form screen's heading, subheading, message and widgets."""
    nodes: list[Node] = []
    heading = getattr(scene, "heading", "")
    if heading:
        nodes.append(Node("heading", "heading", worded(heading)))
    for key in ("subheading", "message"):
        words = getattr(scene, key, "")
        if isinstance(words, str) and words:
            nodes.append(Node(key, "label", worded(words)))
    form: FocusGroup = scene.form
    for index, widget in enumerate(form.widgets):
        if widget.visible:
            nodes.append(widget_node(form, index, widget, changed))
    return nodes


def widget_node(form: FocusGroup, index: int, widget: Widget, changed: Callable[[], None]) -> Node:
    """One widget, its actions doing what Enter and the arrows do to it."""

    def focus() -> None:
        form.focus_on(widget.key)
        changed()

    def acting(do: Callable[[], Any]) -> Callable[[], None]:
        def act() -> None:
            form.focus_on(widget.key)
            do()
            changed()

        return act

    node_id = widget_id(widget)
    usable = widget.enabled and widget.focusable
    base = {FOCUS: focus} if usable else {}
    if isinstance(widget, Toggle):
        return Node(
            node_id,
            "check_box",
            widget.label,
            _("on") if widget.value else _("off"),
            do={**base, CLICK: acting(widget.activate)} if usable else {},
            checked=widget.value,
            disabled=not usable,
        )
    if isinstance(widget, Choice):
        names = widget.names(widget.value) if widget.values else ""
        do = (
            {
                **base,
                CLICK: acting(lambda: widget.step(1)),
                INCREMENT: acting(lambda: widget.step(1)),
                DECREMENT: acting(lambda: widget.step(-1)),
            }
            if usable
            else {}
        )
        return Node(node_id, "combo_box", widget.label, str(names), do=do, disabled=not usable)
    if isinstance(widget, TextField):
        value = "•" * len(widget.value) if widget.secret else widget.value
        return Node(node_id, "text_input", widget.label, value, do=base, disabled=not usable)
    if isinstance(widget, ListView):
        return list_node(form, widget, node_id, changed)
    if isinstance(widget, Button):
        words = widget.label + (f" ({widget.hint})" if widget.hint else "")
        return Node(
            node_id,
            "button",
            words,
            do={**base, CLICK: acting(widget.activate)} if usable else {},
            disabled=not usable,
        )
    if isinstance(widget, Label):
        return Node(node_id, "label", widget.words)
    return Node(
        node_id,
        "button" if usable else "label",
        widget.describe(),
        do={**base, CLICK: acting(widget.activate)} if usable else {},
    )


def list_node(form: FocusGroup, widget: ListView, node_id: str, changed: Callable[[], None]) -> Node:
    """A list of rows, each one chosen (as Enter on it does) by its click."""
    node = Node(
        node_id,
        "list",
        widget.key.replace("_", " "),
        str(len(widget.rows)),
        do={FOCUS: lambda: (form.focus_on(widget.key), changed())},
    )
    if not widget.rows:
        node.add(Node(f"{node_id}.empty", "label", _(widget.empty)))
    for i, row in enumerate(widget.rows):

        def choose(i: int = i) -> None:
            form.focus_on(widget.key)
            widget.selected = i
            widget.activate()
            changed()

        node.add(
            Node(
                f"{node_id}.{i}",
                "list_item",
                row.replace("\t", ", "),
                do={CLICK: choose} if widget.on_activate is not None else {},
            )
        )
    return node


def other_nodes(scene: Any) -> list[Node]:
    """A screen with no form: what its description says, one line a fact."""
    facts = scene.describe() if hasattr(scene, "describe") else {}
    lines = [
        f"{key}: {value}" for key, value in facts.items() if key != "scene" and value not in (None, "", [])
    ]
    words = facts.get("words") if isinstance(facts, dict) else None
    if isinstance(words, str):
        return [Node("status", "status", worded(words))]
    return [Node(f"fact{i}", "label", line) for i, line in enumerate(lines)]

"""The adapter: the tree handed to AccessKit as its nodes (roles, names, values, actions, live regions,
toggles, grid places), a screen reader's requests coming back as (node, action), only what changed
sent again; a release of accesskit not tested, a missing one or an adapter that cannot start leave
the game as it was; ``--accessibility-tree`` writes the tree beside ``--screenshot``."""

from __future__ import annotations

import json
from importlib import metadata
from types import SimpleNamespace

import pytest

from soupkitchen.client.access import adapter as adapter_module
from soupkitchen.client.access.adapter import AccessKitAdapter, Recorder, fenced_accesskit, open_adapter
from soupkitchen.client.access.tree import CLICK, Node, button, with_value
from soupkitchen.client.app import App
from soupkitchen.client.settings import Settings
from tests.client.test_cli import run

accesskit = pytest.importorskip("accesskit")


def small_tree(value: str = "4:59") -> Node:
    root = Node("root", "window", "Soup Kitchen")
    grid = Node("soup", "grid", "The soup")
    grid.add(
        Node("soup.r0", "row", "Row 1").add(
            Node("soup.r0c0", "cell", "row 1, column 1: red pepper", row=0, col=0)
        )
    )
    clicked = []
    root.add(
        Node("timer", "timer", "Time left", value),
        grid,
        Node("speech", "check_box", "Speech", "off", checked=False),
        button("ready", "Ready", lambda: clicked.append("ready")),
        Node("announcement", "status", "Announcements", "Your turn.", live="polite"),
    )
    return root


def test_the_tree_becomes_accesskits_nodes_and_a_readers_click_comes_back_for_the_frame_loop():
    made = AccessKitAdapter(accesskit, "Soup Kitchen")  # no AT-SPI bus here: it starts, and waits
    assert not made.active
    made.push(small_tree(), "ready")
    update = made._activate()  # what AccessKit's thread does when a screen reader asks for the tree
    assert made.active
    nodes = dict(update.nodes)
    assert len(nodes) == 8 and update.focus == made._id("ready")
    assert update.tree.root == made._id("root")
    cell = nodes[made._id("soup.r0c0")]
    assert cell.role == accesskit.Role.CELL and cell.label == "row 1, column 1: red pepper"
    assert cell.row_index == 0 and cell.column_index == 0
    assert nodes[made._id("soup")].children == [made._id("soup.r0")]
    ready = nodes[made._id("ready")]
    assert ready.role == accesskit.Role.BUTTON and ready.supports_action(accesskit.Action.CLICK)
    assert nodes[made._id("timer")].value == "4:59" and nodes[made._id("timer")].role == accesskit.Role.TIMER
    assert nodes[made._id("announcement")].live == accesskit.Live.POLITE
    assert nodes[made._id("speech")].toggled == accesskit.Toggled.FALSE
    made._act(SimpleNamespace(action=accesskit.Action.CLICK, target=made._id("ready"), data=None))
    made._act(SimpleNamespace(action=accesskit.Action.FOCUS, target=made._id("soup.r0c0"), data=None))
    made._act(SimpleNamespace(action=accesskit.Action.CLICK, target=99999, data=None))  # no such node
    assert made.take_requests() == [("ready", "click"), ("soup.r0c0", "focus")]
    assert made.take_requests() == []
    again = made._update(small_tree("4:58"), "ready", full=False)
    assert [node_id for node_id, _node in again.nodes] == [made._id("timer")], (
        "only what changed is sent again"
    )
    made.window_focused(True)
    made.close()


def test_a_subtree_pushed_before_is_not_read_again_and_a_new_timer_face_sends_only_the_timer():
    made = AccessKitAdapter(accesskit, "Soup Kitchen")
    first = small_tree()
    made.push(first, "ready")
    made._activate()
    soup = first.find("soup")
    assert soup is not None
    soup.children[0].children[0].name = "changed behind the adapter's back"  # never done: to tell
    kept = Node("root", "window", "Soup Kitchen").add(*first.children)  # a new root, the same zones
    update = made._update(kept, "ready", full=False)
    assert [node_id for node_id, _node in update.nodes] == [], "the soup is the very subtree sent before"
    ticked = with_value(kept, "timer", "4:58")
    assert ticked is not kept and ticked.find("soup") is soup and kept.find("timer").value == "4:59"
    update = made._update(ticked, "ready", full=False)
    assert [node_id for node_id, _node in update.nodes] == [made._id("timer")]


def test_a_release_not_tested_or_none_at_all_leaves_the_game_as_it_was(monkeypatch, caplog):
    monkeypatch.setattr(adapter_module.metadata, "version", lambda name: "0.8.0")
    assert fenced_accesskit() is None and "not a release this client was tested with" in caplog.text
    assert isinstance(open_adapter("Soup Kitchen"), Recorder)

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(adapter_module.metadata, "version", missing)
    assert fenced_accesskit() is None and isinstance(open_adapter("Soup Kitchen"), Recorder)


def test_an_adapter_that_cannot_start_leaves_a_game_that_plays_on(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("no bus")

    monkeypatch.setattr(adapter_module, "AccessKitAdapter", broken)
    app = App(Settings(), size=(1280, 720), fullscreen=False)
    assert isinstance(app.access.adapter, Recorder) and not app.access.adapter.active
    assert "could not start (no bus)" in caplog.text
    app.stack.open("title")
    assert app.step(1.0) and app.access.root is None, "nobody reads the tree: it is not even built"


def test_the_accessibility_tree_is_written_as_json_beside_the_screenshot(tmp_path):
    tree, shot = tmp_path / "tree.json", tmp_path / "shot.png"
    done = run(
        "--solo",
        "pink-soup",
        "--players",
        "2",
        "--windowed",
        "1280x720",
        "--screenshot",
        str(shot),
        "--accessibility-tree",
        str(tree),
        "--after",
        "4",
        tmp_path=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert shot.exists()
    root = json.loads(tree.read_text())
    assert {"id", "role", "name", "value", "actions", "children"} <= set(root)
    nodes = []

    def walk(node):
        nodes.append(node)
        for child in node["children"]:
            walk(child)

    walk(root)
    names = {node["id"]: node for node in nodes}
    assert names["table"]["name"] == "Pink Soup" and names["kitchen"]["role"] == "list"
    assert any(node["id"].startswith("pot:") for node in nodes)
    assert all(set(node["actions"]) <= {CLICK, "focus", "increment", "decrement"} for node in nodes)

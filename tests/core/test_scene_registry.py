"""Scenes are registered by id in one place and started by id through the scene stack."""

import pytest

from soupkitchen.client.scenes import SCENES
from soupkitchen.client.scenes.base import Scene, SceneStack, scene_class


def test_every_registered_id_names_a_scene_of_its_own():
    classes = [scene_class(scene_id) for scene_id in SCENES]
    assert all(issubclass(cls, Scene) for cls in classes)
    assert len(set(classes)) == len(classes)


def test_the_stack_starts_and_finds_a_scene_by_id():
    app = object()
    stack = SceneStack(app)
    dialog = stack.open("message", "Hello", "A message")
    assert stack.top is dialog and dialog.app is app and isinstance(dialog, scene_class("message"))
    assert stack.find("message") is dialog and stack.find("title") is None


def test_an_unknown_id_is_refused_in_plain_words():
    with pytest.raises(LookupError, match="no scene registered as 'nowhere'"):
        SceneStack().open("nowhere")

"""Scenes open one another by name through the App's registry (game.client.app.SCENES): every name the
code opens is registered, every registration loads a scene, and a wrong name fails loudly."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.client.app import SCENES
from game.client.games import GAMES
from game.client.scenes import MenuScene, Scene
from game.client.stage import Stage
from game.client.storage import Store

GAME = Path(__file__).resolve().parent.parent / "game"
BY_NAME = {"open", "make", "switch", "factory", "is_scene", "showing"}


def names_opened() -> dict[str, list[str]]:
    """Every string literal given as the scene name to the stage's by-name calls, with where it is."""
    found: dict[str, list[str]] = {}
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in BY_NAME):
                continue
            position = 1 if node.func.attr == "is_scene" else 0
            if len(node.args) > position and isinstance(node.args[position], ast.Constant) \
                    and isinstance(node.args[position].value, str):
                found.setdefault(node.args[position].value, []).append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    return found


@pytest.fixture
def app(make_app):
    application = make_app()
    yield application
    application.close()  # leaves every scene and saves, then quits pygame


def test_every_scene_name_in_the_code_is_registered():
    opened = names_opened()
    assert len(opened) >= 15, opened  # the scan found the calls (a broken scan would pass vacuously)
    missing = {name: where for name, where in opened.items() if name not in SCENES}
    assert not missing, missing


def test_every_game_card_opens_a_registered_scene():
    for entry in GAMES:
        assert entry.scene in SCENES, entry


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_registered_name_loads_what_builds_a_scene(name):
    factory = SCENES[name]()
    assert callable(factory)
    if isinstance(factory, type):
        assert issubclass(factory, Scene), name


def test_open_builds_the_named_scene_from_the_arguments_and_pushes_it(app):
    from game.client.coinland.setup import SetupScene
    from game.coinland.state import Mode

    app.open("title")
    scene = app.open("coinland.setup", Mode.DUEL)
    assert isinstance(scene, SetupScene) and scene.mode is Mode.DUEL and app.scene is scene
    assert app.is_scene(scene, "coinland.setup") and not app.is_scene(scene, "title")
    assert app.showing("title") and not app.showing("satoshi.menu")
    replaced = app.switch("coinland.setup", Mode.CLASSIC)
    assert app.scene is replaced and len(app.scenes) == 2 and replaced.mode is Mode.CLASSIC


def test_a_wrong_name_fails_loudly_naming_what_is_known(app):
    with pytest.raises(KeyError, match=r"no scene is registered as 'coinland\.paly'.*coinland\.play"):
        app.open("coinland.paly")
    assert app.scenes == []
    with pytest.raises(TypeError, match="built by a function"):
        app.is_scene(Scene(), "review")  # review_scene picks the class from the record


def test_a_stage_knows_only_the_scenes_it_is_given(tmp_path):
    class Hello(MenuScene):
        heading = "Hello"

    stage = Stage(store=Store(tmp_path), scenes={"hello": lambda: Hello})
    try:
        assert isinstance(stage.open("hello"), Hello)
        with pytest.raises(KeyError, match="known: hello"):
            stage.open("title")
    finally:
        stage.close()

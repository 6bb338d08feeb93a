"""The layers of game/ (docs/DEVELOPING.md, "Layers"): no import goes up a layer, none closes a circle,
and nothing below the client draws. The checker is scripts/import_graph.py; these tests run it on the
real package, and on small made-up packages to show that it catches each kind of breach."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from script_module import load_script

ig = load_script("import_graph")


def test_game_keeps_its_layers_and_has_no_import_circle():
    edges = ig.graph()
    assert len(edges) > 150  # the whole package was read, not an empty folder
    problems = ig.problems(edges)
    assert not problems, "\n".join(problems)


def test_every_module_of_game_is_in_a_layer():
    for module in ig.modules():
        ig.layer_of(module)  # raises for a module that no layer names


def test_the_client_is_above_the_engines_and_the_command_line_on_top():
    order = [ig.layer_of(m) for m in ("game.safeio", "game.coinland.rules", "game.coinland.solver",
                                      "game.records", "game.client.stage", "game.client.coinland.play",
                                      "game.client.app", "game.cli")]
    assert order == sorted(order) and len(set(order)) == len(order)
    assert ig.layer_of("game.bitcoin.ai.search") == ig.layer_of("game.coinland.ai.players")  # bots, both games
    assert ig.layer_of("game.client.coinland.tour_editor") == ig.layer_of("game.client.app")
    bots = ig.layer_of("game.coinland.solver")
    assert ig.layer_of("game.coinland.solver_search") == ig.layer_of("game.coinland.bounds_parts") == bots
    assert ig.layer_of("game.coinland.state") < bots and ig.layer_of("game.coinland.sharecode") < bots


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))
    for folder in {p.parent for p in root.rglob("*.py")}:
        (folder / "__init__.py").touch()
    return root / "game"


def test_a_circle_through_a_function_level_and_a_type_checking_import_is_found(tmp_path):
    package = _package(tmp_path, {
        "game/client/coinland/play.py": "from game.client.coinland import hud\n",
        "game/client/coinland/hud.py": """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from game.client.coinland.menus import pause
            """,
        "game/client/coinland/menus.py": """
            def pause():
                from .play import PlayScene  # relative, inside a function
            """,
        "game/client/coinland/alone.py": "import game.client.coinland.play\n",
    })
    edges = ig.graph(package)
    assert ig.circles(edges) == [["game.client.coinland.hud", "game.client.coinland.menus",
                                  "game.client.coinland.play"]]
    (problem,) = [p for p in ig.problems(edges) if "circle" in p and "known" not in p]
    assert "game.client.coinland.hud, game.client.coinland.menus, game.client.coinland.play" in problem
    assert "game.client.coinland.hud -> game.client.coinland.menus -> game.client.coinland.play" in problem


def test_an_import_up_a_layer_is_named_with_its_line(tmp_path):
    package = _package(tmp_path, {
        "game/coinland/rules.py": "import math\n\n\ndef legal():\n    from game.client.coinland import hud\n",
        "game/client/coinland/hud.py": "from game.coinland.rules import legal\n",  # down: allowed
        "game/client/stage.py": "from game.client.app import App\n",  # core importing the App: up
        "game/client/app.py": "",
    })
    edges = ig.graph(package)
    found = [(imp.source, imp.target, imp.line) for imp in ig.upward(edges)]
    assert sorted(found) == [("game.client.stage", "game.client.app", 1),
                             ("game.coinland.rules", "game.client.coinland.hud", 5)]
    assert any("game.coinland.rules (line 5, layer rules) imports game.client.coinland.hud (layer client scenes)" in p
               for p in ig.problems(edges))


def test_pygame_below_the_client_is_refused(tmp_path):
    package = _package(tmp_path, {
        "game/coinland/rules.py": "def draw():\n    import pygame.draw\n",
        "game/bitcoin/ai/search.py": "from pymunk import Space\n",
        "game/client/widgets.py": "import pygame\n",  # the client may
    })
    found = sorted((imp.source, imp.target) for imp in ig.drawing_imports(package))
    assert found == [("game.bitcoin.ai.search", "pymunk"), ("game.coinland.rules", "pygame")]


def test_a_known_circle_that_is_gone_must_leave_the_allowance(tmp_path, monkeypatch):
    package = _package(tmp_path, {"game/coinland/rules.py": ""})
    monkeypatch.setattr(ig, "KNOWN_CIRCLES", {frozenset({"game.a", "game.b"}): "someone removes it"})
    monkeypatch.setattr(ig, "drawing_imports", lambda: [])
    (problem,) = ig.problems(ig.graph(package))
    assert "game.a, game.b is gone" in problem and "remove it" in problem


@pytest.mark.parametrize("name", ["game.client.title", "game.client.coinland.play", "game.records.store"])
def test_the_script_prints_the_figures_and_exits_zero(name, capsys):
    assert ig.main([]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("circles") and " modules, " in out
    assert any(line.strip().startswith(f"{ig.layer_of(name)}.") for line in out.splitlines())

"""The App: the stage with every scene registered, and `run_app`, which opens the window.

This module sits above all the scenes and is the one place that knows them: each name in
SCENES maps to a loader that imports the scene's module when the scene is first opened
and returns what builds it (a class or a function). Scenes open one another by these
names (`self.app.open("coinland.setup", Mode.DUEL)`), so no scene module imports a scene
that opens it back, and the import graph has no circles (tests/test_layers.py checks).

The loaders import on demand so the title's first frame does not wait for the table, the
editor or the reviews (tests/test_startup.py checks what the first frame loads).
"""

from __future__ import annotations

from collections.abc import Callable

from game.client import worker
from game.client.stage import Factory, Loader, Scene, Stage
from game.client.storage import Store


# --- every screen shared by the games -------------------------------------------------------
def _title() -> Factory:
    from game.client.title import TitleScene
    return TitleScene


def _game_select() -> Factory:
    from game.client.game_select import GameSelectScene
    return GameSelectScene


def _settings() -> Factory:
    from game.client.settings_menu import SettingsScene
    return SettingsScene


def _recent_games() -> Factory:
    from game.client.review.recent_scene import RecentGamesScene
    return RecentGamesScene


def _review() -> Factory:
    from game.client.review import review_scene
    return review_scene


# --- Hoarder & Gatekeeper -------------------------------------------------------------------
def _coinland_modes() -> Factory:
    from game.client.coinland.menus import ModeSelectScene
    return ModeSelectScene


def _coinland_levels() -> Factory:
    from game.client.coinland.levels_menu import LevelSelectScene
    return LevelSelectScene


def _coinland_setup() -> Factory:
    from game.client.coinland.setup import SetupScene
    return SetupScene


def _coinland_rules() -> Factory:
    from game.client.coinland.rules_scene import RulesScene
    return RulesScene


def _coinland_play() -> Factory:
    from game.client.coinland.play import PlayScene
    return PlayScene


def _coinland_pause() -> Factory:
    from game.client.coinland.menus import pause_scene
    return pause_scene


def _coinland_interlude() -> Factory:
    from game.client.coinland.result import InterludeScene
    return InterludeScene


def _coinland_result() -> Factory:
    from game.client.coinland.result import ResultScene
    return ResultScene


# --- Finding Satoshi ------------------------------------------------------------------------
def _satoshi_menu() -> Factory:
    from game.client.satoshi.menu import SatoshiMenuScene
    return SatoshiMenuScene


def _satoshi_setup() -> Factory:
    from game.client.satoshi.setup import TableSetupScene
    return TableSetupScene


def _satoshi_rules() -> Factory:
    from game.client.satoshi.rules_scene import SatoshiRulesScene
    return SatoshiRulesScene


def _satoshi_saves() -> Factory:
    from game.client.satoshi.saves_scene import SavesScene
    return SavesScene


def _satoshi_table() -> Factory:
    from game.client.satoshi.table import TableScene
    return TableScene


def _satoshi_reveal() -> Factory:
    from game.client.satoshi.reveal import RevealScene
    return RevealScene


SCENES: dict[str, Loader] = {
    "title": _title,  # the first screen
    "game_select": _game_select,
    "settings": _settings,
    "recent_games": _recent_games,
    "review": _review,  # (record, source=""): the review scene that fits the record
    "coinland.modes": _coinland_modes,  # Hoarder & Gatekeeper's first screen
    "coinland.levels": _coinland_levels,
    "coinland.setup": _coinland_setup,  # (mode)
    "coinland.rules": _coinland_rules,  # (start=mode)
    "coinland.play": _coinland_play,  # (session, title, next_level=None)
    "coinland.pause": _coinland_pause,  # (play)
    "coinland.interlude": _coinland_interlude,  # (play, roles_swapped)
    "coinland.result": _coinland_result,  # (play)
    "satoshi.menu": _satoshi_menu,  # Finding Satoshi's first screen
    "satoshi.setup": _satoshi_setup,  # (watch=False)
    "satoshi.rules": _satoshi_rules,
    "satoshi.saves": _satoshi_saves,
    "satoshi.table": _satoshi_table,  # (session, watch=False, ...)
    "satoshi.reveal": _satoshi_reveal,  # (session, watch=..., on_close=...)
}


class App(Stage):
    """The stage with every scene of both games registered under its name."""

    def __init__(self, fullscreen: bool = False, store: Store | None = None) -> None:
        super().__init__(fullscreen=fullscreen, store=store, scenes=SCENES)


def run_app(fullscreen: bool = False, max_frames: int = 0, start: Callable[[], Scene] | None = None) -> int:
    """Open the window on the title screen (with `start()` on top when given, e.g. a game to watch).

    Returns the exit status for the command line.
    """
    from game.client import signals

    signals.stop_while_starting()  # before pygame starts: Ctrl-C and SIGTERM stop the start-up at once
    app = App(fullscreen=fullscreen)
    try:
        app.open("title")
        if start is not None:
            app.push(start())
        return app.run(max_frames)
    finally:
        worker.shutdown()  # no helper process outlives the window

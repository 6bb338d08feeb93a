"""A scripted tour of every scene, saving a PNG of each (scripts/screenshots).

Runs the real App headless (SDL's dummy driver unless a display is set) and drives it
frame by frame, so the pictures are exactly what a player would see.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pygame


def _frames(app, count: int) -> None:
    for _ in range(count):
        app.tick(1 / 60)


def _key(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    _frames(app, 2)


def _mouse(app, pos, click: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    if click:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    _frames(app, 2)


def tour(out: Path) -> list[Path]:
    from game.client.app import App
    from game.client.scenes.menus import GameSelectScene, LevelSelectScene, RulesScene, SettingsScene, SetupScene
    from game.client.scenes.play import PlayScene
    from game.client.scenes.title import TitleScene
    from game.client.sessions import DuelSession, MatchSession, PuzzleSession
    from game.client.storage import Store
    from game.coinland.levels import load_level
    from game.coinland.state import Mode

    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = App(store=Store(Path(tempfile.mkdtemp(prefix="coinland-tour-"))))

    def shot(name: str, frames: int = 30) -> None:
        _frames(app, frames)
        path = out / f"{len(saved) + 1:02d}-{name}.png"
        pygame.image.save(app.surface, str(path))
        saved.append(path)

    app.push(TitleScene())
    shot("title")
    app.push(GameSelectScene())
    shot("game-select")
    app.push(LevelSelectScene())
    shot("level-select")
    from game import LEVELS

    level = load_level(sorted(LEVELS.rglob("04-*.toml"))[0])
    play = PlayScene(PuzzleSession(level=level), f"Puzzle: {level.name}")
    app.push(play)
    shot("puzzle-start")
    _mouse(app, play.view.centre((0, -1)), click=True)
    _frames(app, 8)
    shot("puzzle-animating", frames=1)
    _frames(app, 90)
    _mouse(app, play.view.centre((0, -2)), click=False)
    shot("puzzle-hover")
    play.solve()
    shot("puzzle-solved", frames=600)
    app.pop()
    app.pop()
    app.push(SetupScene(Mode.CLASSIC))
    shot("classic-setup")
    app.pop()
    classic = PlayScene(MatchSession(seats=("human", "normal"), size=4), "Classic match")
    app.push(classic)
    _frames(app, 120)
    _mouse(app, classic.view.centre((1, 0)), click=True)
    shot("classic-play", frames=120)
    app.pop()
    duel = PlayScene(DuelSession(seats=("human", "easy"), size=4), "Duel")
    app.push(duel)
    _mouse(app, duel.view.centre((-2, 0)), click=True)
    _frames(app, 120)
    a, b = duel.view.edge_points(((0, 0), (1, 0)))
    _mouse(app, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), click=False)
    shot("duel-play", frames=60)
    duel.pause()
    shot("pause")
    app.pop()
    app.pop()
    app.push(SettingsScene())
    shot("settings")
    app.pop()
    app.push(RulesScene())
    shot("rules", frames=80)
    for _ in range(4):
        _key(app, pygame.K_RIGHT)
    shot("rules-duel", frames=10)
    pygame.quit()
    return saved


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("shots")
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for path in tour(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A scripted tour of every scene, saving a PNG of each (scripts/screenshots).

Runs the real App (SDL's dummy driver unless a display is set) and drives it frame by
frame with posted input, so the pictures are what a player sees. The PNGs are the
logical 1280x800 frame; with a display, `window-*.png` also saves the scaled window.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pygame

from game.safeio import atomic_write_bytes, make_folder, make_temp_folder


def png(surface: pygame.Surface) -> bytes:
    """A surface as PNG bytes (written atomically by the caller, never through a link)."""
    out = io.BytesIO()
    pygame.image.save(surface, out, "shot.png")
    return out.getvalue()


def tour(out: Path) -> list[Path]:
    from game.client.app import App
    from game.client.coinland.levels_menu import LevelSelectScene, level_scene
    from game.client.coinland.menus import ModeSelectScene
    from game.client.coinland.packs import load_packs
    from game.client.coinland.result import InterludeScene, ResultScene
    from game.client.coinland.rules_scene import RulesScene
    from game.client.coinland.setup import Setup, SetupScene, play_scene
    from game.client.driver import Driver
    from game.client.game_select import GameSelectScene
    from game.client.settings_menu import SettingsScene
    from game.client.storage import Store
    from game.client.title import TitleScene
    from game.coinland.rules import hoarder_moves
    from game.coinland.solver import solve
    from game.coinland.state import Mode

    make_folder(out)
    saved: list[Path] = []
    app = App(store=Store(make_temp_folder("coinland-tour-")))
    app.toasts.clear()
    app.store.take_warnings()
    drive = Driver(app)

    def shot(name: str, frames: int = 20) -> None:
        drive.frames(frames)
        path = out / f"{len(saved) + 1:02d}-{name}.png"
        atomic_write_bytes(path, png(app.surface))
        saved.append(path)
        if os.environ.get("SDL_VIDEODRIVER") != "dummy":
            atomic_write_bytes(out / f"window-{path.name}", png(app.window))

    app.push(TitleScene())
    shot("title", 40)
    app.push(GameSelectScene())
    shot("game-select")
    app.push(ModeSelectScene())
    shot("mode-select")
    app.push(LevelSelectScene())
    shot("level-select")

    packs, _ = load_packs()
    pack = max(packs, key=lambda p: max(level.size for level in p.levels))
    index = max(range(len(pack.levels)), key=lambda i: (pack.levels[i].size, len(pack.levels[i].gates)))
    play = level_scene(pack, index)
    app.push(play)
    shot("puzzle-start", 30)
    best = solve(play.session.state, time_limit=5).moves
    drive.move(play.view.centre(best[0]))
    shot("puzzle-hover-path", 2)
    drive.click(play.view.centre(best[0]), frames=14)
    shot("puzzle-coin-burst", 1)
    drive.frames(60)
    drive.key(pygame.K_h)
    shot("puzzle-hint-question", 10)
    if app.scene is not play:
        drive.key(pygame.K_RETURN)  # the first help on a level asks (help lasts): Show the hint
    drive.until(lambda: play.helper is None)
    shot("puzzle-hint", 10)
    for cell in best[1:]:
        drive.until(lambda: not play.director.busy)
        drive.click(play.view.centre(cell))
    drive.until(lambda: play.celebrated)
    shot("puzzle-par-celebration", 30)
    if not play.session.is_over:
        drive.key(pygame.K_x)
    drive.until(lambda: isinstance(app.scene, ResultScene))
    shot("puzzle-result", 60)
    app.pop()
    play.pause()
    shot("pause")
    app.pop_to(lambda s: isinstance(s, ModeSelectScene))

    keyboard = level_scene(packs[0], 0)
    app.push(keyboard)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    shot("puzzle-keyboard-cursor", 5)
    drive.key(pygame.K_TAB)
    drive.key(pygame.K_TAB)
    shot("puzzle-keyboard-buttons", 5)
    app.pop()

    app.push(SetupScene(Mode.CLASSIC))
    shot("classic-setup")
    app.pop()
    classic = play_scene(Setup(Mode.CLASSIC, ("human", "normal"), 4, first=1), seed=5)
    app.push(classic)
    drive.until(lambda: classic.session.human_to_move and not classic.director.busy)
    a, b = classic.view.edge_points(((0, -1), (1, -1)))
    drive.move(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    shot("classic-gate-preview", 5)
    app.pop()

    auto = play_scene(Setup(Mode.CLASSIC, ("easy", "random"), 3), seed=2)
    app.store.settings.animation_speed = "instant"
    app.push(auto)
    drive.until(lambda: isinstance(app.scene, InterludeScene))
    app.store.settings.animation_speed = "normal"
    shot("classic-interlude", 10)
    drive.key(pygame.K_RETURN)
    shot("classic-game-two", 40)
    app.store.settings.animation_speed = "instant"
    drive.until(lambda: isinstance(app.scene, ResultScene))
    app.store.settings.animation_speed = "normal"
    shot("classic-match-result", 30)
    app.pop_to(lambda s: isinstance(s, ModeSelectScene))

    app.push(SetupScene(Mode.DUEL))
    shot("duel-setup")
    app.pop()
    duel = play_scene(Setup(Mode.DUEL, ("human", "normal"), 5), seed=3)
    app.push(duel)
    gates = [((0, 0), (1, -1)), ((-1, 1), (0, 1)), ((1, 0), (2, -1))]
    for turn in range(3):
        drive.until(lambda: duel.session.human_to_move and not duel.director.busy)
        target = hoarder_moves(duel.session.state)[turn].target
        drive.click(duel.view.centre(target))
        drive.until(lambda: duel.session.human_to_move and not duel.director.busy)
        a, b = duel.view.edge_points(gates[turn])
        drive.click(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    drive.until(lambda: duel.session.human_to_move and not duel.director.busy)
    drive.move(duel.view.centre(duel.session.state.pawns[0]))
    shot("duel-play", 20)
    app.pop()

    app.push(SettingsScene())
    shot("settings")
    app.pop()
    rules = RulesScene()
    app.push(rules)
    for page in rules.pages:
        shot(f"rules-{page.title.lower().replace(' ', '-').replace(chr(39), '')}", 150)
        drive.key(pygame.K_PAGEDOWN)
    app.pop()
    from game.client.coinland.tour_editor import editor_tour

    editor_tour(app, drive, shot)
    from game.client.coinland.tour_campaign import campaign_tour

    campaign_tour(app, drive, shot)
    from game.client.satoshi.tour import satoshi_tour

    satoshi_tour(app, drive, shot)
    from game.client.review.tour import review_tour

    review_tour(app, drive, shot)
    app.close()
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

"""Play a whole 4-seat Finding Satoshi game (one person, three computers) through the window.

Run under a display (`xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python
scripts/satoshi_play_by_hand.py [seed] [speed]`): the person's every choice is a real mouse click sent
with xdotool to the game's window, at the row, tool button or ringed track tile a player would
click (the pointer first rests on tiles, so their cards show). The game runs at the animation
speed given (default "fast") in fixed frames. It prints figures and checks what a player would notice:

- no hand-over screen and no "Pass the device" line in a one-person game;
- no hidden pawn: at every decision each pawn shows mostly its own colour on screen;
- no false or garbled words: no "You's", no nested brackets, every sale says the price and
  what was received, every doubled effect names its job, a forced move took one click.

Exit status 0 when every check held; the log is written to /tmp/satoshi_hand_game.log.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(seed: int, speed: str = "fast") -> int:
    import tempfile

    from game.bitcoin import Move, step_actions
    from game.bitcoin import events as ev
    from game.bitcoin.choices import distinct_moves
    from game.client import text
    from game.client.app import App
    from game.client.satoshi.decision_nodes import Menu, OfferForm
    from game.client.satoshi.handover import HandoverScene
    from game.client.satoshi.panel_widgets import Row, Stepper, ToolButton
    from game.client.satoshi.session import TableSession, default_setup
    from game.client.satoshi.table import TableScene
    from game.client.storage import Store
    from game.client.widgets import Button

    if not os.environ.get("DISPLAY"):
        print("needs a display: run under xvfb-run")
        return 2
    drawn: set[str] = set()
    blit = text.blit

    def spy(target, content, *args, **kwargs):  # every string the table draws
        drawn.add(content)
        return blit(target, content, *args, **kwargs)

    text.blit = spy
    app = App(store=Store(Path(tempfile.mkdtemp(prefix="satoshi-hand-"))))
    app.store.settings.animation_speed = speed
    app.toasts.clear()
    from dataclasses import replace

    session = TableSession.start(replace(default_setup(4, humans=1, strength="normal"), seed=seed))
    table = TableScene(session)
    app.push(table)
    window = ""
    for _ in range(100):  # the window is mapped after a few frames
        app.tick(1 / 60)
        found = subprocess.run(["xdotool", "search", "--class", "."], capture_output=True,  # the only window
                               text=True).stdout.split()
        if found:
            window = found[-1]
            break
        time.sleep(0.05)
    if not window:
        print("no game window found")
        return 2
    rng = random.Random(seed)
    problems: list[str] = []
    clicks = decisions = forced = forced_clicks = handovers = pawn_checks = 0
    guessed = False

    def xdotool(*args: str) -> None:
        """One xdotool command; a hung one (seen on a loaded machine) is given up after 10 s."""
        try:
            subprocess.run(["xdotool", *args], check=True, timeout=10)
        except subprocess.TimeoutExpired:
            print("xdotool timed out:", " ".join(args), flush=True)

    def frames(count: int) -> None:
        for _ in range(count):
            app.tick(1 / 60)
            if any(isinstance(s, HandoverScene) for s in app.scenes):
                nonlocal handovers
                handovers += 1
                app.pop()

    def click(pos: tuple[float, float]) -> None:
        nonlocal clicks
        x, y = app.to_window(pos)
        xdotool("mousemove", "--window", window, str(round(x)), str(round(y)), "click", "1")
        clicks += 1
        time.sleep(0.02)  # the X server delivers the click to the window
        frames(3)

    def hover(pos: tuple[float, float]) -> None:
        x, y = app.to_window(pos)
        xdotool("mousemove", "--window", window, str(round(x)), str(round(y)))
        time.sleep(0.01)
        frames(3)

    def pawns_visible() -> None:
        nonlocal pawn_checks
        frames(1)
        view = session.table_view()
        spots: dict[str, list[int]] = {}
        for seat, p in enumerate(view.players):
            spots.setdefault(p.space, []).append(seat)
        from game.client.satoshi.track_view import pawn_offsets

        for space, seats in spots.items():
            radius, offsets = pawn_offsets(len(seats))
            cx, cy = table.track.centre(space)
            for seat, (dx, dy) in zip(seats, offsets, strict=False):
                colour = table.colours[seat]
                r = int(radius)
                own = total = 0
                for x in range(int(cx + dx) - r + 2, int(cx + dx) + r - 1):
                    for y in range(int(cy + dy) - r + 2, int(cy + dy) + r - 1):
                        total += 1
                        got = app.surface.get_at((x, y))
                        own += sum(abs(a - b) for a, b in zip(got[:3], colour, strict=False)) < 60
                if own < total * 0.25:
                    problems.append(f"round {view.round}: the pawn of {session.names[seat]} on {space} is hidden "
                                    f"({own}/{total} pixels)")
                pawn_checks += 1

    def decide() -> None:
        nonlocal decisions, forced, forced_clicks, guessed
        decisions += 1
        panel = table.panel
        before = len(session.actions)
        state = session.state
        one_move = state.phase == "move" and len(distinct_moves(
            [a for a in step_actions(state) if isinstance(a, Move)])) == 1
        forced += one_move
        spots = sorted(panel.highlighted_spaces())
        for space in rng.sample(spots, min(2, len(spots))):  # look at a tile or two: their cards show
            hover(table.track.centre(space))
            pawns_visible()
        pawns_visible()
        start = clicks
        for attempt in range(12):
            if len(session.actions) != before or not table.human_deciding():
                break
            if attempt >= 8 and panel.page.node is not None:  # stuck in a page: back to the top
                back = [w for w, _ in panel.rows if isinstance(w, Button) and w.label == "Back"]
                if back:
                    click(back[0].rect.center)
                    continue
            rows = [(w, n) for w, n in panel.rows if not getattr(w, "muted", False)]
            node = panel.page.node
            tools = [(w, n) for w, n in rows if isinstance(w, ToolButton)]
            lines = [(w, n) for w, n in rows if isinstance(w, Row) and not w.label.startswith("More choices")]
            buttons = [(w, n) for w, n in rows if isinstance(w, Button) and not isinstance(w, (Row, ToolButton))]
            if node is None and spots and rng.random() < 0.6:
                click(table.track.centre(rng.choice(spots)))  # a ringed tile on the board
                continue
            if node is None and tools and rng.random() < 0.12:
                choice = rng.choice(tools)
                if choice[0].label == "Guess" and (guessed or state.round < 8):
                    choice = None
                if choice is not None:
                    guessed = guessed or choice[0].label == "Guess"
                    click(choice[0].rect.center)
                    continue
            if buttons and node is not None and not lines:  # a form or a confirmation: confirm it, or go back
                go = [w for w, _ in buttons if w.label != "Back" and getattr(w, "enabled", True)]
                back = [w for w, _ in buttons if w.label == "Back"]
                if isinstance(node, OfferForm) and rng.random() < 0.5:
                    steppers = [w for w, _ in panel.rows if isinstance(w, Stepper)]
                    for stepper in rng.sample(steppers, min(2, len(steppers))):  # set an amount or two
                        box = stepper.boxes()[2][1]  # "+1"
                        click(box.center)
                    continue
                click((go or back or [w for w, _ in buttons])[0].rect.center)
                continue
            if isinstance(node, Menu) and node.label == "Guess" and lines:
                click(rng.choice(lines)[0].rect.center)
                continue
            if lines:
                primary = [w for w, _ in lines if w.primary]
                pick = primary[0] if primary and rng.random() < 0.6 else rng.choice(lines)[0]
                click(pick.rect.center)
                continue
            click(next(w for w, _ in buttons).rect.center if buttons else panel.rect.center)
        if one_move:
            forced_clicks += clicks - start

    started = time.perf_counter()
    for frame in range(200_000):
        if session.is_over:
            break
        if frame % 1000 == 0:
            print(f"frame {frame}: round {session.state.round}, {len(session.actions)} actions, scene "
                  f"{type(app.scene).__name__}, {time.perf_counter() - started:.0f} s", flush=True)
        if table.human_deciding() and not table.director.busy and app.scene is table:
            decide()
        else:
            frames(1)
    frames(120)
    seconds = time.perf_counter() - started
    log = table.log.lines if table.log is not None else []
    Path("/tmp/satoshi_hand_game.log").write_text("\n".join(log) + "\n")
    for line in log:
        if "You's" in line or "((" in line or "))" in line or re.search(r"\(doubled\)", line):
            problems.append(f"log: {line}")
    sells = [e for e in session.events if isinstance(e, ev.Exchanged) and e.direction == "sell" and e.fee]
    for e in sells:
        net = e.usd - e.fee
        if not any(f"for ${e.usd} less a ${e.fee} fee" in line and f"${abs(net)}" in line for line in log):
            problems.append(f"no true sell line for {e}")
    for words in drawn:
        if "Pass the device" in words or "You's" in words:
            problems.append(f"drawn: {words}")
    if handovers:
        problems.append(f"{handovers} hand-over screens")
    print(f"seed {seed}: game over={session.is_over} after {session.state.round} rounds, {len(session.actions)} "
          f"actions; the person decided {decisions} times with {clicks} xdotool clicks; forced moves {forced} "
          f"taking {forced_clicks} clicks; {pawn_checks} pawn checks; {len(log)} log lines; {seconds:.0f} s")
    for problem in problems[:40]:
        print("PROBLEM", problem)
    app.close()
    return 0 if session.is_over and not problems else 1


def cli(argv: list[str] | None = None) -> int:
    import argparse

    from game.client.settings import SPEED_NAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog="Needs a display and xdotool; "
                                     "the log is written to /tmp/satoshi_hand_game.log.")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("speed", nargs="?", default="fast", choices=SPEED_NAMES,
                        help="the animation speed (default fast)")
    args = parser.parse_args(argv)
    return main(args.seed, args.speed)


if __name__ == "__main__":
    raise SystemExit(cli())

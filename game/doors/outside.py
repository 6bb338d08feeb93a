"""The doors that are not files: environment variables, the engine's lines, typed and pasted
text, share codes, the helper process's pipes."""

from __future__ import annotations

from game.doors.kinds import EMIT, ENV, LINES, PROCESS, READ, TEXT, WRITE, Door

#: Every environment variable Coinland itself reads (tests/test_doors.py finds every
#: `os.environ.get("NAME")` / `os.getenv("NAME")` under game/ and requires it here).
ENV_VARS = {
    "COINLAND_DATA_DIR": ("game.safeio.places", "the data folder (tests, portable installs)"),
    "XDG_DATA_HOME": ("game.safeio.places", "the base of the data folder when COINLAND_DATA_DIR is unset"),
    "HOME": ("game.safeio.places", "the base of ~/.local/share when XDG_DATA_HOME is unset"),
    "COINLAND_EXIT_AFTER_FIRST_FRAME": ("game.client.app", "scripts/bench_startup.py: quit after one frame"),
    "SDL_VIDEODRIVER": ("game.cli.watch", "a headless driver means watch cannot show a window"),
    "DISPLAY": ("game.client.tour", "the tour draws off screen when there is no display"),
    "PYTHONPATH": ("game.client.worker", "passed on to the helper process, with the project root first"),
    "SDL_AUDIODRIVER": ("game.cli.display_env", "SDL's sound driver: checked as plain text before pygame reads it"),
    "WAYLAND_DISPLAY": ("game.cli.display_env", "SDL's Wayland display: checked as plain text before pygame reads it"),
}

DOORS = [
    *(Door(f"env: {name}", ENV, f"${name}: {why}", frozenset({READ}), (module,))
      for name, (module, why) in ENV_VARS.items()),
    Door("engine lines", LINES, "coinland engine: one JSON request per line on stdin, one answer per line on stdout",
         frozenset({READ, EMIT}), ("game.coinland.protocol", "game.cli.engine"), 64 * 1024),
    Door("helper process", LINES, "the client's helper process (game.client.worker): requests and answers on pipes",
         frozenset({READ, WRITE}), ("game.client.worker",)),
    # The only modules that may start processes (tests/test_processes.py fails on any other pool):
    # capped, handed work lazily, ended on exit, Ctrl-C, SIGTERM and SIGHUP, gone when we are killed.
    Door("worker processes", PROCESS, "tournament's and the scripts' workers (game.processes); the window's helper",
         frozenset({READ, WRITE}), ("game.processes", "game.client.worker")),
    Door("share code", TEXT, "a level code (CL1-...) typed, pasted or given on the command line",
         frozenset({READ}), ("game.coinland.sharecode",), 1200),
    Door("pasted text", TEXT, "the clipboard and typing into any text field (names, codes, paths, seeds)",
         frozenset({READ, WRITE}), ("game.client.text_field",), 2000),
    Door("phone channel", LINES, "phones as hands: JSON messages on the game's WebSocket channel "
         "(ws://ADDRESS:PORT/ws/SECRET, only while a game with phone seats is on)",
         frozenset({READ, EMIT}), ("game.phones.inbound", "game.phones.server", "game.phones.line"),
         2048,
         notes="size cap, types, rate limit, the engine decides legality: tests/test_phones_hostile.py"),
    Door("phone page", TEXT, "phones as hands: the phone page (game/phones/page/, shipped) served at "
         "http://ADDRESS:PORT/s/SECRET; every other path is 404", frozenset({READ, EMIT}),
         ("game.phones.page", "game.phones.server"), 256 * 1024),
    Door("standard output", LINES, "every command's printed lines (closed pipes, narrow encodings)",
         frozenset({EMIT}), ("game.cli",)),
]

"""The pygame-ce client: one App hosting each game's scenes (see game.client.games).

Game-agnostic modules live here (app, scenes, widgets, text, tween, physics, audio,
settings, storage, palette, worker); each game's scenes live in a package of their own
(Hoarder & Gatekeeper: game.client.coinland).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any client module imports pygame

"""Review and replay scenes: a puzzle walk step by step, a Classic match or Duel with its
evaluation graph, a Finding Satoshi game with every role face up, and the Recent games list.

Reviews are computed by `game.review` in a Worker, so the frame never waits for the solver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.scenes import Scene
    from game.records import Record


def review_scene(record: Record, source: str = "") -> Scene:
    """The right review scene for a record (replays it; RecordError when it does not)."""
    from game.records import replay

    shown = replay(record)
    if record.kind == "puzzle":
        from game.client.review.puzzle_scene import PuzzleReviewScene

        return PuzzleReviewScene(shown)
    if record.kind == "satoshi":
        from game.client.review.satoshi_scene import SatoshiReplayScene

        return SatoshiReplayScene(shown)
    from game.client.review.match_scene import MatchReviewScene

    return MatchReviewScene(shown)

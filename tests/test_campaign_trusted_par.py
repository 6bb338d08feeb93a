"""A copy of a shipped board with a made-up par (a .toml played as a shared level, or put in
My levels) is judged by the shipped par (issue 34 attack): bests are kept by the board, so a
claimed `par = 3` on Hard's "Round trip" let stopping at once earn three stars, keep a best on
the shipped level (which opened the locked Hard pack) and open the review's best line."""

from dataclasses import replace

from game import LEVELS
from game.client.coinland.packs import load_packs, trusted_par
from game.client.coinland.sessions import PuzzleSession
from game.coinland.actions import Stop
from game.coinland.campaign import best_line_shown, judge


def shipped(pack: str, index: int = 0):
    packs, _ = load_packs(LEVELS, own=False)
    return next(p for p in packs if p.name == pack).levels[index]


def test_a_copy_of_a_shipped_board_with_a_made_up_par_is_judged_by_the_shipped_par():
    real = shipped("Hard")
    fake = replace(real, name="Mine", par=real.purse, source="/tmp/mine.toml")
    assert trusted_par(fake) == real.par
    session = PuzzleSession(level=fake)
    assert session.par == real.par
    session.act(Stop())
    verdict = judge(session.state, fake.purse, session.par)
    assert not verdict.counts and verdict.stars == 0
    # the review's best line stays shut on the copy as on the level itself
    assert not best_line_shown(fake.purse, trusted_par(fake))


def test_a_board_of_the_players_own_keeps_its_own_par():
    real = shipped("Easy")
    own = replace(real, purse=real.purse + 1, par=real.purse + 1)  # another board: its own par stands
    assert trusted_par(own) == own.par



def test_a_shared_level_file_is_played_with_its_proved_par_not_the_par_it_claims(tmp_path, monkeypatch):
    """A .toml typed into the shared-level box is proved before play (extra_puzzles.PAR_SECONDS):
    a claimed par below the real one made a short walk "PAR! the best possible walk"."""
    from game.client.coinland import extra_puzzles
    from game.client.coinland.extra_puzzles import CodeScene, made_with_par
    from game.coinland.solver import solve

    real = shipped("Tutorial", 1)
    own = replace(real, name="Claims a low par", purse=real.purse + 1, par=real.purse + 2)  # not a shipped board
    proved = solve(replace(own, par=None)).score
    assert proved > own.par
    path = tmp_path / "claims.toml"
    path.write_text(own.to_toml(), encoding="utf-8")
    pushed = []
    code = CodeScene()
    monkeypatch.setattr(code, "app", type("App", (), {"push": staticmethod(pushed.append)})(), raising=False)
    code.field.value = str(path)
    code.play()
    (preparing,) = pushed
    assert isinstance(preparing, extra_puzzles.PreparingScene)
    assert made_with_par(preparing.make).par == proved

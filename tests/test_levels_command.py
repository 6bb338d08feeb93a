"""`coinland levels`: the design measures printed per level, and `--explain` under each row.

The board here is worked out by hand (size 3, no pygame): the Hoarder starts at the west end of
the middle row with 1 coin; one coin lies next to her, then two gates wall off the east, where
four coins wait ([1,0], [2,0], [1,-1], [2,-1]). The greedy player takes the near coin (2 in
hand) and stops, since every move left costs 2. Par pays the 2 (purse 0 + 1) and sweeps the
other three: 4. Gap 2.
"""

from __future__ import annotations

import json

from game.cli import main as cli_main
from game.coinland.levels import Level, write_level
from game.hexgrid import board

COINS = {(-1, 0), (1, 0), (2, 0), (1, -1), (2, -1)}
START = (-2, 0)


def walled_east(tmp_path):
    empty = frozenset(c for c in board(3).cells if c not in COINS | {START})
    level = Level("Walled East", 3, start=START, purse=1, empty=empty,
                  gates=frozenset({((-1, 0), (0, 0)), ((0, 0), (1, 0))}), par=4,
                  hint="Pay two to reach the east.", idea="A loss that opens a room")
    path = tmp_path / "01-walled-east.toml"
    write_level(level, path)
    return path


def test_explain_names_the_greedy_mistake_and_the_loss_that_pays(tmp_path, capsys):
    path = walled_east(tmp_path)
    assert cli_main(["levels", str(path), "--explain"]) == 0
    out = capsys.readouterr().out.splitlines()
    row = out[0].split()
    assert row[2:4] == ["Walled", "East"] and row[4:9] == ["3", "5", "1", "4", "2"]  # size, coins, purse, par, greedy
    assert out[1] == "  greedy stops after 1 moves (every move loses); par goes on by [1,0] [2,0]"
    assert out[2] == "  only one move keeps par at reference moves: none"
    # on credit the walk is the same (the near coin first pays for the double toll): par 4 too
    assert out[3] == "  cash rule does not bind: on credit par is 4 too"
    assert out[4] == "  reference walk: 5 moves, 0 coin(s) left on the board"
    assert out[5] == "    2: pays 2 to [1,0] (a loss)"


def test_json_lists_the_forced_moves_and_every_measure(tmp_path, capsys):
    path = walled_east(tmp_path)
    assert cli_main(["levels", str(path), "--format", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["par"], row["greedy"], row["gap"], row["lucky"]) == (4, 2, 2, 2)
    assert (row["keep"], row["openings"]) == (1, 1)  # only the near coin is affordable at first
    assert row["only_one"] == [] and row["steps"] == 5


def test_a_folder_without_levels_is_one_line_and_exit_1(tmp_path, capsys):
    assert cli_main(["levels", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("coinland levels: PATH:") and str(tmp_path) in err[0]


def test_greedy_tiebreaks_script_gives_every_tie_break_the_same_gap_where_there_is_no_tie(tmp_path):
    """On the walled board every greedy player, however it breaks ties, takes the one free coin
    and stops (every move left costs two): gap 2 in each column, never at par."""
    import subprocess
    import sys
    from pathlib import Path

    path = walled_east(tmp_path)
    script = Path(__file__).resolve().parents[1] / "scripts" / "greedy_tiebreaks.py"
    result = subprocess.run([sys.executable, str(script), str(path), "--samples", "10"], capture_output=True,
                            text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "Walled East" in line).split()
    assert row[-8:] == ["4", "2", "2", "2", "2", "0%", "2.0", "2"]  # par, four tie-breaks, random: at par, mean, worst
    assert "ours: reaches par on 0, at most two coins short on 1 levels after the Tutorial" in result.stdout
    # two coins short everywhere: not the three that Medium and later packs promise
    assert "from Medium on: 0 of 1 levels at least 3 coins short" in result.stdout
    missing = subprocess.run([sys.executable, str(script), str(tmp_path / "none.toml")], capture_output=True,
                             text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert missing.returncode == 1 and len(missing.stderr.strip().splitlines()) == 1


def test_greedy_tiebreaks_never_stop_reaches_the_par_that_pays_two_when_every_move_loses(tmp_path):
    """The walled board's par walk takes the free coin, then pays two when every move loses: a greedy
    player that never stops walks it whatever its tie-break, so every column is at par (gap 0)."""
    import subprocess
    import sys
    from pathlib import Path

    path = walled_east(tmp_path)
    script = Path(__file__).resolve().parents[1] / "scripts" / "greedy_tiebreaks.py"
    result = subprocess.run([sys.executable, str(script), str(path), "--never-stop"], capture_output=True,
                            text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "Walled East" in line).split()
    assert row[-6:] == ["4", "0", "0", "0", "0", "0"]  # par, four tie-breaks, any tie-break
    assert "never-stopping greedy players reach par on 1 levels after the Tutorial: Walled East" in result.stdout

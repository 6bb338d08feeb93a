"""Players keep what they earned when a shipped level is reworked: its best moves to the new board.

Bests are kept per board (level_key.py), so a level whose gates, coins, start or purse change
gets a new key and, on its own, a blank record. `levels/lineage.json` remembers every board the
campaign has shipped since bests were keyed by content, and what became of it:

    {"format": 1, "boards": [
      {"name": "Leapfrog", "legacy": "1-tutorial/02-leapfrog", "key": "c1-...", "par": 12, "purse": 0,
       "now": "c1-...", "now_par": 12, "now_purse": 0},
      {"name": "Loose Change", "legacy": "2-easy/06-loose-change", "key": "c1-...", "par": 18, "purse": 2}
    ]}

`legacy` is the key a format-1 progress file used for it (pack folder / file stem); `key`, `par`
and `purse` describe the board as shipped; `now` (with `now_par`, `now_purse`) is the board that
replaces it, present when the level was reworked around the same idea and absent when it was
retired; `retired` says why a board of a level that still ships under its name keeps no best
(the level was reworked around a new idea); `pack` names the pack a board no longer shipped last
shipped in (`former_boards`: its best still shows the pack was open to a progress file from before
packs were recorded). A level kept unchanged has `now` equal to `key` or no entry at all.

What a player keeps (`carry`, docs/LEVELS.md "When levels change"): a best on a reworked board
moves to the new board at the same distance below par, then into the scores that earn the
same stars there (campaign.star_marks: the marks depend on par and purse); a distance the new board cannot show
(below its starting purse, where a walk does not count) becomes the lowest score that counts
there. A higher best already kept for the new board stays. The old entry stays too: it is never
read for the new board, and an older Coinland in another window still finds it. A format-1 key
of a shipped board becomes that board's content key first (the stop-before-gaining rule of
campaign.old_best_counts applied, as level_key.migrate does). Running `carry` again changes
nothing. Pure: no pygame, no storage; the file is read through game.safeio.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game import LEVELS
from game.coinland.campaign import FormerBoard, old_best_counts, star_marks, stars
from game.coinland.level_key import is_content_key
from game.safeio import KIB, UnsafeInput, need_int, need_list, need_table, need_text, read_json_file

LINEAGE_FILE = LEVELS / "lineage.json"
FORMAT = 1
LIMIT = 256 * KIB
MAX_BOARDS = 2000
MAX_SCORE = 10_000
MAX_REASON = 200  # characters in a `retired` reason


@dataclass(frozen=True)
class Board:
    """One shipped board and, when it was reworked, the board that replaces it."""

    name: str
    legacy: str  # the format-1 progress key, "" when the board never had one
    key: str
    par: int
    purse: int
    now: str = ""  # the replacing board's content key; "" when retired
    now_par: int = 0
    now_purse: int = 0
    pack: str = ""  # the pack it last shipped in, for a board no longer shipped ("" when unknown)


def parse(data: Any, source: str) -> list[Board]:
    """The boards of a lineage file; raises UnsafeInput naming the field on anything malformed."""
    table = need_table(data, source, "lineage")
    need_int(table.get("format"), source, "format", FORMAT, FORMAT)
    boards = []
    for index, item in enumerate(need_list(table.get("boards"), source, "boards", MAX_BOARDS)):
        field = f"boards[{index}]"
        entry = need_table(item, source, field)
        key = _key(entry.get("key"), source, f"{field}.key")
        board = Board(need_text(entry.get("name"), source, f"{field}.name", 60),
                      need_text(entry.get("legacy", ""), source, f"{field}.legacy", 200),
                      key, need_int(entry.get("par"), source, f"{field}.par", 0, MAX_SCORE),
                      need_int(entry.get("purse"), source, f"{field}.purse", 0, MAX_SCORE))
        pack = need_text(entry.get("pack", ""), source, f"{field}.pack", 80)
        if "retired" in entry:
            need_text(entry["retired"], source, f"{field}.retired", MAX_REASON)
            if "now" in entry:
                raise UnsafeInput(source, f"{field}: a retired board names no 'now' board")
        if "now" in entry:
            board = replace(board, now=_key(entry.get("now"), source, f"{field}.now"),
                            now_par=need_int(entry.get("now_par"), source, f"{field}.now_par", 0, MAX_SCORE),
                            now_purse=need_int(entry.get("now_purse"), source, f"{field}.now_purse", 0, MAX_SCORE))
        boards.append(replace(board, pack=pack))
    return boards


def _key(value: Any, source: str, field: str) -> str:
    text = need_text(value, source, field, 60)
    if not is_content_key(text):
        raise UnsafeInput(source, f"{field}: expected a content key c1-... of 24 hex digits, got {text!r}")
    return text


@functools.cache
def shipped_lineage() -> tuple[tuple[Board, ...], str]:
    """The shipped lineage and a problem line ("" when none): a damaged file carries nothing."""
    if not LINEAGE_FILE.exists():
        return (), ""
    try:
        return tuple(parse(read_json_file(LINEAGE_FILE, LIMIT, "lineage file"), str(LINEAGE_FILE))), ""
    except UnsafeInput as error:
        return (), str(error)


def former_boards(boards: Sequence[Board] | None = None,
                  moved: Mapping[str, str] | None = None) -> dict[str, tuple[FormerBoard, ...]]:
    """Per pack, the boards it shipped and ships no more, retired with no board carrying their
    bests, as (key, par, purse): what campaign.opened_before needs to judge a file from before
    packs were recorded fairly. A reworked board is left out: `carry` has moved its best to the
    board that replaces it, which counts already (counting both would count one walk twice).
    `moved` (level name -> pack, one of pack_folders.FORMER_PACKS) is a former order of the
    packs: a board retired since counts where its level was in that order, not only in the pack it
    last shipped in (Zigzag's board was Hard, then Medium, then Easy, before it retired)."""
    if boards is None:
        boards = shipped_lineage()[0]
    moved = moved or {}
    out: dict[str, list[FormerBoard]] = {}
    for board in boards:
        if board.pack and not board.now:
            out.setdefault(moved.get(board.name, board.pack), []).append((board.key, board.par, board.purse))
    return {pack: tuple(found) for pack, found in out.items()}


def carried_score(best: int, board: Board) -> int:
    """`best` on `board` as shipped, moved to the board that replaces it (module text): the
    same distance below par, then moved into the band of scores that earn the same stars there
    (campaign.star_marks), since the two boards' star marks need not lie at the same distances."""
    below = max(0, board.par - best)
    score = board.now_par - below
    if score <= board.now_purse and board.now_par > board.now_purse:
        score = board.now_purse + 1  # the lowest score that counts there
    earned = stars(best, board.par, board.purse)
    marks = star_marks(board.now_par, board.now_purse)
    if earned:
        score = max(score, marks[earned - 1])
    if earned < len(marks):
        score = min(score, max(marks[earned] - 1, board.now_purse + 1))
    return max(0, min(score, board.now_par))


def carry_helped(helped: set[str], boards: Sequence[Board] | None = None) -> tuple[set[str], bool]:
    """Help taken on a shipped board marks the boards that replace it too (the walk shown there
    often still solves the reworked board: a lost mark would be a free three-star walk); and
    whether anything was added. Follows chains of reworks."""
    if boards is None:
        boards = shipped_lineage()[0]
    out = set(helped)
    for _ in range(len(boards) + 1):
        new = {board.now for board in boards if board.now and board.key in out and board.now not in out}
        if not new:
            break
        out |= new
    return out, out != set(helped)


def carry(best: Mapping[str, int], boards: Sequence[Board] | None = None) -> tuple[dict[str, int], bool]:
    """Bests with every shipped board's best carried to its replacement (module text); and
    whether anything changed."""
    if boards is None:
        boards = shipped_lineage()[0]
    out = dict(best)
    for board in boards:  # format-1 keys of shipped boards first: they name a board, not a file today
        if board.legacy and board.legacy in out and out[board.legacy] <= board.par:  # above par: no walk
            score = out.pop(board.legacy)  # (an impossible one stays where it is, read by nothing)
            if old_best_counts(board.purse, board.par, score) and score > out.get(board.key, -1):
                out[board.key] = score
    for _ in range(len(boards)):  # a board reworked twice moves on along its chain
        moved = False
        for board in boards:
            # a best above the old board's par came from no walk: it is not carried (it would land
            # at the new par, three stars); it stays under its key, where the progress file refuses it
            if board.now and board.now != board.key and board.key in out and out[board.key] <= board.par:
                score = carried_score(out[board.key], board)
                if score > out.get(board.now, -1):
                    out[board.now] = score
                    moved = True
        if not moved:
            break
    return out, out != dict(best)


"""Share codes round-trip and refuse damage; the daily puzzle is the same for everyone."""

import datetime as dt
import random

import pytest

from game.coinland.daily import daily_level, random_puzzle
from game.coinland.levels import Level
from game.coinland.sharecode import ShareCodeError, decode, encode
from game.coinland.solver import solve
from game.hexgrid import board


def random_level(rng: random.Random) -> Level:
    size = rng.randrange(2, 9)
    hexes = board(size)
    start = rng.choice(hexes.cells)
    empty = frozenset(c for c in hexes.cells if c != start and rng.random() < 0.2)
    gates = frozenset(e for e in hexes.edges if rng.random() < 0.4)
    name = rng.choice(["Tollhouse", "Ünïcode ₿ road", "x" * 40, "A"])
    return Level(name=name, size=size, start=start, purse=rng.randrange(10), empty=empty, gates=gates)


def test_share_codes_round_trip():
    rng = random.Random("share")
    for _ in range(200):
        level = random_level(rng)
        code = encode(level)
        assert code.startswith("CL1-")
        assert decode(code) == level
        assert decode(code.lower().replace("-", " ")) == level


def test_a_default_board_code_is_short():
    level = Level(name="Amber Gate", size=4, gates=frozenset(board(4).edges[::3]))
    assert len(encode(level)) < 80


def test_damaged_codes_are_refused():
    code = encode(Level(name="Mint", size=4, gates=frozenset(board(4).edges[:20])))
    flipped = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    for bad in (flipped, code[:-6], "hello", "CL1-!!!!", "CL1-"):
        with pytest.raises(ShareCodeError):
            decode(bad)


def test_the_daily_puzzle_depends_on_the_date_only():
    day = dt.date(2026, 11, 23)
    first, again = daily_level(day), daily_level(day)
    assert first == again and first.par is not None
    assert daily_level(dt.date(2026, 11, 24)) != first
    assert solve(first).score == first.par


def test_endless_puzzles_have_proved_pars():
    level = random_puzzle("easy", 5)
    assert level.size == 3 and solve(level).score == level.par


# --- issue 17: codes are hostile input; every character counts ----------------------------------
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
MINT = Level(name="Mint", size=3, start=(1, -1), purse=2, empty=frozenset({(0, 1), (-2, 2)}),
             gates=frozenset({(((0, 0), (1, 0))), ((0, 0), (0, 1)), ((-1, 0), (-1, 1))}))
MINT_V1 = "CL1-AEBQ2-AQEAQ-AAACA-AAUAA-ATLJN-Z2LQZ-Y"  # written by the first format (16-bit checksum)


def v1_code(name: bytes, size: int = 3, purse: int = 2) -> str:
    """A first-format code built by hand around `name`'s raw bytes, with a checksum that verifies."""
    import base64
    import zlib

    hexes = board(size)
    body = bytes([1, size, 0, purse]) + bytes((len(hexes.cells) + 7) // 8) + bytes((len(hexes.edges) + 7) // 8)
    body += name
    body += (zlib.crc32(body) & 0xFFFF).to_bytes(2, "little")
    return "CL1-" + base64.b32encode(body).decode("ascii").rstrip("=")


def test_changing_any_one_character_of_a_code_is_refused():
    rng = random.Random("every character")
    levels = [MINT] + [random_level(rng) for _ in range(12)]
    for level in levels:
        code = encode(level)
        for index in range(len("CL1-"), len(code)):
            if code[index] == "-":
                continue
            for char in BASE32.replace(code[index], ""):
                with pytest.raises(ShareCodeError):
                    decode(code[:index] + char + code[index + 1:])


def test_first_format_codes_still_load_and_their_last_character_counts_too():
    assert decode(MINT_V1) == MINT
    for char in "Z234567":  # only the last character's spare bits change: the old reader took these
        with pytest.raises(ShareCodeError):
            decode(MINT_V1[:-1] + char)
    assert decode(encode(MINT)) == MINT and encode(MINT) != MINT_V1


def test_values_a_code_cannot_carry_are_refused_when_encoding():
    for bad in (Level(name="Rich", size=4, purse=1000), Level(name="Lost", size=4, start=(9, 9)),
                Level(name="Huge", size=40)):
        with pytest.raises(ShareCodeError):
            encode(bad)


def test_names_with_control_characters_broken_text_or_too_many_bytes_are_refused():
    assert decode(v1_code(b"Brass Gate")).name == "Brass Gate"
    for raw in (b"Nul\x00l", b"Esc\x1b[2J", b"Bell\x07", b"\xed\xa0\x80lone surrogate", b"\xff\xfe", b"x" * 41,
                "Line\u2028break".encode()):
        with pytest.raises(ShareCodeError):
            decode(v1_code(raw))


def test_long_names_are_cut_between_characters_when_encoding():
    level = Level(name="₿" * 30, size=3)  # 90 bytes of UTF-8: 13 whole characters fit in 40 bytes
    assert decode(encode(level)).name == "₿" * 13


def test_an_enormous_paste_is_refused_without_decoding_it():
    with pytest.raises(ShareCodeError, match=r"too long|too many"):
        decode("CL1-" + "A" * 100_000)

"""Messages that must say what is wrong, not something near it: a path too long for the file
system is not a failed write, a byte that is not UTF-8 is not a length problem, a device is
not a file. Each class over every command that takes the kind of argument."""

from __future__ import annotations

import pytest

from game.cli import main

LONG_NAME = "x" * 400  # one path component longer than any file system allows (255 bytes)


def _one_line(capsys) -> str:
    captured = capsys.readouterr()
    lines = [line for line in (captured.out + captured.err).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("args", [
    ["check", LONG_NAME], ["solve", LONG_NAME], ["levels", LONG_NAME],
    ["review", LONG_NAME, "--walk", "1,0"],
])
def test_a_name_too_long_is_not_called_a_failed_write(capsys, args):
    assert main(args) == 1
    line = _one_line(capsys)
    assert "cannot write" not in line and "too long" in line.lower() and "xxxx" in line


def test_a_share_code_longer_than_a_file_name_is_read_as_a_code(capsys):
    code = "CL1-" + "ABCDE-" * 400
    assert main(["review", code, "--walk", "1,0"]) == 1
    line = _one_line(capsys)
    assert "level code" in line and "cannot write" not in line


@pytest.mark.parametrize(("value", "shown"), [("\udcff", "\\xff"), ("a\nb", "a\\u000ab")])
def test_an_unprintable_text_option_is_named_as_such(capsys, value, shown):
    assert main(["watch", "--agents", value]) == 2
    line = _one_line(capsys)
    assert "printable" in line and shown in line and "at most" not in line and "\\udc" not in line


def test_a_text_option_too_long_says_its_limit(capsys):
    assert main(["watch", "--agents", "a" * 20_000]) == 2
    assert "at most" in _one_line(capsys)


@pytest.mark.parametrize(("out", "what"), [("/dev/null", "a device, a pipe or a socket"), (__file__, "a file")])
def test_generate_names_what_its_out_is_instead_of_a_folder(capsys, out, what):
    assert main(["generate", "--size", "3", "--count", "1", "--out", out]) == 2
    assert f"is {what}, not a folder" in _one_line(capsys)

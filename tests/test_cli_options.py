"""Every option of every sub-command, fed hostile values: one voice, one line, the right status.

Issue 32 (options): every numeric option is finite and inside a documented range, in every
sub-command (`review --time-limit nan` and `inf` were accepted and the solver then had no
deadline). Issue 35 item 6: errors read `coinland SUBCOMMAND: --option: expected ..., got ...`,
usage errors exit 2 and bad data 1 everywhere, `--time-limit none` means the same wherever it is
taken, `solve LEVEL --random` is refused.

The options are found by walking the parsers, so an option or a sub-command added later is
checked here without anyone listing it.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from game.cli import COMMANDS, build_parser, main
from game.cli.options import MAX_SEED, Checked, Choice, Number, PathText, Seconds, Text, Whole

ROOT = Path(__file__).resolve().parents[1]
TOLL = "levels/1-tutorial/03-the-toll.toml"
ONE_LINE = re.compile(r"coinland (\w+): (--[\w-]+|[A-Z]+): expected .+, got .+")


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser, _ = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


PARSERS = _subparsers()


def _value_actions() -> list[tuple[str, argparse.Action]]:
    """(sub-command, action) for every argument that takes a value, positional or not."""
    return [(name, action) for name, parser in PARSERS.items() for action in parser._actions
            if action.nargs != 0 and not isinstance(action, argparse._HelpAction)]


VALUE_ACTIONS = _value_actions()


def _label(action: argparse.Action) -> str:
    return action.option_strings[0] if action.option_strings else str(action.metavar or action.dest)


def _argv(command: str, action: argparse.Action, value: str) -> list[str]:
    return [command, action.option_strings[0], value] if action.option_strings else [command, value]


def _ids(pairs) -> list[str]:
    return [f"{command} {_label(action)}" for command, action in pairs]


def test_every_sub_command_is_in_the_battery():
    assert set(PARSERS) == set(COMMANDS)


@pytest.mark.parametrize(("command", "action"), VALUE_ACTIONS, ids=_ids(VALUE_ACTIONS))
def test_every_value_is_parsed_by_a_checked_type(command, action):
    """No bare int, float or str: each knows what it expects (and numbers their range)."""
    assert isinstance(action.type, Checked), f"coinland {command} {_label(action)} has type {action.type!r}"
    assert action.choices is None  # argparse's choices speak another voice; Choice() speaks ours


def _hostile(kind: Checked) -> list[str]:
    common = ["", " ", "\x00", "abc", "\u202e1", "9" * 5000]
    if isinstance(kind, Whole):
        return [*common, "nan", "inf", "-inf", "1e3", "1.5", "0x10", "١٢", "1_0", str(kind.low - 1),
                str(kind.high + 1), str(10**30)]
    if isinstance(kind, (Number, Seconds)):
        return [*common, "nan", "NaN", "inf", "-inf", "Infinity", "1e999", "0x1p3", "1_0", "٣",
                str(kind.low - 1), str(kind.high * 10 + 1), str(10**30), *(["0"] * isinstance(kind, Seconds))]
    if isinstance(kind, Choice):
        return ["", "bogus", "\x1b[31m", "x" * 5000]
    if isinstance(kind, Text):
        return ["", " ", "\x1b[31m", "a\nb", "\udcff", "x" * (kind.limit + 1)]
    if isinstance(kind, PathText):
        return ["", "   ", "a\x00b", "x" * 5000]
    raise AssertionError(f"no hostile values for {kind!r}")


HOSTILE = [(command, action, value) for command, action in VALUE_ACTIONS if isinstance(action.type, Checked)
           for value in _hostile(action.type)]


@pytest.mark.parametrize(("command", "action", "value"), HOSTILE,
                         ids=[f"{c} {_label(a)} {v[:12]!r}" for c, a, v in HOSTILE])
def test_a_hostile_value_is_one_line_naming_the_option_and_exit_2(capsys, command, action, value):
    status = main(_argv(command, action, value))
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 600, lines
    assert ONE_LINE.fullmatch(lines[0]), lines[0]
    assert lines[0].startswith(f"coinland {command}: {_label(action)}: expected ")


def _required(command: str) -> list[str]:
    """The least a command line needs to get past the required arguments: a placeholder for each."""
    argv = []
    for action in PARSERS[command]._actions:
        if action.option_strings and not action.required:
            continue
        if not action.option_strings and action.nargs == "?":
            continue
        value = action.type.choices[0] if isinstance(action.type, Choice) else "x"
        argv += [action.option_strings[0], value] if action.option_strings else [value]
    return argv


@pytest.mark.parametrize("command", sorted(PARSERS))
def test_an_unknown_option_and_a_missing_value_are_one_line(capsys, command):
    assert main([command, "--frobnicate", *_required(command)]) == 2
    assert capsys.readouterr().err == (f"coinland {command}: --frobnicate: expected an option of "
                                       f"'coinland {command} --help', got an unknown argument\n")
    for action in PARSERS[command]._actions:
        if action.option_strings and action.nargs is None:
            assert main([command, action.option_strings[0]]) == 2
            err = capsys.readouterr().err
            assert err == f"coinland {command}: {action.option_strings[0]}: expected a value, got none\n", err


@pytest.mark.parametrize("command", sorted(PARSERS))
def test_help_documents_every_option_and_every_range(capsys, command):
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for action in PARSERS[command]._actions:
        if action.help == argparse.SUPPRESS:
            continue
        kind = action.type
        assert action.help, f"{command} {_label(action)} has no help"
        if isinstance(kind, (Whole, Number, Seconds)):
            help_text = " ".join(str(action.help).split())
            assert _mentions(help_text, kind.high) and _mentions(help_text, kind.low), (command, action.help)
        if isinstance(kind, Choice):
            assert all(choice in text for choice in kind.choices)


def _mentions(text: str, number: float) -> bool:
    if number == MAX_SEED:
        return "2**63-1" in text
    shown = {f"{number:g}", f"{number:,}", str(number)}
    if number == 0:
        shown.add("above 0")
    # the number itself, not a part of another one (2..8 names 8; 0.3, 18 and 1,000 do not name 3, 8 or 1)
    return any(re.search(rf"(?<!\d)(?<!\d\.)(?<!\d,){re.escape(s)}(?!\d)(?!,\d)(?!\.\d)", text) for s in shown)


def test_the_command_line_reference_documents_every_option_and_range():
    """docs/COMMANDS.md has a section per sub-command naming each of its options with its range."""
    doc = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## `coinland (\w+)`\n(.*?)(?=^## |\Z)", doc, re.S | re.M))
    assert set(sections) >= set(PARSERS)
    for command, parser in PARSERS.items():
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
                continue
            section = " ".join(sections[command].split())
            assert _label(action) in section, f"docs/COMMANDS.md: coinland {command} lacks {_label(action)}"
            if isinstance(action.type, (Whole, Number, Seconds)):
                assert _mentions(section, action.type.high), f"{command} {_label(action)}: range not in the docs"


def test_time_limit_none_means_no_limit_in_every_sub_command_that_takes_it():
    taking = {command: action for command, parser in PARSERS.items() for action in parser._actions
              if "--time-limit" in action.option_strings}
    assert {"check", "solve", "review"} <= set(taking)
    for command, action in taking.items():
        assert isinstance(action.type, Seconds) and action.type.allow_none, command
        for word in ("none", "None", "off", "unlimited"):
            assert action.type(word) is None


def test_review_time_limit_none_reviews_until_proved(capsys):
    assert main(["review", TOLL, "--walk", "1,0 stop", "--time-limit", "none", "--json"]) == 0
    assert '"proved": true' in capsys.readouterr().out


@pytest.mark.parametrize(("args", "says"), [
    ([TOLL, "--random"], "coinland solve: --random: expected no LEVEL (it solves a generated board), got "),
    (["--random", TOLL], "coinland solve: --random: expected no LEVEL"),
    ([TOLL, "--size", "5"], "coinland solve: --size: expected only with --random, got it with LEVEL"),
    ([TOLL, "--seed", "3"], "coinland solve: --seed: expected only with --random"),
    ([], "coinland solve: LEVEL: expected a level file (or --random), got none"),
])
def test_solve_refuses_a_level_and_random_together(capsys, args, says):
    assert main(["solve", *args]) == 2
    assert capsys.readouterr().err.startswith(says)


@pytest.mark.parametrize(("args", "status"), [
    (["check", "nowhere.toml"], 1),
    (["check", "--time-limit", "nan", TOLL], 2),
    (["solve", "nowhere.toml"], 1),
    (["solve", "--time-limit", "inf", TOLL], 2),
    (["review", "--record", "nowhere.json"], 1),
    (["review", "--record", "nowhere.json", "--depth", "99"], 2),
    (["review", "nowhere.toml", "--walk", "1,0"], 1),
    (["tournament", "--agents", "random,genius"], 2),
    (["tournament", "--game", "satoshi", "--mode", "duel"], 2),
    (["tournament", "--game", "coinland", "--players", "3"], 2),
    (["simulate", "--agents", "genius"], 2),
    (["generate", "--out", "/dev/null/x", "--count", "1"], 2),
    (["watch", "duel", "--players", "3"], 2),
])
def test_usage_errors_exit_2_and_bad_data_1(capsys, args, status):
    assert main(args) == status
    out, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and err.startswith(f"coinland {args[0]}: ")
    assert out == "" or (args[0] == "check" and out == f"{args[1]}: no such TOML level file\n")  # check's report


def test_generate_and_simulate_say_what_their_choices_mean_and_their_defaults(capsys):
    assert main(["generate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "default medium" in text
    for difficulty in ("easy", "medium", "hard"):
        assert re.search(rf"{difficulty}: \d+-\d+% of edges gated", text), difficulty
    assert main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "default baseline" in text and "repeated to fill the table" in text
    for agent in ("baseline", "random", "easy", "normal", "hard"):
        assert agent in text

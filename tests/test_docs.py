"""The docs cannot rot: every command, example and path in README.md and docs/*.md is checked.

docs/DEVELOPING.md ("Docs that run") states the convention this file enforces:
- a fenced `sh` block: each line is a command, run from the repository top, and must exit 0
  (counts are made small first, see SHRINK);
- a fenced `python` block is run as a script;
- a fenced `console` block holds `$ command` lines followed by the output they print;
- a block of `> ` requests and `< ` answers is played against `coinland engine`;
- a line `<!-- docs-test: skip REASON -->` just before a block skips it, and REASON is required;
- every repository path in backquotes and every relative link must exist.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = re.compile(r"^<!-- docs-test: skip (?P<reason>.*\S)\s*-->$")
MARKER = re.compile(r"^<!-- docs-test:")
FENCE = re.compile(r"^```(?P<lang>[\w-]*)\s*$")
PATH = re.compile(r"`((?:levels|game|scripts|docs|tests|assets)/[^`\s]*)`")
LINK = re.compile(r"\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)")
#: option -> the largest value a docs run uses (a doc may show more: the command is the same)
SHRINK = {"--games": 2, "--count": 2, "--matches": 1, "--positions": 2, "--hard-positions": 1,
          "--rounds": 1, "--time-limit": 2, "--budget": 0.05, "--coins": 12, "--tries": 1, "--steps": 30}
#: node budgets (`--nodes N`, `hard@N`) are divided by this: distinct budgets stay distinct
NODES_DIVISOR = 100
TIMEOUT = 240


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    skip: str | None  # the reason, when marked

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    """Every fenced block of `doc`, with the skip reason written just before it."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    found: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        end = next((n for n in range(index + 1, len(lines)) if lines[n].startswith("```")), len(lines))
        before = next((lines[n].strip() for n in range(index - 1, -1, -1) if lines[n].strip()), "")
        marked = SKIP.match(before)
        found.append(Block(doc, index + 1, opening["lang"], "\n".join(lines[index + 1:end]),
                           marked["reason"] if marked else None))
        index = end + 1
    return found


ALL_BLOCKS = [block for doc in DOCS for block in blocks(doc)]


def _is_engine_session(block: Block) -> bool:
    rows = [row for row in block.text.split("\n") if row.strip()]
    return bool(rows) and all(row.startswith(("> ", "< ")) for row in rows)


def _commands() -> list[tuple[Block, str]]:
    out = []
    for block in ALL_BLOCKS:
        if block.lang != "sh" or block.skip:
            continue
        # a row ending in a backslash goes on in the next one, as in a shell
        for row in re.sub(r"\\\n\s*", " ", block.text).split("\n"):
            command = re.sub(r"\s+#\s.*$", "", row).strip()
            if command and not command.startswith("#"):
                out.append((block, command))
    return out


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               COINLAND_DATA_DIR=str(tmp_path / "data"))
    env.pop("DISPLAY", None)
    return env


def shrink(words: list[str], tmp_path: Path) -> list[str]:
    """The command with small counts, its output folders in `tmp_path`, and this test's Python."""
    out: list[str] = []
    for word in words:
        previous = out[-1] if out else ""
        if previous == "--nodes":
            word = str(max(1, int(word) // NODES_DIVISOR))
        elif previous in SHRINK and word != "none":
            limit = SHRINK[previous]
            value = float(word)
            word = str(type(limit)(min(value, limit))) if isinstance(limit, float) else str(min(int(value), limit))
        elif previous == "--out":
            word = str(tmp_path / "out")
        word = re.sub(r"hard@(\d+)", lambda m: f"hard@{max(1, int(m[1]) // NODES_DIVISOR)}", word)
        out.append(word)
    if out[:1] == [".venv/bin/python"]:
        out[0] = sys.executable
    elif out[:1] == [".venv/bin/coinland"] or out[:1] == ["coinland"]:
        out[:1] = [sys.executable, "-m", "game"]
    return out


def test_the_shrink_rule_keeps_the_command_and_lowers_only_counts(tmp_path: Path) -> None:
    words = shlex.split(".venv/bin/python -m game tournament --agents hard@140000,normal --games 500 "
                        "--nodes 80 --time-limit none --budget 1 --out my-levels")
    assert shrink(words, tmp_path) == [sys.executable, "-m", "game", "tournament", "--agents", "hard@1400,normal",
                                       "--games", "2", "--nodes", "1", "--time-limit", "none",
                                       "--budget", "0.05", "--out", str(tmp_path / "out")]


def test_every_block_is_of_a_known_kind_and_every_marker_says_why() -> None:
    problems = []
    for doc in DOCS:
        for number, line in enumerate(doc.read_text(encoding="utf-8").split("\n"), 1):
            if MARKER.match(line.strip()) and not SKIP.match(line.strip()):
                problems.append(f"{doc.relative_to(ROOT)}:{number}: a docs-test marker needs 'skip REASON'")
    for block in ALL_BLOCKS:
        if block.lang not in ("sh", "python", "console", "toml", "") :
            problems.append(f"{block.where}: unknown block language {block.lang!r}")
    assert problems == []


@pytest.mark.parametrize(("block", "command"), _commands(), ids=lambda v: v.where if isinstance(v, Block) else "")
def test_every_documented_command_runs(block: Block, command: str, tmp_path: Path) -> None:
    words = shrink(shlex.split(command), tmp_path)
    result = subprocess.run(words, cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True,
                            timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, (f"{block.where}: `{command}` exited {result.returncode}\n"
                                    f"{result.stdout[-2000:]}\n{result.stderr[-2000:]}")


PYTHON_BLOCKS = [b for b in ALL_BLOCKS if b.lang == "python" and not b.skip]


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda b: b.where)
def test_every_python_example_runs(block: Block, tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-c", block.text], cwd=ROOT, env=_env(tmp_path), capture_output=True,
                            text=True, timeout=TIMEOUT)
    assert result.returncode == 0, f"{block.where}:\n{result.stderr[-3000:]}"


def _console_cases() -> list[tuple[Block, str, list[str]]]:
    cases = []
    for block in ALL_BLOCKS:
        if block.lang != "console" or block.skip:
            continue
        command, expected = None, []
        for row in [*block.text.split("\n"), "$ "]:
            if row.startswith("$ "):
                if command:
                    cases.append((block, command, expected))
                command, expected = row[2:].strip(), []
            else:
                expected.append(row)
    return cases


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line `...` stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[n:]) for n in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


@pytest.mark.parametrize(("block", "command", "expected"), _console_cases(),
                         ids=lambda v: v.where if isinstance(v, Block) else "")
def test_every_console_example_prints_what_the_doc_shows(block: Block, command: str, expected: list[str],
                                                         tmp_path: Path) -> None:
    result = subprocess.run(shrink(shlex.split(command), tmp_path), cwd=ROOT, env=_env(tmp_path),
                            capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    actual = (result.stdout + result.stderr).rstrip("\n").split("\n")
    while expected and not expected[-1].strip():
        expected = expected[:-1]
    assert _matches(expected, actual), f"{block.where}: `{command}` printed:\n" + "\n".join(actual)


ENGINE_BLOCKS = [b for b in ALL_BLOCKS if not b.skip and b.lang in ("", "text") and _is_engine_session(b)]


def test_the_engine_protocol_examples_are_found() -> None:
    assert any(b.doc.name == "ENGINE.md" for b in ENGINE_BLOCKS)


@pytest.mark.parametrize("block", ENGINE_BLOCKS, ids=lambda b: b.where)
def test_every_engine_session_answers_as_the_doc_shows(block: Block, tmp_path: Path) -> None:
    rows = [row for row in block.text.split("\n") if row.strip()]
    requests = "".join(row[2:] + "\n" for row in rows if row.startswith("> "))
    result = subprocess.run([sys.executable, "-m", "game", "engine"], cwd=ROOT, env=_env(tmp_path), input=requests,
                            capture_output=True, text=True, timeout=TIMEOUT)
    answers = result.stdout.rstrip("\n").split("\n")
    expected = [row[2:] for row in rows if row.startswith("< ")]
    assert len(answers) == len(expected), f"{block.where}: the engine printed\n{result.stdout}{result.stderr}"
    for shown, said in zip(expected, answers, strict=True):
        assert json.loads(shown) == json.loads(said), f"{block.where}: the doc shows\n{shown}\nthe engine says\n{said}"


def test_every_path_and_link_in_the_docs_exists() -> None:
    missing = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in PATH.finditer(text):
            path = match[1].rstrip(".,:;")
            if not list(ROOT.glob(path)) and not (ROOT / path).exists():
                missing.append(f"{doc.relative_to(ROOT)}: `{path}`")
        for match in LINK.finditer(text):
            if not (doc.parent / match[1]).exists():
                missing.append(f"{doc.relative_to(ROOT)}: link to {match[1]}")
    assert missing == []


def test_the_campaign_count_in_the_docs_is_the_shipped_one() -> None:
    packs = [folder for folder in (ROOT / "levels").iterdir() if folder.is_dir() and any(folder.glob("*.toml"))]
    levels = sum(len(list(folder.glob("*.toml"))) for folder in packs)
    words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
    claims = []
    for doc in DOCS:
        text = re.sub(r"\s+", " ", doc.read_text(encoding="utf-8"))
        for match in re.finditer(r"(\d+) levels in (\w+) packs", text):
            claims.append((doc.name, int(match[1]), words.get(match[2], match[2])))
    assert claims, "README.md says how many levels the campaign has"
    assert all((count, pack_count) == (levels, len(packs)) for _, count, pack_count in claims), (claims, levels)


@pytest.mark.parametrize("script", ["gen_rules_doc.py", "gen_satoshi_docs.py"])
def test_the_generated_docs_are_up_to_date(script: str, tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, f"scripts/{script}", "--check"], cwd=ROOT, env=_env(tmp_path),
                            capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr

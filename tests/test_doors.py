"""Issue 32: one inventory of doors (game.doors), one hostile battery over it (tests/hostile),
and scans that keep every file operation, environment variable and option in the inventory."""

from __future__ import annotations

import argparse
import ast
import functools
import importlib
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from hostile.cases import Ctx, pairs
from hostile.known import KNOWN
from hostile.run import Sandbox

from game.doors import door_modules, inventory
from game.doors.options import OPTIONS
from game.doors.outside import ENV_VARS

GAME = Path(__file__).resolve().parents[1] / "game"
PAIRS = pairs()


def _param(door, case):
    marks = []
    if (door.name, case.id) in KNOWN:
        marks.append(pytest.mark.xfail(reason=KNOWN[(door.name, case.id)], strict=True))
    return pytest.param(door, case, id=f"{door.name} | {case.id}", marks=marks)


@pytest.mark.parametrize(("door", "case"), [_param(d, c) for d, c in PAIRS])
def test_every_door_survives_every_hostile_class(door, case, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COINLAND_DATA_DIR", str(tmp_path / "data"))
    ctx = Ctx(door, door.probe() if door.probe else None, Sandbox(tmp_path), random.Random(32))
    case.run(ctx)


def test_the_known_failures_name_real_pairs():
    ids = {(door.name, case.id) for door, case in PAIRS}
    assert not set(KNOWN) - ids, f"stale entries in tests/hostile/known.py: {sorted(set(KNOWN) - ids)[:3]}"


def test_every_file_door_is_probed_by_every_class_that_applies():
    """A reader gets kind, size, time and text cases; a writer links, space and crashes; a lister counts."""
    by_door: dict[str, set[str]] = {}
    for door, case in PAIRS:
        by_door.setdefault(door.name, set()).add(case.cls)
    for door in inventory():
        if door.probe is None:
            continue
        classes = by_door.get(door.name, set())
        if "read" in door.does:
            assert {"kind of file", "size", "time"} <= classes, door.name
            assert door.probe().fmt == "bytes" or {"text", "types and ranges", "structure"} <= classes, door.name
        if "write" in door.does:
            assert {"links and places", "space", "crashes"} <= classes, door.name
        if "list" in door.does and "write" in door.does:
            assert {"counts and order", "ownership"} <= classes, door.name
        if "walk" in door.does:
            assert "depth" in classes, door.name


# --- nothing outside the doors ------------------------------------------------------------------
FILE_METHODS = {"write_text", "write_bytes", "read_text", "read_bytes", "unlink", "rename", "rglob", "glob",
                "iterdir", "mkdir", "rmdir", "touch", "symlink_to", "hardlink_to", "chmod", "open", "replace"}
OS_FUNCTIONS = {"open", "walk", "scandir", "listdir", "remove", "unlink", "rename", "replace", "makedirs", "mkdir",
                "rmdir", "link", "symlink", "mkfifo", "fdopen", "truncate", "removedirs"}
MODULES = {"shutil", "tempfile", "glob", "io"}
DOOR_PACKAGES = ("safeio",)  # the only code that touches files itself


def file_operations(source: str | ast.Module) -> list[tuple[int, str]]:
    """(line, what) of every call in `source` that opens, writes, lists, walks or deletes."""
    found = []
    for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            found.append((node.lineno, "open("))
        elif isinstance(func, ast.Attribute):
            owner = func.value
            owner_name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
            if owner_name == "os" and func.attr in OS_FUNCTIONS:
                found.append((node.lineno, f"os.{func.attr}("))
            elif owner_name == "io" and func.attr in ("BytesIO", "StringIO", "TextIOWrapper"):
                continue  # memory, or a wrapper of a stream already open
            elif owner_name in MODULES:
                found.append((node.lineno, f"{owner_name}.{func.attr}("))
            elif owner_name == "image" and func.attr in ("save", "load"):
                found.append((node.lineno, f"image.{func.attr}("))
            elif func.attr in FILE_METHODS and owner_name not in ("self", "cls", "app", "pygame", "re", "safeio"):
                if func.attr == "replace" and (len(node.args) != 1 or node.keywords):
                    continue  # str.replace(old, new) and dataclasses' replace(obj, **changes)
                if func.attr == "open" and owner_name not in ("Path", "path", "target", "file", "source"):
                    continue  # scenes' own open() methods
                found.append((node.lineno, f".{func.attr}("))
    return found


def _modules():
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(GAME.parent)
        if rel.parts[1] in DOOR_PACKAGES:
            continue
        yield ".".join(rel.with_suffix("").parts).removesuffix(".__init__"), path


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text())


#: the few calls the scan cannot tell apart from file access, each with why it is not one
NOT_FILES = {
    ("game/client/tour.py", "image.save("): "saves a PNG into a BytesIO; safeio writes the bytes",
    ("game/client/worker.py", "os.fdopen("): "the helper process's own stdout pipe (door: helper process)",
    ("game/cli/output.py", "os.open("): "/dev/null in place of a stdout whose pipe closed (door: standard output)",
}


def test_no_code_outside_game_safeio_opens_writes_lists_or_deletes_files():
    outside = [f"{path.relative_to(GAME.parent)}:{line}: {what}"
               for _, path in _modules() for line, what in file_operations(_tree(path))
               if (str(path.relative_to(GAME.parent)), what) not in NOT_FILES]
    assert not outside, "file operations outside game/safeio (go through it):\n" + "\n".join(outside)


def test_the_scan_sees_the_operations_it_looks_for():
    sample = ("open('x')\nPath('x').write_text('y')\nos.open('x', 0)\nshutil.rmtree(p)\np.rglob('*')\n"
              "os.scandir(p)\npath.replace(target)\ntext.replace('a', 'b')\nself.open()\n")
    assert [what for _, what in file_operations(sample)] == [
        "open(", ".write_text(", "os.open(", "shutil.rmtree(", ".rglob(", "os.scandir(", ".replace("]


SAFEIO_FILE_FUNCTIONS = {"read_bytes", "read_text", "read_json_file", "read_toml_file", "atomic_write_text",
                         "atomic_write_bytes", "set_aside", "file_lock", "list_files", "walk_files", "remove_own",
                         "clean_temps", "make_folder", "read_line"}


def test_every_module_that_uses_the_file_functions_is_named_by_a_door():
    named = door_modules()
    users = set()
    for module, path in _modules():
        if module.startswith("game.doors"):
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.safeio"):
                if {alias.name for alias in node.names} & SAFEIO_FILE_FUNCTIONS:
                    users.add(module)
            elif isinstance(node, ast.Attribute) and node.attr in SAFEIO_FILE_FUNCTIONS \
                    and isinstance(node.value, ast.Name) and node.value.id == "safeio":
                users.add(module)
    missing = sorted(users - named)
    assert not missing, f"modules reading or writing files without a door in game/doors: {missing}"


ENV_READ = re.compile(r"(?:environ\.get|getenv|environ\[|env_path)\(?\s*([A-Z_][A-Z0-9_]*|\"[A-Z0-9_]+\")")


def test_every_environment_variable_read_is_a_door():
    read = set()
    for module, path in _modules():
        if module.startswith("game.doors"):
            continue
        for match in ENV_READ.finditer(path.read_text()):
            name = match.group(1)
            if not name.startswith('"'):  # a constant: look its value up
                name = getattr(importlib.import_module(module), name, name)
            read.add(name.strip('"'))
    for path in (GAME / "safeio").glob("*.py"):
        for match in ENV_READ.finditer(path.read_text()):
            name = match.group(1)
            if not name.startswith('"'):
                name = getattr(importlib.import_module("game.safeio.places"), name, name)
            read.add(name.strip('"'))
    read.discard("name")
    assert read - set(ENV_VARS) == set(), f"environment variables read without a door: {sorted(read - set(ENV_VARS))}"


def test_every_option_of_every_command_is_a_door_with_its_range():
    from game.cli import COMMANDS

    found = set()
    for command, (module_name, _) in COMMANDS.items():
        parser = argparse.ArgumentParser()
        importlib.import_module(module_name).add_arguments(parser)
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            name = action.option_strings[0] if action.option_strings else action.dest.upper()
            found.add(f"{command} {name}")
    assert found == set(OPTIONS), (f"options without a door: {sorted(found - set(OPTIONS))}; "
                                   f"doors without an option: {sorted(set(OPTIONS) - found)}")


def test_the_inventory_is_one_list_of_many_doors():
    doors = inventory()
    assert len(doors) >= 80
    kinds = {door.kind for door in doors}
    assert {"file", "folder", "path", "lines", "option", "env", "text"} <= kinds

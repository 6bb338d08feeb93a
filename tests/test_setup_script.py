"""scripts/_setup.sh installs what each command needs, once per change (issue 35 item 3).

The installers are stubs that record their arguments, so this runs in a moment and offline.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STUB = '#!/usr/bin/env bash\necho "$(basename "$0") $*" >> "$(dirname "$0")/../calls.log"\n'


def _clone(tmp_path: Path, uv: bool) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "_setup.sh", tmp_path / "scripts" / "_setup.sh")
    for name in ("pyproject.toml", "setup.py"):
        (tmp_path / name).write_text("", encoding="utf-8")
    bin_folder = tmp_path / ".venv" / "bin"
    bin_folder.mkdir(parents=True)
    for tool in ("python", *(["uv"] if uv else [])):
        (bin_folder / tool).write_text(STUB, encoding="utf-8")
        (bin_folder / tool).chmod(0o755)
    return tmp_path


def _install(folder: Path, extras: str, **env: str) -> list[str]:
    subprocess.run(["bash", "-c", f'source scripts/_setup.sh; install_project "{extras}"'], cwd=folder, check=True,
                   env=dict(os.environ, **env), capture_output=True, text=True, timeout=60)
    log = folder / ".venv" / "calls.log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_play_then_test_installs_the_test_extras_too(tmp_path: Path) -> None:
    folder = _clone(tmp_path, uv=True)
    assert _install(folder, "")[-1].endswith("pip install --python " + str(folder / ".venv/bin/python") + " -e .")
    calls = _install(folder, "test")  # a stamp shared with play's made this install nothing
    assert calls[-1].endswith(" -e .[test]"), calls
    assert len(_install(folder, "test")) == len(calls)  # done once: nothing more until pyproject.toml changes


def test_without_uv_pip_installs_and_says_so(tmp_path: Path) -> None:
    folder = _clone(tmp_path, uv=False)
    calls = _install(folder, "test", COINLAND_NO_UV="1")
    assert any(call.startswith("python -m pip install") and call.endswith(" -e .[test]") for call in calls), calls

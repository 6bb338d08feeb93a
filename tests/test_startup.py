"""Start-up: the title imports only what it needs, and the sounds are read from a cache when warm."""

import os
import subprocess
import sys
from pathlib import Path

from game import ROOT
from game.client import audio

FIRST_FRAME = """
import sys
from game.cli import main
main([])
print(" ".join(sorted(sys.modules)))
"""


def test_the_first_frame_needs_no_search_and_no_other_command(tmp_path):
    env = dict(os.environ, COINLAND_EXIT_AFTER_FIRST_FRAME="1", COINLAND_DATA_DIR=str(tmp_path),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    first, modules = done.stdout.splitlines()[:2]
    assert first.startswith("first frame drawn after ")
    loaded = set(modules.split())
    assert "game.client.title" in loaded and "game.client.app" in loaded
    for heavy in ("game.coinland.solver", "game.coinland.ai", "game.bitcoin.ai", "game.coinland.generator",
                  "game.cli.check", "game.cli.generate", "game.client.review.recent_scene", "subprocess",
                  "ortools", "numpy"):
        assert heavy not in loaded, heavy


def test_the_sounds_are_cached_and_a_damaged_cache_is_made_again(tmp_path):
    frequency, size, channels = 22050, -16, 1
    made = audio.cached_buffers(frequency, size, channels, tmp_path)
    path = audio.cache_path(tmp_path, frequency, size, channels)
    assert path.is_file() and set(made) == set(audio.recipe_names())
    assert audio.unpack(path.read_bytes(), str(path)) == made
    assert made["win"] == audio.to_buffer(audio.recipes()["win"], frequency, size, channels)
    path.write_bytes(path.read_bytes()[:-10])  # cut short: refused, then rewritten whole
    again = audio.cached_buffers(frequency, size, channels, tmp_path)
    assert again == made and audio.unpack(path.read_bytes(), str(path)) == made


def test_a_cache_for_another_mixer_or_version_is_replaced(tmp_path):
    (tmp_path / "sounds-0123456789abcdef.pcm").write_bytes(audio.CACHE_MAGIC + b"old samples")
    audio.cached_buffers(44100, -16, 2, tmp_path)
    kept = sorted(p.name for p in Path(tmp_path).iterdir())
    assert kept == [audio.cache_path(tmp_path, 44100, -16, 2).name]


def test_a_file_named_like_an_old_cache_but_not_one_is_never_deleted(tmp_path):
    """Issue 32 (ownership): only files of our name *and* our format are ours to delete."""
    mine = tmp_path / "sounds-fedcba9876543210.pcm"
    mine.write_bytes(b"my own recording, not a Coinland cache")
    audio.cached_buffers(44100, -16, 2, tmp_path)
    assert mine.read_bytes() == b"my own recording, not a Coinland cache"


def test_a_foreign_cache_file_is_refused():
    for raw in (b"", b"coinland sounds 1\nwin 5\n\nabc", b"coinland sounds 1\n" + b"coin0 -1\n" * 12 + b"\n",
                b"not a cache at all"):
        try:
            audio.unpack(raw, "cache")
        except ValueError:
            continue
        raise AssertionError(f"accepted {raw!r}")


def test_the_first_frame_exit_reads_any_value_as_set(tmp_path):
    """$COINLAND_EXIT_AFTER_FIRST_FRAME only needs to be set: a byte that is not UTF-8 in it is
    no reason to fail (the environment door's hostile-value case)."""
    env = dict(os.environ, COINLAND_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env_bytes = {os.fsencode(k): os.fsencode(v) for k, v in env.items()}
    env_bytes[b"COINLAND_EXIT_AFTER_FIRST_FRAME"] = b"\xff\xfe"
    done = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env_bytes, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith(b"first frame drawn after ")

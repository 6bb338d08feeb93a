"""Folder chains thousands deep, made and removed through folder descriptors: no path length
limit and no recursion (pytest's own clean-up recurses, and a tree this deep would crash it at the
end of everyone's session). Named like no test module: it holds none."""

from __future__ import annotations

import os
from pathlib import Path


def make_chain(top: Path, depth: int, name: str, data: bytes) -> int:
    """`top/d/d/.../d/name`, `depth` folders deep, made through folder descriptors (no path length limit)."""
    fd = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = inner
        out = os.open(name, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, data)
        os.close(out)
    finally:
        os.close(fd)
    return depth


def remove_chain(top: Path, depth: int) -> None:
    """Remove what `make_chain` made, deepest first, without recursion (pytest's own clean-up
    recurses, and a tree this deep would crash it at the end of everyone's session)."""
    fds = [os.open(top, os.O_RDONLY | os.O_DIRECTORY)]
    try:
        for _ in range(depth):
            fds.append(os.open("d", os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fds[-1]))
    except OSError:
        pass
    while fds:
        fd = fds.pop()
        for entry in list(os.scandir(fd)):
            if not entry.is_dir(follow_symlinks=False):
                os.unlink(entry.name, dir_fd=fd)
        os.close(fd)
        if fds:
            os.rmdir("d", dir_fd=fds[-1])

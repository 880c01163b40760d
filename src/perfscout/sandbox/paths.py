"""Path confinement: which paths a command may name, after resolving symlinks and ``..``.

Writes must land inside the workspace (or a runner's extra roots: the patch workflow's git
steps write to the user's repository and perfscout's patch directory); reads may also name the
policy's read-only allowlist
(``/proc/cpuinfo``, ``/sys/devices/system/cpu/**``, system include dirs, ...).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Sequence
from pathlib import Path


def resolve(arg: str, cwd: Path) -> Path:
    """``arg`` made absolute against ``cwd`` with every symlink and ``..`` resolved."""
    return Path(os.path.realpath(os.path.join(cwd, os.path.expanduser(arg))))


def inside(path: Path, root: Path) -> bool:
    """Whether ``path`` is ``root`` or lies below it (both already resolved)."""
    return path == root or root in path.parents


def matches_read_only(path: Path, patterns: Sequence[str]) -> bool:
    """Whether ``path`` matches a read-only allowlist glob (``**`` crosses directories)."""
    s = str(path)
    for pat in patterns:
        if "**" in pat:
            base = pat.split("**", 1)[0].rstrip("/")
            if s == base or s.startswith(base + "/"):
                return True
        elif fnmatch.fnmatchcase(s, pat):
            return True
    return False


def roots_text(roots: Sequence[Path]) -> str:
    """``the workspace W`` or ``the workspace W and R1, R2`` for messages."""
    extra = ", ".join(str(r) for r in roots[1:])
    return f"the workspace {roots[0]}" + (f" and {extra}" if extra else "")


def confine(arg: str, cwd: Path, roots: Sequence[Path], mode: str,
            read_only: Sequence[str]) -> str | None:
    """Return why ``arg`` may not be used as a path of ``mode`` ("read" or "write"), else None.

    ``roots`` (the workspace first, then any extra writable roots) must be resolved. The
    literal path is checked as well as the resolved one, so a symlink inside the workspace
    pointing at ``/etc`` is caught by the resolved check
    and ``/proc/self/../..`` style tricks by both.
    """
    if "\x00" in arg:
        return "path contains a NUL byte"
    real = resolve(arg, cwd)
    if any(inside(real, r) for r in roots):
        return None
    if mode == "read":
        literal = Path(os.path.normpath(os.path.join(cwd, arg)))
        if matches_read_only(real, read_only) and matches_read_only(literal, read_only):
            return None
        return (f"path {arg!r} resolves to {real}, outside {roots_text(roots)} and not on "
                "the read-only allowlist")
    return f"path {arg!r} resolves to {real}, outside {roots_text(roots)}; writes stay inside"


def looks_like_path(arg: str) -> bool:
    """Arguments the generic check treats as paths: absolute, home-relative or with ``..``."""
    return (arg.startswith(("/", "~")) or arg == ".." or arg.startswith("../")
            or "/../" in arg or arg.endswith("/.."))

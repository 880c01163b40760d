"""The exec wrapper: a tiny static program that joins the cgroup, sets limits and execs.

With it the runner spawns through ``subprocess`` without ``preexec_fn``, so CPython uses vfork
instead of fork (and runs no Python in the child): about 0.05 ms per command instead of 1.5-3
ms. It is compiled once from ``execwrap.c`` (package data) with the system C compiler into
``HOME/cache/sandbox/``, named by the hash of its source, and self-tested (it must apply a limit
and exec ``cat /proc/self/limits``) before it is trusted. Where there is no compiler, the
architecture is not x86-64/aarch64 or the self-test fails, :func:`exec_wrapper` returns None and
the runner falls back to ``preexec_fn`` (same containment, slower); ``reason`` says why.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import platform
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

SOURCE = "execwrap.c"
CFLAGS = ("-O2", "-static", "-nostdlib", "-nostartfiles", "-ffreestanding",
          "-fno-stack-protector", "-fno-builtin", "-fno-pie", "-no-pie")
COMPILERS = ("cc", "gcc", "clang")
SELF_TEST_NOFILE = 77


@dataclass(frozen=True)
class Wrapper:
    """The outcome of looking for the wrapper: its path, or why there is none."""

    path: Path | None
    reason: str = ""


_lock = threading.Lock()
_built: dict[str, Wrapper] = {}  # source digest -> outcome


def _source() -> bytes:
    return resources.files("perfscout.sandbox").joinpath(SOURCE).read_bytes()


def _trusted(path: Path) -> bool:
    """Ours and writable by nobody else (a wrapper others could replace would be a hole)."""
    try:
        st = path.stat()
    except OSError:
        return False
    return st.st_uid == os.getuid() and not st.st_mode & 0o022 and os.access(path, os.X_OK)


def _self_test(path: Path, search_path: tuple[str, ...]) -> str:
    cat = next((c for d in search_path if os.access(c := os.path.join(d, "cat"), os.X_OK)), None)
    if cat is None:
        return "no cat for the self-test"
    try:
        done = subprocess.run([str(path), "-", f"7={SELF_TEST_NOFILE}:{SELF_TEST_NOFILE}", "--",
                               cat, "/proc/self/limits"], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"self-test could not run: {exc}"
    for line in done.stdout.decode(errors="replace").splitlines():
        if line.startswith("Max open files"):
            if line.split()[3:5] == [str(SELF_TEST_NOFILE)] * 2:
                return ""
            return f"self-test: limit not applied ({line.strip()})"
    why = done.stderr.decode(errors="replace")[:200]
    return f"self-test failed (exit {done.returncode}): {why}"


def _compile(out: Path, search_path: tuple[str, ...]) -> str:
    cc = next((c for name in COMPILERS for d in search_path
               if os.access(c := os.path.join(d, name), os.X_OK)), None)
    if cc is None:
        return "no C compiler in the trusted search path"
    out.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        src = Path(tmp) / SOURCE
        src.write_bytes(_source())
        binary = Path(tmp) / "perfscout-exec"
        try:
            done = subprocess.run([cc, *CFLAGS, "-o", str(binary), str(src)],
                                  capture_output=True, timeout=120,
                                  env={"PATH": ":".join(search_path), "LC_ALL": "C"})
        except (OSError, subprocess.SubprocessError) as exc:
            return f"compiling the exec wrapper failed: {exc}"
        if done.returncode != 0:
            return ("compiling the exec wrapper failed: "
                    + done.stderr.decode(errors="replace").strip()[:300])
        binary.chmod(0o700)
        why = _self_test(binary, search_path)
        if why:
            return why
        binary.replace(out)  # atomic: concurrent builders race harmlessly
    return ""


def exec_wrapper(home: Path, search_path: tuple[str, ...]) -> Wrapper:
    """The built, self-tested wrapper under ``home`` (built now if missing), or why not.

    Remembered per process: a wrapper this process already built or tested is reused (also
    for another home: it is the same source and flags), unless it vanished or its mode
    changed. A file found on disk is self-tested before its first use.
    """
    if platform.machine() not in ("x86_64", "aarch64"):
        return Wrapper(None, f"no exec wrapper for {platform.machine()}")
    digest = hashlib.sha256(_source() + " ".join(CFLAGS).encode()).hexdigest()[:16]
    out = home / "cache" / "sandbox" / f"perfscout-exec-{digest}-{platform.machine()}"
    with _lock:
        known = _built.get(digest)
        if known is not None and (known.path is None or _trusted(known.path)):
            return known
        if _trusted(out) and not _self_test(out, search_path):
            res = Wrapper(out)
        else:
            with contextlib.suppress(OSError):
                if out.exists():
                    out.unlink()  # someone else's, writable by others or broken: never run it
            try:
                why = _compile(out, search_path)
            except OSError as exc:
                why = f"cannot build the exec wrapper under {out.parent}: {exc.strerror}"
            res = Wrapper(None if why else out, why)
        _built[digest] = res
        return res

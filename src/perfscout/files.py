"""Files in and out: the user's structured inputs, and every file perfscout writes.

Use :func:`read_structured` for any user-given JSON or YAML file, so every command reports a
missing file and a malformed one the same way: NotFoundError (exit 4) naming the file and what
it should have been, or InputError (exit 3) with the parser's own message and a hint.

Use :func:`write_atomic` for every file perfscout writes (records, stamps, scripts, reports): a
reader or a crash never sees half a file, and two writers of one path never share a temp file.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Literal

import yaml

from perfscout.model.errors import InputError, NotFoundError


def read_structured(path: str | Path, what: str, fmt: Literal["json", "yaml"] = "json", *,
                    hint: str = "") -> Any:
    """The decoded content of ``path``, a ``what`` file (\"spec\", \"analysis\", ...)."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise NotFoundError(f"{what} file {p} does not exist",
                            hint=hint or f"give the path of a {fmt.upper()} {what} file")
    try:
        text = p.read_text(encoding="utf-8")
        return json.loads(text) if fmt == "json" else yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError) as exc:
        kind = "JSON" if fmt == "json" else "YAML"
        raise InputError(f"{what} file {p} is not valid {kind}: {exc}",
                         hint=hint or f"give a {kind} {what} file") from None


def write_atomic(path: str | Path, data: str | bytes, *, mode: int = 0o644) -> Path:
    """Write ``data`` to ``path`` through a unique temp file in its folder, then rename.

    On any failure the temp file is removed and the error (OSError) propagates; ``path`` then
    holds its previous content, or does not exist.
    """
    p = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.chmod(tmp, mode)
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p


def _dir_beneath(root: Path, parts: list[str], create: bool) -> int:
    """An O_PATH-free walk from ``root`` down ``parts`` refusing every symlink (dir fd)."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        for part in parts:
            if part in ("", ".", ".."):
                raise InputError(f"path component {part!r} is not allowed under {root}")
            try:
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                              dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                os.mkdir(part, 0o755, dir_fd=fd)
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                              dir_fd=fd)
            except OSError as exc:  # ELOOP / ENOTDIR: a symlink or a file on the way
                raise InputError(f"{root}: {'/'.join(parts)} passes through a symlink or a "
                                 f"non-directory ({exc.strerror}); perfscout does not follow "
                                 "links out of the tree") from None
            os.close(fd)
            fd = nxt
        return fd
    except BaseException:
        os.close(fd)
        raise


def read_beneath(root: Path, rel: str) -> bytes | None:
    """The bytes of ``root/rel`` without following any symlink on the way (None: no file).

    For perfscout's own reads inside a tree it does not trust (a user's worktree): a
    committed symlink cannot point the read at a file outside ``root``.
    """
    parts = rel.split("/")
    try:
        fd = _dir_beneath(root, parts[:-1], create=False)
    except FileNotFoundError:
        return None
    try:
        try:
            f = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise InputError(f"{root}/{rel} is a symlink or unreadable ({exc.strerror}); "
                             "perfscout does not follow links out of the tree") from None
        with os.fdopen(f, "rb") as fh:
            return fh.read()
    finally:
        os.close(fd)


def write_beneath(root: Path, rel: str, data: bytes, *, mode: int = 0o644) -> None:
    """Write ``root/rel`` atomically without following any symlink (resolve-beneath).

    Missing directories are made; a symlink anywhere on the path (or as the file itself) is
    an InputError, so a tree cannot redirect perfscout's write outside ``root``.
    """
    parts = rel.split("/")
    fd = _dir_beneath(root, parts[:-1], create=True)
    name = parts[-1]
    tmp = f".{name}.perfscout-tmp"
    try:
        try:
            st = os.lstat(name, dir_fd=fd)
            if not stat.S_ISREG(st.st_mode):
                raise InputError(f"{root}/{rel} is not a regular file (a symlink?); perfscout "
                                 "does not write through it")
        except FileNotFoundError:
            pass
        f = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                    mode, dir_fd=fd)
        try:
            with os.fdopen(f, "wb") as fh:
                fh.write(data)
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=fd)
            raise
    finally:
        os.close(fd)

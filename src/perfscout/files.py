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

# Limits on what a person gives perfscout (documented in docs/sandbox.md, "Reading user
# files"): bigger files or deeper nesting are refused with an InputError (exit 3).
MAX_TEXT_BYTES = 16 * 1024 * 1024  # diffs, transcripts, any text file
MAX_JSON_BYTES = 64 * 1024 * 1024
MAX_YAML_BYTES = 4 * 1024 * 1024  # YAML parses about 50x slower than JSON
MAX_DEPTH = 64  # nesting of mappings/lists
MAX_YAML_ALIASES = 256  # '&a [*a, *a ...]' expands exponentially


def read_user_bytes(path: str | Path, what: str, *, limit: int = MAX_TEXT_BYTES,
                    hint: str = "") -> bytes:
    """The bytes of a user-given ``what`` file, at most ``limit`` of them.

    A missing file is NotFoundError (exit 4); a directory, a device or a file over ``limit``
    bytes is InputError (exit 3). A named pipe is read (``--sacct <(sacct ...)``), as far as
    ``limit + 1`` bytes, so a huge file or an endless stream cannot exhaust memory.
    """
    p = Path(path).expanduser()
    if not p.exists():
        raise NotFoundError(f"{what} file {p} does not exist",
                            hint=hint or f"give the path of a {what} file")
    if not (p.is_file() or p.is_fifo()):
        raise InputError(f"{what} file {p} is not a regular file", hint=hint or "give a file")
    try:
        with open(p, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read {what} file {p}: {exc.strerror}") from None
    if len(data) > limit:
        raise InputError(f"{what} file {p} is larger than {limit // (1024 * 1024)} MiB",
                         hint=hint or f"give a smaller {what} file")
    return data


def read_user_text(path: str | Path, what: str, *, limit: int = MAX_TEXT_BYTES,
                   hint: str = "") -> str:
    """:func:`read_user_bytes` decoded as UTF-8; other bytes are an InputError naming where."""
    data = read_user_bytes(path, what, limit=limit, hint=hint)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} file {Path(path).expanduser()} is not UTF-8 text (byte "
                         f"{exc.start}: {data[exc.start:exc.start + 1]!r})",
                         hint=hint or f"give a UTF-8 {what} file") from None


def _depth_ok(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            if d > limit:
                return False
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            if d > limit:
                return False
            stack.extend((x, d + 1) for x in v)
    return True


def _yaml_prescan(text: str, where: str) -> None:
    """Refuse nesting over MAX_DEPTH or too many aliases before any object is built."""
    depth = aliases = 0
    for ev in yaml.parse(text, Loader=_LOADER):
        if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(f"{where} nests deeper than {MAX_DEPTH} levels")
        elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(ev, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                raise InputError(f"{where} uses more than {MAX_YAML_ALIASES} YAML aliases")


_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_structured(text: str, where: str, fmt: Literal["json", "yaml"] = "json", *,
                     hint: str = "") -> Any:
    """``text`` parsed as JSON or YAML under the depth limits; InputError names ``where``."""
    kind = "JSON" if fmt == "json" else "YAML"
    try:
        if fmt == "json":
            value = json.loads(text)
        else:
            _yaml_prescan(text, where)
            value = yaml.load(text, Loader=_LOADER)
    except RecursionError:
        raise InputError(f"{where} nests deeper than {MAX_DEPTH} levels",
                         hint=hint or f"give a flatter {kind} file") from None
    except (ValueError, yaml.YAMLError) as exc:
        raise InputError(f"{where} is not valid {kind}: {exc}",
                         hint=hint or f"give a {kind} file") from None
    if not _depth_ok(value, MAX_DEPTH):
        raise InputError(f"{where} nests deeper than {MAX_DEPTH} levels",
                         hint=hint or f"give a flatter {kind} file")
    return value


def read_structured(path: str | Path, what: str, fmt: Literal["json", "yaml"] = "json", *,
                    hint: str = "") -> Any:
    """The decoded content of ``path``, a ``what`` file (\"spec\", \"analysis\", ...).

    Size, encoding and nesting are checked (:data:`MAX_JSON_BYTES`, :data:`MAX_YAML_BYTES`,
    :data:`MAX_DEPTH`): a bad file is one InputError line (exit 3), never a crash or a hang.
    """
    p = Path(path).expanduser()
    limit = MAX_JSON_BYTES if fmt == "json" else MAX_YAML_BYTES
    data = read_user_bytes(p, what, limit=limit, hint=hint)
    kind = "JSON" if fmt == "json" else "YAML"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} file {p} is not valid {kind}: not UTF-8 text (byte "
                         f"{exc.start}: {data[exc.start:exc.start + 1]!r})",
                         hint=hint or f"give a UTF-8 {kind} {what} file") from None
    return parse_structured(text, f"{what} file {p}", fmt, hint=hint)


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

"""Files in and out: the user's structured inputs, and every file perfscout writes.

Use :func:`read_structured` for any user-given JSON or YAML file, so every command reports a
missing file and a malformed one the same way: NotFoundError (exit 4) naming the file and what
it should have been, or InputError (exit 3) with the parser's own message and a hint.

Use :func:`write_atomic` for every file perfscout writes (records, stamps, scripts, reports): a
reader or a crash never sees half a file, and two writers of one path never share a temp file.
"""

from __future__ import annotations

import json
import os
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

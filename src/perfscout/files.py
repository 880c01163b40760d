"""Reading the structured files users hand perfscout (specs, spaces, tables, analyses, policies).

Use :func:`read_structured` for any user-given JSON or YAML file, so every command reports a
missing file and a malformed one the same way: NotFoundError (exit 4) naming the file and what
it should have been, or InputError (exit 3) with the parser's own message and a hint.
"""

from __future__ import annotations

import json
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

"""GCC's optimization records (``-fsave-optimization-record``): ``FILE.opt-record.json.gz``,
one per translation unit, gzip-compressed JSON (or the same JSON uncompressed).

The file is ``[header, passes, records]``; each record has a ``kind`` (``success``,
``failure``, ``note``, ``scope``), a ``location`` (file, line, column), a ``message`` (strings
and objects holding an expression or statement) and ``children``. The vectorizer's verdicts are
the top-level records whose message opens as ``-fopt-info-vec`` prints them (``loop vectorized
using 32 byte vectors``, ``couldn't vectorize loop``, ``not vectorized: ...``): they are turned
into those lines and read by :func:`~perfscout.ingest.adapters.compiler_remarks.remarks_profile`,
so the remarks, the vectorized/missed loop counts and the access pattern come out as from the
compiler's text. Everything else (analysis notes, inlining) is left out as ``-fopt-info-vec``
leaves it out. Family: compiler.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from perfscout.ingest.adapters.compiler_remarks import remarks_profile
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import load_json
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile

#: the most decompressed bytes read: a record of a large translation unit is tens of MB
_LIMIT = 256 * 1024 * 1024
_VERDICTS = ("loop vectorized", "couldn't vectorize loop", "not vectorized")


def _load(path: Path) -> list[Any]:
    """The record list of ``path`` (compressed or not); ParseError when it is none."""
    doc = load_json(path, _LIMIT, "GCC's -fsave-optimization-record JSON (.json.gz)")
    if not (isinstance(doc, list) and len(doc) >= 3 and isinstance(doc[0], dict)
            and "generator" in doc[0] and isinstance(doc[2], list)):
        raise ParseError(str(path), None, "GCC's optimization record: [header with "
                         "'generator', passes, records]")
    return doc[2]


def _text(message: Any) -> str:
    """A record's message: its strings and the expressions or statements it quotes."""
    if not isinstance(message, list):
        return ""
    out = []
    for part in message:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, dict):
            out.append(str(part.get("expr") or part.get("stmt") or part.get("symtab_node")
                           or ""))
    return " ".join("".join(out).split())


def _lines(records: list[Any]) -> Iterator[tuple[int, str]]:
    """The vectorizer verdicts as ``-fopt-info-vec`` lines, numbered by record."""
    for no, r in enumerate(records, start=1):
        if not isinstance(r, dict) or r.get("kind") not in ("success", "failure"):
            continue
        loc = r.get("location")
        text = _text(r.get("message"))
        if not isinstance(loc, dict) or not text.startswith(_VERDICTS):
            continue
        kind = "optimized" if r["kind"] == "success" else "missed"
        yield no, f"{loc.get('file', '?')}:{loc.get('line', 0)}:{loc.get('column', 0)}: " \
                  f"{kind}: {text}"


@register_adapter
class OptRecordAdapter(Adapter):
    """GCC ``-fsave-optimization-record`` files (see module docstring)."""

    name = "opt-record"
    family = "compiler"
    description = "gcc -fsave-optimization-record (FILE.opt-record.json.gz)"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        if path.name.endswith((".opt-record.json.gz", ".opt-record.json")):
            return 0.95
        return 0.0

    def parse(self, path: Path) -> Profile:
        records = _load(path)
        try:
            return remarks_profile(_lines(records), str(path), self.name)
        except ParseError:
            raise ParseError(str(path), None, "an optimization record holding the vectorizer's "
                             "verdicts (a build with -O2 -ftree-vectorize or -O3)",
                             "none found") from None

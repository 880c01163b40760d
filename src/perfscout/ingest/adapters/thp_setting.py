"""The transparent-hugepage settings files (``/sys/kernel/mm/transparent_hugepage/enabled``,
``defrag``, ``shmem_enabled``): one line of modes with the active one in brackets
(``always [madvise] never``).

A system fact, not a measurement: the active mode goes into ``meta`` (``thp_mode`` for the
``enabled`` file, ``thp_defrag`` for the defrag file, ``thp_shmem`` for shmem), so a diagnosis
can say whether large allocations get huge pages without the program asking. Also read from
``grep . /sys/kernel/mm/transparent_hugepage/*``, where each line names its file; the per-size
``hugepages-NkB/`` settings are not read. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile

_MODES = {"always", "madvise", "never", "defer", "defer+madvise", "within_size", "advise",
          "deny", "force", "inherit"}
_LINE = re.compile(r"^\s*(?:\[?[\w+]+\]?\s+){1,6}\[?[\w+]+\]?\s*$")
_KEYS = {"enabled": "thp_mode", "defrag": "thp_defrag", "shmem": "thp_shmem"}
#: ``grep . /sys/kernel/mm/transparent_hugepage/*`` prefixes each line with its file
_PATH = re.compile(r"^\S*transparent_hugepage/(?P<file>[\w/+-]+):(?P<rest>.*)$")


def _kind(words: list[str]) -> str:
    """Which settings file a line of modes is: its mode set names it."""
    if {"defer", "defer+madvise"} & set(words):
        return "defrag"
    if {"within_size", "advise", "deny", "force"} & set(words):
        return "shmem"
    return "enabled"


def _modes(line: str) -> tuple[list[str], str] | None:
    """The modes of one settings line and the bracketed one, or None for any other line."""
    p = _PATH.match(line)
    if p is not None:
        line = p["rest"]
    if not _LINE.match(line):
        return None
    words = [w.strip("[]") for w in line.split()]
    chosen = [w.strip("[]") for w in line.split() if w.startswith("[") and w.endswith("]")]
    if len(chosen) != 1 or not set(words) <= _MODES or len(set(words)) != len(words):
        return None
    return words, chosen[0]


@register_adapter
class ThpSettingAdapter(Adapter):
    """A transparent-hugepage settings file (see module docstring)."""

    name = "thp-setting"
    description = "transparent_hugepage enabled/defrag setting (always [madvise] never)"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = [ln for ln in head.splitlines() if ln.strip()]
        if any(_PATH.match(ln) for ln in lines):  # a grep of the settings directory
            return 0.9 if all(_PATH.match(ln) for ln in lines) and any(
                _modes(ln) for ln in lines) else 0.0
        return 0.9 if 0 < len(lines) <= 3 and all(_modes(ln) for ln in lines) else 0.0

    def parse(self, path: Path) -> Profile:
        meta: dict[str, str] = {}
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if not line.strip():
                continue
            p = _PATH.match(line)
            if p is not None and ("/" in p["file"] or _modes(line) is None):
                unparsed.add(no)  # per-size settings (hugepages-2048kB/enabled), counters
                continue
            got = _modes(line)
            if got is None or (p is None and no > 3):
                raise ParseError(str(path), no, "a transparent_hugepage setting line like "
                                 "'always [madvise] never'")
            words, chosen = got
            meta[_KEYS[_kind(words)] if p is None else
                 _KEYS.get(p["file"].split("_")[0], "thp_" + p["file"])] = chosen
        if not meta:
            raise ParseError(str(path), None, "a transparent_hugepage setting line")
        notes = tuple(f"{k} = {v}" for k, v in meta.items())
        return Profile(format=self.name, path=str(path), meta=meta, notes=notes,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

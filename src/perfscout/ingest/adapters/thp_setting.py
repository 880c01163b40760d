"""The transparent-hugepage settings files (``/sys/kernel/mm/transparent_hugepage/enabled``,
``defrag``, ``shmem_enabled``): one line of modes with the active one in brackets
(``always [madvise] never``).

A system fact, not a measurement: the active mode goes into ``meta`` (``thp_mode`` for the
``enabled`` file, ``thp_defrag`` for the defrag file, ``thp_shmem`` for shmem), so a diagnosis
can say whether large allocations get huge pages without the program asking. The line may carry a
label (``grep . /sys/kernel/mm/transparent_hugepage/*`` names each file, ``THP enabled:``) or
follow a line naming the file (``$ cat .../defrag``, ``==> .../enabled <==``); without one the
mode set says which file it is. The per-size ``hugepages-NkB/`` settings are not read.
Family: OS accounting.
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
#: a label before the modes: ``grep``'s file name (``/sys/.../transparent_hugepage/enabled:``),
#: or a word the user put there (``THP enabled:``, ``defrag =``)
_LABEL = re.compile(r"^(?P<label>[^\[\]]*?)\s*[:=]\s*(?P<rest>[^:=]*\[[\w+]+\][^:=]*)$")
#: a line naming the setting without holding it: ``$ cat /sys/.../enabled``, ``==> ... <==``
_CONTEXT = re.compile(r"transparent_hugepage|hugepage|\bTHP\b", re.I)
_PER_SIZE = re.compile(r"hugepages-\d+[kKmMgG]B")
_MAX_OTHER = 2  # other lines a settings file may hold (a heading, a comment)


def _kind(words: list[str], label: str) -> str:
    """Which settings file a line of modes is: the label names it, else its mode set."""
    for key in ("shmem", "defrag", "enabled"):
        if key in label.lower():
            return key
    if {"defer", "defer+madvise"} & set(words):
        return "defrag"
    if {"within_size", "advise", "deny", "force"} & set(words):
        return "shmem"
    return "enabled"


def _modes(line: str) -> tuple[list[str], str, str] | None:
    """The modes of one settings line, the bracketed one and the line's label ('' when
    none), or None for any other line."""
    label = ""
    lab = _LABEL.match(line.strip())
    if lab is not None:
        label, line = lab["label"], lab["rest"]
    if not _LINE.match(line):
        return None
    words = [w.strip("[]") for w in line.split()]
    chosen = [w.strip("[]") for w in line.split() if w.startswith("[") and w.endswith("]")]
    if len(chosen) != 1 or not set(words) <= _MODES or len(set(words)) != len(words):
        return None
    return words, chosen[0], label


def _other(line: str) -> bool:
    """A line that is neither a setting nor names one (a heading, a comment, a counter)."""
    return _modes(line) is None and not _CONTEXT.search(line)


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
        if not any(_modes(ln) for ln in lines) or len(lines) > 40:
            return 0.0
        bare = [m for m in map(_modes, lines) if m is not None and not m[2]]
        if len(bare) > len(_KEYS):  # one line per settings file, at most
            return 0.0
        other = [ln for ln in lines if _other(ln)]
        return 0.9 if len(other) <= _MAX_OTHER and all(len(ln.split()) <= 12 for ln in other) \
            else 0.0

    def parse(self, path: Path) -> Profile:
        meta: dict[str, str] = {}
        unparsed = Unparsed()
        context = ""  # the last line naming a setting file (a cat command, a head banner)
        for no, line in iter_lines(path):
            if not line.strip():
                continue
            got = _modes(line)
            if got is None:
                if _CONTEXT.search(line) and ":" not in line.split("/")[-1]:
                    context = line
                else:
                    unparsed.add(no)
                continue
            words, chosen, label = got
            label = label or context
            context = ""
            if _PER_SIZE.search(label):
                unparsed.add(no)  # per-size settings (hugepages-2048kB/enabled: [inherit])
                continue
            meta[_KEYS[_kind(words, label.rsplit("/", 1)[-1])]] = chosen
        if not meta:
            raise ParseError(str(path), None, "a transparent_hugepage setting line like "
                             "'always [madvise] never'")
        notes = tuple(f"{k} = {v}" for k, v in meta.items())
        return Profile(format=self.name, path=str(path), meta=meta, notes=notes,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

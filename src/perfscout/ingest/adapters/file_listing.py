"""``ls -l`` (``-lh``, ``--full-time``) and ``du`` (``-b``, ``-k``, ``-h``) listings of the files a
run read or wrote.

Each regular file (``ls``) or path (``du``) gives ``file.size`` in bytes at REGION scope named
by the path: the size the listing shows, a measure of output (or input) volume; the listing
does not say which files the run wrote. ``du`` without a unit flag counts 1024-byte blocks (its
default); a ``$ du -b ...`` line in the file, or ``-h`` suffixes, say otherwise. Directories
of ``ls`` and its ``total`` line are skipped. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_LS = re.compile(r"^(?P<type>[-dlcbps])[rwxsStT-]{9}[.+@]?\s+\d+\s+\S+\s+\S+\s+"
                 r"(?P<size>\d+(?:[.,]\d+)?[KMGTP]?)\s+"
                 r"(?:\w{3}\s+\d{1,2}\s+(?:\d{1,2}:\d\d|\d{4})|\d{4}-\d\d-\d\d\s+[\d:.]+"
                 r"(?:\s+[+-]\d{4})?|\w{3}\s+\w{3}\s+\d{1,2}\s+[\d:]+\s+\d{4})\s+(?P<name>.+)$")
_TOTAL = re.compile(r"^total\s+\d+(?:[.,]\d+)?[KMGTP]?\s*$")
_DU = re.compile(r"^(?P<size>\d+(?:[.,]\d+)?[KMGTP]?)\t(?P<name>.+)$")
_CMD = re.compile(r"^\s*[$#%>]\s*(?P<cmd>.*)$")
_SUFFIX = {"": 1.0, "K": 1024.0, "M": 1024.0**2, "G": 1024.0**3, "T": 1024.0**4,
           "P": 1024.0**5}


def _bytes(text: str, unit: float) -> float:
    m = re.fullmatch(r"(\d+(?:[.,]\d+)?)([KMGTP]?)", text)
    assert m is not None  # the line patterns matched it
    v = float(m[1].replace(",", "."))
    return v * _SUFFIX[m[2]] if m[2] else v * unit


def _du_unit(cmd: str) -> float:
    """Bytes per printed unit of a ``du`` listing without suffixes (1024: its default)."""
    if re.search(r"\bdu\b.*(?:\s-\w*b\b|--bytes|--apparent-size\s+--block-size=1\b)", cmd):
        return 1.0
    if re.search(r"\bdu\b.*\s-\w*m\b", cmd):
        return 1024.0**2
    return 1024.0


@register_adapter
class FileListingAdapter(Adapter):
    """``ls -l`` and ``du`` listings (see module docstring)."""

    name = "file-listing"
    description = "ls -l / du listings: the size of each file (output or input volume)"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = [ln for ln in head.splitlines()[:200] if ln.strip() and not _CMD.match(ln)]
        if not lines:
            return 0.0
        hits = sum(bool(_LS.match(ln) or _TOTAL.match(ln) or _DU.match(ln)) for ln in lines)
        return 0.8 if hits == len(lines) else 0.3 if hits * 2 >= len(lines) else 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        du_unit = 1024.0
        for no, line in iter_lines(path):
            if not line.strip() or _TOTAL.match(line):
                continue
            c = _CMD.match(line)
            if c:
                du_unit = _du_unit(c["cmd"])
                continue
            m = _LS.match(line)
            if m:
                if m["type"] == "-":
                    metrics.append(Metric("file.size", _bytes(m["size"], 1.0), "B",
                                          Scope(ScopeKind.REGION, m["name"].strip()),
                                          SourceRef(str(path), no), "ls -l size"))
                continue
            d = _DU.match(line)
            if d:
                metrics.append(Metric("file.size", _bytes(d["size"], du_unit), "B",
                                      Scope(ScopeKind.REGION, d["name"].strip()),
                                      SourceRef(str(path), no), "du size"))
                continue
            unparsed.add(no)
        if not metrics:
            raise ParseError(str(path), None, "ls -l lines ('-rw-r--r-- 1 user group 33 Dec  4 "
                             "05:10 solver.log') or du lines ('4096<TAB>file')")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

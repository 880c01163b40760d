"""What the shell's ``time`` keyword and GNU ``/usr/bin/time`` print by default.

Users keep these more often than a ``time -v`` report:

- bash/zsh ``time``: ``real 0m1.234s`` / ``user 0m1.100s`` / ``sys 0m0.010s`` (``time -p``
  prints ``real 1.23`` in seconds);
- GNU time's default two lines: ``0.50user 0.01system 0:00.52elapsed 99%CPU (0avgtext+0avgdata
  3456maxresident)k`` and ``0inputs+0outputs (0major+98minor)pagefaults 0swaps``.

They give the run's elapsed, user and system time (GNU time also CPU share, peak RSS, file-system
blocks and page faults) under the names ``time -v`` uses. Other lines (the program's own output
printed to the same terminal) are left to the program-output reader. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, SourceRef

_SHELL = re.compile(r"^\s*(?P<key>real|user|sys)\s+(?:(?P<m>\d+)m)?(?P<s>\d+(?:[.,]\d+)?)s?\s*$")
_GNU1 = re.compile(r"^\s*(?P<user>\d+(?:\.\d+)?)user\s+(?P<sys>\d+(?:\.\d+)?)system\s+"
                   r"(?P<el>[\d:.]+)elapsed\s+(?P<cpu>\d+|\?)%CPU"
                   r"(?:\s+\(\d+avgtext\+\d+avgdata\s+(?P<rss>\d+)maxresident\)k)?\s*$")
_GNU2 = re.compile(r"^\s*(?P<inp>\d+)inputs\+(?P<out>\d+)outputs\s+\((?P<maj>\d+)major\+"
                   r"(?P<min>\d+)minor\)pagefaults\s+(?P<swaps>\d+)swaps\s*$")
_NAMES = {"real": "time.elapsed", "user": "time.user", "sys": "time.sys"}


def _clock(text: str) -> float:
    """``h:mm:ss``, ``m:ss.ss`` or ``ss.ss`` -> seconds."""
    secs = 0.0
    for part in text.split(":"):
        secs = secs * 60 + float(part)
    return secs


def time_line_metrics(line: str, no: int, path: str) -> list[Metric]:
    """Metrics of one line of a shell or GNU ``time`` report ([] for any other line)."""
    src = SourceRef(path, no)
    m = _SHELL.match(line)
    if m:
        secs = parse_number(m["s"].replace(",", "."))
        if secs is None:
            return []
        total = 60 * int(m["m"] or 0) + secs
        return [Metric(_NAMES[m["key"]], total, "s", source=src, raw_name=m["key"])]
    g = _GNU1.match(line)
    if g:
        out = [Metric("time.user", float(g["user"]), "s", source=src, raw_name="user"),
               Metric("time.sys", float(g["sys"]), "s", source=src, raw_name="system"),
               Metric("time.elapsed", _clock(g["el"]), "s", source=src, raw_name="elapsed")]
        if g["cpu"] != "?":
            out.append(Metric("cpu.percent", float(g["cpu"]), "%", source=src, raw_name="CPU"))
        if g["rss"]:
            out.append(Metric("mem.max_rss", float(g["rss"]), "KiB", source=src,
                              raw_name="maxresident"))
        return out
    g = _GNU2.match(line)
    if g:  # file-system blocks are 512 bytes, as in time -v
        return [Metric("io.read_bytes", 512.0 * int(g["inp"]), "B", source=src,
                       raw_name="inputs"),
                Metric("io.write_bytes", 512.0 * int(g["out"]), "B", source=src,
                       raw_name="outputs"),
                Metric("page_faults.major", float(g["maj"]), "count", source=src,
                       raw_name="major"),
                Metric("page_faults.minor", float(g["min"]), "count", source=src,
                       raw_name="minor"),
                Metric("mem.swaps", float(g["swaps"]), "count", source=src, raw_name="swaps")]
    return []


def _time_lines(head: str) -> int:
    return sum(bool(_SHELL.match(ln) or _GNU1.match(ln) or _GNU2.match(ln))
               for ln in head.splitlines()[:400])


@register_adapter
class ShellTimeAdapter(Adapter):
    """Shell ``time`` / GNU ``time`` default output (see module docstring)."""

    name = "shell-time"
    description = "bash/zsh time (real/user/sys) or GNU /usr/bin/time default output"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or "\x00" in head[:4096]:
            return 0.0
        n = _time_lines(head)
        if n == 0:
            return 0.0
        shell = sum(bool(_SHELL.match(ln)) for ln in head.splitlines()[:400])
        gnu = n - shell
        # a lone "real 1.2" line is not enough: real and user (or GNU time's first line)
        if gnu == 0 and shell < 2:
            return 0.0
        other = sum(1 for ln in head.splitlines()[:400] if ln.strip()) - n
        # the program's output in the same file: program-output reads both
        return 0.2 if other > 0 else 0.6

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            got = time_line_metrics(line, no, str(path))
            if got:
                metrics.extend(got)
            elif line.strip():
                unparsed.add(no)
        if not any(m.name == "time.elapsed" for m in metrics):
            raise ParseError(str(path), None, "'real 0m1.234s' (shell time) or '0.50user "
                             "0.01system 0:00.52elapsed 99%CPU' (GNU time)")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

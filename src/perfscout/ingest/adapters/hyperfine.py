"""hyperfine's exports (``--export-json``, ``--export-csv``, ``--export-markdown``): the timing
of one program (or several) run again and again.

Each benchmarked command is a run (RUN scope named by its parameters, ``n=40000``, or by the
command when it has none): ``time.elapsed`` is its median wall time (the markdown table has
only the mean) with the spread of its runs as ``variance_pct`` (stddev / mean), ``time.user``
/ ``time.sys`` and their sum ``time.cpu`` the mean CPU time hyperfine's rusage saw (CPU time
below the wall time of a one-thread program is time it waited for a CPU on a loaded machine),
``exit_status`` the largest exit code of its runs. A parameter scan (``--parameter-scan t 1
4``, ``-L n 1000,2000``) is a sweep: a parameter named like a thread, rank or size column of a
printed sweep table (``t``, ``threads``, ``np``, ``n``, ``size``...; the same words
``program_output`` reads) or set as ``OMP_NUM_THREADS={t}`` in the command becomes
``scaling.threads`` / ``scaling.ranks`` / ``scaling.size`` of that run, so the complexity and
thread-scaling rules read it as they read a sweep table; several commands that differ only in
one numeric argument (``./a 1000`` ``./a 2000``) are a size sweep the same way. Other
parameters are kept raw (``event.parameter.NAME``). min/max/mean and the run count stay in
``meta``. Family: OS accounting (wall clock and rusage from outside the program, as
``/usr/bin/time``).
"""

from __future__ import annotations

import csv
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.ingest.adapters.program_output import TABLE_KEYS
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, read_capped, size_argument
from perfscout.model.errors import ParseError
from perfscout.model.metric_names import RAW_EVENT_PREFIX
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_CSV_HEAD = re.compile(r"^command,mean,stddev,median,user,system,min,max(?:,parameter_\w+)*\s*$")
_MD_HEAD = re.compile(r"^\|\s*Command\s*\|\s*Mean \[(?P<unit>[mµu]?s)\]\s*\|\s*Min \[[mµu]?s\]\s*\|"
                      r"\s*Max \[[mµu]?s\]\s*\|\s*Relative\s*\|")
_MD_ROW = re.compile(r"^\|\s*`?(?P<cmd>.*?)`?\s*\|\s*(?P<mean>[\d.]+)\s*(?:±\s*(?P<sd>[\d.]+))?"
                     r"\s*\|\s*(?P<min>[\d.]+)\s*\|\s*(?P<max>[\d.]+)\s*\|")
_SCALE = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "us": 1e-6}
_OMP = re.compile(r"\bOMP_NUM_THREADS=(\d+)\b")
_NP = re.compile(r"\b(?:mpirun|mpiexec|srun)\b.*?\s-(?:np|n)\s+(\d+)\b")
_ASSIGN = re.compile(r"^[A-Za-z_]\w*=")
_LIMIT = 16 * 1024 * 1024


@dataclass
class _Cmd:
    """One benchmarked command as an export gives it."""

    command: str
    line: int | None
    median: float | None = None
    mean: float | None = None
    stddev: float | None = None
    user: float | None = None
    system: float | None = None
    low: float | None = None
    high: float | None = None
    runs: int | None = None
    exit: int | None = None
    params: dict[str, str] = field(default_factory=dict)


def _num(v: Any) -> float | None:
    """A finite number from a JSON or CSV field, else None."""
    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) and x >= 0 else None


def _from_json(path: Path, text: str) -> list[_Cmd]:
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ParseError(str(path), None, "hyperfine's JSON export", str(exc)) from None
    rows = doc.get("results") if isinstance(doc, dict) else None
    if not isinstance(rows, list):
        raise ParseError(str(path), None, "hyperfine's JSON export ({\"results\": [...]})")
    out = []
    for r in rows:
        if not isinstance(r, dict) or not isinstance(r.get("command"), str):
            continue
        times = [t for t in (_num(x) for x in r.get("times") or []) if t is not None] \
            if isinstance(r.get("times"), list) else []
        codes = [c for c in r.get("exit_codes") or [] if isinstance(c, int)] \
            if isinstance(r.get("exit_codes"), list) else []
        got = r.get("parameters")
        params: dict[str, Any] = got if isinstance(got, dict) else {}
        out.append(_Cmd(r["command"], None, _num(r.get("median")), _num(r.get("mean")),
                        _num(r.get("stddev")), _num(r.get("user")), _num(r.get("system")),
                        _num(r.get("min")), _num(r.get("max")), len(times) or None,
                        max(codes) if codes else None,
                        {str(k): str(v) for k, v in params.items()}))
    return out


def _from_csv(text: str, unparsed: Unparsed) -> list[_Cmd]:
    out = []
    rows = csv.reader(text.splitlines())
    head = next(rows, [])
    for no, row in enumerate(rows, start=2):
        if len(row) != len(head):
            unparsed.add(no)
            continue
        f = dict(zip(head, row, strict=True))
        out.append(_Cmd(f["command"], no, _num(f["median"]), _num(f["mean"]), _num(f["stddev"]),
                        _num(f["user"]), _num(f["system"]), _num(f["min"]), _num(f["max"]),
                        params={k[len("parameter_"):]: v for k, v in f.items()
                                if k.startswith("parameter_")}))
    return out


def _from_markdown(text: str, unparsed: Unparsed) -> list[_Cmd]:
    out = []
    scale = 1.0
    for no, line in enumerate(text.splitlines(), start=1):
        h = _MD_HEAD.match(line)
        if h:
            scale = _SCALE[h["unit"]]
            continue
        m = _MD_ROW.match(line)
        if m and not set(line) <= set("|:- "):
            sd = float(m["sd"]) * scale if m["sd"] else None
            out.append(_Cmd(m["cmd"], no, mean=float(m["mean"]) * scale, stddev=sd,
                            low=float(m["min"]) * scale, high=float(m["max"]) * scale))
        elif line.strip() and not set(line.strip()) <= set("|:- "):
            unparsed.add(no)
    return out


def _sweep_name(name: str, value: str, command: str) -> str | None:
    """The canonical sweep quantity a parameter is (threads, ranks, size), or None."""
    canon = TABLE_KEYS.get(name.lower())
    if canon is not None:
        return canon
    if any(m == value for m in _OMP.findall(command)):
        return "scaling.threads"
    if any(m == value for m in _NP.findall(command)):
        return "scaling.ranks"
    return None


@register_adapter
class HyperfineAdapter(Adapter):
    """hyperfine's JSON / CSV / markdown export (see module docstring)."""

    name = "hyperfine"
    description = "hyperfine --export-json / --export-csv / --export-markdown benchmark timings"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        s = head.lstrip()
        if s.startswith("{") and '"results"' in s[:200] and '"command"' in s \
                and '"mean"' in s:
            return 0.95
        first = s.splitlines()[0] if s else ""
        if _CSV_HEAD.match(first) or _MD_HEAD.match(first):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        text = read_capped(path, _LIMIT)
        unparsed = Unparsed()
        s = text.lstrip()
        first = s.splitlines()[0] if s else ""
        if s.startswith("{"):
            cmds, shape = _from_json(path, text), "json"
        elif _CSV_HEAD.match(first):
            cmds, shape = _from_csv(s, unparsed), "csv"
        else:
            cmds, shape = _from_markdown(text, unparsed), "markdown"
        cmds = [c for c in cmds if (c.median or c.mean) is not None]
        if not cmds:
            raise ParseError(str(path), None, "hyperfine's export: a JSON 'results' list, a CSV "
                             "'command,mean,stddev,median,...' table or a markdown '| Command "
                             "| Mean [ms] |' table with a timed command")
        metrics: list[Metric] = []
        # the program a data request reruns: the first command without its env settings
        argv = cmds[0].command.split()
        while argv and (argv[0] == "env" or _ASSIGN.match(argv[0])):
            argv = argv[1:]
        meta = {"export": shape, "commands": str(len(cmds)), "command": " ".join(argv)}
        sizes = self._size_column(cmds)
        for i, c in enumerate(cmds):
            label = ", ".join(f"{k}={v}" for k, v in c.params.items()) or c.command
            metrics += self._run(path, c, Scope(ScopeKind.RUN, label), sizes.get(i))
            meta[f"run.{label}"] = " ".join(
                f"{k}={v:.6g}" for k, v in (("mean", c.mean), ("min", c.low), ("max", c.high))
                if v is not None) + (f" runs={c.runs}" if c.runs else "") + f" cmd={c.command}"
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

    @staticmethod
    def _size_column(cmds: list[_Cmd]) -> dict[int, float]:
        """Commands without parameters that differ in one numeric argument: that argument
        per command (a size sweep written out by hand)."""
        if any(c.params for c in cmds):
            return {}
        argv = [c.command.split() for c in cmds]
        at = size_argument(argv)
        return {i: float(a[at]) for i, a in enumerate(argv)} if at is not None else {}

    @staticmethod
    def _run(path: Path, c: _Cmd, sc: Scope, size: float | None) -> list[Metric]:
        src = SourceRef(str(path), c.line)
        wall = c.median if c.median is not None else c.mean
        assert wall is not None
        spread = (100 * c.stddev / c.mean if c.stddev is not None and c.mean else None)
        out = [Metric("time.elapsed", wall, "s", sc, src,
                      "median" if c.median is not None else "mean", variance_pct=spread,
                      stat="median" if c.median is not None else "mean")]
        if c.user is not None and c.system is not None:
            out += [Metric("time.user", c.user, "s", sc, src, "user"),
                    Metric("time.sys", c.system, "s", sc, src, "system"),
                    Metric("time.cpu", c.user + c.system, "s", sc, src, "user + system",
                           derived=True)]
        if c.exit is not None:
            out.append(Metric("exit_status", float(c.exit), "", sc, src, "exit_codes"))
        if size is not None:
            out.append(Metric("scaling.size", size, "count", sc, src, "command argument"))
        for k, v in c.params.items():
            x = _num(v)
            if x is None:
                continue
            canon = _sweep_name(k, v, c.command)
            out.append(Metric(canon or f"{RAW_EVENT_PREFIX}parameter.{k}", x,
                              "count" if canon else "", sc, src, f"parameter {k}"))
        return out

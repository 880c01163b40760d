"""Tree profiles read through llnl-hatchet: HPCToolkit, Caliper, TAU, cProfile, pyinstrument,
timemory, and gprof2dot DOT; plus Caliper's json-split output, read directly.

Each reader yields a hatchet GraphFrame (a call tree with per-node, per-rank metrics); one
converter turns it into a :class:`Profile`: the call tree (values summed over ranks/threads),
hotspots per function name, and per-rank ``app.time`` / ``mpi.time`` / ``mpi.time_share`` where
the data has ranks. Python 2 pstats files are rewritten as Python 3 pstats first.
"""

from __future__ import annotations

import json
import marshal
import os
import re
import struct
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.model.errors import ParseError
from perfscout.model.metrics import CallNode, Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef


@dataclass
class _Node:
    name: str
    self_value: float
    inclusive_value: float
    module: str
    location: SourceRef | None
    children: list[_Node]
    kind: str = "function"


_CALLSITE = re.compile(r"^\d+:")  # hatchet prefixes HPCToolkit call sites with their line


def _is_mpi(name: str) -> bool:
    return name.startswith(("MPI_", "PMPI_", "mpi_"))


def _freeze(n: _Node) -> CallNode:
    return CallNode(name=n.name, self_value=n.self_value, inclusive_value=n.inclusive_value,
                    module=n.module, location=n.location,
                    children=tuple(_freeze(c) for c in n.children))


def _fix_inclusive(roots: list[_Node], have_inclusive: bool) -> None:
    """Fill inclusive (when only exclusive is known) or exclusive (when only inclusive is)."""
    def walk(n: _Node) -> float:
        kids = sum(walk(c) for c in n.children)
        if not have_inclusive:
            n.inclusive_value = n.self_value + kids
        return n.inclusive_value

    for r in roots:
        walk(r)


def _hotspots(roots: list[_Node], total: float, unit: str, src: str) -> list[Hotspot]:
    self_by: dict[str, float] = {}
    incl_by: dict[str, float] = {}
    info: dict[str, tuple[str, SourceRef | None, tuple[str, ...]]] = {}

    lines: dict[str, tuple[float, SourceRef | None, str]] = {}
    heaviest: dict[str, float] = {}

    def walk(n: _Node, path: tuple[str, ...], above: frozenset[str]) -> None:
        if n.kind in ("statement", "loop") and path:
            owner = path[-1]  # a statement's cost belongs to its enclosing function
            self_by[owner] = self_by.get(owner, 0.0) + n.self_value
            if n.kind == "statement":
                v, loc, _o = lines.get(n.name, (0.0, n.location, owner))
                lines[n.name] = (v + n.self_value, loc, owner)
            for c in n.children:
                walk(c, path, above)
            return
        p = (*path, n.name)
        self_by[n.name] = self_by.get(n.name, 0.0) + n.self_value
        if n.name not in above:  # recursion: count the outermost frame only
            incl_by[n.name] = incl_by.get(n.name, 0.0) + n.inclusive_value
        # the call path shown is the one carrying the most of the function's cost, not the
        # first met (HPCToolkit's first path often runs through MPI_Init with no time in it)
        if n.inclusive_value > heaviest.get(n.name, -1.0):
            heaviest[n.name] = n.inclusive_value
            info[n.name] = (n.module, n.location, p)
        for c in n.children:
            walk(c, p, above | {n.name})

    for r in roots:
        walk(r, (), frozenset())
    out = []
    for name, sv in self_by.items():
        iv = max(incl_by.get(name, 0.0), sv)  # folded statements can exceed a frame's own
        mod, loc, path = info[name]
        out.append(Hotspot(name=name, self_share=sv / total if total else None,
                           inclusive_share=iv / total if total else None, self_value=sv,
                           inclusive_value=iv, unit=unit, module=mod, callpath=path,
                           location=loc, source=SourceRef(src)))
    out.sort(key=lambda h: (-(h.self_value or 0.0), -(h.inclusive_value or 0.0)))
    for name, (v, loc, owner) in sorted(lines.items(), key=lambda kv: -kv[1][0])[:200]:
        out.append(Hotspot(name=name, self_share=v / total if total else None, self_value=v,
                           unit=unit, location=loc, callpath=(owner,), source=SourceRef(src),
                           kind="line"))
    return out


def _pick_metric(gf: Any) -> tuple[str, str | None]:
    exc = list(gf.exc_metrics)
    inc = list(gf.inc_metrics)
    cols = list(gf.dataframe.columns)
    for pref in ("time", "sum#time.duration", "sum.wall_clock", "Total time",
                 "sum#scale#cupti.activity.duration"):
        if pref in cols:
            incname = pref + " (inc)"
            return pref, incname if incname in cols else None
    if exc:
        return exc[0], (exc[0] + " (inc)") if (exc[0] + " (inc)") in cols else None
    if inc:
        return inc[0], None
    numeric = [c for c in cols if str(gf.dataframe[c].dtype).startswith(("float", "int"))]
    if not numeric:
        raise ValueError("no numeric metric column")
    return str(numeric[0]), None


def _from_graphframe(fmt: str, path: Path, gf: Any, unit: str) -> Profile:
    src = str(path)
    metric, inc_metric = _pick_metric(gf)
    df = gf.dataframe.reset_index()
    levels = [c for c in ("rank", "thread") if c in df.columns]
    sums = df.groupby("node", sort=False)[[metric] + ([inc_metric] if inc_metric else [])].sum()
    self_of = sums[metric].to_dict()
    inc_of = sums[inc_metric].to_dict() if inc_metric else {}
    first = df.drop_duplicates("node").set_index("node")

    def attr(node: Any, col: str) -> str:
        if col in first.columns and node in first.index:
            v = first.at[node, col]
            return "" if v is None or str(v) in ("nan", "0", "<unknown file>") else str(v)
        return ""

    def conv(node: Any, seen: set[int]) -> _Node:
        seen.add(id(node))
        name = _CALLSITE.sub("", str(node.frame.get("name", "")) or attr(node, "name"))
        name = name or "<unknown>"
        fl = attr(node, "file")
        ln = attr(node, "line")
        loc = SourceRef(fl, int(float(ln)) if ln and ln.replace(".", "").isdigit() else None) \
            if fl else None
        kids = [conv(c, seen) for c in node.children if id(c) not in seen]
        return _Node(name, float(self_of.get(node, 0.0) or 0.0),
                     float(inc_of.get(node, 0.0) or 0.0), attr(node, "module"), loc, kids,
                     str(node.frame.get("type", "function")))

    seen: set[int] = set()
    roots = [conv(r, seen) for r in gf.graph.roots]
    have_inc = bool(inc_metric)
    notes: list[str] = []
    if not have_inc and _looks_inclusive(roots):
        for n in _all(roots):
            n.inclusive_value = n.self_value
        for n in _all(roots):
            n.self_value = max(n.inclusive_value - sum(c.inclusive_value for c in n.children),
                               0.0)
        have_inc = True
        notes.append(f"'{metric}' is inclusive; exclusive values are derived from the tree")
    _fix_inclusive(roots, have_inc)
    total = sum(r.inclusive_value for r in roots)
    hotspots = _hotspots(roots, total, unit, src)
    metrics = [Metric("profile.total", total, unit, Scope(ScopeKind.PROCESS), SourceRef(src),
                      raw_name=metric)]
    if "rank" in levels:
        metrics.extend(_rank_metrics(gf, df, metric, inc_metric, unit, src))
    if len(roots) == 1:
        calltree = _freeze(roots[0])
    else:
        calltree = CallNode(name="<program>", inclusive_value=total,
                            children=tuple(_freeze(r) for r in roots))
    meta = {"metric": metric, "levels": ",".join(levels)}
    return Profile(format=fmt, path=src, metrics=tuple(metrics), hotspots=tuple(hotspots),
                   calltree=calltree, meta=meta, notes=tuple(notes))


def _all(roots: list[_Node]) -> list[_Node]:
    out: list[_Node] = []
    stack = list(roots)
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(n.children)
    return out


def _looks_inclusive(roots: list[_Node]) -> bool:
    nodes = [n for n in _all(roots) if n.children]
    if not nodes:
        return False
    return all(n.self_value + 1e-12 >= sum(c.self_value for c in n.children) * 0.999
               for n in nodes)


def _rank_metrics(gf: Any, df: Any, metric: str, inc_metric: str | None, unit: str,
                  src: str) -> list[Metric]:
    """app.time (root inclusive) and mpi.time (outermost MPI_* frames) per rank."""
    to_s = 1e-6 if unit == "us" else 1.0
    per_rank: dict[int, tuple[float, float]] = {}
    col = inc_metric or metric
    roots = set(gf.graph.roots)
    mpi_top: set[Any] = set()

    def walk(n: Any, inside: bool, seen: set[int]) -> None:
        seen.add(id(n))
        name = _CALLSITE.sub("", str(n.frame.get("name", "")))
        is_mpi = _is_mpi(name)
        if is_mpi and not inside:
            mpi_top.add(n)
        for c in n.children:
            if id(c) not in seen:
                walk(c, inside or is_mpi, seen)

    seen: set[int] = set()
    for r in gf.graph.roots:
        walk(r, False, seen)
    if not inc_metric:
        return []
    sub = df[["node", "rank", col]]
    for node, rank, val in sub.itertuples(index=False, name=None):
        app, mpi = per_rank.get(int(rank), (0.0, 0.0))
        if node in roots:
            app += float(val)
        if node in mpi_top:
            mpi += float(val)
        per_rank[int(rank)] = (app, mpi)
    out: list[Metric] = []
    for rank in sorted(per_rank):
        app, mpi = per_rank[rank]
        scope = Scope(ScopeKind.RANK, str(rank))
        out.append(Metric("app.time", app * to_s, "s", scope, SourceRef(src), raw_name=col))
        out.append(Metric("mpi.time", mpi * to_s, "s", scope, SourceRef(src), raw_name=col))
        if app > 0:
            out.append(Metric("mpi.time_share", mpi / app, "ratio", scope, SourceRef(src)))
    return out


def _read(fmt: str, path: Path, reader: Callable[[str], Any], unit: str,
          expected: str) -> Profile:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            gf = reader(str(path))
            return _from_graphframe(fmt, path, gf, unit)
        except ParseError:
            raise
        except Exception as exc:  # hatchet readers raise anything on bad input
            raise ParseError(str(path), None, expected,
                             f"{type(exc).__name__}: {str(exc)[:120]}") from None


def _ht() -> Any:
    import hatchet

    return hatchet.GraphFrame


@register_adapter
class HpctoolkitAdapter(Adapter):
    name = "hpctoolkit"
    family = "sampling"
    description = "HPCToolkit database directory (experiment.xml + metric-db files)"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() and (path / "experiment.xml").is_file():
            return 0.95
        return 0.0

    def parse(self, path: Path) -> Profile:
        if not (path / "experiment.xml").is_file():
            raise ParseError(str(path), None,
                             "an HPCToolkit database directory with experiment.xml")
        return _read(self.name, path, lambda p: _ht().from_hpctoolkit(p), "us",
                     "a readable HPCToolkit database")


@register_adapter
class TauAdapter(Adapter):
    name = "tau"
    family = "instrumentation"
    description = "TAU profile directory (profile.N.C.T files)"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() and any(p.name.startswith("profile.") for p in path.iterdir()):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        if not path.is_dir():
            raise ParseError(str(path), None, "a TAU profile directory")
        return _read(self.name, path, lambda p: _ht().from_tau(p), "us",
                     "TAU profile.* files in templated_functions format")


@register_adapter
class CaliAdapter(Adapter):
    name = "caliper"
    family = "instrumentation"
    description = "Caliper .cali file"

    def sniff(self, head: str, path: Path) -> float:
        return 0.95 if head.startswith("__rec=") else 0.0

    def parse(self, path: Path) -> Profile:
        return _read(self.name, path, lambda p: _ht().from_caliperreader(p), "s",
                     "a Caliper .cali stream")


@register_adapter
class PyinstrumentAdapter(Adapter):
    name = "pyinstrument"
    family = "sampling"
    description = "pyinstrument JSON renderer output"

    def sniff(self, head: str, path: Path) -> float:
        return 0.9 if '"root_frame"' in head and head.lstrip().startswith("{") else 0.0

    def parse(self, path: Path) -> Profile:
        return _read(self.name, path, lambda p: _ht().from_pyinstrument(p), "s",
                     "pyinstrument JSON with a root_frame")


@register_adapter
class TimemoryAdapter(Adapter):
    name = "timemory"
    family = "instrumentation"
    description = "timemory JSON tree output"

    def sniff(self, head: str, path: Path) -> float:
        return 0.9 if '"timemory"' in head and head.lstrip().startswith("{") else 0.0

    def parse(self, path: Path) -> Profile:
        return _read(self.name, path, lambda p: _ht().from_timemory(p), "s",
                     "timemory JSON")


@register_adapter
class GprofDotAdapter(Adapter):
    name = "gprof2dot"
    family = "instrumentation"
    description = "gprof2dot DOT graph"

    def sniff(self, head: str, path: Path) -> float:
        return 0.8 if head.lstrip().startswith("digraph") and "label=" in head else 0.0

    def parse(self, path: Path) -> Profile:
        return _read(self.name, path, lambda p: _ht().from_gprof_dot(p), "%",
                     "a gprof2dot DOT graph with label percentages")


def _pstats_kind(path: Path) -> str:
    """"py3", "py2" or "" from the first marshal bytes of a pstats file."""
    try:
        with path.open("rb") as fh:
            b = fh.read(8)
    except OSError:
        return ""
    if len(b) < 2:
        return ""
    if b[0] == 0x7B and b[1] == 0x28 and len(b) > 6 and chr(b[6]) in "stR":
        return "py2"  # Python 2 keys are tuples of byte strings ('s', 't', 'R')
    if b[0] in (0x7B, 0xFB) and b[1] in (0x29, 0xA9, 0x28, 0xA8):
        return "py3"
    return ""


@register_adapter
class CprofileAdapter(Adapter):
    name = "cprofile"
    family = "instrumentation"
    description = "cProfile / profile pstats file (Python 3 or Python 2)"
    binary = True

    def sniff(self, head: str, path: Path) -> float:
        return 0.85 if path.is_file() and _pstats_kind(path) else 0.0

    def parse(self, path: Path) -> Profile:
        kind = _pstats_kind(path)
        if kind == "py2":
            try:
                stats = _Py2Marshal(path.read_bytes()).load()
            except (ValueError, IndexError, struct.error, UnicodeDecodeError) as exc:
                raise ParseError(str(path), None, "a Python 2 marshal pstats dictionary",
                                 str(exc)[:80]) from None
            if not isinstance(stats, dict):
                raise ParseError(str(path), None, "a pstats dictionary")
            fd, tmp = tempfile.mkstemp(suffix=".pstats")
            try:
                with os.fdopen(fd, "wb") as fh:
                    marshal.dump(stats, fh)
                prof = _read(self.name, Path(tmp), lambda p: _ht().from_cprofile(p), "s",
                             "a pstats file")
            finally:
                os.unlink(tmp)
            return _relabel(prof, path, "read from Python 2 pstats")
        return _read(self.name, path, lambda p: _ht().from_cprofile(p), "s", "a pstats file")


def _relabel(prof: Profile, path: Path, note: str) -> Profile:
    from dataclasses import replace

    src = str(path)
    hs = tuple(replace(h, source=SourceRef(src)) for h in prof.hotspots)
    ms = tuple(replace(m, source=SourceRef(src)) for m in prof.metrics)
    return replace(prof, path=src, hotspots=hs, metrics=ms, notes=(*prof.notes, note))


class _Py2Marshal:
    """The subset of Python 2 marshal that pstats files use."""

    def __init__(self, data: bytes) -> None:
        self.d = data
        self.i = 0
        self.interned: list[str] = []

    def _n(self, k: int) -> bytes:
        if self.i + k > len(self.d):
            raise ValueError("truncated marshal data")
        b = self.d[self.i:self.i + k]
        self.i += k
        return b

    def _i32(self) -> int:
        return int(struct.unpack("<i", self._n(4))[0])

    def load(self) -> Any:
        c = chr(self._n(1)[0])
        if c == "0":
            return _END
        if c == "N":
            return None
        if c in "TF":
            return c == "T"
        if c == "i":
            return self._i32()
        if c == "I":
            return int(struct.unpack("<q", self._n(8))[0])
        if c == "l":
            n = self._i32()
            val = 0
            for k in range(abs(n)):
                val |= int(struct.unpack("<H", self._n(2))[0]) << (15 * k)
            return -val if n < 0 else val
        if c == "g":
            return float(struct.unpack("<d", self._n(8))[0])
        if c == "f":
            return float(self._n(self._n(1)[0]).decode("ascii"))
        if c in "stu":
            s = self._n(self._i32()).decode("utf-8", errors="replace")
            if c == "t":
                self.interned.append(s)
            return s
        if c == "R":
            return self.interned[self._i32()]
        if c in "([":
            items = [self.load() for _ in range(self._i32())]
            return tuple(items) if c == "(" else items
        if c == "{":
            out: dict[Any, Any] = {}
            while True:
                k = self.load()
                if k is _END:
                    return out
                out[k] = self.load()
        raise ValueError(f"unsupported marshal type {c!r} at byte {self.i - 1}")


_END = object()


@register_adapter
class CaliperJsonAdapter(Adapter):
    name = "caliper_json"
    family = "instrumentation"
    description = "Caliper json-split output (cali-query -q ... format json-split)"

    def sniff(self, head: str, path: Path) -> float:
        h = head.lstrip()
        if h.startswith("{") and '"data"' in h and ('"columns"' in h or '"nodes"' in h):
            return 0.85
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            line = getattr(exc, "lineno", None)
            raise ParseError(src, line, "Caliper json-split JSON", str(exc)[:80]) from None
        try:
            cols: list[str] = list(doc["columns"])
            meta = doc.get("column_metadata") or [{} for _ in cols]
            nodes: list[dict[str, Any]] = list(doc["nodes"])
            rows: list[list[Any]] = list(doc["data"])
        except (KeyError, TypeError):
            raise ParseError(src, None, "keys 'data', 'columns', 'nodes'") from None
        tree_col = next((c for c, m in zip(cols, meta, strict=False)
                         if not m.get("is_value") and any(n.get("column") == c
                                                          and "parent" in n for n in nodes)),
                        None)
        if tree_col is None:
            raise ParseError(src, None, "a call-path column (nodes with parents)")
        value_cols = [c for c, m in zip(cols, meta, strict=False) if m.get("is_value")]
        metric = next((c for c in ("sum#time.duration", "time.duration", "sum#sum#time.duration")
                       if c in value_cols), value_cols[0] if value_cols else None)
        if metric is None:
            raise ParseError(src, None, "a value column")
        ti, mi = cols.index(tree_col), cols.index(metric)
        ri = cols.index("mpi.rank") if "mpi.rank" in cols else None
        self_by: dict[int, float] = {}
        rank_by: dict[int, float] = {}
        for k, row in enumerate(rows):
            if not isinstance(row, list) or len(row) <= max(ti, mi):
                raise ParseError(src, None, f"data row {k} with {len(cols)} values", str(row)[:40])
            nid, val = row[ti], row[mi]
            if nid is None or val is None:
                continue
            self_by[int(nid)] = self_by.get(int(nid), 0.0) + float(val)
            if ri is not None and row[ri] is not None:
                rank_by[int(row[ri])] = rank_by.get(int(row[ri]), 0.0) + float(val)
        objs: dict[int, _Node] = {}
        roots: list[_Node] = []
        for i, n in enumerate(nodes):
            if n.get("column") != tree_col:
                continue
            objs[i] = _Node(str(n.get("label", "")), self_by.get(i, 0.0), 0.0, "", None, [])
        for i, n in enumerate(nodes):
            if i not in objs:
                continue
            par = n.get("parent")
            if par is not None and int(par) in objs:
                objs[int(par)].children.append(objs[i])
            else:
                roots.append(objs[i])
        _fix_inclusive(roots, False)
        unit = "us" if "time" in metric else ""
        total = sum(r.inclusive_value for r in roots)
        metrics = [Metric("profile.total", total, unit, Scope(ScopeKind.PROCESS), SourceRef(src),
                          raw_name=metric)]
        for rank in sorted(rank_by):
            metrics.append(Metric("app.time", rank_by[rank] * (1e-6 if unit == "us" else 1.0),
                                  "s", Scope(ScopeKind.RANK, str(rank)), SourceRef(src),
                                  raw_name=metric))
        tree = roots[0] if len(roots) == 1 else _Node("<program>", 0.0, total, "", None, roots)
        return Profile(format=self.name, path=src, metrics=tuple(metrics),
                       hotspots=tuple(_hotspots(roots, total, unit, src)),
                       calltree=_freeze(tree), meta={"metric": metric, "tree": tree_col})

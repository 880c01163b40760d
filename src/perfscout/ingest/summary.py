"""Digestible views of a Profile: a top-N hotspot table, and one function's neighbourhood.

``summarize`` is what a person (or the agent) reads first: the top hotspots with self and
inclusive shares, module, call path and source location, plus headline metrics. ``drill`` then
answers "who calls NAME, what does it call, along which paths, and which lines are hot" from
the Profile's call tree and hotspots, never by dumping the whole profile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from perfscout.ingest.callgraph import walk
from perfscout.model.metrics import Hotspot, Metric, Profile, ScopeKind

HEADLINE_SCOPES = (ScopeKind.PROCESS,)
# the headline of a file without hotspots: its runs, regions (STREAM's Copy..Triad), nodes
METRIC_ONLY_SCOPES = (ScopeKind.RUN, ScopeKind.REGION, ScopeKind.NODE, ScopeKind.SOCKET,
                      ScopeKind.CORE, ScopeKind.THREAD)
MAX_PATHS = 20


@dataclass(frozen=True)
class HotspotRow:
    rank: int
    name: str
    self_share: float | None
    inclusive_share: float | None
    self_value: float | None
    inclusive_value: float | None
    unit: str
    module: str
    callpath: tuple[str, ...]
    location: str
    calls: int | None
    group: str = ""  # region type (Score-P MPI/OMP/USR/COM) where the format has one


@dataclass(frozen=True)
class SeriesRow:
    """One interval series in brief: how many intervals, its range, where it starts."""

    name: str
    scope: str
    unit: str
    intervals: int
    first: float
    mean: float
    min: float
    max: float
    last: float
    source: str  # file:line of the first value


@dataclass(frozen=True)
class Summary:
    path: str
    format: str
    total_hotspots: int
    hotspots: tuple[HotspotRow, ...]
    headline: tuple[Metric, ...]
    per_rank: dict[str, dict[str, float]] = field(default_factory=dict)
    remarks: dict[str, int] = field(default_factory=dict)
    unparsed_lines: int = 0
    notes: tuple[str, ...] = ()
    series: tuple[SeriesRow, ...] = ()


@dataclass(frozen=True)
class Neighbour:
    name: str
    value: float  # inclusive cost along that edge, summed over call paths
    share: float | None  # of the profile total


@dataclass(frozen=True)
class HotLine:
    location: str
    self_share: float | None
    self_value: float | None
    text: str = ""


@dataclass(frozen=True)
class Drill:
    path: str
    function: str
    matches: tuple[str, ...]
    self_share: float | None
    inclusive_share: float | None
    callers: tuple[Neighbour, ...]
    callees: tuple[Neighbour, ...]
    callpaths: tuple[tuple[str, ...], ...]
    hot_lines: tuple[HotLine, ...]
    notes: tuple[str, ...] = ()


def _row(i: int, h: Hotspot) -> HotspotRow:
    return HotspotRow(rank=i, name=h.name, self_share=h.self_share,
                      inclusive_share=h.inclusive_share, self_value=h.self_value,
                      inclusive_value=h.inclusive_value, unit=h.unit, module=h.module,
                      callpath=h.callpath[-6:], location=str(h.location) if h.location else "",
                      calls=h.calls, group=h.group)


def summarize(profile: Profile, top: int = 20) -> Summary:
    """The top ``top`` function/region hotspots by self share (then inclusive) and headlines."""
    funcs = [h for h in profile.hotspots if h.kind != "line"]
    funcs.sort(key=lambda h: (-(h.self_share if h.self_share is not None else -1.0),
                              -(h.inclusive_share or 0.0)))
    rows = tuple(_row(i + 1, h) for i, h in enumerate(funcs[: max(top, 0)]))
    headline = tuple(m for m in profile.metrics
                     if m.scope.kind in HEADLINE_SCOPES and not m.scope.name.startswith("size="))
    if not headline and not funcs:  # a metric-only format (perf stat, STREAM, HPL): its metrics
        headline = tuple(m for m in profile.metrics if m.scope.kind in METRIC_ONLY_SCOPES)
    per_rank: dict[str, dict[str, float]] = {}
    for m in profile.metrics:
        if m.scope.kind == ScopeKind.RANK:
            per_rank.setdefault(m.scope.name, {})[m.name] = m.value
    remarks: dict[str, int] = {}
    if profile.remarks:
        remarks = {"vectorized": sum(1 for r in profile.remarks if r.vectorized),
                   "missed": sum(1 for r in profile.remarks if not r.vectorized)}
    series = tuple(
        SeriesRow(name=x.name, scope=x.scope.name, unit=x.unit, intervals=len(x),
                  first=x.values[0], mean=sum(x.values) / len(x), min=min(x.values),
                  max=max(x.values), last=x.values[-1], source=str(x.source(0)))
        for x in profile.series if len(x))
    return Summary(path=profile.path, format=profile.format, total_hotspots=len(funcs),
                   hotspots=rows, headline=headline[:30], per_rank=per_rank, remarks=remarks,
                   unparsed_lines=profile.unparsed_lines, notes=profile.notes,
                   series=series[:30])


def _total(profile: Profile) -> float:
    m = profile.first("profile.total")
    if m is not None and m.value:
        return m.value
    return profile.calltree.inclusive_value if profile.calltree else 0.0


def matching_names(profile: Profile, function: str) -> list[str]:
    """Names equal to ``function``, else those containing it (case-sensitive, then not)."""
    names = {h.name for h in profile.hotspots if h.kind != "line"}
    if profile.calltree is not None:
        names.update(n.name for n, _ in walk(profile.calltree, ()))
    if function in names:
        return [function]
    hits = sorted(n for n in names if function in n)
    if not hits:
        low = function.lower()
        hits = sorted(n for n in names if low in n.lower())
    return hits


def drill(profile: Profile, function: str, lines: bool = False, max_paths: int = MAX_PATHS
          ) -> Drill:
    """Callers, callees, call paths (and hot lines with ``lines``) of one function.

    Raises ``LookupError`` listing close names when ``function`` matches nothing; a substring
    that matches several functions drills the first (by hotspot order) and lists the others.
    """
    hits = matching_names(profile, function)
    if not hits:
        raise LookupError(function)
    order = {h.name: i for i, h in enumerate(profile.hotspots)}
    hits.sort(key=lambda n: order.get(n, len(order)))
    name = hits[0]
    total = _total(profile)
    callers: dict[str, float] = {}
    callees: dict[str, float] = {}
    paths: list[tuple[str, ...]] = []
    path_val: dict[tuple[str, ...], float] = {}
    if profile.calltree is not None:
        for node, p in walk(profile.calltree, ()):
            if node.name != name or name in p[:-1]:  # recursion: the outermost frame only
                continue
            if len(p) > 1:
                callers[p[-2]] = callers.get(p[-2], 0.0) + node.inclusive_value
            for c in node.children:
                if c.name != name:  # a frame of the same function is not a callee
                    callees[c.name] = callees.get(c.name, 0.0) + c.inclusive_value
            path_val[p] = path_val.get(p, 0.0) + node.inclusive_value
    paths = sorted(path_val, key=lambda p: -path_val[p])[:max_paths]
    hs = next((h for h in profile.hotspots if h.name == name and h.kind != "line"), None)
    if not paths and hs is not None and hs.callpath:
        paths = [hs.callpath]
        if len(hs.callpath) > 1:
            callers.setdefault(hs.callpath[-2], hs.inclusive_value or 0.0)

    def nb(d: dict[str, float]) -> tuple[Neighbour, ...]:
        return tuple(Neighbour(k, v, (v / total) if total else None)
                     for k, v in sorted(d.items(), key=lambda kv: -kv[1]))

    hot: list[HotLine] = []
    notes: list[str] = []
    if lines:
        hot = _hot_lines(profile, name, hs)
        if not hot:
            notes.append("this format has no per-line costs for this function")
    if profile.calltree is None:
        notes.append("this format has no call tree: callers/callees unknown")
    return Drill(path=profile.path, function=name, matches=tuple(hits[:20]),
                 self_share=hs.self_share if hs else None,
                 inclusive_share=hs.inclusive_share if hs else None,
                 callers=nb(callers), callees=nb(callees), callpaths=tuple(paths),
                 hot_lines=tuple(hot), notes=tuple(notes))


def _hot_lines(profile: Profile, name: str, hs: Hotspot | None) -> list[HotLine]:
    """Line hotspots owned by ``name`` (callpath) or in its source file."""
    file = hs.location.file if hs and hs.location else ""
    out = []
    for h in profile.hotspots:
        if h.kind != "line":
            continue
        owner = h.callpath[-1] if h.callpath else ""
        in_file = bool(file) and h.location is not None and h.location.file == file
        if owner == name or (not owner and in_file):
            out.append(HotLine(location=str(h.location or h.name), self_share=h.self_share,
                               self_value=h.self_value))
    out.sort(key=lambda x: -(x.self_value or 0.0))
    return out[:50]


@dataclass(frozen=True)
class MovedFunction:
    """One function's share in two profiles and how far it moved (``b - a``)."""

    name: str
    self_a: float | None
    self_b: float | None
    self_delta: float  # percentage points of the total, b minus a (missing counts as 0)
    inclusive_a: float | None
    inclusive_b: float | None
    inclusive_delta: float
    only_in: str = ""  # "a" or "b" when the function appears in one profile only


@dataclass(frozen=True)
class ProfileDiff:
    a: str
    b: str
    format_a: str
    format_b: str
    moved: tuple[MovedFunction, ...]  # largest move of the self share first
    common: int
    only_a: int
    only_b: int


def _by_name(profile: Profile) -> dict[str, Hotspot]:
    out: dict[str, Hotspot] = {}
    for h in profile.hotspots:  # the first (hottest as the tool lists them) of each name
        if h.kind != "line":
            out.setdefault(h.name, h)
    return out


def diff_profiles(a: Profile, b: Profile, top: int = 20) -> ProfileDiff:
    """Which functions moved between two profiles of the same program, and by how much: the
    change of each function's self and inclusive share of its profile's total (shares, so two
    runs of different length compare), largest self move first."""
    ha, hb = _by_name(a), _by_name(b)
    rows = []
    for name in dict.fromkeys([*ha, *hb]):
        x, y = ha.get(name), hb.get(name)
        sa = x.self_share if x else None
        sb = y.self_share if y else None
        ia = x.inclusive_share if x else None
        ib = y.inclusive_share if y else None
        rows.append(MovedFunction(name, sa, sb, (sb or 0.0) - (sa or 0.0), ia, ib,
                                  (ib or 0.0) - (ia or 0.0),
                                  "" if x and y else ("a" if x else "b")))
    rows.sort(key=lambda r: (-abs(r.self_delta), -abs(r.inclusive_delta), r.name))
    return ProfileDiff(a.path, b.path, a.format, b.format, tuple(rows[: max(top, 0)]),
                       sum(1 for n in ha if n in hb), sum(1 for n in ha if n not in hb),
                       sum(1 for n in hb if n not in ha))

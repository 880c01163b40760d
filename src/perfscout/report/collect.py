"""Gather a :class:`ReportInput` from the database: experiments, samples, cards, analysis.

Two sources today: a stored demo run (``perfscout report --demo``) and an experiment id plus an
analysis JSON (``perfscout report EXP --analysis A.json``). The session workflow will add a
third; everything below :func:`build` is shared.
"""

from __future__ import annotations

import datetime as _dt
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from perfscout.experiment.runner import ExperimentResult
from perfscout.experiment.store import Store
from perfscout.experiment.validity import Sample
from perfscout.files import read_structured
from perfscout.kb.cards import Card
from perfscout.model.errors import InputError
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import DoNot, Proposal, Rejected
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.report.data import (
    Ceilings,
    ReportInput,
    RooflinePoint,
    ScalingPoint,
    ScalingSeries,
)


def _flops(kernel: str, s: Sample) -> float | None:
    """Floating-point operations of one run of a bundled kernel (None: not countable)."""
    n = s.n
    if n is None or s.time_s is None:
        return None
    if kernel == "matmul":
        return 2.0 * n**3
    if kernel == "triad":
        return 2.0 * n
    if kernel in ("add", "scale"):
        return float(n)
    if kernel == "jacobi" and s.value is not None:  # value: million updates/s, 4 FLOP each
        return 4.0 * s.value * 1e6 * s.time_s
    return None


def roofline_point(kernel: str, variant: str, samples: Sequence[Sample]) -> RooflinePoint | None:
    """The median run of ``variant`` as (FLOP/byte, GFLOP/s); None without FLOP or byte count."""
    ok = [s for s in samples if s.ok and not s.warmup and s.variant == variant
          and s.time_s and "bytes" in s.fields]
    pts = []
    for s in ok:
        f = _flops(kernel, s)
        b = float(s.fields["bytes"])
        if f and b > 0 and s.time_s:
            pts.append((f / b, f / s.time_s / 1e9))
    if not pts:
        return None
    return RooflinePoint(kernel, variant, statistics.median(p[0] for p in pts),
                         statistics.median(p[1] for p in pts))


def latest_per_kernel(results: Sequence[ExperimentResult]) -> list[ExperimentResult]:
    """Per kernel, the experiment at the largest size (confirmation over screening), last one
    among equals (a combination after its confirmation)."""
    best: dict[str, ExperimentResult] = {}
    for r in results:
        cur = best.get(r.kernel)
        if cur is None or (r.size or 0) >= (cur.size or 0):
            best[r.kernel] = r
    return list(best.values())


def roofline_points(store: Store, results: Sequence[ExperimentResult]) -> list[RooflinePoint]:
    """Baseline and best winning variant of each kernel's latest experiment."""
    out = []
    for r in latest_per_kernel(results):
        samples = store.samples(r.id)
        wins = sorted((v for v in r.variants if v.verdict == "win"),
                      key=lambda v: -(v.ratio or 0.0))
        for name in [r.baseline.name, *(w.name for w in wins[:1])]:
            p = roofline_point(r.kernel, name, samples)
            if p is not None:
                out.append(p)
    return out


_SAME = ("flags", "extra_flags", "defines", "env", "launcher", "ranks", "patch", "libs")


def scaling_series(store: Store, results: Sequence[ExperimentResult]) -> list[ScalingSeries]:
    """Experiments whose variants differ from the baseline only in the thread count (every
    measured point is shown; the experiment table next to it gives each one's verdict)."""
    out = []
    for r in results:
        spec = store.get(r.id).spec
        if spec is None or not spec.baseline.threads:
            continue
        base = spec.baseline
        pts = {spec.baseline.threads: r.baseline}
        for v in spec.variants:
            t = v.threads
            if t and all(getattr(v, k) == getattr(base, k) for k in _SAME):
                pts.setdefault(t, r.outcome(v.name))
        if len(pts) >= 2:
            out.append(ScalingSeries(r.kernel, r.metric, r.id, tuple(
                ScalingPoint(int(t), float(o.median or 0.0), o.median_low, o.median_high)
                for t, o in sorted(pts.items()) if o.median is not None)))
    return [s for s in out if len(s.points) >= 2]


def load_results(store: Store, ids: Sequence[str]) -> list[ExperimentResult]:
    """The finished experiments among ``ids`` (unfinished ones are skipped)."""
    out = []
    for eid in ids:
        res = store.get(eid).result
        if res is not None:
            out.append(res)
    return out


def platform_rows(snap: PlatformSnapshot | None, fallback: Mapping[str, Any] | None = None
                  ) -> tuple[tuple[str, str], ...]:
    """The platform card: the facts that decide which advice applies."""
    if snap is None:
        return tuple((k, str(v)) for k, v in (fallback or {}).items()
                     if v is not None and k != "available")
    c = snap.cpu
    rows = [
        ("host", snap.hostname), ("os / kernel", f"{snap.os or '?'} / {snap.kernel or '?'}"),
        ("cpu", c.model_name), ("arch", c.arch),
        ("sockets x cores x threads", f"{c.sockets} x {c.cores_per_socket} x "
                                      f"{c.threads_per_core}"),
        ("numa nodes", str(snap.numa.count)), ("governor", c.governor),
        ("memory MB", snap.memory.total_mb), ("THP", snap.memory.thp_mode),
        ("isa", " ".join(f for f in c.isa if f.startswith(("avx", "sve", "neon", "amx")))),
        ("compilers", ", ".join(f"{x.name} {x.version or ''}".strip() for x in snap.compilers)),
        ("mpi", ", ".join(f"{m.implementation} {m.version or ''}".strip() for m in snap.mpi)),
        ("hw counters", _counters(snap.perf.hw_counters, snap.perf.hw_counters_reason)),
        ("virtualization", c.virtualization),
    ]
    return tuple((k, v if isinstance(v, str) else str(v)) for k, v in rows
                 if v not in (None, "", "None"))


def _counters(ok: bool | None, reason: str) -> Text:
    answer = Text({True: "platform.hw.yes", False: "platform.hw.no",
                   None: "platform.hw.unprobed"}[ok])
    return Text("platform.hw_reason", answer=answer, reason=reason) if reason else answer


def parse_analysis(data: Any, where: str = "analysis") -> dict[str, Any]:
    """Findings, proposals, rejected, do-not list and limits from an ``analyze --json``
    envelope or its ``data`` object."""
    if isinstance(data, Mapping) and "perfscout" in data and "data" in data:
        data = data["data"]
    if not isinstance(data, Mapping) or not any(
            k in data for k in ("findings", "proposals", "do_not")):
        raise InputError(f"{where}: not an analysis (no findings/proposals/do_not)",
                         hint="give the output of `perfscout analyze --json`")
    try:
        return {
            "findings": tuple(from_jsonable(Finding, f) for f in data.get("findings") or ()),
            "proposals": tuple(from_jsonable(Proposal, p) for p in data.get("proposals") or ()),
            "rejected": tuple(from_jsonable(Rejected, r) for r in data.get("rejected") or ()),
            "do_not": tuple(from_jsonable(DoNot, d) for d in data.get("do_not") or ()),
            "limits": tuple(str(x) for x in data.get("limits") or ()),
        }
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError(f"{where}: malformed analysis ({exc})",
                         hint="give the output of `perfscout analyze --json`") from None


def read_analysis(path: str | Path) -> dict[str, Any]:
    """:func:`parse_analysis` of a JSON file; InputError/NotFoundError with the cause."""
    p = Path(path)
    raw = read_structured(p, "analysis", hint="give the output of `perfscout analyze --json`")
    return parse_analysis(raw, str(p))


def build(store: Store, *, source: str, experiment_ids: Sequence[str], cards: Sequence[Card],
          analysis: Mapping[str, Any] | None = None, snapshot: PlatformSnapshot | None = None,
          platform_fallback: Mapping[str, Any] | None = None, ceilings: Ceilings | None = None,
          notes: Sequence[str] = (), platform_key: str = "") -> ReportInput:
    """Everything the renderers need, read once."""
    results = load_results(store, experiment_ids)
    a = dict(analysis or {})
    return ReportInput(
        title="perfscout", source=source,
        created_at=_dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        platform=platform_rows(snapshot, platform_fallback),
        platform_key=platform_key or (snapshot.key if snapshot else ""),
        findings=tuple(a.get("findings", ())), limits=tuple(a.get("limits", ())),
        do_not=tuple(a.get("do_not", ())), proposals=tuple(a.get("proposals", ())),
        rejected=tuple(a.get("rejected", ())), experiments=tuple(results),
        rejected_scopes=tuple(a.get("rejected_scopes", ())),
        do_not_scopes=tuple(a.get("do_not_scopes", ())),
        ceilings=ceilings or Ceilings(), roofline=tuple(roofline_points(store, results)),
        scaling=tuple(scaling_series(store, results)), cards=tuple(cards), notes=tuple(notes))

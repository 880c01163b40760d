"""Application-layer rules: I/O and parsing hotspots (judged on the whole profile), redundant
work, precision."""

from __future__ import annotations

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, rule
from perfscout.diagnose.rules.common import (
    achieved_bw,
    category_share,
    fmt,
    hot_is_mpi,
    is_io,
    mem_bench,
)
from perfscout.diagnose.rules.runtime import _hot_ev
from perfscout.model.findings import Finding


@rule(id="app.io_hotspot", needs=("@hotspots",), thresholds=("app.io_share",),
      request=lambda ctx, miss: [rq.sampling(ctx)])
def io_hotspot(ctx: Context) -> Finding | None:
    """Input parsing or I/O functions hold a large share of the WHOLE profile (not its head)."""
    sh = category_share(ctx, lambda h: is_io(h.name) and not hot_is_mpi(h))
    lim = ctx.t("app.io_share")
    if sh is None or sh.share < lim:
        return None
    return ctx.finding("app.io_hotspot", 0.4 + 0.5 * min(sh.share, 1.0),
                       "input parsing / I/O functions are hot",
                       [_hot_ev(ctx, sh, "I/O and parsing functions take",
                                f"share of whole profile >= {lim:.2f}")])


@rule(id="app.redundant_work", needs=("@hotspots",),
      thresholds=("app.redundant_calls", "app.redundant_share"))
def redundant_work(ctx: Context) -> Finding | None:
    """A cheap function called an enormous number of times holds a real share: recomputation."""
    calls_lim, share_lim = ctx.t("app.redundant_calls"), ctx.t("app.redundant_share")
    from perfscout.diagnose.rules.common import hotspot_shares

    best = None
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        for h, s in hotspot_shares(p):
            big = h.calls is not None and h.calls >= calls_lim and s >= share_lim
            if big and (best is None or s > best[1]):
                best = (h, s, p)
    if best is None:
        return None
    h, s, p = best
    from perfscout.diagnose.engine import source_kind
    from perfscout.model.findings import Evidence
    from perfscout.model.metrics import SourceRef

    return ctx.finding("app.redundant_work", 0.45, "the same small computation repeated",
                       [Evidence("hotspot.calls", float(h.calls or 0), "count",
                                 h.source or SourceRef(p.path, None), source_kind(p.format),
                                 f"{h.name} called {fmt(float(h.calls or 0))} times for {s:.0%} "
                                 "of the run", f"calls >= {calls_lim:g} and share >= "
                                 f"{share_lim:.2f}")], scope=h.name)


@rule(id="app.precision", needs=("flops.dp", "mem.bandwidth|bench.bandwidth"),
      thresholds=("bw.near_peak",))
def precision(ctx: Context) -> Finding | None:
    """Double precision throughout a bandwidth-bound code: halving the bytes may be possible."""
    dp, sp = ctx.top("flops.dp"), ctx.top("flops.sp")
    got, peak = achieved_bw(ctx), mem_bench(ctx)
    if dp is None or dp.value <= 0 or (sp is not None and sp.value > 0):
        return None
    if got is None or peak is None or got.value / peak.value < ctx.t("bw.near_peak"):
        return None
    return ctx.finding("app.precision", 0.3, "all-double arithmetic in a bandwidth-bound code",
                       [ctx.ev(dp, f"{fmt(dp.value)} MFLOP/s double, no single precision"),
                        ctx.ev(got, f"bandwidth {fmt(got.value)} MB/s near peak")],
                       limits=["whether single precision is accurate enough is a domain "
                               "question the data cannot answer"])

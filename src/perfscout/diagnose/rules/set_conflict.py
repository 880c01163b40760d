"""Cache-set conflicts from a power-of-two leading dimension: a 2-D walk by columns (a tiled
transpose, a column sweep) whose rows lie a power of two bytes apart touches addresses that
all map to the same few L1 sets, so a tile that fits in L1 by size still misses (the sets
hold only their associativity's worth of lines). The fix is padding the leading dimension;
tiling or interchanging the loops does not change which sets the rows map to.

Read from quantities: the leading dimension the program prints (``ld=2048``) with a high
simulated or counted L1 miss rate; or a size sweep whose power-of-two size costs more per
element than its non-power-of-two neighbours (within ``_NEIGHBOUR`` of it), which is what a
set conflict does and a working set outgrowing a cache does not (that grows smoothly).
"""

from __future__ import annotations

from perfscout.diagnose.engine import Context, Located
from perfscout.model.findings import Evidence
from perfscout.model.metrics import ScopeKind

#: bytes of one element assumed when the program does not say (double precision)
_ELEMENT_BYTES = 8
#: the L1 set span (L1 size / associativity) of x86 cores here: 32 KiB 8-way or 48 KiB 12-way
_SET_SPAN = 4096
#: sizes this close (relative) to a power of two are its neighbours in a sweep: the same
#: working set, different row alignment
_NEIGHBOUR = 0.1


def _pow2(n: float) -> bool:
    i = int(n)
    return i == n and i > 0 and i & (i - 1) == 0


def _set_span(ctx: Context) -> int:
    """Bytes after which addresses map to the same L1 set again (L1 size / associativity):
    4 KiB on the x86 cores this runs on (32 KiB 8-way, 48 KiB 12-way); the snapshot does not
    record the associativity."""
    return _SET_SPAN


def pow2_rows(ctx: Context, miss_ev: list[Evidence]) -> list[Evidence]:
    """Evidence that the misses are set conflicts: a printed leading dimension that is a power
    of two with rows at least one set span apart (each row of a tile then maps to the same
    sets), and, when runs of other leading dimensions are given, their lower miss rate or
    time. Empty unless an L1-level miss rate fired (``miss_ev``)."""
    if not any(e.metric in ("d1.miss_ratio", "l1d.miss_ratio") for e in miss_ev):
        return []
    lds = ctx.all("array.leading_dim")
    hit = [x for x in lds if _pow2(x.value) and x.value * _ELEMENT_BYTES >= _set_span(ctx)]
    if not hit:
        return []
    ld = max(hit, key=lambda x: x.value)
    span = _set_span(ctx)
    row = int(ld.value) * _ELEMENT_BYTES
    ev = [ctx.ev(ld, f"leading dimension {ld.value:.0f} = 2^{int(ld.value).bit_length() - 1}: "
                 f"rows {row // 1024} KiB apart, a multiple of the {span // 1024} KiB L1 set "
                 "span, so every row of a tile maps to the same L1 sets",
                 "leading dimension a power of two, rows >= one set span apart",
                 metric="array.leading_dim_pow2", value=ld.value, unit="count",
                 kind="setting")]  # how the program lays out its array: context, no measure
    padded = _padded_run(ctx, ld)
    if padded is not None:
        ev.append(padded)
    return ev


def _padded_run(ctx: Context, ld: Located) -> Evidence | None:
    """A run of the same size with a leading dimension that is not a power of two, faster
    per run: padding measured (times are compared only within the same input family)."""
    for other in ctx.all("array.leading_dim"):
        if _pow2(other.value) or (other.profile is ld.profile and other.metric.scope == \
                ld.metric.scope):
            continue
        t_pow = _time_of(ctx, ld)
        t_pad = _time_of(ctx, other)
        if t_pow is None or t_pad is None or t_pad.value <= 0:
            continue
        lim = ctx.t("cache.padded_speedup")
        if t_pow.value / t_pad.value >= lim and t_pow.kind == t_pad.kind:
            return ctx.ev(t_pad, f"the same walk with leading dimension {other.value:.0f} "
                          f"takes {t_pad.value:.3g} s vs {t_pow.value:.3g} s "
                          f"({t_pow.value / t_pad.value:.1f}x faster padded)",
                          f"power-of-two time / padded time >= {lim:g}",
                          metric="time.padded_ratio", value=t_pow.value / t_pad.value,
                          unit="ratio")
    return None


def _time_of(ctx: Context, x: Located) -> Located | None:
    """The run's time: wall time, else CPU time (load-independent, what programs print on a
    busy machine)."""
    for name in ("time.elapsed", "time.cpu"):
        t = next((t for t in ctx.all(name) if t.profile is x.profile
                  and t.metric.scope == x.metric.scope), None)
        if t is not None:
            return t
    return None


#: rates a program prints per run (higher is faster): their inverse is a cost per element
_RATES = ("mem.bandwidth", "flops.rate", "lups.rate")


def _per_element(ctx: Context, x: Located, n: float) -> tuple[float, Located] | None:
    """(cost per element, located value) of the run sized ``x``: time / n^2 (a 2-D array), or
    1 / rate when the run prints a rate and no time."""
    t = _time_of(ctx, x)
    if t is not None and t.value > 0 and n > 0:
        return t.value / n ** 2, t
    for name in _RATES:
        r = next((r for r in ctx.all(name) if r.profile is x.profile
                  and r.metric.scope == x.metric.scope and r.value > 0), None)
        if r is not None:
            return 1.0 / r.value, r
    return None


def _sized_runs(ctx: Context) -> list[tuple[float, Located, float]]:
    """(leading dimension or size, located time or rate, cost per element) of every printed
    run that gives both."""
    out: list[tuple[float, Located, float]] = []
    for name in ("array.leading_dim", "scaling.size"):
        for sz in ctx.all(name, (ScopeKind.RUN,)):
            got = _per_element(ctx, sz, sz.value)
            if got is not None and sz.value > 0:
                out.append((sz.value, got[1], got[0]))
        if out:
            return out
    return out


def _medians(runs: list[tuple[float, Located, float]]) -> list[tuple[float, Located, float]]:
    """One point per (size, family, quantity): the run with the median cost of the repeated
    runs."""
    by: dict[tuple[float, str, str], list[tuple[Located, float]]] = {}
    for n, t, c in runs:
        by.setdefault((n, t.kind, t.metric.name), []).append((t, c))
    out: list[tuple[float, Located, float]] = []
    for (n, _, _), ts in by.items():
        t, c = sorted(ts, key=lambda x: x[1])[(len(ts) - 1) // 2]
        out.append((n, t, c))
    return out


def pow2_sweep(ctx: Context) -> list[Evidence]:
    """A sweep where a power-of-two size (rows >= one set span apart) costs
    ``cache.padded_speedup`` or more per element (time / size^2 of a 2-D array, or the inverse
    of a printed rate) than the cheapest of its non-power-of-two neighbours, comparing the
    median of repeated runs of each size and like with like (wall with wall, CPU time with CPU
    time, a rate with the same rate): set conflicts measured by the program's own numbers.
    Returns the evidence (the size as ``array.leading_dim_pow2`` and the ratio)."""
    runs = _medians(_sized_runs(ctx))
    lim = ctx.t("cache.padded_speedup")
    best: tuple[float, float, Located, float, Located] | None = None
    for n, t, c in runs:
        if not _pow2(n) or n * _ELEMENT_BYTES < _set_span(ctx):
            continue
        near = [(m, u, cu) for m, u, cu in runs if not _pow2(m) and abs(m - n) / n <= _NEIGHBOUR
                and u.kind == t.kind and u.metric.name == t.metric.name]
        if not near:
            continue
        m, u, cu = min(near, key=lambda x: x[2])
        ratio = c / cu
        if ratio >= lim and (best is None or ratio > best[3]):
            best = (n, m, t, ratio, u)
    if best is None:
        return []
    n, m, t, ratio, u = best
    what = "time" if t.metric.name.startswith("time.") else f"inverse {t.metric.name}"
    return [ctx.ev(t, f"size {n:.0f} = 2^{int(n).bit_length() - 1}: rows {int(n) * 8 // 1024} "
                   f"KiB apart map to the same L1 sets", "a power of two, rows >= one set span "
                   "apart", metric="array.leading_dim_pow2", value=n, unit="count",
                   kind="setting"),
            ctx.ev(u, f"per element, size {n:.0f} costs {ratio:.1f}x the {what} of size {m:.0f} "
                   f"(median runs: {t.value:.3g} vs {u.value:.3g} {t.metric.unit})",
                   f"cost per element ratio >= {lim:g}", metric="time.padded_ratio",
                   value=ratio, unit="ratio")]

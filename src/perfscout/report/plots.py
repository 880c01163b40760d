"""The report's plots as PNG bytes (matplotlib, Agg backend, no display needed).

Three charts: the per-variant bar chart with 95% intervals (one per experiment), the roofline
placing kernel variants against the measured bandwidth and FLOP ceilings, and the thread-scaling
curve of experiments that varied only the thread count. Text inside the images comes from the
message catalog; when no installed font has CJK glyphs, the images fall back to English text
(the translated caption is still printed under each image by the renderers).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

from perfscout.experiment.runner import ExperimentResult
from perfscout.report.data import Ceilings, RooflinePoint, ScalingSeries
from perfscout.report.messages import Messages, messages

VERDICT_COLOR = {"win": "#2e7d32", "loss": "#c62828", "neutral": "#f9a825",
                 "invalid": "#8e24aa", "baseline": "#1565c0", "inconclusive": "#bdbdbd"}


@lru_cache(maxsize=1)
def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend, imported on first use (it takes a second)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


@lru_cache(maxsize=1)
def cjk_font() -> str | None:
    """Name of an installed font with Chinese glyphs, or None."""
    from matplotlib import font_manager

    def known() -> str | None:
        for f in font_manager.fontManager.ttflist:
            if any(k in f.name for k in ("CJK", "WenQuanYi", "Hei", "Ming", "Song", "Kai")):
                return str(f.name)
        return None

    if (name := known()) is not None:
        return name
    # matplotlib caches its font list: a font installed after the cache was built is added here
    for path in font_manager.findSystemFonts(fontext="ttf"):
        if any(k in path.lower() for k in ("wqy", "cjk", "droidsansfallback")):
            try:
                font_manager.fontManager.addfont(path)
            except (OSError, RuntimeError, ValueError):
                continue
    return known()


def plot_messages(lang: str) -> Messages:
    """The catalog used inside images: ``lang`` when a font can draw it, else English."""
    if lang == "en" or cjk_font() is not None:
        return messages(lang)
    return messages("en")


def _png(fig: Figure) -> bytes:
    plt = pyplot()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def _font(lang: str) -> None:
    plt = pyplot()
    font = cjk_font()
    if lang != "en" and font:
        plt.rcParams["font.sans-serif"] = [font, "DejaVu Sans"]


def variant_bars(res: ExperimentResult, lang: str = "en") -> bytes:
    """Median of each variant with its 95% bootstrap interval, coloured by verdict."""
    plt = pyplot()
    msg = plot_messages(lang)
    _font(lang)
    rows = [v for v in (res.baseline, *res.variants) if v.median is not None]
    fig, ax = plt.subplots(figsize=(7.5, 0.5 + 0.45 * max(len(rows), 1)))
    names = [v.name for v in rows]
    med = [float(v.median or 0.0) for v in rows]
    lo = [max(m - (v.median_low if v.median_low is not None else m), 0.0)
          for m, v in zip(med, rows, strict=True)]
    hi = [max((v.median_high if v.median_high is not None else m) - m, 0.0)
          for m, v in zip(med, rows, strict=True)]
    colors = [VERDICT_COLOR.get(v.verdict, "#757575") for v in rows]
    ax.barh(names, med, xerr=[lo, hi], color=colors, capsize=4, edgecolor="#263238")
    ax.invert_yaxis()
    ax.set_xlabel(res.metric)
    ax.set_title(msg("plot.bars", metric=res.metric, kernel=res.kernel), fontsize=10)
    for i, v in enumerate(rows):
        label = msg("verdict." + v.verdict) if v.verdict in VERDICT_COLOR else v.verdict
        ax.text(med[i], i, f"  {label}", va="center", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def roofline(points: Sequence[RooflinePoint], ceilings: Ceilings, lang: str = "en") -> bytes:
    """Log-log roofline: min(peak FLOP/s, intensity x peak bandwidth) and the kernels on it."""
    plt = pyplot()
    import numpy as np

    msg = plot_messages(lang)
    _font(lang)
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    xs = [p.intensity for p in points] or [1.0]
    ys = [p.gflops for p in points] or [1.0]
    x = np.logspace(np.log10(min(xs) / 4), np.log10(max(xs) * 4), 200)
    bw, fl = ceilings.bandwidth_GBps, ceilings.gflops
    if bw and fl:
        ax.loglog(x, np.minimum(fl, x * bw), color="#263238", lw=2)
    if bw:
        ax.loglog(x, x * bw, color="#1565c0", ls="--", lw=1,
                  label=msg("plot.bw_ceiling", bw=f"{bw:.1f}"))
    if fl:
        ax.axhline(fl, color="#c62828", ls="--", lw=1,
                   label=msg("plot.flop_ceiling", gflops=f"{fl:.1f}"))
    markers = "s^Dv<>p*h"  # baseline is a circle; other variants of a kernel get these
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    kernels = sorted({p.kernel for p in points})
    for k_i, k in enumerate(kernels):
        others = 0
        for p in (p for p in points if p.kernel == k):
            mark = "o" if p.variant == "baseline" else markers[others % len(markers)]
            others += p.variant != "baseline"
            ax.loglog(p.intensity, p.gflops, mark, ms=8, color=colors[k_i % len(colors)],
                      mec="#263238", label=f"{k}: {p.variant}")
    ax.set_xlabel(msg("plot.intensity"))
    ax.set_ylabel(msg("plot.gflops"))
    ax.set_title(msg("plot.roofline"), fontsize=10)
    top = max([*ys, fl or 0.0]) * 3
    ax.set_ylim(min(ys) / 5, top)
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return _png(fig)


def scaling(series: ScalingSeries, lang: str = "en") -> bytes:
    """The metric against the thread count with intervals, and the linear ideal from 1 point."""
    plt = pyplot()
    msg = plot_messages(lang)
    _font(lang)
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    pts = sorted(series.points, key=lambda p: p.threads)
    t = [p.threads for p in pts]
    m = [p.median for p in pts]
    err = [[max(p.median - (p.low if p.low is not None else p.median), 0.0) for p in pts],
           [max((p.high if p.high is not None else p.median) - p.median, 0.0) for p in pts]]
    ax.errorbar(t, m, yerr=err, marker="o", capsize=4, color="#1565c0", label=series.metric)
    base = pts[0]
    ax.plot(t, [base.median * n / base.threads for n in t], ls=":", color="#757575",
            label=msg("plot.ideal"))
    ax.set_xticks(t)
    ax.set_xlabel(msg("plot.threads"))
    ax.set_ylabel(series.metric)
    ax.set_title(msg("plot.scaling", metric=series.metric, kernel=series.kernel), fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return _png(fig)

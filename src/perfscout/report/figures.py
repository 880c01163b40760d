"""The report's figures, made once and shared by the Markdown and HTML renderers."""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.report.data import ReportInput
from perfscout.report.messages import messages
from perfscout.report.plots import roofline, scaling, variant_bars


@dataclass(frozen=True)
class Figure:
    key: str  # file stem: bars-<experiment>, roofline, scaling-<experiment>
    section: str  # experiments, roofline, scaling
    caption: str  # translated
    png: bytes
    experiment: str = ""


def figures(inp: ReportInput, lang: str) -> list[Figure]:
    """Bar chart per experiment, the roofline when any kernel could be placed, scaling curves."""
    msg = messages(lang)
    out = [Figure(f"bars-{r.id}", "experiments",
                  msg("plot.bars", metric=r.metric, kernel=r.kernel), variant_bars(r, lang),
                  r.id)
           for r in inp.experiments if any(v.median is not None
                                           for v in (r.baseline, *r.variants))]
    if inp.roofline:
        out.append(Figure("roofline", "roofline", msg("plot.roofline"),
                          roofline(inp.roofline, inp.ceilings, lang)))
    out += [Figure(f"scaling-{s.experiment}", "scaling",
                   msg("plot.scaling", metric=s.metric, kernel=s.kernel), scaling(s, lang),
                   s.experiment) for s in inp.scaling]
    return out

"""Where time goes, when profiles disagree: gprof's attribution (instrumentation, with its
known artefacts) against a sampling profile. The disagreement is stated, never resolved
silently; the sampling profile is the one trusted.
"""

from __future__ import annotations

from collections.abc import Sequence

from perfscout.diagnose.engine import source_kind
from perfscout.model.message import Text
from perfscout.model.metrics import Hotspot, Profile

TRUSTED = "sampling"


def _top(p: Profile) -> Hotspot | None:
    hs = [h for h in p.hotspots if h.self_share is not None and h.kind != "line"]
    return max(hs, key=lambda h: h.self_share or 0.0) if hs else None


def _base(name: str) -> str:
    return name.split("(")[0].split(" line ")[0].strip().lower()


def _own_code_share(s: Profile, name: str) -> float:
    """The sampled share of ``name``, as a share of the samples in the same binary when the
    profile names binaries: gprof samples only the program's own code (libraries compiled
    without ``-pg`` are invisible to it), so its percentages are of that code, not the run."""
    hits = [h for h in s.hotspots if _base(h.name) == name and h.kind != "line"]
    there = sum(h.self_share or 0.0 for h in hits)
    modules = {h.module for h in hits}
    if not hits or "" in modules:
        return there
    own = sum(h.self_share or 0.0 for h in s.hotspots if h.module in modules
              and h.kind != "line")
    return there / own if own > 0 else there


def hotspot_conflicts(profiles: Sequence[Profile], disagree: float) -> list[str]:
    """One statement per instrumentation profile whose top function a sampling profile does
    not confirm (the sampling profile gives it less than ``1 - disagree`` of gprof's share,
    both as shares of the program's own code when the sampling profile names binaries)."""
    sampled = [(s, _top(s)) for s in profiles
               if source_kind(s.format) == TRUSTED and s.hotspots]
    out: list[str] = []
    for p in profiles:
        if source_kind(p.format) != "instrumentation" or not sampled:
            continue
        top = _top(p)
        if top is None or not top.self_share:
            continue
        name = _base(top.name)
        for s, stop in sampled:
            if stop is None or _base(stop.name) == name:
                continue
            there = _own_code_share(s, name)
            if there < top.self_share * (1 - disagree):
                out.append(Text(
                    "conflict.hotspot", fmt=p.format, path=p.path,
                    share=f"{top.self_share:.0%}", name=top.name, sfmt=s.format, spath=s.path,
                    there=f"{there:.0%}", sshare=f"{stop.self_share or 0:.0%}", sname=stop.name))
    return out

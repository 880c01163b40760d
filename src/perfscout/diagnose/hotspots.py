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


def hotspot_conflicts(profiles: Sequence[Profile], disagree: float) -> list[str]:
    """One statement per instrumentation profile whose top function a sampling profile does
    not confirm (the sampling profile gives it less than ``1 - disagree`` of gprof's share)."""
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
            there = sum(h.self_share or 0.0 for h in s.hotspots if _base(h.name) == name)
            if there < top.self_share * (1 - disagree):
                out.append(Text(
                    "conflict.hotspot", fmt=p.format, path=p.path,
                    share=f"{top.self_share:.0%}", name=top.name, sfmt=s.format, spath=s.path,
                    there=f"{there:.0%}", sshare=f"{stop.self_share or 0:.0%}", sname=stop.name))
    return out

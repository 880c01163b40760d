"""A program built in a debug or checking configuration (``app.redundant_work``): the compile
lines carry the words :mod:`perfscout.model.checking` declares (``-D_GLIBCXX_DEBUG``,
``-fsanitize=``, ``-fcheck=bounds``, ``-O0``...), read by the build log adapter as
``build.checking_flags``; a profile's share in the checking runtime (``__gnu_debug::``,
``__asan_``, ``_gfortran_runtime_error_at``...) says what the checks cost. Either decides:
the flags alone (the checks run whether or not a profile shows them) or a profile share of
``build.checking_share`` or more (the build log then names the words to remove).
"""

from __future__ import annotations

from perfscout.diagnose.engine import Context, source_kind
from perfscout.diagnose.rules.common import hotspot_shares
from perfscout.model.checking import is_checking_symbol
from perfscout.model.findings import Evidence, Finding
from perfscout.model.metrics import Hotspot, Profile, SourceRef

#: evidence metric names of this finding (the release_build proposal keys on them)
FLAGS = "build.checking_flags"
SHARE = "checking.share"


def checking_build(ctx: Context) -> Finding | None:
    """The finding of a debug/checking build, with the words that decided it and the share
    of the run in checking code when a profile has one (the largest any profile shows, a
    sampling profile first on a tie: a per-line profile names no routine)."""
    ev: list[Evidence] = []
    for loc in ctx.all(FLAGS):
        words = loc.profile.meta.get("checking", "")
        if loc.value > 0 and words:
            ev.append(Evidence(FLAGS, loc.value, "count", loc.source, loc.kind,
                               f"the compile lines build a checking/debug configuration: "
                               f"{words}", "any flag or define of model/checking.py"))
            break
    lim = ctx.t("build.checking_share")
    best: tuple[float, bool, Profile, list[tuple[Hotspot, float]]] | None = None
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        rows = sorted(((h, s) for h, s in hotspot_shares(p)
                       if h.kind != "line" and is_checking_symbol(h.name)), key=lambda x: -x[1])
        share = sum(s for _, s in rows)
        key = (share, source_kind(p.format) == "sampling")
        if share > 0 and (best is None or key > best[:2]):
            best = (share, key[1], p, rows)
    if best is not None and (best[0] >= lim or ev):  # the largest share any profile shows
        share, _, p, rows = best
        ev.append(Evidence(SHARE, share, "ratio", rows[0][0].source or SourceRef(p.path, None),
                           source_kind(p.format),
                           f"{share:.0%} of the profile in checking code: "
                           + ", ".join(f"{h.name} {s:.0%}" for h, s in rows[:3]),
                           f"checking share >= {lim:.2f}"))
    if not ev:
        return None
    measured = any(e.metric == SHARE and (e.value or 0) >= lim for e in ev)
    flags = any(e.metric == FLAGS for e in ev)
    conf = 0.75 if flags and measured else 0.6 if flags else 0.45
    return ctx.finding(
        "app.redundant_work", conf, "built in a debug/checking configuration: run-time checks "
        "and unoptimised code the results do not need", ev,
        limits=(() if flags else ("the profile shows checking code; a build log names the flags "
                                  "to remove",)))

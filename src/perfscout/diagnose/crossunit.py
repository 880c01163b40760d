"""A tiny function of the program called per element from a loop in another source file.

A compiler inlines a small callee only when it sees its body: a function defined in another
translation unit (``scale()`` in ``scale.c`` called from a loop in ``main.c``) stays a call at
every element unless the build uses link-time optimisation. The loop then cannot be vectorized
and pays a call per element; each call's own work is a few instructions. An instrumented or
simulated profile shows it: a program function called ``app.redundant_calls`` times or more
whose self time per call is a few nanoseconds (``call.tiny_ns``: call overhead, no loop of its
own), defined in one of the program's source files while the line-level profile puts a real
share of the run on lines of another program source file (the calling loop).

One reading, used by ``hw.vectorization`` (the finding) and by ``app.redundant_work`` (which
then does not call it repetition: the arguments change at every element).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from perfscout.diagnose.rules.common import hotspot_shares
from perfscout.ingest.source_paths import library_source
from perfscout.model.metrics import Hotspot, Profile

if TYPE_CHECKING:
    from perfscout.diagnose.engine import Context

#: the evidence metric of the finding (ns per call of the callee): what ``compiler_lto`` reads
CROSS_UNIT_CALL = "call.cross_unit_ns"
#: a program source file (C, C++, Fortran)
_SOURCE = re.compile(r"\.(?:c|cc|cpp|cxx|c\+\+|f|f90|f95|f03|f08|for|F|F90)$", re.I)


@dataclass(frozen=True)
class CrossCall:
    """The callee called per element, its file, and the hot line of the calling file."""

    callee: Hotspot
    share: float
    ns_per_call: float
    callee_file: str
    caller_line: str  # "file:line" of the hottest line in another program source file
    caller_share: float
    profile: Profile


def _file_of(h: Hotspot) -> str:
    loc = h.location
    return loc.file if loc is not None and loc.file else ""


def _program_file(path: str) -> bool:
    return bool(path) and bool(_SOURCE.search(path)) and not library_source(path)


def cross_unit_call(ctx: Context) -> CrossCall | None:
    """The program function called per element across source files (module docstring), with
    the hottest line of the calling file; None when no profile shows one."""
    calls_lim, share_lim = ctx.t("app.redundant_calls"), ctx.t("app.redundant_share")
    tiny = ctx.t("call.tiny_ns")
    best: CrossCall | None = None
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        rows = hotspot_shares(p)
        for h, s in rows:
            if h.calls is None or h.calls < calls_lim or s < share_lim:
                continue
            if h.unit != "s" or h.self_value is None or h.self_value <= 0:
                continue
            ns = h.self_value / h.calls * 1e9
            home = _file_of(h)
            if ns > tiny or not _program_file(home):
                continue
            name = PurePosixPath(home).name
            others = [(g, t) for g, t in rows if g is not h and _program_file(_file_of(g))
                      and PurePosixPath(_file_of(g)).name != name]
            if not others:
                continue
            # one source line's rows (gprof -l gives one per address range) add up
            by_line: dict[str, float] = {}
            for g, t in others:
                loc = g.location
                assert loc is not None
                key = f"{PurePosixPath(loc.file or '').name}:{loc.line}"
                by_line[key] = by_line.get(key, 0.0) + t
            line, lshare = max(by_line.items(), key=lambda kv: kv[1])
            if lshare < share_lim:
                continue
            got = CrossCall(h, s, ns, name, line, lshare, p)
            if best is None or s > best.share:
                best = got
    return best

"""Helpers the catalog builders share: verification commands, gains, evidence references."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from perfscout.advise.facts import Facts, project_root_of
from perfscout.ingest.source_paths import library_source
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import ExpectedGain, Verification
from perfscout.transform import Generated, generate

#: the bundled kernel, relative to the workspace, used when the profiled command is unknown
DEFAULT_TARGET = ("./kernel",)
PERF_EVENTS = "task-clock,context-switches,cpu-migrations,page-faults"


def target(facts: Facts) -> tuple[str, ...]:
    """The command a verification runs: the profiled command with its program taken from the
    workspace (``/tmp/x/triad`` -> ``./triad``, also after a launcher: the sandbox runs only
    workspace programs and trusted tools) and a leading ``env K=V`` dropped (the change
    supplies its own env); the bundled kernel ``./kernel`` when the profiled command is
    unknown."""
    argv = list(facts.command)
    if argv and argv[0] == "env":
        argv = argv[1:]
    while argv and "=" in argv[0] and not argv[0].startswith(("-", "/", ".")):
        argv = argv[1:]
    if not argv:
        return DEFAULT_TARGET
    # the program itself, or the one a launcher starts (mpirun -np 4 /tmp/x/mw -> ./mw)
    at = 0
    if Path(argv[0]).name in LAUNCHERS:
        at = next((i for i, a in enumerate(argv[1:], 1) if a.startswith(("/", "./"))), 0)
    prog = argv[at]
    if prog.startswith("/") and not prog.startswith(("/usr/", "/bin/", "/opt/")):
        argv[at] = "./" + prog.rsplit("/", 1)[-1]
    return tuple(argv)


#: commands that start another program given later on their command line
LAUNCHERS = frozenset({"mpirun", "mpiexec", "orterun", "srun", "numactl", "taskset"})


def perf_stat(facts: Facts, events: str = PERF_EVENTS, repeat: int = 5) -> tuple[str, ...]:
    """``perf stat -r N -e EVENTS -- <profiled command>`` (software events: no counters needed)."""
    return ("perf", "stat", "-r", str(repeat), "-e", events, "--", *target(facts))


def likwid_mem(facts: Facts) -> tuple[str, ...] | None:
    """``likwid-perfctr -C 0 -g MEM`` around the command when likwid counters work here."""
    if facts.snapshot is None or not facts.snapshot.perf.likwid_perfctr_works:
        return None
    return ("likwid-perfctr", "-C", "0", "-g", "MEM", *target(facts))


def verify(facts: Facts, metric: str = "time.elapsed", direction: str = "lower",
           events: str = PERF_EVENTS, with_likwid: bool = False) -> Verification:
    cmds: list[tuple[str, ...]] = [perf_stat(facts, events)]
    if with_likwid:
        lk = likwid_mem(facts)
        if lk:
            cmds.append(lk)
    return Verification(tuple(cmds), metric, direction)


def amdahl(share: float, local_low: float, local_high: float) -> tuple[float, float]:
    """Overall speedup range when a part taking ``share`` of the time gets ``local_*`` faster."""
    def one(f: float) -> float:
        return 1.0 / ((1.0 - share) + share / f)
    return round(one(local_low), 3), round(one(local_high), 3)


def gain_on_share(facts: Facts, scope: str, local_low: float, local_high: float,
                  default_share: float, what: Text) -> ExpectedGain:
    share = facts.share_of(scope)
    if share is not None and share > 1.0:  # an inclusive listing counting a routine's merged
        share = None  # rows (inlined callees, a caller of everything) measures no part of it
    key = "gain.share_measured" if share is not None else "gain.share_assumed"
    s = share if share is not None else default_share
    low, high = amdahl(s, local_low, local_high)
    return ExpectedGain(low, high, Text(key, share=f"{s:.0%}", scope=scope or Text("gain.the_run"),
                                        what=what, low=f"{local_low:g}", high=f"{local_high:g}"))


def refs(finding: Finding, facts: Facts) -> tuple[str, ...]:
    """Evidence references: the finding id, its quoted evidence and where each came from."""
    out = [f"finding {finding.id} ({finding.status}, confidence {finding.confidence:.2f})"]
    for e in finding.evidence[:4]:
        where = f" @ {e.source}" if e.source else ""
        out.append(f"{e.metric}={e.value:g}{e.unit and ' ' + e.unit}{where}"
                   if e.value is not None else f"{e.metric}{where}: {e.quote}")
    for cause in finding.caused_by:
        out.append(f"caused by {cause}")
    return tuple(out)


def scope_of(finding: Finding, facts: Facts) -> str:
    if finding.scope:
        return finding.scope
    top = facts.top_hotspot()
    return top.name if top else ""


def conf(finding: Finding, base: float) -> float:
    """A proposal's confidence: its base, scaled by how sure the finding is."""
    scale = 1.0 if finding.status == "confirmed" else 0.8
    return round(min(0.95, base * scale * (0.5 + 0.5 * finding.confidence)), 2)


#: a source line with less than this fraction of the samples of its file's hottest line is
#: cold: no generated change is aimed at it (an initialisation loop at 0.4% of the run); per
#: file, since the hottest line overall may be in a library header the program calls
COLD_LINE = 0.1


def source_hot_lines(facts: Facts, limit: int = 5) -> list[tuple[str, int, str]]:
    """The hottest lines of the line-level profiles that lie in a readable C/C++/Fortran file,
    hottest first, as (path, line, the file's text): where a generated source change can be
    tried when the single hottest line is in a library (``s_sin.c``) the program calls. Lines
    under ``COLD_LINE`` of the share of their file's hottest line are left out, and so are the
    lines of system headers and installed library sources (:func:`library_source`): no change
    is generated in ``/usr/include``."""
    from perfscout.transform.source import language_of

    best: dict[tuple[str, int], float] = {}
    for prof in facts.profiles:
        for h in prof.hotspots:
            loc = h.location
            named = re.match(r"^(?P<path>.+):(?P<line>\d+)$", h.name.strip())
            if loc is not None and loc.line and loc.file:
                key = (loc.file, int(loc.line))
            elif named is not None:
                key = (named["path"], int(named["line"]))
            else:
                continue
            if language_of(key[0]) is None or library_source(key[0]):
                continue  # not source, or a system header's / library's line
            best[key] = max(best.get(key, 0.0), h.self_share or 0.0)
    out: list[tuple[str, int, str]] = []
    texts: dict[str, str | None] = {}
    top: dict[str, float] = {}
    for (path, _line), share in best.items():
        top[path] = max(top.get(path, 0.0), share)
    for (path, line), share in sorted(best.items(), key=lambda kv: -kv[1]):
        if share < COLD_LINE * top[path]:
            continue  # cold beside its file's hot line: no change is aimed at it
        if path not in texts:
            try:
                texts[path] = Path(path).read_text(errors="replace")
            except OSError:
                texts[path] = None
        text = texts[path]
        if text is not None:
            out.append((path, line, text))
        if len(out) >= limit:
            break
    return out


def routine_callers(text: str, path: str, line: int, root: Path) -> list[tuple[str, int]]:
    """(path relative to ``root``, line) of each loop's call of the function holding
    ``path:line``, when that line lies in a function outside any loop (a routine called once
    per element, or inlined into a loop whose own line stays cold: its samples land on the
    routine's lines). Empty when the line is in a loop itself or nothing calls it in a loop."""
    from perfscout.transform.caller import callers_of
    from perfscout.transform.source import Code

    code = Code(text, path)
    if code.loops_at(line):
        return []
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    return [] if fn is None else callers_of(root, code.function_name(fn))


def caller_loop_of_hot_routine(facts: Facts) -> tuple[str, int] | None:
    """(path, line) of the loop that calls the hot routine, when the hottest source line of the
    line profile lies in a function outside any loop (a routine called once per element, the
    compiler not inlining it): the first counted loop in the project's C/C++ sources calling
    that function. None when the hottest line is inside a loop itself, or no loop calls it.
    Loop-level proposals (``omp_simd``) then target that loop, never the first loop the
    compiler's remarks happen to name."""
    for path, line, text in source_hot_lines(facts)[:1]:
        root = project_root_of(Path(path))
        for rel, ln in routine_callers(text, path, line, root):
            return str(root / rel), ln
    return None


def generated_at_hot_line(facts: Facts, pid: str,
                          worth: Callable[[str, str, int], bool] | None = None,
                          with_root: bool = True) -> tuple[str, Generated] | None:
    """(``path:line``, the generated change) at the hottest source line of the line profile
    where the transform stage's ``pid`` generator succeeds (lines ``worth`` turns down are
    skipped); with ``with_root`` the project's folder is the root its legality proof and
    macro reading use. None when it succeeds on none. The one search behind every catalog
    entry that is offered only where its generator applies."""
    for path, line, text in source_hot_lines(facts):
        if worth is not None and not worth(text, path, line):
            continue
        root = project_root_of(Path(path)) if with_root else None
        got = generate(pid, text, path, line, root=root)
        if isinstance(got, Generated):
            return f"{path}:{line}", got
    return None


#: busiest worker over the mean at or below which the workers count as balanced
BALANCED = 1.05


def measured_imbalance(facts: Facts, f: Finding) -> float | None:
    """The busiest worker's work over the mean (``imbalance.max_over_mean``): the finding's own
    number first, else the largest any input gives; None when nothing measured it. A
    proposal that redistributes work is not made at or below :data:`BALANCED`."""
    own = [e.value for e in f.evidence if e.metric == "imbalance.max_over_mean"
           and e.value is not None]
    return max(own) if own else facts.metric_max("imbalance.max_over_mean")


def imbalance_gain(imb: float | None) -> ExpectedGain:
    """What evening the work out can give: up to the measured busiest-over-mean ratio (1.3
    assumed when unmeasured), from a few percent."""
    hi = round(imb, 2) if imb is not None and imb > BALANCED else 1.3
    return ExpectedGain(min(BALANCED, hi), hi, Text("gain.imbalance", ratio=f"{imb:.2f}")
                        if imb is not None else Text("gain.imbalance_assumed"))


"""Cause chains: which finding explains which, and the ranking that puts root causes first.

``EXPLAINS`` lists (cause, symptom) pairs across layers: remote NUMA memory explains both a
bandwidth ceiling and cache misses; compute imbalance explains MPI wait; and so on. When both
ends of a pair are present the symptom gets ``caused_by`` the cause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from perfscout.diagnose.kinds import CPU_TIME_FAMILIES, NOISE_SHARE, explains
from perfscout.model.findings import Finding, Status

# derived from the one declaration per finding kind (diagnose/kinds.py)
EXPLAINS: tuple[tuple[str, str], ...] = explains()


def is_environment(f: Finding) -> bool:
    """A finding that rests on other jobs' load (the snapshot's load average): it says the
    measurements were taken on a shared machine, not what limits the program itself."""
    return any(e.metric == "load.avg1" for e in f.evidence)


#: quantities that measure a run's own waiting for a CPU, not the machine's load beside it:
#: the run-queue wait share, and the same work timed again and stretched (repeats, or two runs
#: of one command with the same CPU time)
WAITED = frozenset({"sched.wait_share", "time.repeat_spread"})


def waited_measured(f: Finding) -> bool:
    """Whether the finding measures the run's own waiting (:data:`WAITED`) besides the load
    average: it no longer rests on the load alone, and ranks by its share of the wall time."""
    return any(e.metric in WAITED for e in f.evidence)


def at_ceiling(f: Finding) -> bool:
    """The finding measures the program at the machine's own measured ceiling (its bandwidth
    against a benchmark's, at or above the near-peak threshold it was judged with): page
    faults or noise are not holding it down, so they cannot be its cause; memory placement
    (NUMA) still can, as it changes the ceiling itself."""
    near = f.thresholds.get("bw.near_peak")
    got = [e.value for e in f.evidence if e.metric in ("mem.bandwidth", "mem.read_bandwidth")
           and e.value]
    peak = [e.value for e in f.evidence if e.metric == "bench.bandwidth" and e.value]
    return near is not None and bool(got) and bool(peak) and max(got) / max(peak) >= near


#: below this confidence an unconfirmed finding (a math routine known only by its share, whose
#: repetition nothing measured) is too weak to be the cause of a confirmed one
WEAK_CAUSE = 0.35
#: ... nor of a hypothesis measured this well (its own quantities decided it): an unmeasured
#: cause does not take the root from a symptom the run's numbers show
STRONG_SYMPTOM = 0.7


def link(findings: Sequence[Finding]) -> list[Finding]:
    """Fill ``caused_by`` from ``EXPLAINS`` where both ends are present; mark root causes.
    A weak hypothesis (:data:`WEAK_CAUSE`) never explains a confirmed finding or one of
    :data:`STRONG_SYMPTOM` confidence.
    A finding resting on other jobs' load has no cause in the program; one at its measured
    ceiling has none outside the hardware layer (placement) and the application's own bytes
    (clearing or copying that need not happen)."""
    present = {f.id for f in findings}
    weak = {f.id for f in findings if f.status != Status.CONFIRMED
            and f.confidence < WEAK_CAUSE}
    out: list[Finding] = []
    for f in findings:
        causes = [] if is_environment(f) else [
            c for c, s in EXPLAINS if s == f.id and c in present and c != f.id
            and not (c in weak and (f.status == Status.CONFIRMED
                                    or f.confidence >= STRONG_SYMPTOM))]
        if at_ceiling(f):  # only memory placement changes the ceiling, only fewer bytes help
            causes = [c for c in causes if c.startswith(("hw.", "app."))]
        caused_by = tuple(dict.fromkeys((*f.caused_by, *causes)))
        out.append(replace(f, caused_by=caused_by))
    # a cause that is itself explained by its own symptom (a cycle) keeps the stronger one
    ids = {f.id: f for f in out}
    fixed: list[Finding] = []
    for f in out:
        keep = tuple(c for c in f.caused_by
                     if not (f.id in ids[c].caused_by and ids[c].confidence < f.confidence))
        fixed.append(replace(f, caused_by=keep))
    return [replace(f, root_cause=not f.caused_by) for f in fixed]


#: quantities of the run's own CPU time whichever family printed them (a sweep timed by user
#: or task-clock time, a simulated instruction count): load beside the run does not stretch them
CPU_TIME_METRICS = frozenset({"time.cpu", "time.task_clock", "ir"})
#: findings judged on a ratio between the runs of one sweep (a growth exponent): load that
#: stays beside the sweep stretches every run alike and leaves the ratio as it is
RATIO_KINDS = frozenset({"alg.complexity"})


def machine_second(f: Finding, findings: Sequence[Finding]) -> bool:
    """Whether ``f``, the machine's noise or other jobs' load, ranks after the program's own
    findings. It ranks first only when it explains a large part of the run's time (its
    :data:`~perfscout.diagnose.kinds.NOISE_SHARE` at ``noise.explains_share`` or more) and no
    other root cause is measured in the run's CPU time (samples, counts, a sweep timed in CPU
    time: load beside a run stretches its wall time, not those) or as a ratio between the runs
    of one sweep (a growth exponent); a finding resting on the
    snapshot's load average ranks after (:func:`is_environment`) unless it also measures the
    run's own waiting (:func:`waited_measured`)."""
    if is_environment(f) and not waited_measured(f):
        return True
    if f.id != "sys.os_noise":
        return False
    lim = f.thresholds.get("noise.explains_share")
    share = next((e.value for e in f.evidence if e.metric == NOISE_SHARE
                  and e.value is not None), None)
    if lim is not None and (share is None or share < lim):
        return True
    return any(g is not f and g.root_cause and g.id != f.id
               and (g.id in RATIO_KINDS
                    or any(e.source_kind in CPU_TIME_FAMILIES or e.metric in CPU_TIME_METRICS
                           for e in g.evidence))
               for g in findings)


def _explained(f: Finding, findings: Sequence[Finding]) -> int:
    return sum(1 for g in findings if f.id in g.caused_by)


def rank(findings: Sequence[Finding]) -> list[Finding]:
    """Root causes first; among them, the program's own before the machine's load or noise
    (:func:`machine_second`: a spread the program measured itself, e.g. per-thread busy time,
    or a share of its CPU time is not undone by a busy machine), then those that explain more,
    then confirmed, then confident."""
    return sorted(
        findings,
        key=lambda f: (
            not f.root_cause,
            machine_second(f, findings),
            -min(_explained(f, findings), 1),
            f.status != Status.CONFIRMED,
            -f.confidence,
            f.id,
        ),
    )

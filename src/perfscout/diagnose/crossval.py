"""Cross-validation: a finding is ``confirmed`` only when two independent source families agree.

Snapshot facts describe the machine, not the run, so they never count as a second source. A
finding that carries a conflict (two sources measuring the same thing and disagreeing) stays a
hypothesis; the conflict is reported, never averaged away.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.message import Text
from perfscout.model.metrics import (
    Metric,
    Profile,
    ScopeKind,
    SourceRef,
    near_line,
    source_line,
)

# "setting": what the run asked for (OMP_NUM_THREADS, a requested rank count) is context, not
# a measurement of the run, so it never confirms a finding; "meta" (a count read from an input's
# header or command line, ``mpirun -np 4``) is what was asked too
NOT_INDEPENDENT = frozenset({"snapshot", "derived", "setting", "meta", ""})
#: quantities that are what a run asked for whichever input states them (a thread count an
#: input printed or an environment set): evidence built from them is a ``setting``, and no
#: kind may name them as a confirming quantity (``kinds.Kind.confirms``)
SETTING_QUANTITIES = frozenset({"threads.requested"})


def independent_kinds(evidence: Sequence[Evidence]) -> set[str]:
    """The source families among ``evidence`` that measured the run."""
    return {e.source_kind for e in evidence if e.source_kind not in NOT_INDEPENDENT}


def assess(f: Finding) -> Finding:
    """Set the status of ``f`` from its evidence; confidence rises a little when confirmed."""
    kinds = independent_kinds(f.evidence)
    if len(kinds) >= 2 and not f.conflicts:
        conf = round(min(1.0, f.confidence + 0.1), 3)
        return replace(f, status=Status.CONFIRMED, confidence=conf)
    return replace(f, status=Status.HYPOTHESIS)


def conflict(a_name: str, a: float, a_kind: str, b_name: str, b: float, b_kind: str,
             tolerance: float) -> str | None:
    """A stated conflict when two sources' values of one quantity differ by more than
    ``tolerance`` (relative to the larger), else None."""
    hi = max(abs(a), abs(b))
    if hi == 0 or abs(a - b) / hi <= tolerance:
        return None
    return Text("conflict.values", a_kind=a_kind, a_name=a_name, a=f"{a:.4g}", b_kind=b_kind,
                b_name=b_name, b=f"{b:.4g}", diff=f"{abs(a - b) / hi:.0%}",
                tol=f"{tolerance:.0%}")


# "<quantity> >= 0.30", "share >= 0.30", "d1.miss_ratio >= 5.00%", "per CPU-s >= 2000": a bound
# a value is compared with (trailing words such as "x peak" make it relative: not read)
_BOUND = re.compile(r"(>=|<=|>|<)\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*(%?)\s*$")


def _words(text: str) -> str:
    """Lower-case words; ``max/mean`` reads as ``max over mean`` (``imbalance.max_over_mean``)."""
    return " ".join(re.split(r"[\s._]+", text.lower().replace("/", " over "))).strip()


def _side(metric: str, value: float, threshold: str) -> bool | None:
    """Whether ``value`` of ``metric`` is on the firing side of the bound ``threshold`` states;
    None when the threshold states no plain bound or bounds another quantity (``exponent >=
    1.5`` on a time, ``per CPU-s >= 2000`` on a count): its subject must name the metric, or
    be empty (a bare ``>= 1.15`` bounds the evidence's own value, what the rule compared)."""
    m = _BOUND.search(threshold)
    subject = _words(threshold[:m.start()]) if m is not None else ""
    if m is None or (subject and _words(metric.rsplit(".", 1)[-1]) not in subject):
        return None
    op, num, pct = m.group(1), float(m.group(2)), m.group(3)
    bound = num / 100 if pct else num
    return {">=": value >= bound, ">": value > bound, "<=": value <= bound,
            "<": value < bound}[op]


def _spread(m: Metric) -> bool:
    """A spread derived across the threads or ranks of one region (``imbalance.max_over_mean``
    at region scope): the whole run's value of that region's workers."""
    return m.derived and m.name == "imbalance.max_over_mean" and m.scope.kind == ScopeKind.REGION


def _routine(name: str) -> str:
    """A routine's base name: ``main line 12`` and ``qs (file.c:3)`` are ``main`` and ``qs``."""
    return name.split("(")[0].split(" line ")[0].split("@")[0].strip().lower()


#: a ``confirms`` pair that states its family's own bound: ``os_accounting:cpu.utilized<=
#: serial.busy_cpus`` (a threshold name or a number after the operator)
_OWN_BOUND = re.compile(r"^(?P<qty>[\w.]+)(?P<op><=|>=|<|>)(?P<bound>[\w.+-]+)$")


def own_bound(qty: str) -> tuple[str, str, str] | None:
    """(quantity, operator, bound) of a ``confirms`` quantity that carries its own bound, or
    None for a plain quantity name."""
    m = _OWN_BOUND.match(qty)
    return (m["qty"], m["op"], m["bound"]) if m is not None else None


def _bound_value(bound: str, values: Mapping[str, float]) -> float | None:
    """A bound written as a number or as the name of a threshold in ``values``."""
    try:
        return float(bound)
    except ValueError:
        v = values.get(bound)
        return float(v) if v is not None else None


def _own_side(profiles: Sequence[Profile], fam: str, bounds: Sequence[str],
              values: Mapping[str, float]) -> Evidence | None:
    """Evidence from family ``fam`` when its whole-run value of one quantity is within every
    bound the kind states for that family and quantity (``bounds``, each ``name<=bound``: two
    make a band, ``cpu.utilized`` from about one CPU down to where other jobs' load, not the
    code, explains it); None otherwise. A value outside such bounds does not measure the
    cause's absence (CPUs utilized above one also fits a serial part with many threads), so it
    states no conflict: one-sided support."""
    from perfscout.diagnose.engine import Located

    parsed = [b for b in (own_bound(x) for x in bounds) if b is not None]
    limits = [(op, _bound_value(text, values)) for _, op, text in parsed]
    if not parsed or any(v is None for _, v in limits):
        return None
    name = parsed[0][0]
    threshold = " and ".join(f"{name} {op} {v:g}" for op, v in limits)
    for p in profiles:
        for m in p.metrics:
            if m.name != name or m.scope.kind not in (ScopeKind.PROCESS, ScopeKind.NODE):
                continue
            loc = Located(m, p)
            if loc.kind != fam:
                continue
            if all(_side(name, m.value, f"{name} {op} {v}") for op, v in limits):
                return Evidence(name, m.value, m.unit, loc.source, fam,
                                f"{name} {m.value:.4g} from {fam}: {threshold}, its own bounds",
                                threshold)
    return None


def corroborate(profiles: Sequence[Profile], f: Finding, tolerance: float,
                values: Mapping[str, float] | None = None) -> Finding:
    """Read the finding kind's ``confirms`` table (:data:`perfscout.diagnose.kinds.KINDS`)
    against every input, so that every rule gains a second family without per-rule code.

    A family the finding does not yet rest on agrees when it measures a quantity the finding's
    evidence holds (the same canonical name) on the same side of the bound the evidence states
    (within ``tolerance`` when no plain bound is stated); it disagrees, a stated conflict that
    keeps the finding a hypothesis, when it is on the other side. For ``@hotspots`` a profile of
    that family agrees when it puts the finding's routine (its scope) first among the two or
    more routines it holds (an annotate of one function ranks nothing). A pair that states its
    family's own bound (``os_accounting:cpu.utilized<=serial.busy_cpus``, a threshold in
    ``values`` or a number; the kind's pairs on one family and quantity make a band) agrees
    when that family's value is within it (:func:`_own_side`): a family measuring the cause in
    its own terms.
    Two inputs of one family are one family: they never add a second.
    """
    from perfscout.diagnose.engine import Located
    from perfscout.diagnose.kinds import KINDS
    from perfscout.diagnose.thresholds import DEFAULTS

    kind = KINDS.get(f.id)
    if kind is None:
        return f
    have = independent_kinds(f.evidence)
    whole = (ScopeKind.PROCESS, ScopeKind.NODE)
    added: list[Evidence] = []
    conflicts: list[str] = []
    for pair in kind.confirms:
        fam, _, qty = pair.partition(":")
        if fam in NOT_INDEPENDENT or fam in have or fam in {e.source_kind for e in added}:
            continue
        if qty in SETTING_QUANTITIES:
            continue
        if qty == "@ab":
            least = (values or {}).get("ab.ratio", DEFAULTS["ab.ratio"].value)
            ev = _ab_factor(profiles, kind.ab, fam, least)
            if ev is not None:
                added.append(ev)
            continue
        own = own_bound(qty)
        if qty == "@hotspots" or own is not None:
            if own is None:
                ev = _same_routine(profiles, f, fam)
            else:  # every bound the kind states on this family's quantity: a band
                band = [q for fm, _, q in (c.partition(":") for c in kind.confirms)
                        if fm == fam and (own_bound(q) or ("",))[0] == own[0]]
                ev = _own_side(profiles, fam, band, values or {})
            if ev is not None:
                added.append(ev)
            continue
        mine = [e for e in f.evidence if e.metric == qty and e.value is not None
                and e.source_kind in have]
        if not mine:
            continue
        ref = mine[0]
        assert ref.value is not None
        for p in profiles:
            for m in p.metrics:
                if m.name != qty or not (m.scope.kind in whole or _spread(m)):
                    continue
                loc = Located(m, p)
                if loc.kind != fam:
                    continue
                side, other = (_side(qty, ref.value, ref.threshold),
                               _side(qty, m.value, ref.threshold))
                agree = (side == other if side is not None and other is not None
                         else conflict(qty, ref.value, ref.source_kind, qty, m.value, fam,
                                       tolerance) is None)
                if agree:
                    added.append(Evidence(qty, m.value, m.unit, loc.source, fam,
                                          f"{qty} {m.value:.4g} from {fam} agrees",
                                          ref.threshold))
                else:
                    conflicts.append(Text(
                        "conflict.side", a_kind=ref.source_kind, name=qty, a=f"{ref.value:.6g}",
                        b_kind=fam, b=f"{m.value:.6g}",
                        bound=(f"both {ref.threshold}" if side is not None
                               else f"within {tolerance:.0%} of each other")))
                break
            else:
                continue
            break
    if not added and not conflicts:
        return f
    return replace(f, evidence=f.evidence + tuple(added),
                   conflicts=tuple(dict.fromkeys(f.conflicts + tuple(conflicts))))


def _scope_line(scope: str) -> tuple[str, int] | None:
    """(file name, line) of a finding scoped to a source line (``tridense.f90:28``)."""
    file, _, line = scope.strip().rpartition(":")
    if not file or not line.isdigit() or "." not in file.rsplit("/", 1)[-1]:
        return None
    return file.rsplit("/", 1)[-1], int(line)


def _same_line(p: Profile, fam: str, want: tuple[str, int]) -> Evidence | None:
    """Evidence from a line-level profile whose hottest of two or more source lines is the
    finding's line (:func:`~perfscout.model.metrics.near_line`)."""
    lines = [(where, h) for h in p.hotspots if h.self_share is not None
             and (where := source_line(h)) is not None]
    if len({w for w, _ in lines}) < 2:
        return None
    where, top = max(lines, key=lambda x: x[1].self_share or 0.0)
    file, _, no = where.rpartition(":")
    if not near_line(file, int(no), *want):
        return None
    return Evidence("hotspot.share", top.self_share, "ratio",
                    top.source or SourceRef(p.path, None), fam,
                    f"{fam} profile puts line {where} first ({top.self_share:.0%})")


def _ab_factor(profiles: Sequence[Profile], words: frozenset[str], fam: str, least: float
               ) -> Evidence | None:
    """The program's own A/B (``ab.ratio`` of family ``fam``, :mod:`perfscout.ingest.ab_runs`)
    whose factor is named by one of the kind's words (its key or a value: ``mode: raw vs
    sorted``) and whose slower value takes ``least`` times the faster one's time or more: the
    program measured this cause by varying it."""
    from perfscout.diagnose.engine import Located
    from perfscout.ingest.ab_runs import factor_words

    for p in profiles:
        for m in p.metrics:
            if m.name != "ab.ratio" or Located(m, p).kind != fam or m.value < least:
                continue
            if factor_words(m.raw_name) & words:
                return Evidence("ab.ratio", m.value, "ratio", m.source or SourceRef(p.path, None),
                                fam, f"the program's own A/B of the same work ({m.raw_name}): "
                                f"{m.value:.1f}x apart", f"ab.ratio >= {least:g}")
    return None


def _same_routine(profiles: Sequence[Profile], f: Finding, fam: str) -> Evidence | None:
    """Evidence from a profile of family ``fam`` whose first routine (by self share) is the
    routine the finding is scoped to, or whose first source line is the line it is scoped to;
    None when the finding names neither or none agrees."""
    from perfscout.diagnose.engine import source_kind

    want = _routine(f.scope)
    if not want:
        return None
    line = _scope_line(f.scope)
    for p in profiles:
        if source_kind(p.format) != fam:
            continue
        if line is not None:  # a finding on a line: the profile's hottest line agrees
            ev = _same_line(p, fam, line)
            if ev is not None:
                return ev
            continue
        hs = [h for h in p.hotspots if h.kind != "line" and h.self_share is not None]
        if len({_routine(h.name) for h in hs}) < 2:  # a profile of one routine ranks nothing
            continue
        top = max(hs, key=lambda h: h.self_share or 0.0)
        if _routine(top.name) == want:
            return Evidence("hotspot.share", top.self_share, "ratio",
                            top.source or SourceRef(p.path, None), fam,
                            f"{fam} profile puts {top.name} first ({top.self_share:.0%})")
    return None

"""Free-form printout lines reduced to what the program-output reader reads.

Programs print their measurements in many styles: a logging prefix (``2026-12-04 17:02:49,442
INFO solver: epoch 0 took 0.064 s``), dot leaders (``init time ........ 0.1841 s``), a bracketed
scope (``[rank 1] compute 0.83 s, wait 0.12 s``), JSON-ish records (``{"time_s": 1.2}``), arrows
and bars between values (``took 0.16 s -> 18.2 GB/s``, ``work 0.02 s | idle 0.03 s``), work
rates (``5.9e+07 paths/s``). Use :func:`normalise` to turn such a line into the ``label value
unit`` clauses :mod:`perfscout.ingest.adapters.program_output` reads, with the numbers that are
no measurement taken out: dates and times of day, version strings (``gcc 12.2.0``, ``v2.1``),
hex addresses and hashes. :func:`metric_bearing` says whether a normalised line still holds a
number named by a unit, so a file of look-alikes (a version banner, a date, a file listing) is
declined while a banner around measured lines is not.
"""

from __future__ import annotations

import re
from dataclasses import replace
from statistics import median

from perfscout.model.metrics import Metric, Scope, ScopeKind

# a number; one way to split its digits and a start only where no digit precedes (linear scans)
_NUM = r"(?<![\d.])[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*"
_DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*"
#: numbers that are no measurement: removed before a line is read
_NOISE = [
    # ISO dates and timestamps, with an optional time of day and zone: 2026-12-04 17:02:49,442
    re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?"
               r"(?:Z|[+-]\d{2}:?\d{2}|\s+UTC)?(?![\d:])"),
    # date(1) and ls -l dates: "Fri Dec  4 17:02:53 UTC 2026", "Dec  4 2026", "Apr 27 16:31"
    re.compile(rf"\b(?:{_DAY},?\s+)?{_MONTH}\.?\s+\d{{1,2}},?\s+(?:\d{{1,2}}:\d{{2}}(?::\d{{2}})?"
               rf"(?:\s+[A-Z]{{3,4}})?(?:\s+\d{{4}})?|\d{{4}})\b"),
    re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b"),  # 12/04/2026
    # versions and addresses: gcc 12.2.0, v2.1, 12.2.0-14+deb12u1, 10.0.0.1, Python 3.11
    re.compile(r"(?<![\w.])v\d+(?:\.\d+)+[\w.+~-]*"),
    re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?:[-+~][\w.+~-]*)?(?![\w.])"),
    re.compile(r"(?i)\b(?:version|release|python|gcc|g\+\+|gfortran|clang|icc|icx|ifort|"
               r"openmpi|open\s+mpi|mpich|glibc|linux)\s*[:=]?\s*\d+(?:\.\d+)*[\w.+~-]*"
               r"(?!\s*(?:s|ms|us|sec|seconds|%|[kmgt]i?b)\b)"),
    # hex addresses and hashes: 0x7ffd5a3c1e80, a commit id with letters in it
    re.compile(r"(?i)\b0x[0-9a-f]+\b"),
    re.compile(r"(?<![\w.+\-])(?=[0-9a-f]*[a-df])(?=[0-9a-f]*\d)[0-9a-f]{8,64}(?![\w.]|[-+]\d)"),
]
# a logging prefix left once the timestamp is gone: "INFO solver:", "[WARNING]", "I1204"
_LEVEL = re.compile(r"^\s*[\[(]?(?:TRACE|DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|CRITICAL)\b[\])]?"
                    r"(?:\s+[\w.\-]+:(?=\s))?\s*", re.I)
# "[rank 1] compute", "(thread 3) done", "<rank 0>": a bracketed scope opens the line
_BRACKET_SCOPE = re.compile(r"^\s*[\[(<]\s*(?P<kind>rank|thread|tid|proc|process|worker|pe|"
                            r"t(?=\d)|r(?=\d))"
                            r"\s*[ #:=]?\s*(?P<id>\d+)(?:\s*(?:/|of)\s*\d+)?\s*[\])>]\s*:?\s*",
                            re.I)
# Open MPI's --tag-output / --timestamp-output / --xml-free output tags: "[1,0]<stdout>:",
# "<stderr>:" (the timestamp before it is noise); the second number of the tag is the rank
_OMPI_TAG = re.compile(r"^\s*(?:\[\s*\d+\s*,\s*(?P<rank>\d+)\s*\])?<std(?:out|err|diag)>:\s?")
_HAS_SCOPE = re.compile(r"^\s*[\[(<]?\s*(?:rank|thread|tid|proc|process|worker|pe)\b", re.I)
_LEADER = re.compile(r"\s*(?:\.\s?){3,}\.?\s*|\s*(?:_{3,}|-{3,}>?|={3,})\s*")
_ARROW = re.compile(r"\s*(?:->|=>|→|\|)\s*")
# JSON-ish "key": value
_JSON_KEY = re.compile(r'"([A-Za-z_][\w .\-/]*)"\s*:\s*')
# "5.9e+07 paths/s", "1.2e6 elements/sec": a work rate, named by the thing counted
_WORK_RATE = re.compile(rf"(?P<num>{_NUM})\s*(?P<what>[A-Za-z][A-Za-z_]*)\s*(?:/\s*s(?:ec)?|"
                        r"\s+per\s+(?:s|sec|second))\b")
# "0.23s", "12.5ms", "5.1GB/s": a unit glued to its number
_GLUED = re.compile(rf"(?<![\w.,/\-])({_NUM})(s|sec|ms|msec|us|usec|µs|ns|min|[KMGT]i?B/s|[KMGT]B|"
                    r"[KMGT]iB|[kMGT]?FLOP/s|[GM]FLOPS|[GM]LUP/s)(?![\w/,\-])", re.I)
_KNOWN_RATE_PREFIX = re.compile(r"(?i)^(?:[kmgt]i?b|[kmgt]?flops?|[mg]?lups?|it|b|bytes)$")
# units that make a number a measurement in the metric-bearing test
# (a number inside a word list such as "tc,gold-6148,96GB,ib" is a feature name, not a size)
_UNIT = re.compile(
    rf"(?<![\w.,/\-]){_NUM}\s*(?:s|sec|secs|seconds|ms|msec|us|usec|µs|ns|nsec|min|mins|"
    r"minutes|[kmgt]i?b/s|[kmgt]?b|[kmgt]ib|bytes|[kmgt]?flop/s|[kmgt]?flops|[mg]lup/s|[mg]lups|"
    r"it/s)(?![\w/,\-])", re.I)
# a share with its label ("hit rate 87.5%"); a bare "0%|" opens a progress bar
_PERCENT = re.compile(rf"[A-Za-z][\w)]*\s*[:=]?\s*{_NUM}\s*%")
# a JSON-ish record is read when one of its numeric fields names a measurement ("time_s": 1.2),
# not for job or node records ("id": 26515966, "cpu": 1)
_JSON_MEASURE = re.compile(r'"[^"]*(?:time|elapsed|second|_s|_ms|_us|_ns|sec|bandwidth|bw|flop|'
                           rf'rate|throughput|latency|bytes|_mb|_gb)"\s*:\s*{_NUM}', re.I)


# "MPI_Allreduce of 4096 doubles: 15.0 us per call", "bcast 1024 ints took 0.3 s": a collective
# (or message) timed with its element count
#: a count of calls written before the routine it counts (``2 x MPI_Alltoall 0.234 s``): the
#: routine is the key and the time its value, never the count
_CALLS_TIMES = re.compile(r"(?<![\w.])\d+\s*[x×]\s+(?=[A-Za-z_])")
_COLLECTIVE = re.compile(
    r"(?P<op>\bMPI_\w+|\b(?:all)?reduce\b|\ballreduce\b|\bbcast\b|\bbroadcast\b|\ballgather\b|"
    r"\balltoall\b|\bgather\b|\bscatter\b|\bsend\b|\brecv\b|\bsendrecv\b)\s+(?:of|with|on)?\s*"
    r"(?P<n>\d[\d,]*)\s+(?P<type>doubles?|floats?|ints?|integers?|longs?|chars?|bytes?|"
    r"elements?|values?|items?)\b\W*(?P<rest>.*)$", re.I)
_ELEMENT_BYTES = {"double": 8, "float": 4, "int": 4, "integer": 4, "long": 8, "char": 1,
                  "byte": 1}
_PER_CALL = re.compile(r"\b(?:per\s+(?:call|op|operation|message|iteration)|/\s*call|each|"
                       r"avg|average|mean)\b", re.I)


def _collective(line: str) -> str:
    """A collective's timing with its element count as ``label value unit`` clauses: the time
    per call is ``latency`` (``mpi.latency``), a total is ``mpitime``; the payload in bytes
    (known element types) is ``msgsize``; the count stays a named value."""
    m = _COLLECTIVE.search(line)
    if m is None:
        return line
    t = re.search(rf"({_NUM})\s*(s|sec|seconds|ms|msec|us|usec|µs|ns)\b", m["rest"])
    if t is None:
        return line
    op = m["op"]
    n = int(m["n"].replace(",", ""))
    kind = m["type"].lower().rstrip("s") or "byte"
    parts = [f"{line[:m.start()].strip(' :,')}", f"{op} {m['type'].lower()} {n}"]
    if kind in _ELEMENT_BYTES:
        parts.append(f"msgsize {n * _ELEMENT_BYTES[kind]} B")
    key = "latency" if _PER_CALL.search(m["rest"]) else "mpitime"
    parts.append(f"{key} {t[1]} {t[2]}")
    return ", ".join(p for p in parts if p)


def normalise(line: str) -> str:
    """``line`` with non-measurement numbers removed and its separators made clauses; the
    line unchanged when nothing applied (so a line read today reads the same)."""
    if len(line) > 2000:
        return line
    out = line
    for pat in _NOISE:
        out = pat.sub(" ", out)
    tag = _OMPI_TAG.match(out)
    if tag is not None:
        out = out[tag.end():]
        if tag["rank"] is not None and not _HAS_SCOPE.match(out):
            out = f"rank {tag['rank']}: {out}"
    out = _LEVEL.sub("", out, count=1)
    m = _BRACKET_SCOPE.match(out)
    if m is not None:
        kind = m["kind"].lower()
        kind = {"proc": "rank", "process": "rank", "pe": "rank", "worker": "thread",
                "t": "thread", "r": "rank"}.get(kind, kind)
        out = f"{kind} {m['id']}: {out[m.end():]}"
    if _JSON_MEASURE.search(out):
        out = _JSON_KEY.sub(r"\1: ", out).replace("{", " ").replace("}", " ")
    out = _CALLS_TIMES.sub("", out)
    out = _LEADER.sub(": ", out)
    out = _ARROW.sub(", ", out)
    out = _GLUED.sub(r"\1 \2", out)
    out = _WORK_RATE.sub(_work_rate, out)
    out = _collective(out)
    if out == line:  # nothing applied: the line as printed, its blanks kept (two blanks after
        return line  # a value end its field: program_output's free-form reading)
    out = re.sub(r"\s{2,}", " ", out).strip(" :,;")
    return line if out == line.strip() else out


def _work_rate(m: re.Match[str]) -> str:
    """``5.9e+07 paths/s`` -> ``paths/s 5.9e+07 it/s``: the thing counted names the rate."""
    if _KNOWN_RATE_PREFIX.match(m["what"]):
        return m.group(0)
    return f"{m['what']}/s {m['num']} it/s"


def metric_bearing(line: str) -> bool:
    """The (normalised) line holds a number with a time, rate, size or percent unit and reads
    as a measurement, not a sentence: at most twelve words, or two such numbers."""
    if len(line) > 2000:
        return False  # no printout line is that long; and the scan stays linear
    hits = len(_UNIT.findall(line)) + len(_PERCENT.findall(line))
    if not hits:
        return False
    words = len(re.findall(r"[A-Za-z]{2,}", line))
    return words <= 12 or hits >= 2


def no_measurement(head: str) -> str:
    """Why a text no reader recognised holds no program measurement either, for the skip
    message (``""`` when some line does hold a number with a unit: then only its format is
    unknown)."""
    if any(metric_bearing(normalise(ln)) for ln in head.splitlines()[:400]):
        return ""
    return ": no line holds a number with a time, rate, size or percent unit"


def summarise_repeats(metrics: list[Metric]) -> list[Metric]:
    """One median and one count for each label printed again and again (``copy kernel took
    0.0019 s`` per repetition, ``residual`` per iteration) that no canonical name reads: the
    values stay, the summary says what a typical repetition measured and how many there were.
    Canonical names keep their runs and steps apart (``run k``, ``step k``); rules read those.
    In a size sweep only per-iteration labels are summarised."""
    groups: dict[tuple[str, str], list[Metric]] = {}
    sweep = len({m.value for m in metrics if m.name == "scaling.size"}) > 1
    kinds = (ScopeKind.INTERVAL,) if sweep else (  # across a size sweep a median means nothing
        ScopeKind.PROCESS, ScopeKind.INTERVAL, ScopeKind.RUN)
    for m in metrics:
        if m.name.startswith("event.") and not m.stat and m.scope.kind in kinds:
            groups.setdefault((m.name, m.unit), []).append(m)
    out: list[Metric] = []
    for (name, _unit), ms in groups.items():
        if len(ms) < 2:
            continue
        first = ms[0]
        label = first.raw_name or name.removeprefix("event.")
        out.append(replace(first, value=float(median(m.value for m in ms)), scope=Scope(),
                           stat="median", raw_name=f"{label} (median of {len(ms)})"))
        out.append(replace(first, value=float(len(ms)), unit="count", scope=Scope(),
                           stat="count", raw_name=f"{label} (printed {len(ms)} times)"))
    return out

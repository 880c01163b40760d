"""A program's own A/B: runs of the same work that differ in one named factor (``mode=raw`` and
``mode=sorted``, ``./qnorm 2000 40 16`` and ``... 8``, a table whose first column is
``random``/``sorted``), with the time of each.

Users measure a suspected cause this way: the same events, cells or checksum, one setting
changed, the time compared. When the runs' counts agree and one factor's value separates their
times, the ratio of the slower value's median time to the faster one's is ``ab.ratio``
(family: program), and the factor's words (its key and its values) are in the metric's raw
name, ``key: slow vs fast``. A finding whose kind declares those words
(:data:`perfscout.diagnose.kinds.KINDS`, ``ab``) is measured by it: the program's experiment
is a second family. Sizes that differ between the runs make a sweep, not an A/B, and are not
read here.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from perfscout.model.fptypes import TYPE_LABELS
from perfscout.model.metrics import Metric, Scope, ScopeKind, SourceRef

#: a token of a printout: a number, or a word (with the characters settings use, and C++'s
#: qualified names: ``std::map`` is one word)
_TOKEN = re.compile(r"(?P<num>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)(?![\w.])"
                    r"|(?P<word>[A-Za-z_][\w\-/]*(?:::[A-Za-z_][\w\-/]*)*)|(?P<sep>[=:])")
_SEPS = frozenset({"=", ":"})
#: units a number may carry after it (``0.31 s``): the number is then a time
_TIME_UNITS = frozenset({"s", "sec", "secs", "seconds", "ms", "us", "ns"})
_COMMAND = re.compile(r"^\s*\$\s+(?P<cmd>\S.*?)\s*$")
#: words that label a time: the number after such a label (or before such a unit) is a time
_TIME_WORDS = frozenset({"s", "sec", "secs", "second", "seconds", "time", "elapsed", "wall",
                         "runtime", "ms", "us", "ns", "t", "took", "walltime", "wtime"})
#: words (a label or a unit) of a number that gives a data type's size: printed beside a
#: factor named in the output (``aquifer`` / ``aquifer_f32`` with ``real 8 bytes`` / ``4``),
#: it is that factor's echo, not other work
TYPE_ECHO = TYPE_LABELS | {"sizeof", "bytes", "bits", "width"}
#: words naming what a run measured beside its time (its peak memory, its page faults):
#: such a column differs from run to run without being other work
MEASURED = frozenset({"maxrss", "rss", "maxresident", "mem", "memory", "faults", "minflt",
                      "majflt", "ctxsw", "switches"})
#: most relative difference between two runs' non-integer results for the work to be the same
#: (a precision A/B changes the last digits of its result)
RESULT_TOLERANCE = 0.05


@dataclass(frozen=True)
class _Record:
    line: int
    command: tuple[str, ...]  # the $-line that ran it, tokens (empty: a table row, a record)
    tokens: tuple[str, ...]  # the output's tokens, numbers as their text
    header: tuple[str, ...] = ()  # a table row's column names, one per token


def factor_words(raw_name: str) -> set[str]:
    """The words of the factor an ``ab.ratio`` names in its raw name (``mode: raw vs sorted``:
    mode, raw, sorted), each also split at ``_ - / ( )`` (``real(16)``: real, 16): what a
    finding kind's declared words are matched against."""
    said = {w for w in re.split(r"[\s:,]+|\bvs\b", raw_name.lower()) if w}
    return said | {x for w in said for x in re.split(r"[_\-/()]+", w) if x}


def _tokens(text: str) -> tuple[str, ...]:
    return tuple(m.group(0) for m in _TOKEN.finditer(text))


def _is_num(tok: str) -> bool:
    return bool(re.fullmatch(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?", tok))


def _records(lines: Sequence[tuple[int, str]]) -> list[_Record]:
    """One record per run: the output lines after each ``$`` command up to the next one;
    without commands (or with one), each line holding a number (a table row, with the line of
    column names above it when it has one name per column; a ``mode=... seconds=...`` line)."""
    runs = _command_runs(lines)
    if len(runs) >= 2:
        return runs
    out: list[_Record] = []
    prev: tuple[str, ...] = ()
    for no, line in lines:
        if _COMMAND.match(line):
            continue
        toks = _tokens(line)
        if any(_is_num(t) for t in toks):
            names = prev if len(prev) == len(toks) else ()
            out.append(_Record(no, (), toks, names))
            if not names:
                prev = ()
        elif toks:
            prev = toks
    return out


def _command_runs(lines: Sequence[tuple[int, str]]) -> list[_Record]:
    out: list[_Record] = []
    cmd: tuple[str, ...] | None = None
    body: list[str] = []
    start = 0
    for no, line in lines:
        c = _COMMAND.match(line)
        if c is not None:
            if cmd is not None and body:
                out.append(_Record(start, cmd, _tokens(" ".join(body))))
            cmd, body, start = _tokens(c["cmd"]), [], no
            continue
        if cmd is not None and line.strip():
            body.append(line)
    if cmd is not None and body:
        out.append(_Record(start, cmd, _tokens(" ".join(body))))
    return out


def _label(tokens: Sequence[str], i: int) -> str:
    """The word that names the number at ``i``: the nearest word before it (``key=`` or
    ``key:`` or ``key``)."""
    for j in range(i - 1, max(-1, i - 4), -1):
        if tokens[j] in _SEPS:
            continue
        return "" if _is_num(tokens[j]) else tokens[j].lower()
    return ""


def _unit(tokens: Sequence[str], i: int) -> str:
    """The unit written after the number at ``i`` (``0.31 s``, ``4.5 ns/event``), not the
    next field's key (``kept=3 seconds=0.2``)."""
    if i + 1 >= len(tokens) or _is_num(tokens[i + 1]) or tokens[i + 1] in _SEPS:
        return ""
    if i + 2 < len(tokens) and tokens[i + 2] in _SEPS:
        return ""
    return tokens[i + 1].lower()


def _is_time(tokens: Sequence[str], i: int, header: Sequence[str] = ()) -> bool:
    label, unit = _label(tokens, i), _unit(tokens, i)
    if header and i < len(header):  # a table row: its column's name, not a cell before it
        label, unit = header[i].lower(), ""
    if unit.split("/")[0] in _TIME_UNITS:
        return True
    parts = {p for p in re.split(r"[_/\-()]+", label) if p}
    return bool(parts & _TIME_WORDS)


def ab_metrics(lines: Sequence[tuple[int, str]], path: str) -> list[Metric]:
    """``ab.ratio`` of the one factor that separates the runs' times in ``lines`` (see the
    module text); empty when there is none."""
    recs = _records(lines)
    if len(recs) < 2 or len(recs) > 200:
        return []
    shape = {len(r.tokens) for r in recs}
    if len(shape) != 1:
        recs = _table_rows(recs)
        if not recs:
            return []
    got = _factor(recs)
    if got is None:
        return []
    key, values, times = got
    med = {v: statistics.median(ts) for v, ts in times.items()}
    slow, fast = max(med, key=lambda v: med[v]), min(med, key=lambda v: med[v])
    if med[fast] <= 0:
        return []
    first = next(r.line for r in recs if values[id(r)] == slow)
    return [Metric("ab.ratio", med[slow] / med[fast], "ratio", Scope(ScopeKind.PROCESS, ""),
                   SourceRef(path, first), f"{key}: {slow} vs {fast}" if key else
                   f"{slow} vs {fast}", family="program")]


def _table_rows(recs: list[_Record]) -> list[_Record]:
    """The rows of the one table the file holds (the longest run of records of one shape),
    when their first token is a word (the factor's value)."""
    best: list[_Record] = []
    run: list[_Record] = []
    for r in recs:
        if run and len(r.tokens) == len(run[0].tokens) and r.line == run[-1].line + 1:
            run.append(r)
        else:
            run = [r]
        if len(run) > len(best):
            best = list(run)
    if len(best) < 2 or _is_num(best[0].tokens[0]):
        return []
    return best


def _factor(recs: list[_Record]) -> tuple[str, dict[int, str], dict[str, list[float]]] | None:
    """(the factor's words, each record's value of it, the times of each value) when exactly
    one word position (of the output or of the command) differs between records, the counts
    agree (or follow the factor one to one: ``kind= 16`` beside ``kind= 8`` echoes it), the
    results agree within :data:`RESULT_TOLERANCE`, and a time separates them."""
    toks = [r.tokens for r in recs]
    n = len(toks[0])
    word_diff = [i for i in range(n) if not all(_is_num(t[i]) for t in toks)
                 and len({t[i] for t in toks}) > 1]
    words: list[str] = []
    header = recs[0].header
    in_command = not word_diff
    if len(word_diff) == 1:
        i = word_diff[0]
        values = {id(r): r.tokens[i] for r in recs}
        before = [t for t in toks[0][max(0, i - 2):i] if t not in _SEPS]
        if before and not _is_num(before[-1]):
            words.append(before[-1].lower())
        elif header:
            words.append(header[i].lower())
    elif not word_diff:
        cmds = [r.command for r in recs]
        if not all(cmds) or len({len(c) for c in cmds}) != 1:
            return None
        diff = [i for i in range(len(cmds[0])) if len({c[i] for c in cmds}) > 1]
        if len(diff) != 1:
            return None
        values = {id(r): r.command[diff[0]] for r in recs}
    else:
        return None
    if not 2 <= len(set(values.values())) <= 4:
        return None
    numeric = [i for i in range(n) if all(_is_num(t[i]) for t in toks)]
    timed = [i for i in numeric if _is_time(toks[0], i, header)]
    if not timed:
        return None
    time_pos = timed[0]
    clock = [float(t[time_pos]) for t in toks]
    echoes = 0
    for i in numeric:
        nums = [float(t[i]) for t in toks]
        if i in timed or len(set(nums)) == 1 or _proportional(nums, clock):
            continue  # a time, or one printed without its label (its ratios are the time's)
        if _repeat_index(nums, [values[id(r)] for r in recs]):
            continue  # the repeats of each setting numbered 1, 2, ...: not work
        named = header[i].lower() if header and i < len(header) else _label(toks[0], i)
        if set(re.split(r"[_\-/()]+", named)) & MEASURED:
            continue  # the run's memory or faults, measured beside its time: not work
        if all(re.fullmatch(r"[-+]?\d+", t[i]) for t in toks):
            by: dict[str, set[float]] = {}
            for r, x in zip(recs, nums, strict=True):
                by.setdefault(values[id(r)], set()).add(x)
            # a count that differs is other work, unless it is the one setting that changed,
            # printed back (``./qnorm 20000 40 16`` prints ``real(16)``; two builds print
            # ``kind= 16`` and ``kind= 8``); beside a factor named in the output (a table's
            # build column) only a type's size is its echo (``real 8 bytes``): another count
            # that changes with it is a second factor
            echoes += 1
            said = {_label(toks[0], i), _unit(toks[0], i)}
            if echoes > 1 or (not in_command and not said & TYPE_ECHO) or any(
                    len(v) > 1 for v in by.values()) or any(
                    _is_num(k) and float(k) != next(iter(v)) for k, v in by.items()) or len(
                    {next(iter(v)) for v in by.values()}) != len(by):
                return None
            words.append(_label(toks[0], i))
            continue
        lo, hi = min(abs(x) for x in nums), max(abs(x) for x in nums)
        if hi > 0 and (hi - lo) / hi > RESULT_TOLERANCE:
            return None  # a result differs: not the same work
    times: dict[str, list[float]] = {}
    for r in recs:
        times.setdefault(values[id(r)], []).append(float(r.tokens[time_pos]))
    return " ".join(w for w in dict.fromkeys(words) if w), values, times


def _repeat_index(nums: Sequence[float], factor: Sequence[str]) -> bool:
    """Whether a column numbers the repeats of each setting (``run`` 1, 2 for each build):
    within each value of the factor its values are 0 or 1, 2, ... without gaps, the same
    numbers for every value."""
    by: dict[str, list[float]] = {}
    for x, v in zip(nums, factor, strict=True):
        by.setdefault(v, []).append(x)
    seqs = {tuple(sorted(xs)) for xs in by.values()}
    if len(seqs) != 1:
        return False
    seq = next(iter(seqs))
    return len(seq) >= 2 and seq[0] in (0.0, 1.0) and all(
        b - a == 1.0 for a, b in pairwise(seq))


def _proportional(nums: Sequence[float], clock: Sequence[float]) -> bool:
    """Whether ``nums`` rise and fall with the runs' times by the same factors (within a
    fifth): another time of the same runs (total and per item)."""
    if min(nums) <= 0 or min(clock) <= 0:
        return False
    r = [x / c for x, c in zip(nums, clock, strict=True)]
    return max(r) <= 1.2 * min(r)

"""Data requests: the exact commands that would collect a missing input on THIS machine.

Builders pick what works here: a likwid-perfctr group or a perf stat event list where hardware
counters exist, and counter-free alternatives (likwid-bench, valgrind cachegrind/callgrind,
software perf events, compiler remarks, thread sweeps) where the snapshot says they do not.
Every request is checked with the runner's policy (``Runner.check``), recording the decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from perfscout.model.findings import DataRequest
from perfscout.model.metrics import Skipped
from perfscout.model.runs import Runner

if TYPE_CHECKING:
    from perfscout.diagnose.engine import Context, Rule

SIMULATED = ("valgrind-log", "callgrind_annotate", "callgrind_out")
SOFTWARE_EVENTS = "task-clock,context-switches,cpu-migrations,page-faults,major-faults"


def _counters(ctx: Context) -> bool:
    """True unless the snapshot says hardware counters are unavailable."""
    return not ctx.counterless


def _likwid_ok(ctx: Context) -> bool:
    s = ctx.snapshot
    return bool(s and s.perf.likwid_available and s.perf.likwid_perfctr_works)


def _cores(ctx: Context) -> int:
    c = ctx.fact("cpu.cores") or ctx.fact("cpu.online")
    return int(c) if c else 1


def _cpu_list(ctx: Context) -> str:
    return f"0-{_cores(ctx) - 1}" if _cores(ctx) > 1 else "0"


def convert(skipped: Skipped) -> DataRequest:
    """The command that turns a binary input the user gave (gmon.out, perf.data, an
    executable) into the text perfscout reads; satisfied once that text is given."""
    return DataRequest(f"{skipped.message}: this command turns it into text perfscout reads",
                       skipped.convert, for_findings=("undecided",),
                       satisfied_by=skipped.formats_tried)


def likwid_group(ctx: Context, group: str, reason: str) -> DataRequest:
    return DataRequest(reason, ("likwid-perfctr", "-C", _cpu_list(ctx), "-g", group,
                                *ctx.program()), satisfied_by=("likwid-perfctr",))


def perf_stat(ctx: Context, events: str, reason: str) -> DataRequest:
    return DataRequest(reason, ("perf", "stat", "-e", events, *ctx.program()),
                       satisfied_by=("perf-stat",))


def bandwidth_bench(ctx: Context) -> DataRequest:
    """A measured peak bandwidth with likwid-bench (needs no counters), kernel by ISA."""
    s = ctx.snapshot
    kernel = "triad"
    if s is not None:
        if s.cpu.has("avx512f"):
            kernel = "triad_avx512_fma" if s.cpu.has("fma") else "triad_avx512"
        elif s.cpu.has("avx2") or s.cpu.has("avx"):
            kernel = "triad_avx_fma" if s.cpu.has("fma") else "triad_avx"
    nodes = ctx.fact("numa.nodes") or 1
    per = max(1, _cores(ctx) // max(1, int(nodes)))
    return DataRequest(
        f"measure this machine's peak memory bandwidth (likwid-bench {kernel}, one socket, "
        f"{per} threads) to place the achieved bandwidth against it",
        ("likwid-bench", "-t", kernel, "-w", f"S0:1GB:{per}"),
        satisfied_by=("likwid-bench", "stream"),
    )


def cachegrind(ctx: Context) -> DataRequest:
    return DataRequest("simulate cache misses without counters (valgrind cachegrind)",
                       ("valgrind", "--tool=cachegrind", "--cache-sim=yes", *ctx.program()),
                       satisfied_by=SIMULATED)


def callgrind(ctx: Context) -> DataRequest:
    return DataRequest("deterministic per-function cost without counters (valgrind callgrind)",
                       ("valgrind", "--tool=callgrind", *ctx.program()),
                       satisfied_by=SIMULATED)


def sampling(ctx: Context) -> DataRequest:
    return DataRequest("where the whole run spends its time (cpu-clock sampling works without "
                       "counters)", ("perf", "record", "-e", "cpu-clock", "-g", "-o",
                                     "perf.data", *ctx.program()),
                       satisfied_by=("perf-report", "perf-script", "perf-annotate", "hpctoolkit"))


def software_events(ctx: Context, why: str) -> DataRequest:
    return perf_stat(ctx, SOFTWARE_EVENTS, why)


def thread_sweep(ctx: Context) -> list[DataRequest]:
    """One run per thread count 1, 2, 4, ... up to the core count (OMP_NUM_THREADS)."""
    counts, n = [], 1
    while n < _cores(ctx):
        counts.append(n)
        n *= 2
    counts.append(_cores(ctx))
    return [DataRequest(f"thread sweep point {n} of {counts} for an Amdahl fit",
                        ctx.program(), env={"OMP_NUM_THREADS": str(n), "OMP_PROC_BIND": "close",
                                            "OMP_PLACES": "cores"},
                        satisfied_by=("program-output",))
            for n in dict.fromkeys(counts)]


def affinity_report(ctx: Context) -> DataRequest:
    """Where each OpenMP thread may run, printed by the runtime itself."""
    return DataRequest("where each thread may run (the OpenMP runtime prints it)", ctx.program(),
                       env={"OMP_DISPLAY_AFFINITY": "true", "OMP_DISPLAY_ENV": "verbose"},
                       satisfied_by=("runtime-report", "program-output"))


def gnu_time(ctx: Context, why: str) -> DataRequest:
    return DataRequest(why, ("/usr/bin/time", "-v", *ctx.program()), satisfied_by=("time_v",))


def remarks(ctx: Context) -> DataRequest:
    return DataRequest("which hot loops the compiler vectorized and why others were missed",
                       ("gcc", "-O3", "-march=native", "-fopt-info-vec-all", "-c", "SOURCE.c"),
                       satisfied_by=("compiler_remarks", "objdump"))


def relevant(ctx: Context, r: Rule, missing: Sequence[str]) -> bool:
    """Ask for a rule's inputs only when part of them is present (the question is open)."""
    if not r.needs and not r.facts:
        return False
    return len(missing) < len(r.needs) + len(r.facts)


def undecided(ctx: Context) -> list[DataRequest]:
    """Nothing fired: the basic evidence that separates the layers on this machine."""
    out = [sampling(ctx), software_events(ctx, "scheduler and page-fault behaviour of the run")]
    if _counters(ctx):
        group = "MEM_DP" if _likwid_ok(ctx) else ""
        out.append(likwid_group(ctx, group, "bandwidth and FLOP rate together (roofline)")
                   if group else perf_stat(ctx, "cycles,instructions,cache-references,"
                                           "cache-misses,branches,branch-misses",
                                           "core counters to separate compute from memory"))
    else:
        out.append(cachegrind(ctx))
    out.append(bandwidth_bench(ctx))
    out.extend(thread_sweep(ctx))
    return [replace(q, for_findings=("undecided",)) for q in out]


def line_level(program: Sequence[str], where: str, proposals: Sequence[str]) -> DataRequest:
    """The sampled source lines of the run (perf with DWARF call chains, reported by symbol
    and source line), asked for when a proposal that changes code could name only a function
    (``where``) or nothing: the change's place in the user's source, and the user's line
    that calls a hot library routine."""
    return DataRequest(
        f"line-level profile: which line of {where or 'the program'} the change goes on "
        f"({', '.join(proposals)} could name no line)",
        ("perf", "record", "-e", "cpu-clock", "--call-graph", "dwarf", "-o", "perf.data",
         *program), for_findings=("line_level",))


def dedupe(reqs: Iterable[DataRequest]) -> list[DataRequest]:
    """One request per command; the rules it serves are merged."""
    by_cmd: dict[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], DataRequest] = {}
    for q in reqs:
        key = (q.command, tuple(sorted(q.env.items())))
        prev = by_cmd.get(key)
        if prev is None:
            by_cmd[key] = q
        else:
            merged = tuple(dict.fromkeys(prev.for_findings + q.for_findings))
            by_cmd[key] = replace(prev, for_findings=merged)
    return list(by_cmd.values())


def open_only(reqs: Iterable[DataRequest], given: Iterable[str]) -> list[DataRequest]:
    """The requests no given input already answers: a supplied file of the requested kind
    closes its request (a bandwidth benchmark that was given is not asked for again)."""
    have = set(given)
    return [q for q in reqs if not (set(q.satisfied_by) & have)]


def check(reqs: Sequence[DataRequest], runner: Runner | None) -> tuple[DataRequest, ...]:
    """Record the sandbox policy's decision on each request (left unchecked without a runner)."""
    if runner is None:
        return tuple(reqs)
    out = []
    for q in reqs:
        d = runner.check(q.command)
        out.append(replace(q, allowed=d.allowed, policy_rule=d.rule))
    return tuple(out)

"""What advise knows about one case: the findings, the platform and the measurements, as facts.

Preconditions, catalog builders and guards all read these accessors instead of walking the raw
model, so that "how many NUMA nodes carry CPUs" or "which compiler built this" is decided in one
place. Every accessor returns ``None`` when the data cannot say.
"""

from __future__ import annotations

import functools
import re
import shlex
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.advise.usercode import (
    callers_in_tree,
    frame_function,
    innermost_first,
    internal_name,
    outlined_parent,
    same_function,
    same_routine,
    traced_calls,
)
from perfscout.ingest.callgraph import ROOT_NAME
from perfscout.ingest.source_paths import library_source
from perfscout.model.findings import Finding
from perfscout.model.metrics import (
    SOURCE_LINE,
    CallNode,
    Hotspot,
    Profile,
    Remark,
    ScopeKind,
    near_line,
    source_line,
)
from perfscout.model.snapshot import Compiler, MpiInfo, PlatformSnapshot
from perfscout.model.symbols import library_routine

#: ids of findings that mean "this code is limited by memory bandwidth"
BANDWIDTH_FINDINGS = frozenset({"hw.memory_bandwidth"})
#: measured bandwidth at or above this share of the peak counts as "at peak"
AT_PEAK = 0.80


@dataclass(frozen=True)
class Facts:
    """The inputs of one advise call with the derived facts every rule needs."""

    findings: tuple[Finding, ...] = ()
    snapshot: PlatformSnapshot | None = None
    profiles: tuple[Profile, ...] = ()
    finding_ids: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def build(
        cls, findings: Sequence[Finding], snapshot: PlatformSnapshot | None,
        profiles: Sequence[Profile],
    ) -> Facts:
        return cls(tuple(findings), snapshot, tuple(profiles),
                   frozenset(f.id for f in findings))

    # --- findings -------------------------------------------------------------------------
    def finding(self, fid: str) -> Finding | None:
        for f in self.findings:
            if f.id == fid:
                return f
        return None

    def evidence_value(self, metric: str) -> float | None:
        """The largest value of ``metric`` quoted in any finding's evidence."""
        vals = [e.value for f in self.findings for e in f.evidence
                if e.metric == metric and e.value is not None]
        return max(vals) if vals else None

    # --- platform -------------------------------------------------------------------------
    @property
    def numa_nodes(self) -> int | None:
        """NUMA nodes that carry CPUs (memory-only GPU/HBM nodes do not count)."""
        if self.snapshot is None or not self.snapshot.numa.nodes:
            return None
        with_cpus = [n for n in self.snapshot.numa.nodes if n.cpus]
        return len(with_cpus) or len(self.snapshot.numa.nodes)

    def numa_node_cpus(self) -> list[tuple[int, tuple[int, ...]]]:
        if self.snapshot is None:
            return []
        return [(n.id, n.cpus) for n in self.snapshot.numa.nodes if n.cpus]

    @property
    def sockets(self) -> int | None:
        return self.snapshot.cpu.sockets if self.snapshot else None

    @property
    def cores(self) -> int | None:
        return self.snapshot.cpu.cores if self.snapshot else None

    @property
    def threads_per_core(self) -> int | None:
        return self.snapshot.cpu.threads_per_core if self.snapshot else None

    @property
    def arch(self) -> str | None:
        return self.snapshot.cpu.arch if self.snapshot else None

    def has_isa(self, flag: str) -> bool | None:
        if self.snapshot is None or not self.snapshot.cpu.isa:
            return None
        return self.snapshot.cpu.has(flag)

    @property
    def has_gpu(self) -> bool | None:
        if self.snapshot is None or "gpus" in self.snapshot.unknown_fields:
            return None
        return bool(self.snapshot.gpus)

    @property
    def compiler(self) -> Compiler | None:
        """The compiler that built the code: the profile's ``meta["compiler"]`` when it names one
        the snapshot knows, else the snapshot's first compiler."""
        if self.snapshot is None:
            return None
        for p in self.profiles:
            name = p.meta.get("compiler", "")
            if name:
                known = self.snapshot.compiler(name)
                if known is not None:
                    return known
                return Compiler(name=name, vendor=_vendor_of(name))
        return self.snapshot.compilers[0] if self.snapshot.compilers else None

    @property
    def compiler_vendors(self) -> frozenset[str]:
        if self.snapshot is None:
            return frozenset()
        return frozenset(c.vendor for c in self.snapshot.compilers)

    @property
    def mpi(self) -> MpiInfo | None:
        if self.snapshot is None or not self.snapshot.mpi:
            return None
        return self.snapshot.mpi[0]

    @property
    def measured_mpi(self) -> bool:
        """The profiles (or the findings' evidence) measured MPI: an MPI profiler's output or
        any ``mpi.*`` metric."""
        return any(p.format in ("mpip", "mpiP") or any(m.name.startswith("mpi.")
                                                         for m in p.metrics)
                   for p in self.profiles) or any(
            e.metric.startswith("mpi.") for f in self.findings for e in f.evidence)

    @property
    def likwid(self) -> bool:
        return bool(self.snapshot and self.snapshot.perf.likwid_available)

    # --- measurements ---------------------------------------------------------------------
    def constraints(self) -> Mapping[str, tuple[str, str]]:
        """What the user's note says may not change: {``constraint.*`` metric: (``file:line``,
        the sentence)} (:mod:`perfscout.ingest.adapters.user_note`). Read once per Facts: the
        guards ask it for every proposal."""
        return self._constraints

    @functools.cached_property
    def _constraints(self) -> dict[str, tuple[str, str]]:
        out: dict[str, tuple[str, str]] = {}
        for p in self.profiles:
            for m in p.metrics:
                if m.name.startswith("constraint.") and m.value and m.name not in out:
                    src = m.source
                    where = f"{Path(src.file).name}:{src.line}" if src and src.line else \
                        (Path(src.file).name if src else "")
                    out[m.name] = (where, m.raw_name)
        return out

    def metric_max(self, name: str) -> float | None:
        vals = [m.value for p in self.profiles for m in p.metrics if m.name == name]
        if vals:
            return max(vals)
        return self.evidence_value(name)

    @property
    def command(self) -> tuple[str, ...]:
        """The profiled command (``Profile.meta["command"]``), split into argv; () if unknown."""
        for p in self.profiles:
            cmd = p.meta.get("command", "")
            if cmd:
                try:
                    return tuple(shlex.split(cmd))
                except ValueError:
                    continue
        return ()

    def dense_kernel(self, scope: str = "") -> bool | None:
        """Whether the hot code is a dense matrix product BLAS computes: decided by the SHAPE
        of the loop nest at the profile's hot line when its source can be read
        (:meth:`product_nest`); only when no source is readable, by whether the code names a
        product (command, kernel, hotspot or remark file). ``None`` when neither is known."""
        shape = self.product_nest()
        if shape is not None:
            return shape[0]
        pat = re.compile(r"gemm|gemv|mat_?mul|matmult|matrix_?mult|mxm|dense_?mult", re.I)
        names = [*self.command[:1], scope, *(p.meta.get("kernel", "") for p in self.profiles),
                 *(h.name for h in self.hotspots()[:5]),
                 *(r.file for r in self.remarks()[:5])]
        names = [n for n in names if n]
        if not names:
            return None
        return any(pat.search(n) for n in names)

    def product_nest(self) -> tuple[bool, str] | None:
        """(recognised, what) for the loop nest at the hot line: the transform layer's BLAS
        recogniser (GEMM in any loop order with alpha/beta, GEMV, the triangular symmetric
        product) run on the source, with the project's headers for the macros its arrays are
        declared through; ``what`` is the generated call's note, or the refusal's reason.
        None when there is no hot line or its file cannot be read."""
        hot = self.hot_line()
        path, _, line = (hot or "").rpartition(":")
        if not path or not line.isdigit():
            return None
        return product_nest_at(path, int(line))

    def hotspots(self) -> list[Hotspot]:
        out = [h for p in self.profiles for h in p.hotspots if h.self_share is not None]
        return sorted(out, key=lambda h: -(h.self_share or 0.0))

    def top_hotspot(self) -> Hotspot | None:
        hs = self.hotspots()
        return hs[0] if hs else None

    def share_of(self, scope: str) -> float | None:
        """Share of time (0..1) of the function ``scope``: the profile's hotspot share, else a
        ``share_of_time`` quoted in a finding about that scope."""
        if not scope:
            return None
        raw = [h.inclusive_share if h.inclusive_share is not None else h.self_share
               for p in self.profiles for h in p.hotspots if h.name == scope]
        shares = [s for s in raw if s is not None]
        if shares:
            return max(shares)
        for f in self.findings:
            if f.scope == scope:
                for e in f.evidence:
                    if e.metric in ("share_of_time", "hotspot.share") and e.value is not None:
                        return e.value
        return None

    @property
    def mpi_share(self) -> float | None:
        """MPI share of the run: the mean over ranks (one rank at 100% is not the run)."""
        vals = [m.value for p in self.profiles for m in p.metrics if m.name == "mpi.time_share"]
        if vals:
            return sum(vals) / len(vals)
        return self.evidence_value("mpi.time_share")

    @property
    def bandwidth_ratio(self) -> float | None:
        """Measured DRAM bandwidth over the machine's peak (a STREAM-style benchmark)."""
        bw = self.metric_max("mem.bandwidth")
        peak = self.metric_max("bench.bandwidth")
        if bw is None or peak is None or peak <= 0:
            return None
        return bw / peak

    @property
    def bandwidth_bound(self) -> bool | None:
        if self.finding_ids & BANDWIDTH_FINDINGS:
            return True
        ratio = self.bandwidth_ratio
        if ratio is None:
            return None
        return ratio >= AT_PEAK

    def hot_line(self, misses: bool = False) -> str | None:
        """``path:line`` of the hottest source line in a line-level profile: sampling first
        (perf annotate, perf report --sort srcline), then simulation (callgrind line costs);
        None when no input has line-level data. Never a compiler remark's first loop.
        With ``misses`` (a proposal that removes cache misses), the line the simulated D1
        misses are on comes before the simulator's instruction count: a smaller simulated
        input need not make the missing loop the line with the most instructions."""
        if misses:
            sampled = self._line_of(("perf-annotate", "perf-report", "perf-script"))
            return sampled or self.miss_line() or self.hot_line()
        return self._line_of(("perf-annotate", "perf-report", "perf-script",
                              "callgrind_annotate", "callgrind_out"))

    def _line_of(self, formats: tuple[str, ...]) -> str | None:
        order = {f: r for f, r in _LINE_RANK.items() if f in formats}
        best = min(((rank, -share, where) for rank, share, where, _ in self._source_lines(order)),
                   default=None)
        return best[2] if best else None

    def _source_lines(self, rank_of: dict[str, int]
                      ) -> Iterator[tuple[int, float, str, Hotspot]]:
        """(rank, self share, path:line, hotspot) of every program source line that a profile
        whose format ``rank_of`` ranks puts time on; a system header's or a library's own
        line (:func:`library_source`) is not the program's, whatever its share."""
        for p in self.profiles:
            rank = rank_of.get(p.format)
            if rank is None:
                continue
            for h in p.hotspots:
                where = source_line(h)
                if where is not None and h.self_share is not None \
                        and not library_source(where.rpartition(":")[0]):
                    yield rank, h.self_share, where, h

    def target_line(self, scope: str, misses: bool = False) -> LineTarget:
        """Where a code change aimed at ``scope`` goes: the hottest source line of that
        function in a line-level profile (sampling first: perf annotate, perf report with
        srcline; then callgrind/cachegrind line costs; then gprof -l), or, when ``scope`` is a
        library routine (libc, libm, libgcc), the line of the user's code that calls it
        (callgrind's ``=> routine`` lines, perf's DWARF call chains). ``where`` is None when no
        input has a line for it: no line is ever guessed. ``scope`` may already name a line
        (``path:line``, ``routine at path:line``, perf annotate's ``fn line N``).
        With ``misses``, the line the simulated D1 misses are on comes after the sampled line
        and before the simulator's instruction counts (see :meth:`hot_line`)."""
        fn, named = split_function_scope(scope)
        if named is not None:
            return LineTarget(named, f"the finding names the line {named}")
        parent = outlined_parent(fn)
        if parent is not None:
            return self._outlined_target(fn, parent, misses)
        library = bool(fn) and self.foreign(fn)
        if fn and not library and not any(
                same_function(fn, h.name) or same_function(fn, _function_of_line(h))
                for p in self.profiles for h in p.hotspots):
            fn = ""  # a scope no profile knows as a function ("the code"): the hot code
        own = None if library else self._lines_of(fn, misses)
        if own is not None:
            return own
        site = self._caller_line(fn) if fn else None
        if site is not None and site.where is not None:
            return site
        if library:
            return self._caller_target(fn, misses, site)
        covered = {x[3] for x in self._function_lines()}
        if fn and covered == {""} and not self._files_of(fn):
            # the line-level data names no function (perf report --sort srcline alone) and
            # nothing places fn in a file: its hottest line, said so. Lines a profile puts in
            # other functions are never taken for fn's.
            glob = self._lines_of("", misses)
            if glob is not None:
                return LineTarget(glob.where, f"{glob.how}; the line-level profile does not "
                                  "say which function it is in")
        top = None if fn else self.top_hotspot()
        if top is not None and top.kind != "line" and self.foreign(top.name):
            return self._caller_target(top.name, misses, None)  # the hot code is a library's
        return LineTarget(None, f"no input has line-level data for {fn or 'the hot code'}: "
                          "scoped to the function")

    def foreign(self, fn: str) -> bool:
        """``fn`` is not the user's code: a shared library's or the kernel's routine (by the
        module a profile gives it), a call a tracer counted (strace's ``write``, ltrace's
        ``localtime``), or a library, runtime or compiler symbol by its name."""
        return (self._is_library(fn) or internal_name(fn)
                or fn in traced_calls(self.profiles))

    def user_caller(self, fn: str) -> tuple[str, str] | None:
        """(the user's function that calls ``fn``, which input says so): the innermost frame
        of the user's code in a sampling profile's call chain through ``fn`` (perf record -g),
        else the nearest user ancestor of ``fn`` in a call tree (gprof's call graph,
        callgrind), the costliest path first. An outlined OpenMP region stands for its parent.
        None when no input holds callers of ``fn``."""
        best: tuple[float, str, str] | None = None
        mods = self._modules_of(fn)
        for p in self.profiles:
            for h in p.hotspots:
                # a chain through fn, or through another routine of fn's library (the
                # library's entry point: exp for libm's __ieee754_exp_fma)
                chain = innermost_first(h.name, h.callpath)
                if not chain or not (
                        any(same_routine(frame_function(x), fn) for x in chain[:3])
                        or (mods and Path(h.module).name in mods and self.foreign(h.name))):
                    continue
                who = self._first_user(frame_function(x) for x in chain)
                if who is not None and (best is None or (h.self_share or 0.0) > best[0]):
                    best = (h.self_share or 0.0, who, f"{p.format} call chains")
        if best is None:
            for p in self.profiles:
                if p.calltree is None:
                    continue
                for path, value in callers_in_tree(p.calltree, fn):
                    who = self._first_user(reversed(path))
                    if who is not None and (best is None or value > best[0]):
                        best = (value, who, f"{p.format} call graph")
        return (best[1], best[2]) if best is not None else None

    def _first_user(self, frames: Iterable[str]) -> str | None:
        """The first of ``frames`` (innermost first) that is the user's code; an outlined
        region's frame gives its parent."""
        for name in frames:
            name = outlined_parent(name) or name
            if name and not self.foreign(name) and name != ROOT_NAME:
                return name
        return None

    def own_hottest(self) -> str | None:
        """The hottest function of the program's own code in a profile that names modules
        (perf report's Shared Object column), else None: no caller, only the user's code."""
        best: tuple[float, str] | None = None
        for p in self.profiles:
            for h in p.hotspots:
                if (h.kind == "line" or not h.module or _LIBRARY_MODULE.search(h.module)
                        or self.foreign(h.name) or SOURCE_LINE.match(h.name)):
                    continue
                name = outlined_parent(h.name) or h.name
                if best is None or (h.self_share or 0.0) > best[0]:
                    best = (h.self_share or 0.0, name)
        return best[1] if best is not None else None

    def _outlined_target(self, fn: str, parent: str, misses: bool) -> LineTarget:
        """An outlined OpenMP region: its own hottest line (the region's body is the user's
        loop), else the parent function's, else the parent function with no line."""
        for name in (fn, parent):
            lines = self._lines_of(name, misses)
            if lines is not None:
                return lines
        return LineTarget(None, f"{fn} is the outlined body of an OpenMP region in {parent} "
                          "and no input has line-level data for it (perf annotate or "
                          "perf report --sort srcline would): scoped to the function",
                          function=parent)

    def _caller_target(self, fn: str, misses: bool, site: LineTarget | None) -> LineTarget:
        """Where a change aimed at ``fn``, not the user's code, goes when no input names the
        calling line: the hottest line of the user's caller, else that caller, else the
        hottest line of the program's own hottest function (or of the program, when no
        profile names functions), said to be no proven call site, else that function, else
        the program as a whole; never ``fn``."""
        already = f"{site.how}; " if site is not None else ""
        caller = self.user_caller(fn)
        if caller is not None:
            lines = self._lines_of(caller[0], misses)
            if lines is not None:
                return LineTarget(lines.where, f"{fn} is not the program's code: its caller "
                                  f"{caller[0]} ({caller[1]}), {lines.how}")
            return LineTarget(None, f"{already}{fn} is not the program's code: its caller "
                              f"{caller[0]} ({caller[1]}) has no line-level data (perf "
                              "annotate, perf report --sort srcline or callgrind_annotate "
                              "would give its hot line): scoped to the caller",
                              function=caller[0])
        own = self.own_hottest()
        no_line = (f"{already}{fn} is not the program's code and no input names its caller "
                   "(perf record --call-graph dwarf, callgrind_annotate with its callers, or "
                   "objdump -dl would)")
        # the program's own hottest line, measured (never a guessed call site): the loop that
        # spends the time around the call when the routine is called from the hot loop, said
        # to be no more than that
        lines = self._lines_of(own or "", misses)
        if lines is not None:
            return LineTarget(lines.where, f"{no_line}: the program's own {lines.how}, which "
                              "no input shows calling it")
        if own is not None:
            return LineTarget(None, f"{no_line}: scoped to the program's own hottest "
                              f"function {own}, which no input shows calling it",
                              function=own)
        return LineTarget(None, f"{no_line}: scoped to the program", function="")

    def _function_lines(self) -> list[tuple[int, float, str, str, str]]:
        """(rank, share, path:line, function or "", file) of every program source line a
        line-level profile names; the rank orders the sources (sampling before simulation
        before gprof's line-level flat profile, which attributes by sampling too but is known
        to misplace time)."""
        return [(rank, share, where, _function_of_line(h), where.rpartition(":")[0])
                for rank, share, where, h in self._source_lines(_LINE_RANK)]

    def _lines_of(self, fn: str, misses: bool) -> LineTarget | None:
        """The hottest line inside ``fn`` (any of the program's lines when ``fn`` is ""):
        lines a profile attributes to ``fn``, and lines of ``fn``'s file when the profile names
        no function for them (callgrind). None when no line-level data places a line in ``fn``."""
        lines = self._function_lines()
        if not lines:
            return None
        files = self._files_of(fn)
        # any line (fn ""): the program's, never one a profile places in a library routine
        # (libm's w_exp.c under exp@@GLIBC: a library built without full source paths)
        mine = [x for x in lines if (not fn and not (x[3] and self.foreign(x[3])))
                or (fn and same_function(x[3], fn))
                or (fn and not x[3] and files and Path(x[4]).name in files)]
        note = f"hottest line of {fn}" if fn else "hottest line"
        if not mine:
            return None
        if misses:
            sampled = [x for x in mine if x[0] <= 1]
            miss = self.miss_line()
            if not sampled and miss is not None and (
                    not files or Path(miss.rpartition(":")[0]).name in files):
                return LineTarget(miss, "line with the most simulated D1 misses in "
                                  f"{fn or 'the code'}")
        best = min(mine, key=lambda x: (x[0], -x[1], x[2]))
        fmt = next((f for f, r in _LINE_RANK.items() if r == best[0]), "")
        return LineTarget(best[2], f"{note} ({best[1]:.0%} in {fmt})")

    def _files_of(self, fn: str) -> set[str]:
        """Base names of the source file(s) a profile places function ``fn`` in."""
        out = set()
        for p in self.profiles:
            for h in p.hotspots:
                if h.kind != "line" and same_function(h.name, fn) and h.location is not None \
                        and h.location.file and h.location.line is None:
                    out.add(Path(h.location.file).name)
        for x in self._function_lines():
            if same_function(x[3], fn):
                out.add(Path(x[4]).name)
        return out

    def _modules_of(self, fn: str) -> set[str]:
        return {Path(h.module).name for p in self.profiles for h in p.hotspots
                if h.name == fn and h.module}

    def _is_library(self, fn: str) -> bool:
        """``fn`` runs in a shared library or the kernel: every profile row that names it gives
        such a module (perf's Shared Object, callgrind's ``[/usr/lib/.../libm.so.6]``).
        A routine linked into the program (libgcc's ``__multf3``) is not recognised as one:
        its lines are then looked for as the program's, and none is found."""
        mods = self._modules_of(fn)
        return bool(mods) and all(_LIBRARY_MODULE.search(m) for m in mods)

    def _caller_line(self, fn: str) -> LineTarget | None:
        """The user's line that calls the routine ``fn`` (directly, or through the library's
        entry point): callgrind's per-line call costs first (``=> pow (40,000x)`` under the
        calling line, the costliest such line), then perf's DWARF call chains (the innermost
        frame of the program with a source line), then a disassembly with source lines.
        None when no input has callers with lines."""
        mods = self._modules_of(fn)
        program = {Path(x[4]).name for x in self._function_lines()}
        best: tuple[float, str, str, str] | None = None
        for p in self.profiles:
            total = next((m.value for m in p.metrics if m.name == "profile.total"), 0.0)
            own = max((h.self_value or 0.0 for h in p.hotspots if h.name == fn), default=0.0)
            for m in p.metrics:
                if m.name != "callsite.cost" or m.scope.kind != ScopeKind.CALLSITE:
                    continue
                callee = m.scope.parent
                if library_source(m.scope.name.rpartition(":")[0]):
                    continue  # a header's inlined call (a container's memmove): not the user's line
                theirs = self._modules_of(callee)
                if self._files_of(callee) & program:
                    continue  # a call into the program's own function: its lines say more
                # the callee is the routine, or runs in its library, or reaches it in a call
                # tree; with no module on either side, a call from the program into code
                # that has no line of the program and costs at least the routine's own time
                if not (_same_routine(callee, fn) or (mods and theirs & mods)
                        or self._reaches(callee, fn)
                        or ((not mods or not theirs) and own > 0 and m.value >= own)):
                    continue
                if best is None or m.value > best[0]:
                    share = m.value / total if total > 0 else 0.0
                    best = (m.value, m.scope.name, callee, f"{share:.0%} of the run, {p.format}")
        if best is not None:
            via = "" if _same_routine(best[2], fn) else f" (through {best[2]})"
            return LineTarget(best[1], f"{fn} is a library routine: the line that calls it"
                              f"{via}, {best[3]}")
        chains = [(h.self_share or 0.0, innermost_first(h.name, h.callpath), p.format)
                  for p in self.profiles for h in p.hotspots if h.name == fn and h.callpath]
        for _share, path, fmt in sorted(chains, key=lambda c: -c[0]):
            frame = self._program_frame(path, fn)
            if frame is not None:
                return LineTarget(frame, f"{fn} is a library routine: the innermost frame of "
                                  f"the program in its call chain ({fmt})")
        listed = self._disassembly_call_line(fn, mods)
        if listed is not None and listed.where is not None:
            return listed
        # a disassembly that names several calling lines (or none) gives way to gcov's counts
        return self._counted_call_line(fn) or listed

    def _counted_call_line(self, fn: str) -> LineTarget | None:
        """The most executed line of the program that calls the routine ``fn`` by name (gcov's
        ``callsite.count``: ``cos`` for libm's ``__cos_fma``, ``memcmp`` for
        ``__memcmp_evex_movbe``), when no call graph or disassembly placed the call. A count
        says how often the line ran, not which call is costly: the note says so."""
        want = library_routine(fn)
        if not want:
            return None
        best: tuple[float, str, str] | None = None
        for p in self.profiles:
            for m in p.metrics:
                if m.name != "callsite.count" or m.scope.kind != ScopeKind.CALLSITE:
                    continue
                if library_routine(m.scope.parent) != want or library_source(
                        m.scope.name.rpartition(":")[0]):
                    continue
                if best is None or m.value > best[0]:
                    best = (m.value, m.scope.name, p.format)
        if best is None:
            return None
        return LineTarget(best[1], f"{fn} is a library routine: the most executed line that "
                          f"calls {want} by name ({best[0]:.3g} executions, {best[2]})")

    def _disassembly_call_line(self, fn: str, mods: set[str]) -> LineTarget | None:
        """The line whose call instructions reach ``fn`` in a disassembly with source lines
        (``objdump -dl``): calls to ``fn`` itself, or through the PLT to a routine the profile
        places in ``fn``'s library (``pow@plt`` for libm's ``__ieee754_pow_fma``). The place
        only when one line holds them all (a disassembly does not say which call is hot);
        several lines give no line, and the note names them."""
        lines: dict[str, str] = {}
        for p in self.profiles:
            for m in p.metrics:
                if m.name != "callsite.call_insns" or m.scope.kind != ScopeKind.CALLSITE:
                    continue
                callee = m.scope.parent.removesuffix("@plt")
                if _same_routine(callee, fn) or (mods and self._routine_modules(callee) & mods):
                    lines.setdefault(m.scope.name, m.scope.parent)
        if not lines:
            return None
        if len(lines) == 1:
            where, callee = next(iter(lines.items()))
            via = "" if _same_routine(callee.removesuffix("@plt"), fn) else f" (through {callee})"
            return LineTarget(where, f"{fn} is a library routine: the one line that calls it"
                              f"{via} in the disassembly (objdump -dl)")
        return LineTarget(None, f"{fn} is called from {len(lines)} lines in the disassembly "
                          f"({', '.join(sorted(lines)[:4])}) and no profile says which is hot: "
                          "scoped to the function")

    def _routine_modules(self, name: str) -> set[str]:
        """Modules of the profile rows of routine ``name`` under any symbol version
        (``pow`` and ``pow@@GLIBC_2.29``)."""
        return {Path(h.module).name for p in self.profiles for h in p.hotspots
                if h.module and _same_routine(h.name, name)}

    def _program_frame(self, path: tuple[str, ...], fn: str) -> str | None:
        """The innermost frame of a perf call chain (``work callpow.c:9``; ``path`` innermost
        first, :func:`innermost_first`) that is the program's: a source line, not an inlined
        library frame, in a function no profile places in a shared library; a frame in a file
        the program's own functions or lines are known in is preferred."""
        known = {Path(x[4]).name for x in self._function_lines()} | {
            Path(h.location.file).name for p in self.profiles for h in p.hotspots
            if h.location is not None and h.module and not _LIBRARY_MODULE.search(h.module)}
        frames = []
        for raw in path:
            m = _FRAME.match(raw.strip())
            if m is None or _same_routine(m["fn"], fn) or self._is_library(m["fn"]) \
                    or library_source(m["file"]):
                continue
            frames.append((m["fn"], f"{m['file']}:{m['line']}", bool(m["inl"])))
        for _fn, where, _inl in frames:
            if Path(where.rpartition(":")[0]).name in known:
                return where
        for f_name, where, inl in frames:
            if not inl and not f_name.startswith(("_start", "__libc_start")):
                return where
        return None

    def _reaches(self, caller: str, fn: str) -> bool:
        """Whether a profile's call tree has ``fn`` below ``caller``."""
        def below(n: CallNode, seen: bool) -> bool:
            here = seen or n.name == caller
            if here and n.name == fn and n.name != caller:
                return True
            return any(below(c, here) for c in n.children)
        return any(p.calltree is not None and below(p.calltree, False) for p in self.profiles)

    def miss_line(self) -> str | None:
        """``path:line`` of the source line with the most simulated D1 misses (cachegrind's
        annotated source), None without line-level miss data. A cache proposal targets where
        the misses are, which a smaller simulated input need not make the hottest line.
        With several simulations (the program's order and a variant's, a sort added), the one
        with the highest D1 miss ratio speaks: the run with the problem, not its remedy."""
        best: tuple[float, float, str] | None = None
        for p in self.profiles:
            ratio = max((m.value for m in p.metrics if m.name == "d1.miss_ratio"), default=-1.0)
            for m in p.metrics:
                if m.name != "d1.misses" or not SOURCE_LINE.match(m.scope.name) \
                        or library_source(m.scope.name.rpartition(":")[0]):
                    continue
                if best is None or (ratio, m.value) > best[:2]:
                    best = (ratio, m.value, m.scope.name)
        return best[2] if best else None

    def build_flags(self) -> dict[str, str]:
        """Each flag the measured build is known to use, with the input that says so: the
        flags every compile line of an input has (a build log, compile lines a printout
        echoes), kept only where all such inputs agree. Empty when no input states the build.
        The guards read it so that a flag the build already has is never proposed again."""
        out: dict[str, str] | None = None
        for p in self.profiles:
            every = p.meta.get("flags_all")
            if every is None:
                continue
            mine = dict.fromkeys(every.split(), p.path)
            out = mine if out is None else {f: src for f, src in out.items() if f in mine}
        return out or {}

    def hot_vector_bits(self) -> tuple[int, str] | None:
        """(widest vector register, input) of the packed floating-point instructions in the hot
        code: a sampled annotate (what ran), or a disassembly of the hot routine alone (one
        function dumped, or the function the profile puts first). None when no input shows
        packed code there."""
        top = self.top_hotspot()
        want = top.name.split("(")[0].split(" line ")[0].strip() if top is not None else ""
        best: tuple[int, str] | None = None
        for p in self.profiles:
            per_fn = {m.scope.name for m in p.metrics if m.name.startswith("insn.")
                      and m.scope.kind == ScopeKind.FUNCTION}
            for m in p.metrics:
                if m.name != "insn.vector_bits":
                    continue
                sampled = p.format.startswith("perf-annotate")
                lone = m.scope.kind != ScopeKind.FUNCTION and len(per_fn) <= 1
                hot = bool(want) and m.scope.kind == ScopeKind.FUNCTION and (
                    m.scope.name.split("(")[0].strip() == want)
                if (sampled or lone or hot) and (best is None or m.value > best[0]):
                    best = (int(m.value), p.path)
        return best

    def remarks(self, scope: str = "") -> list[Remark]:
        out = [r for p in self.profiles for r in p.remarks]
        if scope:
            scoped = [r for r in out if scope in r.message or scope in r.file]
            return scoped or out
        return out

    def remarks_near_hot_line(self, scope: str = "") -> list[Remark] | None:
        """The compiler remarks (of ``scope``, as :meth:`remarks`) on the loop nest of the
        hot line a line-level profile names (:func:`near_line`); None when no profile names
        one. When and why: a remark speaks for the code that runs only when it sits there;
        the compiler's first loop is often a cold one."""
        hot = self.hot_line()
        if hot is None:
            return None
        file, _, line = hot.rpartition(":")
        if not line.isdigit():
            return None
        return [r for r in self.remarks(scope) if r.line is not None
                and near_line(file, int(line), r.file, r.line)]

    def access_pattern(self, scope: str = "") -> str | None:
        """``contiguous`` when the remarks show only contiguous access, else the first
        non-contiguous kind seen (``strided``, ``gather``); None with no remark on access.
        When a line-level profile names the hot line and remarks sit on its loop nest (within
        two lines), only those speak for it: another loop's access says nothing about it."""
        rems = self.remarks_near_hot_line(scope) or self.remarks(scope)
        kinds = [r.access for r in rems if r.access]
        if not kinds:
            return None
        bad = [k for k in kinds if k != "contiguous"]
        return bad[0] if bad else "contiguous"


#: files that mark a project's top folder (its headers are searched under it)
PROJECT_MARKS = ("Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", ".git",
                 "configure", "meson.build")


def project_root_of(file: Path, levels: int = 4) -> Path:
    """The nearest folder above ``file`` (at most ``levels`` up) holding a build file or a
    git repository; the file's own folder when none does."""
    for d in [file.parent, *file.parent.parents][:levels]:
        if any((d / m).exists() for m in PROJECT_MARKS):
            return d
    return file.parent


@functools.lru_cache(maxsize=64)
def _product_nest(path: str, line: int, mtime: float) -> tuple[bool, str]:
    from perfscout.transform import Generated, generate

    file = Path(path)
    text = file.read_text(errors="replace")
    root = project_root_of(file)
    got = generate("use_blas", text, file.relative_to(root).as_posix(), line, root=root)
    if isinstance(got, Generated):
        return True, got.note
    return False, got.reason


def product_nest_at(path: str, line: int) -> tuple[bool, str] | None:
    """:meth:`Facts.product_nest` for ``path:line``; None when the file cannot be read."""
    file = Path(path)
    try:
        mtime = file.stat().st_mtime
    except OSError:
        return None
    if not file.is_file():
        return None
    try:
        return _product_nest(str(file.resolve()), line, mtime)
    except OSError:
        return None


@dataclass(frozen=True)
class LineTarget:
    """Where a code change goes: ``where`` is ``path:line`` (None when no input has a line
    for it) and ``how`` says which evidence named it, or why none did."""

    where: str | None
    how: str
    #: with no line: the user's function the change goes in (a library routine's caller, an
    #: outlined region's parent); "" when the hot symbol is not the user's code and no input
    #: names its caller; None to keep the scope's own function
    function: str | None = None


#: line-level formats, best source first (sampling, simulation, gprof -l)
#: line-level sources by trust: samples of time, then simulated costs, then gprof's
#: attribution, then gcov's execution counts (where work repeats, not what it costs)
_LINE_RANK = {"perf-annotate": 0, "perf-report": 1, "perf-script": 1,
              "callgrind_annotate": 2, "callgrind_out": 2, "gprof": 3, "gcov": 4, "gcov-json": 4}
#: a profile row's module that is not the program: a shared object, the kernel, the vdso
_LIBRARY_MODULE = re.compile(r"\.so(?:\.[\d.]+)?$|^\[kernel|kallsyms|^\[vdso|^\[unknown")
#: perf's call-chain entry with its source line: ``work callpow.c:9`` (``(inlined)`` kept)
_FRAME = re.compile(r"^(?P<fn>\S+)\s+(?P<file>[\w./+-]+\.(?:c|cc|cpp|cxx|h|hpp|f|f90|f95|F|F90|cu))"
                    r":(?P<line>\d+)(?P<inl>\s+\(inlined\))?$")
_LINE_SUFFIX = re.compile(r"^(?P<fn>.+?) line (?P<line>\d+)$")
_AT_LINE = re.compile(r"^(?P<fn>.+?) at (?P<where>[\w./+-]+:\d+)$")


def split_function_scope(scope: str) -> tuple[str, str | None]:
    """(function, line) of a finding's or proposal's scope: ``path:line`` names only a line,
    ``getenv at f.c:18`` a routine and the line calling it; perf annotate's ``main line 15``
    is the function (its bare line number names no file)."""
    s = scope.strip()
    if SOURCE_LINE.match(s):
        return "", s
    at = _AT_LINE.match(s)
    if at is not None:
        return at["fn"], at["where"]
    ln = _LINE_SUFFIX.match(s)
    if ln is not None:
        return ln["fn"], None
    return s, None


def _function_of_line(h: Hotspot) -> str:
    """The function a line-level hotspot lies in, when the profile says: perf annotate's
    ``main line 15`` (or its call path), perf report's ``sym`` beside the srcline, gprof -l's
    ``scale (f.c:17 @ 123e)``; "" for a bare ``path:line`` (callgrind, --sort srcline)."""
    name = h.name.strip()
    if SOURCE_LINE.match(name):
        return ""
    ln = _LINE_SUFFIX.match(name)
    if ln is not None:
        return ln["fn"]
    if " (" in name:
        return name.split(" (", 1)[0]
    return name


#: what a library's internal symbol adds to the routine a program calls: glibc's prefixes
#: (``__ieee754_``, ``__GI_``) and its CPU-specific variants' suffixes
def _same_routine(a: str, b: str) -> bool:
    """``pow@@GLIBC_2.29`` and ``pow`` are one routine."""
    return a.split("@", 1)[0] == b.split("@", 1)[0]


def _vendor_of(name: str) -> str:
    n = name.lower()
    if n.startswith(("icx", "icpx", "icc", "icpc", "ifort", "ifx", "mpiicc")):
        return "intel"
    if n.startswith(("clang", "flang")):
        return "llvm"
    if n.startswith(("gcc", "g++", "gfortran", "cc", "c++")):
        return "gnu"
    if n.startswith(("nvc", "nvfortran", "pgcc", "nvcc")):
        return "nvidia"
    if n.startswith("armclang"):
        return "arm"
    return "unknown"




def subnormal_slowdown(facts: Facts) -> float | None:
    """How many times slower the program's steps became once its values turned subnormal (a
    ``hw.compute_bound`` finding resting on ``value.subnormal``), else None: a proposal for it
    flushes subnormals to zero (-ffast-math / -Ofast set FTZ/DAZ) or rescales the values."""
    for f in facts.findings:
        if any(e.metric == "value.subnormal" for e in f.evidence):
            return facts.evidence_value("steps.slowdown") or 1.0
    return None


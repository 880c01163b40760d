"""A line-level profile of a user's program, and the hot source lines it names.

The session's collect step profiles the baseline (built with ``-g``) under ``perf record -e
cpu-clock -g`` (software sampling: no hardware counters are needed, and samples count only the
time the program is on a CPU, so a busy machine shifts no share between lines) and writes
``perf report --sort srcline --full-source-path``, which the ``perf-report`` ingest adapter
reads: one hotspot per source line, named ``/abs/path/file.c:LINE``; under ``mpirun`` also
``perf report --sort pid,dso`` (each rank's compute share, :func:`report_processes`). The
build runs in a copy of the project inside the workspace; :func:`hot_lines` maps those paths
back to paths relative to the user's project, so a source proposal's ``scope``
(``path:line``) and its generated diff name the project's own files.

A tool that fails is not fatal: the profile is left out and the reason returned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from perfscout.model.errors import PerfscoutError
from perfscout.model.metrics import Profile
from perfscout.model.proposals import Proposal
from perfscout.model.runs import Runner, RunRequest

# the catalog's source proposals that change one loop nest (their scope is the hot line)
LOOP_PROPOSALS = ("loop_interchange", "omp_simd", "parallelize_omp", "loop_tiling",
                  "loop_unroll", "use_blas")
_NAMED_LINE = re.compile(r"^(?P<path>.+):(?P<line>\d+)$")


def _report(runner: Runner, pdir: Path, sort: tuple[str, ...], marker: str, name: str,
            what: str, purpose: str, timeout_s: float | None) -> tuple[Path | None, str]:
    """``perf report --sort SORT`` of :func:`record_lines`'s samples written to ``name``
    under ``pdir`` (None and the reason when perf fails or its table lacks ``marker``, the
    column header that sort prints); ``what`` names the report in the notes."""
    rep = runner.run(RunRequest(
        ("perf", "report", "-i", str(pdir / "perf-lines.data"), "--stdio", "--no-children",
         "--call-graph=none", "--sort", *sort), cwd=str(pdir), timeout_s=timeout_s,
        purpose=purpose))
    if not rep.ok or marker not in rep.stdout:
        why = rep.reason or rep.stderr.strip()[-200:] or f"exit {rep.exit_code}"
        return None, f"no {what}: perf report --sort {sort[0]} failed ({why})"
    out = pdir / name
    out.write_text(rep.stdout)
    return out, ""


def record_lines(runner: Runner, argv: Sequence[str], env: Mapping[str, str], pdir: Path,
                 timeout_s: float | None) -> tuple[Path | None, str]:
    """Run ``argv`` under ``perf record`` and write the per-source-line report; returns the
    report file (None when a tool failed) and a note saying what happened."""
    data = pdir / "perf-lines.data"
    rec = runner.run(RunRequest(
        ("perf", "record", "-q", "-e", "cpu-clock", "-g", "-o", str(data), "--", *argv),
        cwd=str(pdir), env=dict(env), timeout_s=timeout_s, purpose="session:line-profile"))
    if not rec.ok or not data.is_file():
        why = rec.reason or rec.stderr.strip()[-200:] or f"exit {rec.exit_code}"
        return None, f"no line-level profile: perf record failed ({why})"
    out, why = _report(runner, pdir, ("srcline", "--full-source-path"), "Source:Line",
                       "perf-report-srcline.txt", "line-level profile", "session:line-profile",
                       timeout_s)
    if out is None:
        return None, why
    return out, f"line-level profile: perf record -e cpu-clock -g ({out.name})"


def report_processes(runner: Runner, pdir: Path, timeout_s: float | None
                     ) -> tuple[Path | None, str]:
    """The per-process report of :func:`record_lines`'s samples (``perf report --sort
    pid,dso``) for a program launched by ``mpirun``: perf record follows the launcher's
    children, so each rank's samples in its own code against the MPI libraries show a
    compute imbalance that the per-line report (all ranks summed) hides."""
    out, why = _report(runner, pdir, ("pid,dso",), "Pid:Command", "perf-report-pid-dso.txt",
                       "per-process profile", "session:process-profile", timeout_s)
    if out is None:
        return None, why
    return out, f"per-process profile: perf report --sort pid,dso ({out.name})"


#: the per-line report's rows that name no source line (a stripped library: libgomp's
#: handout and barriers, libc's internals), as perf prints them
_UNRESOLVED = re.compile(r"^\s*([\d.]+)%\s+(\?\?:0|\[unknown\]|0x[0-9a-f]+)\s*$", re.M)
#: the unresolved share of the per-line report above which the per-library report is kept
UNRESOLVED_SHARE = 0.10


def unresolved_share(report: str) -> float:
    """The share of a ``perf report --sort srcline`` report's samples on rows that name no
    source line (``??:0``)."""
    return sum(float(m.group(1)) for m in _UNRESOLVED.finditer(report)) / 100.0


def report_libraries(runner: Runner, pdir: Path, lines: Path, timeout_s: float | None
                     ) -> tuple[Path | None, str]:
    """The per-library, per-symbol report of :func:`record_lines`'s samples (``perf report
    --sort dso,sym``), kept when the per-line report ``lines`` leaves ``UNRESOLVED_SHARE`` or
    more of the samples on no source line: a stripped library (the OpenMP runtime handing out
    iterations or spinning in barriers, a math library) then holds time that only its library
    row names. Otherwise the per-line report says it all and nothing is added."""
    share = unresolved_share(lines.read_text(errors="replace"))
    if share < UNRESOLVED_SHARE:
        return None, (f"per-library profile: not needed ({share:.0%} of the samples on no "
                      "source line)")
    out, why = _report(runner, pdir, ("dso,sym",), "Shared Object", "perf-report-dso-sym.txt",
                       "per-library profile", "session:library-profile", timeout_s)
    if out is None:
        return None, why
    return out, (f"per-library profile: perf report --sort dso,sym ({out.name}; {share:.0%} "
                 "of the samples on no source line)")


#: the share of the per-line report's samples outside the project's files (a library's lines,
#: unresolved addresses) from which the calling lines are recorded
OUTSIDE_SHARE = 0.20
_LINE_ROW = re.compile(r"^\s*([\d.]+)%\s+(\S.*?)\s*$", re.M)


def outside_share(report: str, project: Path) -> float:
    """The share of a ``perf report --sort srcline --full-source-path`` report's samples on
    rows that are not a line of a file under ``project`` (the build's copy)."""
    root = str(project.resolve())
    return sum(float(m.group(1)) for m in _LINE_ROW.finditer(report)
               if not m.group(2).startswith(root)) / 100.0


def record_callers(runner: Runner, argv: Sequence[str], env: Mapping[str, str], pdir: Path,
                   lines: Path, project: Path, timeout_s: float | None
                   ) -> tuple[Path | None, str]:
    """When the per-line report ``lines`` leaves ``OUTSIDE_SHARE`` or more of the samples
    outside the project's files (libm's ``exp``, libc's ``memmove``, a runtime's timer), run
    the program once more under ``perf record --call-graph dwarf`` and write the library
    routines' call chains with source lines (``perf report -g caller,0.5,callee,address --sort
    dso,sym``): the frame ``work libcall.c:12`` is the user's line that calls the routine, which
    frame pointers (``-g``) lose through a library built without them. Otherwise nothing."""
    share = outside_share(lines.read_text(errors="replace"), project)
    if share < OUTSIDE_SHARE:
        return None, (f"call chains: not needed ({share:.0%} of the samples outside the "
                      "project's lines)")
    data = pdir / "perf-callers.data"
    rec = runner.run(RunRequest(
        ("perf", "record", "-q", "-e", "cpu-clock", "-F", "999", "--call-graph", "dwarf,8192",
         "-o", str(data), "--", *argv),
        cwd=str(pdir), env=dict(env), timeout_s=timeout_s, purpose="session:call-chains"))
    if not rec.ok or not data.is_file():
        why = rec.reason or rec.stderr.strip()[-200:] or f"exit {rec.exit_code}"
        return None, f"no call chains: perf record --call-graph dwarf failed ({why})"
    rep = runner.run(RunRequest(
        ("perf", "report", "-i", str(data), "--stdio", "--no-children",
         "--call-graph=caller,0.5,callee,address", "--sort", "dso,sym", "--percent-limit", "2"),
        cwd=str(pdir), timeout_s=timeout_s, purpose="session:call-chains"))
    data.unlink(missing_ok=True)  # the chains are in the report; the stacks are large
    if not rep.ok or "Shared Object" not in rep.stdout:
        why = rep.reason or rep.stderr.strip()[-200:] or f"exit {rep.exit_code}"
        return None, f"no call chains: perf report -g failed ({why})"
    out = pdir / "perf-report-callers.txt"
    out.write_text(rep.stdout)
    return out, (f"call chains: perf record --call-graph dwarf ({out.name}; {share:.0%} of the "
                 "samples outside the project's lines)")


def annotate_lines(runner: Runner, pdir: Path, timeout_s: float | None
                   ) -> tuple[Path | None, str]:
    """The instruction-level annotation of :func:`record_lines`'s samples (``perf annotate
    --stdio``): the share of samples on lock-prefixed instructions (``rt.sync_contention``),
    which the per-line report does not give. Kept only when it sees such instructions: its
    own per-line attribution (inlined code on the callee's lines, symbol-relative numbers)
    would otherwise compete with the per-line report's for the hot line a change targets."""
    from perfscout.ingest.registry import load

    data = pdir / "perf-lines.data"
    rep = runner.run(RunRequest(
        ("perf", "annotate", "-i", str(data), "--stdio"), cwd=str(pdir), timeout_s=timeout_s,
        purpose="session:annotate"))
    if not rep.ok or "Percent |" not in rep.stdout:
        why = rep.reason or rep.stderr.strip()[-200:] or f"exit {rep.exit_code}"
        return None, f"no instruction-level profile: perf annotate failed ({why})"
    out = pdir / "perf-annotate.txt"
    out.write_text(rep.stdout)
    try:
        locked = [m.value for m in load(out, "perf-annotate").metrics
                  if m.name == "insn.locked_share"]
    except PerfscoutError as exc:
        out.unlink()
        return None, f"no instruction-level profile: perf annotate unreadable ({exc.message})"
    if not any(v > 0 for v in locked):
        out.unlink()
        return None, "instruction-level profile: no lock-prefixed instruction sampled (left out)"
    return out, (f"instruction-level profile: perf annotate --stdio ({out.name}; "
                 f"{max(locked):.0%} of the samples on lock-prefixed instructions)")


def simulate_caches(runner: Runner, exe: Path, args: Sequence[str], env: Mapping[str, str],
                    pdir: Path, run_dir: Path, timeout_s: float | None
                    ) -> tuple[Path | None, str]:
    """Run the program itself (not perfscout's harness: valgrind may not trace children) under
    ``cachegrind --cache-sim=yes``: with no hardware counters, the simulated miss ratios are
    what tells the diagnosis that an access pattern (not the DRAM) is the problem."""
    out = pdir / "cachegrind-program.out"
    res = runner.run(RunRequest(
        ("valgrind", "--tool=cachegrind", "--cache-sim=yes", f"--cachegrind-out-file={out}",
         str(exe), *args), cwd=str(run_dir), env=dict(env), timeout_s=timeout_s,
        purpose="session:cachegrind"))
    if not res.ok or not out.is_file():
        why = res.reason or res.stderr.strip()[-200:] or f"exit {res.exit_code}"
        return None, f"no cache simulation: cachegrind failed ({why})"
    return out, f"cache simulation: valgrind --tool=cachegrind ({out.name})"


@dataclass(frozen=True)
class HotLine:
    """A hot source line of the user's project: path relative to the project, line, share."""

    path: str
    line: int
    share: float

    @property
    def scope(self) -> str:
        return f"{self.path}:{self.line}"


def hot_lines(profiles: Sequence[Profile], project: Path, skip: Path | None = None
              ) -> list[HotLine]:
    """The line-level hotspots of ``profiles`` that fall in the files of ``project`` (the
    workspace copy's paths mapped back to project-relative ones; ``skip``, the workspace, is
    never taken for the project even when it lies inside it), hottest first."""
    from perfscout.pipeline.source_changes import project_relative

    best: dict[tuple[str, int], float] = {}
    for prof in profiles:
        for h in prof.hotspots:
            loc = h.location
            if loc is not None and loc.line:
                path, line = loc.file, int(loc.line)
            elif (m := _NAMED_LINE.match(h.name)) is not None:
                path, line = m["path"], int(m["line"])
            else:
                continue
            rel = project_relative(project, path, skip)
            if rel is None or line <= 0:
                continue
            key = (rel, line)
            best[key] = max(best.get(key, 0.0), h.self_share or 0.0)
    return [HotLine(p, ln, s) for (p, ln), s in sorted(best.items(), key=lambda kv: -kv[1])]


def target_hot_line(proposals: Sequence[Proposal], hot: Sequence[HotLine], project: Path,
                    skip: Path | None = None) -> list[Proposal]:
    """Each loop-changing source proposal, and each source proposal scoped to a line outside
    the project, with ``scope`` set to the hottest line, unless its scope already names a line
    in a project file (the diagnosis may have chosen the loop: that
    line is kept). Every proposal whose scope names a project file's line gets that path made
    relative to the project, in its scope and its title (the profile names perfscout's copy
    of the project in the workspace, a path the user never sees)."""
    from perfscout.pipeline.source_changes import project_relative, split_scope

    out = []
    for p in proposals:
        where = split_scope(p.scope) if p.scope else None
        rel = project_relative(project, where[0], skip) if where is not None else None
        if rel is not None and not (project / rel).is_file():
            rel = None
        if rel is not None and where is not None:
            # a line the diagnosis chose is kept, named relative to the project wherever the
            # proposal names it (the profile's path is perfscout's build copy)
            p = replace(p, scope=f"{rel}:{where[1]}",
                        title=p.title.replace(where[0], rel))
        elif p.kind == "source" and hot and (p.id in LOOP_PROPOSALS or where is not None):
            # a line outside the project (a library's own source, 'elf/dl-find_object.h:NN'
            # of libc's unwinder) is no place for a change: the program's hot line instead
            p = replace(p, scope=hot[0].scope)
        out.append(p)
    return out

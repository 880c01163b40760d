"""``perfscout init DIR``: a starter program spec from reading a user's project directory.

It reads the directory (never writes it): a ``Makefile`` (its compiler-flag and library
variables, its first target), a ``CMakeLists.txt`` (its ``add_executable``), else the sources
(language, OpenMP, MPI, include folders). Then it builds the program in a copy and runs it once
through the sandbox, timed by perfscout, and looks in its output for a timing or rate line, a
checksum line and a problem size. Every guess is returned with what it rests on, so the person
can correct the spec before a session.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.experiment.build import build_variant
from perfscout.experiment.program import LANG_OF, language, make_vars
from perfscout.experiment.runner import run_argv
from perfscout.experiment.spec import spec_from_dict
from perfscout.ingest.adapters.program_output import UNITS
from perfscout.model.errors import InputError, PerfscoutError
from perfscout.model.runs import Runner, RunRequest
from perfscout.pipeline.init_check import dump_abs_tol, find_check

NUM = r"([-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)"
#: a number with a fractional part or an exponent: a computed result, not a count or a size
DECIMAL = r"(?<![\w.])[-+]?[0-9]*\.[0-9]+([eE][-+]?[0-9]+)?|(?<![\w.])[-+]?[0-9]+[eE][-+]?[0-9]+"
TIME_WORDS = re.compile(r"\b(time|elapsed|runtime|wall|seconds|took)\b", re.I)
RATE_WORDS = re.compile(r"(gflop|mflop|flop/s|gb/s|mb/s|mups|mlups|bandwidth|throughput|"
                        r"per second|/s\b)", re.I)
#: a speed the program computed (a velocity column ``v_c (km/s)``), not a rate of its work
SPEED_UNIT = re.compile(r"(?<![\w/])(?:[kcmu]?m|mi|ft|pc|kpc|au)/s\b", re.I)
TIME_UNIT = re.compile(NUM + r" *(s|sec|secs|seconds|ms|msec|us|usec)\b")
#: a clock named after a time ('1.623 s wall, 1.620 s cpu'): one measurement on two clocks,
#: not two phases
CLOCK_AFTER = re.compile(r"\s*[,;(]?\s*(wall|cpu|user|sys|system|real|elapsed|process|thread)"
                         r"\b", re.I)
#: the total among a line's phase times ('setup 0.2 s, solve 1.4 s, total 1.6 s'): its label
#: up to its number
PHASE_TOTAL = re.compile(r"\b(total|overall|all phases|whole run)\b", re.I)
SUM_WORDS = re.compile(r"\b(checksum|check|sum|norm|residual|result|energy|total)\b", re.I)
#: a line that holds a timing (left out of output comparisons: it changes run to run)
TIMING_LINE = (r"([Tt]ime|TIME|[Ee]lapsed|ELAPSED|[Ss]econds|[Ww]all|WALL"
               r"|[0-9] *(s|ms|us|sec)\b|/s\b)")
#: a line naming a time the program measured (its timer, a rate), not a duration it computed
#: ('T60 3.01 s' is a result; 'DSP time 0.61 s', 'took 52 ms', '1.2 GB/s' are timings)
MEASURED_TIME = re.compile(r"\b(time|elapsed|runtime|wall|took|timing|clock)\b|/s\b", re.I)
#: a printed number inside a line skeleton (POSIX extended, as the harness reads it)
ANY_NUMBER = "[-+.0-9eE]+"
#: more distinct changing lines than this: the output is a log, not results with a timer
MAX_SKELETONS = 24
SIZE_WORDS = re.compile(r"\b(n|size|grid|points|elements)\b\s*[=:]?\s*([0-9]+)", re.I)


@dataclass
class Guess:
    """The starter spec and, for each part, what it was guessed from."""

    spec: dict[str, Any]
    said: list[str] = field(default_factory=list)
    wall_s: float | None = None  # the probe run's wall time, when it was timed
    #: runs the probe's build once more: its (stdout, stderr); set by the first probe
    rerun: Callable[[], tuple[str, str]] | None = None


def _split_flags(words: list[str]) -> tuple[list[str], dict[str, str]]:
    flags, defines = [], {}
    for w in words:
        if w.startswith("-D") and len(w) > 2:
            k, _, v = w[2:].partition("=")
            defines[k] = v
        elif "$" not in w:
            flags.append(w)
    return flags, defines


def _from_make(root: Path, g: Guess) -> None:
    text = (root / "Makefile").read_text(errors="replace")
    mv = make_vars(text)
    fvar = next((v for v in ("CFLAGS", "CXXFLAGS", "FFLAGS", "FCFLAGS") if v in mv), "CFLAGS")
    lvar = next((v for v in ("LDLIBS", "LIBS") if v in mv), "LDLIBS")
    flags, defines = _split_flags(shlex.split(mv.get(fvar, "-O2")))
    libs = [w for w in shlex.split(mv.get(lvar, "")) if "$" not in w]
    targets = [t for t in re.findall(r"^([A-Za-z0-9_./-]+)\s*:(?!=)", text, re.M)
               if not t.startswith(".")]
    target = targets[0] if targets else ""
    exe = target
    if target in ("all", "default") and len(targets) > 1:
        m = re.search(rf"^{target}\s*:\s*(\S+)", text, re.M)
        exe = m.group(1) if m else targets[1]
    # the Makefile's own link flags, passed as they are, so a variant can build without one
    # (an -fsanitize= given at the link too); one with make variables stays the Makefile's
    ld = {"LDFLAGS": mv["LDFLAGS"]} if mv.get("LDFLAGS") and "$" not in mv["LDFLAGS"] else {}
    g.spec["build"] = {"kind": "make", "target": target, "exe": exe,
                       "vars": {fvar: "{cflags}", lvar: "{ldlibs}", **ld}}
    g.spec["baseline"] = {"flags": flags or ["-O2"], "defines": defines, "libs": libs}
    g.said.append(f"build: make {target} (Makefile), program {exe!r}; {fvar} and {lvar} of the "
                  f"Makefile become the baseline's flags {flags}, defines {defines}, libs {libs}"
                  f" and reach make as {fvar}={{cflags}} {lvar}={{ldlibs}}"
                  + (f", LDFLAGS={ld['LDFLAGS']} as written" if ld else ""))


def _from_cmake(root: Path, g: Guess) -> None:
    text = (root / "CMakeLists.txt").read_text(errors="replace")
    m = re.search(r"add_executable\s*\(\s*([A-Za-z0-9_.-]+)", text)
    name = m.group(1) if m else "prog"
    g.spec["build"] = {"kind": "cmake", "exe": f"_perfscout_build/{name}", "target": name}
    g.spec["baseline"] = {"flags": ["-O2"]}
    g.said.append(f"build: cmake (CMakeLists.txt add_executable({name})), configured in "
                  "_perfscout_build/ with CMAKE_<LANG>_FLAGS = the variant's flags; baseline -O2")


def _from_sources(root: Path, g: Guess) -> None:
    srcs = sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.suffix in LANG_OF and p.is_file())
    if not srcs:
        raise InputError(f"{root}: no Makefile, CMakeLists.txt or C/C++/Fortran source found")
    text = "\n".join((root / s).read_text(errors="replace") for s in srcs)
    incs = sorted({str(p.parent.relative_to(root)) for p in root.rglob("*.h")} - {"."})
    flags = ["-O2"] + (["-fopenmp"] if re.search(r"omp\.h|#pragma omp|!\$omp", text, re.I)
                       else [])
    libs = [] if language(srcs) == "fortran" else ["-lm"]
    g.spec["build"] = {"kind": "compile", "sources": srcs, "include": incs, "exe": "prog"}
    g.spec["baseline"] = {"flags": flags, "libs": libs}
    g.said.append(f"build: one {language(srcs)} compile line over {len(srcs)} sources "
                  f"({', '.join(srcs[:6])}), include {incs or 'none'}, flags {flags}")
    if re.search(r"mpi\.h|use mpi|MPI_Init", text, re.I):
        g.spec["baseline"]["ranks"] = 2
        g.said.append("MPI: found MPI calls; runs under mpirun -np 2 (set baseline.ranks)")


def _literal(text: str) -> str:
    """``text`` as a regex matching itself (plain characters only, so the harness reads it)."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)


def _label(text: str) -> str:
    """The words just before a number, without earlier numbers (sizes change between runs):
    'blur 2048x2048, 4 passes:' -> 'passes:'."""
    tail = re.split(r"[0-9]", text)[-1].strip()
    return tail if len(tail) >= 3 else text.strip()[-40:]


def _number_regex(line: str, rate: bool) -> str | None:
    """A regex whose group 1 is the number a person would read on ``line``: on a rate line the
    one before the rate's unit, else the one after the first ``:``/``=``, else the last one."""
    nums = _values(line)
    timed = TIME_UNIT.search(line)
    if not nums:
        return None
    if timed and not rate:
        nums = [m for m in nums if m.start() == timed.start()] or nums
    sep = re.search(r"[:=]", line)
    after = [m for m in nums if sep and m.start() > sep.start()]
    unit = RATE_WORDS.search(line)
    before_unit = [m for m in nums if unit and m.end() <= unit.start()]
    # on a rate line the number is the one just before the rate's unit, even when a time comes
    # first ('evolution: 0.349 s, 859.6 Mcell-updates/s' is read as 859.6, not 0.349)
    m = before_unit[-1] if rate and before_unit else after[0] if after else nums[-1]
    prefix = _label(line[:m.start()])
    # a label holding numbers of its own ('evolution: 0.349 s,') would pin a value that changes
    # run to run: a rate is then anchored on its unit after it instead
    if prefix and not (rate and before_unit and re.search(r"[0-9]", prefix)):
        return _literal(prefix) + " *" + NUM
    # a number first: anchor it on the words after it (up to the next number or bracket)
    words = re.match(r"[^0-9(\[]*", line[m.end():].strip())
    suffix = words.group().rstrip()[:24] if words else ""
    return NUM + " *" + _literal(suffix) if suffix else None


def _checksum_line(lines: list[str], g: Guess, source: str) -> None:
    """The first line naming a checksum (sum, norm, residual...) becomes the check; a line
    that times the run or rates it ('Mop/s total = 482.1', 'total time 3.4 s') changes with
    every faster variant and is never one."""
    for ln in lines:
        k = SUM_WORDS.search(ln)
        num = re.search(NUM, ln[k.end():]) if k else None
        if k and num and not TIME_UNIT.match(ln[k.end() + num.start():]):
            at = k.end() + num.start()
            # the words naming the value, from the number before them: a rate's or a time's
            # ('Mop/s total = 482.1', 'total time: 3.4') name no checksum
            before = list(re.finditer(NUM, ln[:k.start()]))
            label = ln[before[-1].end() if before else 0:at]
            if RATE_WORDS.search(label) or TIME_WORDS.search(label):
                continue
            rx = _literal(_label(ln[k.start():at])) + " *" + NUM
            g.spec["check"] = {"kind": "tolerance", "regex": rx, "rel_tol": 1e-6,
                               **({"source": source} if source != "stdout" else {})}
            g.said.append(f"check: the number of {ln.strip()!r} on {source} within 1e-6 "
                          "(relative)")
            return


def read_errors(stderr: str, g: Guess) -> None:
    """When standard output gave no check: a checksum line on standard error, else every
    number standard error prints (a benchmark's array dump, its checksum block) within 1e-6."""
    lines = [ln for ln in stderr.splitlines() if ln.strip()
             and not TIME_WORDS.search(ln) and not TIME_UNIT.search(ln)]
    _checksum_line(lines, g, "stderr")
    if "check" not in g.spec and any(re.search(NUM, ln) for ln in lines):
        g.spec["check"] = {"kind": "tolerance", "regex": NUM, "rel_tol": 1e-6,
                           "source": "stderr"}
        if len(lines) < len([ln for ln in stderr.splitlines() if ln.strip()]):
            g.spec["check"]["ignore"] = TIMING_LINE  # timings change run to run
        tol = dump_abs_tol("\n".join(lines))
        if tol:  # a flipped last printed digit or a value cancelled to about zero
            g.spec["check"]["abs_tol"] = tol
        g.said.append("check: every number the program prints on stderr within 1e-6 "
                      "(relative)" + (f" or {tol:.3g} (absolute: 1.5 units of the last "
                                      "printed decimal, at least 1e-12 of the largest value)"
                                      if tol else ""))


def read_output(stdout: str, g: Guess) -> None:
    """Guess the metric (a timing or rate line), the checksum and the size from one run."""
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    if len(lines) == 1 and re.fullmatch(r"\s*" + NUM + r"\s*", lines[0]):
        # a bare number and nothing else: the benchmark's own timer (seconds), as polyhedral
        # benchmark suites print it
        g.spec["measure"] = {"regex": "^ *" + NUM + " *$"}
        g.spec["metric"], g.spec["direction"] = "time_s", "lower"
        g.said.append(f"metric: time_s (lower is better): the program prints only the number "
                      f"{lines[0].strip()!r}, taken as its own timer in seconds; if it is a "
                      "rate, set metric and direction: higher")
        return
    metric = [(ln, _rate_line(ln)) for ln in lines
              if (_rate_line(ln) or TIME_WORDS.search(ln) or TIME_UNIT.search(ln))
              and _values(ln) and not _longer_than_the_run(ln, g.wall_s)]
    # a rate line first, then a line that names a measured time ('DSP time 0.61 s') before
    # one that only prints a duration ('3 takes x 20.0 s at 44100 Hz', 'T30 1.8 s'); a line
    # printed once (the run's total) before one repeated per step ('step 10: time=0.01 s')
    shapes = [_skeleton(ln) for ln in lines]
    for ln, rate in sorted(metric, key=lambda t: (not t[1], not TIME_WORDS.search(t[0]),
                                                  shapes.count(_skeleton(t[0])) > 1))[:1]:
        # a list of phases: comma- or semicolon-separated items, each a labelled time
        phases = [] if rate else [
            part for part in re.split(r"[,;]", ln)
            if (m := TIME_UNIT.search(part)) and not CLOCK_AFTER.match(part[m.end():])]
        total = PHASE_TOTAL.search(ln) if len(phases) > 1 else None
        if len(phases) > 1 and total is None:
            # 'mesh 0.001 s, edge table 1.608 s, dual 0.003 s': one number per phase, and a
            # change may move the time from one phase to another: the whole run is timed
            g.said.append(f"metric: the line {ln.strip()!r} times {len(phases)} phases and no "
                          "total: perfscout times the whole run instead")
            break
        rx = (_literal(total.group(1)) + "[^0-9]*" + NUM if total is not None
              else _number_regex(ln, rate))
        if rx:
            g.spec["measure"] = {"regex": rx}
            unit = TIME_UNIT.search(ln)
            g.spec["metric"], g.spec["direction"] = ("rate", "higher") if rate else \
                ("time_" + (unit.group(3) if unit else "s"), "lower")
            g.said.append(f"metric: {g.spec['metric']} ({g.spec['direction']} is better) from "
                          f"the line {ln.strip()!r}")
    _checksum_line(lines, g, "stdout")
    for ln in lines:
        s = SIZE_WORDS.search(ln)
        if s and not TIME_WORDS.search(ln) and not TIME_UNIT.search(ln) and "measure" in g.spec:
            pre = _literal(_label(ln[:s.start(2)]))
            g.spec["measure"]["size_regex"] = pre + " *([0-9]+)"
            g.said.append(f"size: read from {ln.strip()!r} (runs of another size are refused)")
            break



def _values(line: str) -> list[re.Match[str]]:
    """The numbers of ``line`` a person reads as values: not a unit's exponent (``(km/s)^2``)
    and not a digit inside a name (``T0``, ``x2``, ``v_1``): a table header ``step  time (s)
    T / T0`` holds no value at all."""
    return [m for m in re.finditer(NUM, line)
            if not (m.start() and re.match(r"[A-Za-z_^]", line[m.start() - 1]))]


def _rate_line(line: str) -> bool:
    """A line printing a rate of the program's work: a rate word and a value, where a physical
    speed is no rate and a unit's exponent no value (a table header ``R (kpc)  v_c (km/s)
    Phi (km/s)^2`` names the units of results; its only number is the ``^2``)."""
    plain = SPEED_UNIT.sub(" ", line)
    return bool(RATE_WORDS.search(plain)) and bool(_values(plain))


def _longer_than_the_run(line: str, wall_s: float | None) -> bool:
    """True when every duration printed on ``line`` is longer than the whole run could have
    timed (CPU time of all this machine's cores for the wall time, plus half a second): a
    printed input (the audio length, a simulated time span), not the program's own timer."""
    if wall_s is None:
        return False
    spans = [float(m.group(1)) * UNITS[m.group(3).lower()][1] for m in TIME_UNIT.finditer(line)]
    bound = wall_s * (os.cpu_count() or 1) + 0.5
    return bool(spans) and all(v > bound for v in spans)


def guess(root: Path, runner: Runner, workdir: Path, args: tuple[str, ...] = (),
          timeout_s: float | None = None) -> Guess:
    """Read ``root``, build and run the program once, and return the starter spec.
    ``timeout_s``: the most one run may take (the spec's ``timeout_s``, 120 s when None); a
    program whose runs take longer, or a machine busy with other work, needs more."""
    root = root.resolve()
    if not root.is_dir():
        raise InputError(f"{root}: not a directory", hint="perfscout init PROJECT_DIR")
    g = Guess({"name": re.sub(r"\W+", "-", root.name) or "program", "project": str(root)})
    if (root / "Makefile").is_file():
        _from_make(root, g)
    elif (root / "CMakeLists.txt").is_file():
        _from_cmake(root, g)
    else:
        _from_sources(root, g)
    if args:
        g.spec["args"] = list(args)
    if timeout_s is not None:
        g.spec["timeout_s"] = timeout_s
    stdout, stderr = _probe(g, runner, workdir)
    read_output(stdout, g)
    if "check" not in g.spec:
        read_errors(stderr, g)
    if not g.spec.get("measure", {}).get("regex"):
        g.spec["measure"] = {"source": "wall"}
        g.spec.update(metric="wall_s", direction="lower")
        if not any(s.startswith("metric: ") for s in g.said):  # a phase line said why
            g.said.append("metric: no timing or rate line in the output: perfscout times the "
                          "run (wall_s; task_clock_s is recorded too)")
    mrx = g.spec.get("measure", {}).get("regex")
    if "check" not in g.spec:
        # timings change run to run: lines with a time word or unit are left out
        ignore = TIMING_LINE
        if mrx:  # the line the metric is read from changes run to run too
            ignore = f"({ignore}|{mrx})"
        _switched_check(root, g, runner, workdir, (stdout, stderr), ignore)
    if "check" not in g.spec:
        _printed_check(g, stdout, ignore, mrx)
    spec_from_dict(g.spec, "the guessed spec", need_variants=False)  # it must be valid
    return g


def _printed_check(g: Guess, stdout: str, ignore: str, metric_regex: str | None) -> None:
    """The check on what the program prints (no checksum, no switch or output file found):
    the lines that printed the same numbers in two runs (:func:`unstable_lines`; else the
    lines without a time word or unit) compared number by number within the tolerance, an
    output of integers only byte for byte, or none."""
    stable = _unstable_lines(g, stdout, metric_regex)
    if stable is not None:  # only the timer's lines and those that changed are left out
        ignore = stable
    kept = [ln for ln in stdout.splitlines() if ln.strip()
            and not (ignore and re.search(ignore, ln))]
    if any(re.search(DECIMAL, ln) for ln in kept):
        # results printed as text ("integral 1.000000 | peak 0.3941"): their numbers are
        # compared within the tolerance, so a reassociating change (-ffast-math, a
        # reduction) that moves the last printed digit can be measured at all
        tol = dump_abs_tol("\n".join(kept))
        g.spec["check"] = {"kind": "tolerance", "regex": NUM, "rel_tol": 1e-6,
                           **({"ignore": ignore} if ignore else {}),
                           **({"abs_tol": tol} if tol else {})}
        g.said.append("check: every number the program prints (but lines with timings) "
                      + (f"on {len(kept)} lines that were the same in two runs, e.g. "
                         f"{kept[0].strip()!r} (units or not), "
                         if stable is not None else "")
                      + "within 1e-6 (relative)" + (
                          f" or {tol:.3g} (absolute: 1.5 units of the last printed "
                          "decimal, at least 1e-12 of the largest value)" if tol else ""))
    elif kept:
        g.spec["check"] = {"kind": "stdout", **({"ignore": ignore} if ignore else {})}
        g.said.append("check: the output must stay byte-identical, but for lines with "
                      "timings")
    else:
        g.spec["check"] = {"kind": "none"}
        g.said.append("check: none: the program prints nothing to compare and no dump "
                      "switch, argument or output file was found; no variant will be "
                      "called a win (verdict unchecked) until you add a check "
                      "(docs/programs.md)")


def _skeleton(line: str) -> str:
    """A regex matching ``line`` with any numbers where it prints numbers, and any run of
    spaces where it prints spaces: a number printed in a fixed width (Fortran ``f10.3``,
    ``%8.1f``) pads with as many spaces as its digits leave (anchored at the start; POSIX
    extended, as the harness reads it)."""
    parts, at = ["^"], 0
    for m in re.finditer(NUM, line):
        parts += [_spaced(line[at:m.start()]), ANY_NUMBER]
        at = m.end()
    parts.append(_spaced(line[at:]))
    return "".join(parts)


def _spaced(text: str) -> str:
    """``text`` as a regex matching itself with each run of spaces of any width."""
    return re.sub(r" +", " *", _literal(text))


def unstable_lines(first: str, again: str, metric_regex: str | None) -> str | None:
    """The regex of the lines to leave out of an output comparison, from two runs of the same
    build: those whose text or numbers changed between the runs, those naming a time the
    program measured (:data:`MEASURED_TIME`) and the metric's line; every other line, a
    result printed with a unit (``peak -3.2 dB``, ``T30 1.52 s``) or without, stays compared.
    None when the runs printed different numbers of lines or the changing lines have more
    than :data:`MAX_SKELETONS` shapes (a log: the caller keeps its coarser rule); "" when no
    line is to be left out."""
    a = [ln.rstrip() for ln in first.splitlines() if ln.strip()]
    b = [ln.rstrip() for ln in again.splitlines() if ln.strip()]
    if len(a) != len(b):
        return None
    shapes: dict[str, None] = {}
    for x, y in zip(a, b, strict=True):
        if x != y or MEASURED_TIME.search(x) or (metric_regex and re.search(metric_regex, x)):
            shapes.setdefault(_skeleton(x))
            shapes.setdefault(_skeleton(y))
    if len(shapes) > MAX_SKELETONS:
        return None
    return "(" + "|".join(shapes) + ")" if shapes else ""


def _unstable_lines(g: Guess, stdout: str, metric_regex: str | None) -> str | None:
    """Run the probe's build once more and compare (:func:`unstable_lines`); None when it
    cannot be run again or the outputs do not pair up."""
    if g.rerun is None:
        return None
    try:
        again = g.rerun()[0]
    except InputError:
        return None
    return unstable_lines(stdout, again, metric_regex)


def _switched_check(root: Path, g: Guess, runner: Runner, workdir: Path,
                    plain: tuple[str, str], ignore: str) -> None:
    """No checksum in the output: look for a dump switch, an argument or an output file that
    shows the program's results (:func:`perfscout.pipeline.init_check.find_check`)."""
    mrx = g.spec.get("measure", {}).get("regex")
    msrc = g.spec.get("measure", {}).get("source", "stdout")
    base_ignore = ignore.replace(f"|{mrx})", ")") if mrx else ignore
    per_source = {s: ignore if s == msrc else base_ignore for s in ("stdout", "stderr")}

    def probe(defines: dict[str, str], args: tuple[str, ...]) -> tuple[str, str] | None:
        try:
            return _probe(g, runner, workdir / "check", defines, args)
        except InputError:
            return None

    defined = set(g.spec.get("baseline", {}).get("defines") or {})
    exe = g.spec.get("build", {}).get("exe") or "prog"
    ran_in = (workdir / "baseline" / "project" / exe).parent  # where _probe ran it
    check, said = find_check(root, ran_in, plain, probe, defined, per_source)
    g.said += said
    if check is not None:
        g.spec["check"] = check


def _busy_note() -> str:
    """``; other work held the cores (load average 3.2 on 2 CPUs): ...`` when the 1-minute
    load average reaches the CPU count, else ''."""
    from perfscout.experiment.busy import load_average

    load, cpus = load_average(), os.cpu_count() or 1
    if load is None or load < cpus:
        return ""
    return (f"; other work held the cores (load average {load:.1f} on {cpus} CPUs): a threaded "
            "program whose threads wait for each other can run many times slower beside it")


def _probe(g: Guess, runner: Runner, workdir: Path, defines: dict[str, str] | None = None,
           args: tuple[str, ...] = ()) -> tuple[str, str]:
    """Build the guessed program (with extra ``defines``) and run it once (with extra
    ``args``), timed; its standard output and error."""
    base = dict(g.spec.get("baseline") or {})
    if defines:
        base["defines"] = {**(base.get("defines") or {}), **defines}
    probe = {**g.spec, "measure": {"source": "wall"}, "metric": "wall_s", "baseline": base,
             "direction": "lower", "check": {"kind": "none"},
             "args": [*g.spec.get("args", []), *args]}
    spec = spec_from_dict(probe, "the guessed spec", need_variants=False)
    try:
        b = build_variant(runner, spec, spec.baseline, workdir)
    except PerfscoutError as exc:
        raise InputError(f"init: the guessed build fails: {exc.message}",
                         hint="write the spec by hand (docs/programs.md)") from None
    argv, env = run_argv(spec, spec.baseline, b.exe)

    def run() -> tuple[str, str, float]:
        res = runner.run(RunRequest(tuple(argv), cwd=str(b.exe.parent), env=env,
                                    timeout_s=spec.timeout_s, purpose="init:probe"))
        if res.timed_out:
            raise InputError(f"init: the program's first run did not finish in "
                             f"{spec.timeout_s:g} s{_busy_note()}",
                             hint="give a smaller problem (--args '...'), or a longer limit "
                                  "(--timeout SECONDS, kept in the spec as timeout_s)")
        if not res.ok:
            raise InputError(f"init: the program failed on its first run: "
                             f"{(res.reason or res.stderr.strip()[-300:])}",
                             hint="give its arguments: perfscout init DIR --args '...'")
        out, err = b.exe.parent / "run.stdout", b.exe.parent / "run.stderr"
        return (out.read_text(errors="replace") if out.is_file() else "",
                err.read_text(errors="replace") if err.is_file() else "",
                float(res.stdout.split("wall_s=")[1].split()[0]))

    out, err, wall = run()
    if not defines and not args:
        g.wall_s = wall
        g.rerun = lambda: run()[:2]
        g.said.append(f"ran it once: {wall:.3g} s" + (
            "; that is short: timing noise will dominate, give a bigger problem (--args, "
            "defines)" if wall < 0.05 else ""))
    return out, err

"""The expert's reference for a blind set, measured by hand outside perfscout.

For each program: copy it twice, build the baseline with its own build (make or cmake, the
program's own optimisation flags: the Makefile's flags variable, or the CMakeLists' -O2) and
the expert's change (``bench.yaml``: patch applied with ``patch -p1``, extra flags appended
after the baseline's, libraries added), run the two builds alternately (7 runs each by
default) with the bench's arguments, read the program's own timer (or, for a program that
prints nothing, the CPU time of the process, user + system, from the rusage of the finished
child; OpenMP with its default thread count), check that the expert's output (the array
dump, the printed result lines or the output file) equals the baseline's within a relative
tolerance, and report the ratio of the medians.

Each set's ``measure_by_hand.py`` declares only how its programs are built, timed and checked
(``HOW``) and calls :func:`main`; sets 1-4 keep the frozen copies they were measured with.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eEdD][-+]?\d+)?")


@dataclass(frozen=True)
class HowToMeasure:
    """How this script builds, times and checks one program (what its user would do)."""

    build: str                 # "make" or "cmake"
    exe: str                   # the built program, relative to the build directory
    flags_var: str = "CFLAGS"  # the make variable holding the optimisation flags
    timer: str = "bare"        # "bare": first number on stdout; "regex"; "wall"; "cpu"
    timer_regex: str = ""
    timer_scale: float = 1.0
    check: str = "stderr"      # where the result is: "stderr", "stdout_lines", "file"
    check_pattern: str = ""    # stdout_lines: lines this regex finds; file: the file name
    defines: tuple[str, ...] = ()  # -D switches the user adds to see the result
    launcher: tuple[str, ...] = ()  # how the user starts it (mpirun for MPI programs)


#: how the user starts the MPI program (Open MPI as root, 2 ranks on the 2 cores)
MPIRUN = ("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2")

def make_var(makefile: str, name: str) -> str:
    for line in makefile.splitlines():
        if re.match(rf"{name}\s*=", line):
            return line.split("=", 1)[1].strip()
    return ""


def build(src: Path, dst: Path, how: HowToMeasure, patch: str | None, flags: list[str],
          libs: list[str]) -> Path:
    shutil.copytree(src, dst)
    if patch:
        subprocess.run(["patch", "-p1", "-s", "-i", str(src / patch)], cwd=dst, check=True)
    defs = " ".join(f"-D{d}" for d in how.defines)
    if how.build == "make":
        mk = (dst / "Makefile").read_text()
        opt = " ".join([make_var(mk, how.flags_var), *flags]).strip()
        cmd = ["make", "-s", "-B", f"{how.flags_var}={opt}"]
        if make_var(mk, "CPPFLAGS"):
            cmd.append(f"CPPFLAGS={make_var(mk, 'CPPFLAGS')} {defs}".strip())
        if libs:
            cmd.append(f"LDLIBS={make_var(mk, 'LDLIBS')} {' '.join(libs)}".strip())
        subprocess.run(cmd, cwd=dst, check=True)
    else:
        cmake_flags = " ".join([*flags, defs]).strip()
        cmd = ["cmake", "-S", str(dst), "-B", str(dst / "build"),
               f"-DCMAKE_CXX_FLAGS={cmake_flags}"]
        if libs:
            cmd.append(f"-DCMAKE_CXX_STANDARD_LIBRARIES={' '.join(libs)}")
        subprocess.run(cmd, check=True, capture_output=True)
        subprocess.run(["cmake", "--build", str(dst / "build")], check=True,
                       capture_output=True)
    return dst / how.exe


def run(exe: Path, cwd: Path, args: list[str], how: HowToMeasure) -> tuple[float, list[float]]:
    t0 = time.perf_counter()
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cp = subprocess.run([*how.launcher, str(exe), *args], cwd=cwd, capture_output=True,
                        text=True, check=True)
    wall = time.perf_counter() - t0
    ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
    if how.timer == "bare":
        seconds = float(cp.stdout.split()[0])
    elif how.timer == "regex":
        found = re.search(how.timer_regex, cp.stdout)
        assert found, f"{exe.name}: no timing line in {cp.stdout!r}"
        seconds = float(found.group(1)) * how.timer_scale
    elif how.timer == "cpu":
        seconds = cpu
    else:
        seconds = wall
    if how.check == "stderr":
        text = cp.stderr
    elif how.check == "stdout_lines":
        text = "\n".join(ln for ln in cp.stdout.splitlines() if re.search(how.check_pattern, ln))
    else:
        text = (cwd / how.check_pattern).read_text()
    values = [float(v.replace("D", "e").replace("d", "e")) for v in NUMBER.findall(text)]
    return seconds, values


def deviation(base: list[float], other: list[float]) -> float:
    """Largest relative difference (scaled by the largest baseline magnitude for tiny values)."""
    if len(base) != len(other):
        return float("inf")
    scale = max((abs(v) for v in base), default=1.0) or 1.0
    return max((abs(a - b) / max(abs(a), abs(b), 1e-9 * scale)
                for a, b in zip(base, other, strict=True)), default=0.0)


def main(here: Path, how_by_name: dict[str, HowToMeasure]) -> None:
    """Measure the programs of the set folder ``here`` (each one's ``HOW`` entry says how)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("names", nargs="*")
    opts = ap.parse_args()
    names = opts.names or sorted(p.name for p in here.iterdir() if (p / "bench.yaml").exists())
    for name in names:
        bench = yaml.safe_load((here / name / "bench.yaml").read_text())
        how = how_by_name[name]
        ex = bench["expert"]["variant"]
        args = [str(a) for a in bench.get("args", [])]
        load_before = os.getloadavg()[0]
        with tempfile.TemporaryDirectory() as tmp:
            base = build(here / name, Path(tmp) / "base", how, None, [], [])
            expert = build(here / name, Path(tmp) / "expert", how, ex.get("patch"),
                           list(ex.get("extra_flags", [])), list(ex.get("libs", [])))
            tb, te, dev = [], [], 0.0
            ref: list[float] | None = None
            for _ in range(opts.runs):
                t, vb = run(base, Path(tmp) / "base", args, how)
                tb.append(t)
                t, ve = run(expert, Path(tmp) / "expert", args, how)
                te.append(t)
                ref = ref if ref is not None else vb
                dev = max(dev, deviation(ref, vb), deviation(ref, ve))
        mb, me = statistics.median(tb), statistics.median(te)
        print(f"{name}: baseline median {mb:.4f} s, expert median {me:.4f} s, "
              f"speedup {mb / me:.2f}x; {len(ref or [])} result numbers, largest relative "
              f"deviation {dev:.1e}; load {load_before:.1f} -> {os.getloadavg()[0]:.1f}; "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")


"""Loop-level proposals aim at the loop where the time goes, on a real perf profile: when the
hot routine is called once per element (not inlined), ``omp_simd`` names the loop that calls
it (the routine does two divides per call, so its line is the hottest on any CPU, not the
call overhead on the caller's line), not the first loop of the compiler's remarks; and no
generated change is aimed at a source line holding a sliver of the samples (an
initialisation loop)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import require_tool
from perfscout.advise.catalog.common import (
    COLD_LINE,
    caller_loop_of_hot_routine,
    source_hot_lines,
)
from perfscout.advise.facts import Facts
from perfscout.pipeline.analyze import analyze

PROG = """#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static double weigh(double l, double c, double r)
{
    return (l + 2.0 * c + r) / (4.0 + c * c) + l / (1.0 + r * r);  /* two divides */
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long i = 0; i < 40 * n; i++) a[i % n] = b[i % n] = (double)(i % 97);
    for (int s = 0; s < 3000; s++) {
        for (long i = 1; i < n - 1; i++) b[i] = weigh(a[i - 1], a[i], a[i + 1]);
        double *t = a; a = b; b = t;
    }
    double sum = 0.0;
    for (long i = 0; i < n; i += 7) sum += a[i];
    printf("%.6e\\n", sum);
    return 0;
}
"""


def _facts(tmp: Path) -> tuple[Facts, list[str]]:
    cc, perf = require_tool("gcc"), require_tool("perf")
    (tmp / "smooth.c").write_text(PROG)
    (tmp / "Makefile").write_text("all:\n\tcc -O2 -g -o smooth smooth.c\n")
    subprocess.run([cc, "-O2", "-g", "-fopt-info-vec-all=" + str(tmp / "remarks.txt"), "-o",
                    str(tmp / "smooth"), str(tmp / "smooth.c")], check=True, timeout=300)
    data = tmp / "perf.data"
    subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-c", "100000", "-o", str(data),
                    str(tmp / "smooth")], check=True, timeout=300, capture_output=True)
    r = subprocess.run([perf, "report", "--stdio", "--no-children", "--sort", "srcline",
                        "--full-source-path", "-i", str(data)], capture_output=True, text=True,
                       check=True, timeout=300)
    (tmp / "srcline.txt").write_text(r.stdout)
    a = analyze([str(tmp / "srcline.txt"), str(tmp / "remarks.txt")])
    return Facts.build(a.findings, None, a.profiles), [p.id for p in a.proposals]


def test_the_hot_routine_called_per_element_is_targeted_through_its_callers_loop(
        tmp_path: Path) -> None:
    facts, _ = _facts(tmp_path)
    hottest = source_hot_lines(facts)[0]
    assert hottest[1] in (5, 6, 7), hottest[:2]  # inside weigh, which holds no loop
    caller = caller_loop_of_hot_routine(facts)
    assert caller is not None
    assert Path(caller[0]).name == "smooth.c" and caller[1] == 15  # the sweep calling weigh


def test_no_change_is_aimed_at_a_cold_line(tmp_path: Path) -> None:
    facts, _ = _facts(tmp_path)
    lines = source_hot_lines(facts)
    shares = {}
    for p in facts.profiles:
        for h in p.hotspots:
            path, _, line = h.name.strip().rpartition(":")
            if Path(path).name == "smooth.c" and line.isdigit():
                shares[(Path(path).name, int(line))] = h.self_share or 0.0
    top = max(shares.values())
    kept = {(Path(p).name, ln) for p, ln, _ in lines}
    assert all(shares[k] >= COLD_LINE * top for k in kept), (kept, shares)
    # the initialisation loop (line 13) has samples, but few: it is cold, and left out
    assert 0 < shares[("smooth.c", 13)] < COLD_LINE * top, shares
    assert ("smooth.c", 13) not in kept

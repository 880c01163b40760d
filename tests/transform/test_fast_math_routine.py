"""-ffast-math for a hot per-element routine that calls math functions outside any loop of its
own (PARSEC blackscholes' shape: ``cndf(x)`` calls ``exp``, ``price`` calls ``cndf``, the
option loop calls ``price``): the loop that reaches it, through the routines that call it, is
what vectorises once the routines are inlined and ``exp`` has a vector variant. Offered with
that loop named; not offered when no loop reaches the routine, or when a compiler remark says
that loop is vectorised already. Built with the real gcc (-O3 -march=native -ffast-math): the
change is one the compiler accepts; speed is measured by the experiment runner, not here."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.advise.conftest import finding
from tests.conftest import require_tool

from perfscout.advise.catalog.loopopt import fast_math
from perfscout.advise.facts import Facts
from perfscout.model.metrics import Hotspot, Profile, Remark, SourceRef
from perfscout.model.snapshot import Compiler, PlatformSnapshot
from perfscout.transform.caller import loop_callers

PRICE = """#include <math.h>
static double cndf(double x)
{
    double e = exp(-0.5 * x * x);  /* HOT */
    return 1.0 - 0.3989422804 * e;
}
double price(double s, double k)
{
    return s * cndf(s / k) - k * cndf(k / s);
}
"""
MAIN = """#include <stdio.h>
double price(double s, double k);
int main(void)
{
    static double out[100000];
    double sum = 0.0;
    for (int i = 0; i < 100000; i++) {
        out[i] = price(1.0 + i * 1e-5, 1.5);
        sum += out[i];
    }
    printf("sum=%.6f\\n", sum);
    return 0;
}
"""


def _project(tmp: Path, main: str = MAIN) -> Path:
    (tmp / "Makefile").write_text("all:\n\tcc -O2 -o opt main.c price.c -lm\n")
    (tmp / "price.c").write_text(PRICE)
    (tmp / "main.c").write_text(main)
    return tmp / "price.c"


def _facts(src: Path, remarks: tuple[Remark, ...] = ()) -> tuple[Facts, object]:
    line = next(i for i, t in enumerate(src.read_text().splitlines(), 1) if "HOT" in t)
    prof = Profile("perf-report", "srcline.txt",
                   hotspots=(Hotspot(f"{src}:{line}", self_share=0.7, kind="line",
                                     location=SourceRef(str(src), line)),))
    profs = [prof] + ([Profile("compiler-remarks", "remarks.txt", remarks=remarks)]
                      if remarks else [])
    f = finding("hw.vectorization", scope=f"{src}:{line}")
    snap = PlatformSnapshot(compilers=(Compiler("gcc", "gnu", "12.2.0"),))
    return Facts.build([f], snap, profs), f


def test_the_loop_reaching_the_routine_through_its_caller_is_found(tmp_path: Path) -> None:
    _project(tmp_path)
    assert loop_callers(tmp_path, "cndf") == [("main.c", 8, "price")]


def test_fast_math_is_offered_for_the_loop_that_calls_the_math_routine(tmp_path: Path) -> None:
    facts, f = _facts(_project(tmp_path))
    p = fast_math(facts, f)  # type: ignore[arg-type]
    assert p is not None and p.change is not None and "-ffast-math" in p.change.flags
    assert any("calls exp and is called in the loop at main.c:8 (through price)" in e
               for e in p.evidence), p.evidence
    gcc = require_tool("gcc")
    subprocess.run([gcc, "-O3", "-march=native", "-ffast-math", "-o", str(tmp_path / "fast"),
                    str(tmp_path / "main.c"), str(tmp_path / "price.c"), "-lm"], check=True,
                   capture_output=True, timeout=300)


def test_no_loop_reaching_it_or_a_vectorised_loop_offers_nothing(tmp_path: Path) -> None:
    once = MAIN.replace("for (int i = 0; i < 100000; i++) {", "{ int i = 0;")
    facts, f = _facts(_project(tmp_path, once))
    assert fast_math(facts, f) is None  # type: ignore[arg-type]
    done = Remark(file="main.c", line=7, kind="optimized",
                  message="loop vectorized using 32 byte vectors", vectorized=True)
    facts, f = _facts(_project(tmp_path), (done,))
    assert fast_math(facts, f) is None  # type: ignore[arg-type]
